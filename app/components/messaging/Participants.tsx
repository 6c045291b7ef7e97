/**
 * The participants of a thread (spec 1 §4), in a <details> that works without JS: "you", the
 * others by name and title. The staff view also marks the customer.
 */
import { useTranslation } from '~/i18n/react';
import type { ParticipantView } from '~/models/messaging/messaging';

export function Participants({ participants, markCustomer = false }: { participants: readonly ParticipantView[]; markCustomer?: boolean }) {
  const { t } = useTranslation();
  return (
    <details>
      <summary>{t('messaging.thread.participants', { count: participants.length })}</summary>
      <ul>
        {participants.map((p, i) => (
          <li key={i}>
            {p.kind === 'self' ? t('messaging.thread.you') : p.name}
            {p.title ? `, ${p.title}` : markCustomer && p.kind === 'customer' ? `, ${t('messaging.thread.customer')}` : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
