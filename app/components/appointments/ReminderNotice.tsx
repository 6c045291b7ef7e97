/**
 * On the booking confirmation: where the confirmation went and where and when the reminder will
 * come, or why none will (ADR 0031). The phone number and the e-mail address come masked.
 */
import { useTranslation } from '~/i18n/react';
import type { ReminderNoticeView } from '~/models/appointments/reminder';

export function ReminderNotice({ notice }: { notice: ReminderNoticeView }) {
  const { t } = useTranslation();
  const { confirmation, reminder } = notice;
  const sent = confirmation.email
    ? t('reminders.notice.confirmationBoth', { phone: confirmation.phone, email: confirmation.email })
    : t('reminders.notice.confirmationSms', { phone: confirmation.phone });
  let next: string;
  switch (reminder.type) {
    case 'scheduled': {
      const how =
        reminder.channels.length === 2
          ? t('reminders.notice.reminderBoth', { time: reminder.dueText })
          : reminder.channels[0] === 'sms'
            ? t('reminders.notice.reminderSms', { time: reminder.dueText })
            : t('reminders.notice.reminderEmail', { time: reminder.dueText });
      next = reminder.refusedSms ? `${t('reminders.notice.refusedSms')} ${how}` : how;
      break;
    }
    case 'written':
      next = t('reminders.notice.written');
      break;
    case 'none':
      next =
        reminder.reason === 'insideLead'
          ? t('reminders.notice.noneInsideLead', { hours: notice.leadHours })
          : reminder.reason === 'refused'
            ? t('reminders.notice.noneRefused')
            : t('reminders.notice.noneOther');
      break;
  }
  return (
    <p data-reminder-notice={reminder.type === 'none' ? `none-${reminder.reason}` : reminder.type}>
      {sent} {next}
    </p>
  );
}
