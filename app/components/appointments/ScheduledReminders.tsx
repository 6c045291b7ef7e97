/**
 * /dev/outbox's list of scheduled reminders (ADR 0031, ADR 0046): due time, appointment and the
 * channels they would go out on now (for an appointment the portal did not book, that whom it
 * goes to is decided when it is written). Development only, like the outbox page itself.
 */
import { useTranslation } from '~/i18n/react';
import { formatDateTime } from '~/lib/format';
import type { ScheduledReminderView } from '~/models/appointments/reminder';
import * as ui from '~/styles/ui.css';

export function ScheduledReminders({ reminders }: { reminders: ScheduledReminderView[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="scheduled-reminders-title">
      <h2 id="scheduled-reminders-title">{t('reminders.outbox.title')}</h2>
      <p>{t('reminders.outbox.intro')}</p>
      {reminders.length === 0 ? (
        <p>{t('reminders.outbox.empty')}</p>
      ) : (
        <table className={ui.fullWidth}>
          <thead>
            <tr>
              <th scope="col">{t('reminders.outbox.due')}</th>
              <th scope="col">{t('reminders.outbox.appointment')}</th>
              <th scope="col">{t('reminders.outbox.channels')}</th>
            </tr>
          </thead>
          <tbody>
            {reminders.map((r) => (
              <tr key={r.appointmentId} data-scheduled-reminder={r.appointmentId}>
                <td>{formatDateTime(r.dueAt, i18n.language)}</td>
                <td>{r.appointmentId}</td>
                <td>
                  {r.channels === null
                    ? t('reminders.outbox.decidedWhenWritten')
                    : [...r.channels.map((c) => t(`reminders.outbox.${c}`)), ...(r.refusedSms ? [t('reminders.outbox.smsRefused')] : [])].join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
