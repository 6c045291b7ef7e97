/**
 * One of the HR user's company conversations (ADR 0042): the messages grouped by day, who takes
 * part, and a reply form (text only). Opening marks it read and is logged. Another company's
 * thread, a customer's thread or a missing one: 404. A closed conversation reopens when the HR
 * user writes (as a customer's does).
 *
 * A plain page (ADR 0009): the page script polls the messages (the region `thread-messages`);
 * the reply is a plain form outside it, redirected back after sending. Over the per-person limit
 * of messages (the customers' own): 429 with Retry-After, the text kept in the form.
 */
import { getZodConstraint } from '@conform-to/zod/v4';
import { LinkLine } from '~/components/LinkLine';
import { Participants } from '~/components/messaging/Participants';
import { Composer } from '~/components/messaging/Composer';
import { Timeline } from '~/components/messaging/Timeline';
import { attrs } from '~/browser/markup';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { requireHrUser } from '~/lib/http/hr.server';
import { readMessageForm, sendMessageForm } from '~/lib/http/messaging-form.server';
import { requirePage } from '~/lib/http/page-access.server';
import { invariantResponse, serverT, titleWith } from '~/lib/http/page.server';
import { numericId } from '~/lib/http/params';
import { notFound } from '~/lib/http/responses';
import { SCROLL_TO_LAST_DELAY_MS, THREAD_POLL_MS } from '~/models/messaging/messaging';
import { hrMessageSchema } from '~/models/messaging/schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { openHrThread, sendHrMessage } from '~/services/messaging/hr.server';
import { formatTimeline } from '~/services/messaging/view-rules';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/thread';

export async function loader({ params, context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'hrThread');
  const { hr } = await requireHrUser(context);
  const { lang } = context.get(portalContext);
  const threadId = numericId(params.threadId);
  invariantResponse(threadId);
  const view = await openHrThread(await getDb(), hr, threadId, lang);
  invariantResponse(view);
  return {
    title: titleWith(context, view.title || serverT(context)('messaging.defaultTitle')),
    lang,
    thread: {
      id: view.id,
      title: view.title,
      isActive: view.isActive,
      threadType: view.threadType,
      companyName: view.companyName,
      participants: view.participants,
    },
    groups: formatTimeline(view.timeline, lang),
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  requirePage({ context, url }, 'hrThread');
  const { hr } = await requireHrUser(context);
  const { lang } = context.get(portalContext);
  const threadId = numericId(params.threadId);
  invariantResponse(threadId);
  const db = await getDb();
  const back = pagePath('hrThread', lang, { threadId: String(threadId) });
  return sendMessageForm(db, await readMessageForm(request, hrMessageSchema), {
    failedFlag: 'failed',
    userId: hr.personId,
    ownerId: hr.personId,
    customerLimits: false,
    context,
    alreadySent: () => back,
    send: ({ text, idempotencyKey }) => sendHrMessage(db, { hr, threadId, text, idempotencyKey }),
    sentTo: (sent) => `${back}#message-${sent.messageId}`,
    refused: (sent, failed) => {
      if (sent.reason === 'not-found') throw notFound();
      return failed();
    },
  });
}

/** The part of the page a poll refreshes (the page script, ADR 0009). */
const MESSAGES_REGION = 'thread-messages';

export default function HrThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, thread, groups, idempotencyKey } = loaderData;
  return (
    <>
      <LinkLine to={pagePath('hrMessages', lang)}>{t('messaging.backToList')}</LinkLine>
      <h1>{thread.title || t('messaging.defaultTitle')}</h1>
      <p className={s.muted}>
        {t(`messaging.hr.types.${thread.threadType === 'Supervisor' ? 'Supervisor' : 'Hr'}`)}
        {thread.companyName ? ` · ${thread.companyName}` : ''}
        {thread.isActive ? '' : ` · ${t('messaging.hr.closed')}`}
      </p>
      <Participants participants={thread.participants} />
      <section aria-label={t('messaging.thread.messages')} id={MESSAGES_REGION} {...attrs({ pollMs: THREAD_POLL_MS, scrollToLast: SCROLL_TO_LAST_DELAY_MS })}>
        <Timeline groups={groups} />
      </section>
      <section className={ui.card}>
        <Composer
          idempotencyKey={idempotencyKey}
          lastResult={actionData?.result}
          sendError={actionData?.failed}
          tooMany={actionData?.tooMany}
          attachments={false}
          hint={t('messaging.hr.noHealthData')}
          constraint={getZodConstraint(hrMessageSchema)}
        />
      </section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
