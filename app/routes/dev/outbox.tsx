/**
 * /dev/outbox: SMS and e-mail the portal has written, newest first, with each one's delivery
 * state (queued, sending, sent, failed), tries, last error class and sent time (ADR 0029).
 * Absent in production.
 */
import { useTranslation } from '~/i18n/react';
import { requireNonProduction } from '~/lib/http/test-deployment.server';
import { formatDateTime } from '~/lib/format';
import { serverT } from '~/lib/http/page.server';
import { getDb } from '~/services/db/db.server';
import { listOutbox } from '~/services/outbox/outbox.server';
import { ScheduledReminders } from '~/components/appointments/ScheduledReminders';
import { listScheduledReminders } from '~/services/appointments/reminders.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/outbox';

export async function loader({ context }: Route.LoaderArgs) {
  requireNonProduction();
  const db = await getDb();
  const messages = await listOutbox(db);
  const reminders = (await listScheduledReminders(db)).map((r) => ({ ...r, dueAt: r.dueAt.toISOString() }));
  return {
    title: serverT(context)('outbox.title'),
    messages: messages.map((m) => ({
      id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      kind: m.kind,
      language: m.language,
      state: m.state,
      tries: m.tries,
      lastErrorClass: m.lastErrorClass,
      notBefore: m.state === 'queued' && m.notBefore ? m.notBefore.toISOString() : null,
      sentAt: m.sentAt?.toISOString() ?? null,
      attachments: (m.attachments ?? []).map((a) => a.fileName),
    })),
    reminders,
  };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1>{t('outbox.title')}</h1>
      <p>{t('outbox.intro')}</p>
      {loaderData.messages.length === 0 ? <p>{t('outbox.empty')}</p> : null}
      {loaderData.messages.map((m) => (
        <article key={m.id} className={ui.card} data-outbox-channel={m.channel} data-outbox-state={m.state}>
          <dl>
            <dt>{t('outbox.channel')}</dt>
            <dd>{m.channel}</dd>
            <dt>{t('outbox.kind')}</dt>
            <dd>{m.kind}</dd>
            <dt>{t('outbox.language')}</dt>
            <dd>{m.language}</dd>
            <dt>{t('outbox.state')}</dt>
            <dd>{t(`outbox.states.${m.state}`)}</dd>
            <dt>{t('outbox.tries')}</dt>
            <dd>{m.tries}</dd>
            {m.lastErrorClass ? (
              <>
                <dt>{t('outbox.lastErrorClass')}</dt>
                <dd>{m.lastErrorClass}</dd>
              </>
            ) : null}
            {m.notBefore ? (
              <>
                <dt>{t('outbox.notBefore')}</dt>
                <dd>{formatDateTime(m.notBefore, i18n.language)}</dd>
              </>
            ) : null}
            {m.sentAt ? (
              <>
                <dt>{t('outbox.sentAt')}</dt>
                <dd>{formatDateTime(m.sentAt, i18n.language)}</dd>
              </>
            ) : null}
            <dt>{t('outbox.recipient')}</dt>
            <dd>{m.recipient}</dd>
            {m.subject ? (
              <>
                <dt>{t('outbox.subject')}</dt>
                <dd>{m.subject}</dd>
              </>
            ) : null}
            <dt>{t('outbox.created')}</dt>
            <dd>{formatDateTime(m.createdAt, i18n.language)}</dd>
          </dl>
          <pre className={ui.preWrap}>{m.body}</pre>
          {m.attachments.length ? <p>{m.attachments.join(', ')}</p> : null}
        </article>
      ))}
      <ScheduledReminders reminders={loaderData.reminders} />
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
