/**
 * A new conversation (spec 1 §4): a recipient from the customer's occupational care team (a
 * substitute while the member is absent), a subject (≤ 70), the message and attachments; on
 * success the new thread. A plain page with a plain multipart form (ADR 0009): the schema's
 * constraints are the fields' native ones (conform's `getZodConstraint`), the attachment field's
 * own script checks the selection's size, the page script shows the pending button; the form's
 * one-time key makes a double submit create one thread.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { data, Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { LinkLine } from '~/components/LinkLine';
import { AttachmentField } from '~/components/messaging/Composer';
import { SelectField, TextareaField, TextField } from '~/components/forms';
import { portalContext } from '~/context';
import { env } from '~/env.server';
import { useTranslation } from '~/i18n/react';
import { readMessageForm, sendMessageForm } from '~/lib/http/messaging-form.server';
import { pageTitle, requireAuth, serverT } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { SUBJECT_MAX_LENGTH } from '~/models/messaging/messaging';
import { newThreadSchema } from '~/models/messaging/schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { careTeamOf, recipientOptions } from '~/services/messaging/care-team.server';
import { createThreadWithMessage } from '~/services/messaging/threads.server';
import { logger } from '~/services/observability/logger.server';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/new';

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'conversationNew');
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const title = pageTitle(context, 'messaging.newThread.title');
  if (env().MESSAGING_MAINTENANCE) return { title, lang, maintenance: true as const };
  let team: Awaited<ReturnType<typeof careTeamOf>>;
  try {
    team = await careTeamOf(await getDb(), auth.person.id);
  } catch (error) {
    // Spec 1 §8: "Failed to fetch messages. Please try again later.", and the error is reported.
    logger.error({ err: error, area: 'messaging' }, 'new conversation failed to load');
    return { title, lang, maintenance: false as const, loadFailed: true as const };
  }
  const options = recipientOptions(team);
  // A link may choose the recipient (one of these options) and a topic whose subject is ours
  // (the mental-support page: `?topic=mental-support`); never free text from the address.
  const search = url.searchParams;
  const recipientId = options.some((o) => o.recipient.id === search.get('recipient')) ? search.get('recipient')! : undefined;
  const subject = search.get('topic') === 'mental-support' ? serverT(context)('mentalSupport.message.subject') : undefined;
  return {
    title,
    lang,
    maintenance: false as const,
    loadFailed: false as const,
    defaults: { recipientId, subject },
    idempotencyKey: crypto.randomUUID(),
    recipients: options.map((o) => ({
      id: o.recipient.id,
      name: `${o.recipient.firstName} ${o.recipient.lastName}`,
      title: o.recipient.title[lang],
      substituteFor: o.substituteFor ? `${o.substituteFor.firstName} ${o.substituteFor.lastName}` : null,
    })),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  requirePage({ context, url }, 'conversationNew');
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  invariantNotMaintenance();
  const db = await getDb();
  const form = await readMessageForm(request, newThreadSchema);
  const { submission } = form;
  const conversation = (threadId: number) => pagePath('conversation', lang, { threadId: String(threadId) });
  return sendMessageForm(db, form, {
    failedFlag: 'failed',
    userId: auth.person.id,
    customerLimits: true,
    context,
    ownerId: auth.person.id,
    alreadySent: (again) => conversation(again.threadId),
    send: ({ recipientId, subject, text, idempotencyKey }, attachments) =>
      createThreadWithMessage(db, { customerPersonId: auth.person.id, title: subject, text, recipientId, attachments, idempotencyKey }),
    sentTo: (created) => conversation(created.threadId),
    refused: (created, failed) => {
      logger.warn({ area: 'messaging', reason: created.reason }, 'new thread refused');
      if (created.reason === 'invalid-recipient')
        return failed(submission.reply({ fieldErrors: { recipientId: ['messaging.errors.recipientRequired'] } }), false);
      return failed();
    },
  });
}

function invariantNotMaintenance() {
  if (env().MESSAGING_MAINTENANCE) throw data({ error: 'maintenance' }, { status: 503 });
}

export default function NewConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const ready = !loaderData.maintenance && !loaderData.loadFailed ? loaderData : null;
  const [form, fields] = useForm<z.input<typeof newThreadSchema>>({
    id: ready ? `new-thread-${ready.idempotencyKey}` : 'new-thread',
    lastResult: actionData?.result,
    defaultValue: ready?.defaults,
    constraint: getZodConstraint(newThreadSchema),
    // The browser checks the constraints before sending.
    defaultNoValidate: false,
  });
  if (loaderData.maintenance) {
    return (
      <>
        <h1>{t('messaging.newThread.title')}</h1>
        <p className={`${ui.alertBox} ${ui.alert.info}`} role="status">
          {t('messaging.maintenance')}
        </p>
      </>
    );
  }
  if (loaderData.loadFailed) {
    return (
      <>
        <h1>{t('messaging.newThread.title')}</h1>
        <p className={`${ui.alertBox} ${ui.alert.error}`} role="alert">
          {t('messaging.newThread.loadFailure')}
        </p>
      </>
    );
  }
  const { lang, recipients, idempotencyKey } = loaderData;
  return (
    <>
      <LinkLine to={pagePath('conversations', lang)}>{t('messaging.backToList')}</LinkLine>
      <h1>{t('messaging.newThread.title')}</h1>
      {recipients.length === 0 ? (
        <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('messaging.newThread.noTeam')}</p>
      ) : (
        <section className={ui.card}>
          <p>{t('messaging.newThread.intro')}</p>
          {actionData?.failed ? (
            <div className={`${ui.alertBox} ${ui.alert.error}`} role="alert">
              <p>
                <strong>{t('messaging.newThread.failure')}</strong>
              </p>
              <p>{t('messaging.newThread.failureDetail')}</p>
            </div>
          ) : null}
          {actionData?.tooMany ? (
            <div className={`${ui.alertBox} ${ui.alert.error}`} role="alert">
              <p>{t(actionData.tooMany.key, { minutes: actionData.tooMany.minutes })}</p>
            </div>
          ) : null}
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <SelectField meta={fields.recipientId} label={t('messaging.newThread.recipient')}>
              <option value="">{t('messaging.newThread.chooseRecipient')}</option>
              {recipients.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.substituteFor ? t('messaging.newThread.substituting', { name: r.name, title: r.title, absent: r.substituteFor }) : `${r.name}, ${r.title}`}
                </option>
              ))}
            </SelectField>
            <TextField
              meta={fields.subject}
              label={t('messaging.newThread.subject')}
              hint={t('messaging.newThread.subjectHint')}
              maxLength={SUBJECT_MAX_LENGTH}
            />
            <TextareaField meta={fields.text} label={t('messaging.newThread.message')} rows={6} required={false} />
            <AttachmentField meta={fields.attachments} fileErrors={actionData?.fileErrors ?? []} />
            <div className={ui.buttonRow}>
              <button type="submit" className={ui.button.primary} {...attrs({ pending: t('messaging.composer.sending') })}>
                {t('messaging.newThread.send')}
              </button>
            </div>
          </Form>
          <p className={s.muted}>{t('messaging.responseTime')}</p>
        </section>
      )}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
