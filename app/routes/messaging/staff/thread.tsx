/**
 * A professional's view of a thread: the timeline (deleted messages with who, when and why),
 * participants, the assignee; actions as plain forms: reply (with attachments in a customer's
 * thread; a company's HR thread takes text only, ADR 0042), assign to me or
 * to a member of the thread's care team (anyone else: a translated error, nothing stored), close
 * or reopen, delete a message with a reason. Reading sets the read status and the
 * professionals' timestamp and is written to the access log. Without access: 404.
 *
 * A plain page (ADR 0009): the page script polls the messages (the region `thread-messages`)
 * and shows the pending buttons. Every form is outside the polled region, so a poll never takes
 * what is being typed: a message's "Delete message" is a link to this page with `?delete=<id>`,
 * which shows the deletion form (the message, the reason, Delete and Cancel) under the messages.
 */
import { data, Form, Link, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { LinkLine } from '~/components/LinkLine';
import { Composer } from '~/components/messaging/Composer';
import { Participants } from '~/components/messaging/Participants';
import { StaffNav } from '~/components/messaging/StaffNav';
import { Timeline } from '~/components/messaging/Timeline';
import { attrs } from '~/browser/markup';
import { Time } from '~/components/Time';
import { Field } from '~/components/forms';
import { portalContext, requestInfoContext } from '~/context';
import { env } from '~/env.server';
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import { readMessageForm, sendMessageForm } from '~/lib/http/messaging-form.server';
import { invariantResponse, serverT, titleWith } from '~/lib/http/page.server';
import { requireProfessional } from '~/lib/http/staff.server';
import { DELETE_REASON_MAX_LENGTH, SCROLL_TO_LAST_DELAY_MS, THREAD_POLL_MS } from '~/models/messaging/messaging';
import { deleteReasonSchema, staffComposerSchema } from '~/models/messaging/schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { findThreadFor } from '~/services/messaging/access.server';
import { attachmentAccess } from '~/services/messaging/attachments.server';
import {
  assignThread,
  deleteMessage,
  openStaffThread,
  questionnaireFormOptions,
  replyAsProfessional,
  setThreadActive,
} from '~/services/messaging/staff.server';
import { formatTimeline } from '~/services/messaging/view-rules';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import { numericId } from '~/lib/http/params';
import type { Route } from './+types/thread';

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('assignToMe') }),
  z.object({ intent: z.literal('assign'), assigneeId: z.uuid() }),
  z.object({ intent: z.literal('close') }),
  z.object({ intent: z.literal('reopen') }),
  z.object({ intent: z.literal('delete'), messageId: z.coerce.number().int().positive(), reason: deleteReasonSchema }),
]);

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { me, professional } = await requireProfessional(context);
  const { lang } = context.get(portalContext);
  const threadId = numericId(params.threadId);
  invariantResponse(threadId);
  const db = await getDb();
  const opened = await openStaffThread(db, me, threadId, lang);
  invariantResponse(opened);
  const { view, assignable } = opened;
  // In a company thread the customer side writes for the company (an HR user, also on a YPA
  // mandate, ADR 0042/0050): staff see on whose behalf.
  const t = serverT(context);
  const timeline = view.companyName
    ? view.timeline.map((item) =>
        item.kind === 'message' && item.author.kind === 'customer'
          ? { ...item, author: { ...item.author, name: t('messaging.hr.onBehalfOf', { name: item.author.name, company: view.companyName! }) } }
          : item,
      )
    : view.timeline;
  const groups = formatTimeline(timeline, lang);
  // The message whose deletion form is open (?delete=<id>): a live message of this thread.
  const deleteId = numericId(url.searchParams.get('delete'));
  const deleting =
    groups
      .flatMap((g) => g.items)
      .find((item): item is Extract<typeof item, { kind: 'message' }> => item.kind === 'message' && item.id === deleteId && !item.deleted) ?? null;
  return {
    title: titleWith(context, view.title || serverT(context)('messaging.defaultTitle')),
    lang,
    me,
    name: `${professional.firstName} ${professional.lastName}`,
    thread: {
      id: view.id,
      title: view.title,
      isActive: view.isActive,
      participants: view.participants,
      assignee: view.assignee,
      threadType: view.threadType,
      companyName: view.companyName,
    },
    // A customer can be invited to answer a questionnaire; a company's HR thread carries none (ADR 0042).
    questionnaires: view.threadType === 'Customer' ? await questionnaireFormOptions(db, lang) : [],
    groups,
    deleting,
    assignable,
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { me } = await requireProfessional(context);
  const { lang } = context.get(portalContext);
  const threadId = numericId(params.threadId);
  invariantResponse(threadId);
  const db = await getDb();
  const thread = await findThreadFor(db, { kind: 'professional', personId: me }, threadId);
  invariantResponse(thread);
  const back = pagePath('staffThread', lang, { threadId: String(thread.id) });
  const form = await readMessageForm(request, staffComposerSchema);
  const { formData } = form;
  if (formData.get('intent') === 'send') {
    const canAccess = attachmentAccess(async () => (await findThreadFor(db, { kind: 'professional', personId: me }, thread.id)) !== null);
    const origin = env().PUBLIC_ORIGIN ?? context.get(requestInfoContext).origin;
    return sendMessageForm(db, form, {
      failedFlag: 'sendError',
      userId: me,
      customerLimits: false,
      ownerId: thread.customerPersonId,
      canAccess,
      alreadySent: () => back,
      send: ({ text, idempotencyKey, questionnaireFormId }, attachments) =>
        replyAsProfessional(db, { me, threadId: thread.id, text, attachments, questionnaireFormId, idempotencyKey, origin }),
      sentTo: () => back,
      refused: (sent, failed) => {
        invariantResponse(sent.reason !== 'not-found');
        // A company's HR thread takes no files (ADR 0042): the form comes back with the text and why.
        if (sent.reason === 'attachments-not-allowed')
          return failed(form.submission.reply({ formErrors: ['messaging.errors.attachmentsNotInHrThread'] }), false);
        return failed();
      },
    });
  }
  const parsed = actionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data({ error: 'badRequest' }, { status: 400 });
  const input = parsed.data;
  const result =
    input.intent === 'assignToMe'
      ? await assignThread(db, { me, threadId: thread.id, assigneeId: me })
      : input.intent === 'assign'
        ? await assignThread(db, { me, threadId: thread.id, assigneeId: input.assigneeId })
        : input.intent === 'close' || input.intent === 'reopen'
          ? await setThreadActive(db, { me, threadId: thread.id, active: input.intent === 'reopen' })
          : await deleteMessage(db, { me, threadId: thread.id, messageId: input.messageId, reason: input.reason });
  if (!result.ok && result.reason === 'not-in-care-team') {
    const assignError: TextKey = 'messaging.staff.assigneeNotInTeam';
    return data({ assignError }, { status: 400 });
  }
  if (!result.ok) throw data({ error: result.reason }, { status: result.reason === 'not-found' ? 404 : 400 });
  throw redirect(back, 303);
}

/** The part of the page a poll refreshes (the page script, ADR 0009). */
const MESSAGES_REGION = 'thread-messages';

export default function StaffThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, thread, groups, deleting, assignable, idempotencyKey, me, name, questionnaires } = loaderData;
  const assignError = actionData && 'assignError' in actionData ? actionData.assignError : null;
  const sent = actionData && 'result' in actionData ? actionData : undefined;
  const csrf = <AuthenticityTokenInput name="csrf" />;
  const pending = t('messaging.staff.pending');
  const threadPath = pagePath('staffThread', lang, { threadId: String(thread.id) });
  return (
    <>
      <StaffNav lang={lang} name={name} />
      <LinkLine to={pagePath('staffMessages', lang)}>{t('messaging.staff.back')}</LinkLine>
      <h1>{thread.title || t('messaging.defaultTitle')}</h1>
      {thread.companyName ? (
        <p className={s.muted}>
          {t(thread.threadType === 'Supervisor' ? 'messaging.hr.staffSupervisorThread' : 'messaging.hr.staffHrThread', { company: thread.companyName })}
        </p>
      ) : null}
      <section className={ui.card}>
        <p>
          <span className={ui.label}>{t('messaging.staff.assignee')}: </span>
          {thread.assignee ? thread.assignee.name : t('messaging.staff.unassigned')}
        </p>
        <Participants participants={thread.participants} markCustomer />
        <div className={ui.buttonRow}>
          {thread.assignee?.id !== me ? (
            <Form method="post">
              {csrf}
              <button className={ui.button.primary} type="submit" name="intent" value="assignToMe" {...attrs({ pending })}>
                {t('messaging.staff.assignToMe')}
              </button>
            </Form>
          ) : null}
          <Form method="post">
            {csrf}
            <button className={ui.button.secondary} type="submit" name="intent" value={thread.isActive ? 'close' : 'reopen'} {...attrs({ pending })}>
              {thread.isActive ? t('messaging.staff.close') : t('messaging.staff.reopen')}
            </button>
          </Form>
        </div>
        <Form method="post" className={ui.buttonRow}>
          {csrf}
          <input type="hidden" name="intent" value="assign" />
          <label className={ui.label} htmlFor="assigneeId">
            {t('messaging.staff.assignTo')}
          </label>
          <select
            id="assigneeId"
            name="assigneeId"
            className={ui.input}
            defaultValue={thread.assignee?.id ?? ''}
            required
            aria-invalid={assignError ? true : undefined}
            aria-describedby={assignError ? 'assignee-error' : undefined}
          >
            <option value="">–</option>
            {assignable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <button className={ui.button.secondary} type="submit" {...attrs({ pending })}>
            {t('messaging.staff.assign')}
          </button>
          {assignError ? (
            <p className={ui.fieldError} id="assignee-error" role="alert">
              {t(assignError)}
            </p>
          ) : null}
        </Form>
      </section>
      <section aria-label={t('messaging.thread.messages')} id={MESSAGES_REGION} {...attrs({ pollMs: THREAD_POLL_MS, scrollToLast: SCROLL_TO_LAST_DELAY_MS })}>
        <Timeline
          groups={groups}
          showReason
          actions={(messageId) => (
            <p>
              <Link to={`${pagePath('staffThread', lang, { threadId: String(thread.id) }, `delete=${messageId}`)}#delete-message`}>
                {t('messaging.staff.deleteMessage')}
              </Link>
            </p>
          )}
        />
      </section>
      {deleting ? (
        <section className={ui.card} id="delete-message" aria-labelledby="delete-message-title">
          <h2 id="delete-message-title">{t('messaging.staff.deleteMessage')}</h2>
          <blockquote>
            <p className={s.muted}>
              {deleting.author.kind === 'self' ? t('messaging.thread.you') : deleting.author.name} · <Time at={deleting.at}>{deleting.time}</Time>
            </p>
            {deleting.content ? <p className={ui.preWrap}>{deleting.content}</p> : null}
          </blockquote>
          <Form method="post" action={threadPath}>
            {csrf}
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="messageId" value={deleting.id} />
            <Field field={{ id: 'delete-reason', errorId: 'delete-reason-error' }} label={t('messaging.staff.deleteReason')}>
              {(control) => <input {...control} name="reason" className={ui.input} required maxLength={DELETE_REASON_MAX_LENGTH} />}
            </Field>
            <div className={ui.buttonRow}>
              <button className={ui.button.primary} type="submit" {...attrs({ pending })}>
                {t('messaging.staff.deleteConfirm')}
              </button>
              <Link className={ui.button.secondary} to={threadPath}>
                {t('messaging.staff.deleteCancel')}
              </Link>
            </div>
          </Form>
        </section>
      ) : null}
      <section className={ui.card}>
        {thread.isActive ? (
          <Composer
            key={idempotencyKey}
            idempotencyKey={idempotencyKey}
            lastResult={sent?.result}
            fileErrors={sent?.fileErrors}
            sendError={sent?.sendError}
            tooMany={sent?.tooMany}
            attachments={thread.threadType === 'Customer'}
            labelKey="messaging.staff.replyLabel"
            sendKey="messaging.staff.reply"
            action={threadPath}
          >
            {questionnaires.length ? (
              <Field
                field={{ id: 'questionnaireFormId', errorId: 'questionnaireFormId-error' }}
                label={t('messaging.questionnaireInvitation.attach')}
                hint={t('messaging.questionnaireInvitation.attachHint')}
              >
                {(control) => (
                  <select {...control} name="questionnaireFormId" className={ui.input} defaultValue="">
                    <option value="">{t('messaging.questionnaireInvitation.none')}</option>
                    {questionnaires.map((q) => (
                      <option key={q.id} value={q.id}>
                        {q.title}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : null}
          </Composer>
        ) : (
          <p className={s.muted}>{t('messaging.staff.closedNotice')}</p>
        )}
      </section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
