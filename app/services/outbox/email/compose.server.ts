/**
 * An outbox e-mail row as the message the channel sends: the row's body as the plain-text part,
 * the HTML part from `./email-html.ts` in the row's language and brand (its footer from the i18n
 * resources), the brand's sender (`MAIL_FROM_<BRAND>` or app/brands), the row's attachments, and a
 * Message-ID made from the row's id so that every try of one row carries the same one.
 */
import type { outbox } from '~db/schema';
import { brand as brandFacts, type BrandKey } from '~/brands';
import type { Env } from '~/env.server';
import { textsIn } from '~/i18n/i18n.server';
import { emailHtml } from './email-html';
import type { EmailMessage } from './email-sender';

type OutboxRow = typeof outbox.$inferSelect;

/** The sender of a brand's e-mail: the environment's, else the brand's own. */
function mailFrom(brand: BrandKey, env: Pick<Env, 'MAIL_FROM_GENERAL' | 'MAIL_FROM_CHILDREN'>): string {
  const configured = brand === 'children' ? env.MAIL_FROM_CHILDREN : env.MAIL_FROM_GENERAL;
  return configured ?? brandFacts(brand).mailFrom;
}

/** The domain of a sender ("Name <a@b.fi>" → "b.fi"). */
function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

export async function composeEmail(row: OutboxRow, env: Pick<Env, 'MAIL_FROM_GENERAL' | 'MAIL_FROM_CHILDREN'>): Promise<EmailMessage> {
  const brand = brandFacts(row.brand);
  const t = await textsIn(row.language);
  const from = mailFrom(row.brand, env);
  const subject = row.subject ?? brand.name;
  return {
    outboxId: row.id,
    from,
    to: row.recipient,
    subject,
    text: row.body,
    html: emailHtml({
      lang: row.language,
      subject,
      text: row.body,
      brandName: brand.name,
      brandColour: brand.themeColor,
      footer: t('outbox.email.footer', { brand: brand.name }),
    }),
    language: row.language,
    messageId: `<outbox-${row.id}@${senderDomain(from)}>`,
    attachments: (row.attachments ?? []).map((a) => ({ fileName: a.fileName, contentType: a.contentType, content: Buffer.from(a.content, 'base64') })),
  };
}
