/**
 * One conversation (spec 1 §4): messages grouped by Helsinki day, the assignee's absence notices
 * among them, the participants (a <details> that works without JS) and the composer. Opening a
 * thread with unread messages marks it read. Someone else's thread id is 404. With JS the
 * messages refresh while the page is visible (the page script polls the region `thread-messages`,
 * ADR 0009; the composer is outside it, so typed text stays); without JS a Refresh link reloads.
 */
import { useLocation } from 'react-router';
import { LinkLine } from '~/components/LinkLine';
import { Composer } from '~/components/messaging/Composer';
import { Participants } from '~/components/messaging/Participants';
import { Timeline } from '~/components/messaging/Timeline';
import { attrs } from '~/browser/markup';
import { portalContext } from '~/context';
import { env } from '~/env.server';
import { useTranslation } from '~/i18n/react';
import { readMessageForm, sendMessageForm } from '~/lib/http/messaging-form.server';
import { invariantResponse, requireAuth, titleWith, serverT } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { SCROLL_TO_LAST_DELAY_MS, THREAD_POLL_MS } from '~/models/messaging/messaging';
import { composerSchema } from '~/models/messaging/schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { findThreadFor } from '~/services/messaging/access.server';
import { openCustomerThread, sendCustomerMessage } from '~/services/messaging/conversations.server';
import { formatTimeline } from '~/services/messaging/view-rules';
import { logger } from '~/services/observability/logger.server';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';

import { notFound } from '~/lib/http/responses';
import { numericId } from '~/lib/http/params';
import type { Route } from './+types/thread';

export async function loader({ params, context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'conversation');
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const t = serverT(context);
  if (env().MESSAGING_MAINTENANCE) return { maintenance: true as const, title: titleWith(context, t('messaging.listTitle')), lang };
  const threadId = numericId(params.threadId);
  invariantResponse(threadId);
  const opened = await openCustomerThread(await getDb(), auth.person.id, threadId, lang);
  invariantResponse(opened);
  const { view } = opened;
  return {
    maintenance: false as const,
    lang,
    title: titleWith(context, view.title || t('messaging.defaultTitle')),
    thread: { id: view.id, title: view.title, participants: view.participants },
    groups: formatTimeline(view.timeline, lang),
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  requirePage({ context, url }, 'conversation');
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const threadId = numericId(params.threadId);
  invariantResponse(threadId);
  const db = await getDb();
  const thread = await findThreadFor(db, { kind: 'customer', personId: auth.person.id }, threadId);
  invariantResponse(thread);
  const back = pagePath('conversation', lang, { threadId: String(thread.id) });
  return sendMessageForm(db, await readMessageForm(request, composerSchema), {
    failedFlag: 'sendError',
    userId: auth.person.id,
    customerLimits: true,
    context,
    ownerId: auth.person.id,
    alreadySent: () => back,
    send: ({ text, idempotencyKey }, attachments) =>
      sendCustomerMessage(db, { customerId: auth.person.id, threadId: thread.id, text, attachments, idempotencyKey }),
    sentTo: (sent) => `${back}#message-${sent.messageId}`,
    refused: (sent, failed) => {
      if (sent.reason === 'not-found') throw notFound();
      logger.warn({ area: 'messaging', reason: sent.reason }, 'message refused');
      return failed();
    },
  });
}

/** The part of the page a poll refreshes (the page script, ADR 0009). */
const MESSAGES_REGION = 'thread-messages';

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  if (loaderData.maintenance) {
    return (
      <>
        <h1>{t('messaging.listTitle')}</h1>
        <p className={`${ui.alertBox} ${ui.alert.info}`} role="status">
          {t('messaging.maintenance')}
        </p>
      </>
    );
  }
  const { thread, groups, lang, idempotencyKey } = loaderData;
  return (
    <>
      <LinkLine to={pagePath('conversations', lang)}>{t('messaging.backToList')}</LinkLine>
      <h1>{thread.title || t('messaging.defaultTitle')}</h1>
      <Participants participants={thread.participants} />
      <section aria-label={t('messaging.thread.messages')} id={MESSAGES_REGION} {...attrs({ pollMs: THREAD_POLL_MS, scrollToLast: SCROLL_TO_LAST_DELAY_MS })}>
        <Timeline groups={groups} questionnaireHref={(id) => pagePath('questionnaire', lang, { id: String(id) })} />
      </section>
      <p>
        <a href={location.pathname}>{t('messaging.refresh')}</a>
      </p>
      <section className={ui.card}>
        <Composer
          key={idempotencyKey}
          idempotencyKey={idempotencyKey}
          lastResult={actionData?.result}
          fileErrors={actionData?.fileErrors}
          sendError={actionData?.sendError}
          tooMany={actionData?.tooMany}
        />
      </section>
      <p className={s.muted}>{t('messaging.responseTime')}</p>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
