/** The reserve page for a time that cannot be booked: not found (or past), or already reserved. */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import type { Language } from '~/i18n/config';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';

export function ReservationUnavailable({ lang, reason }: { lang: Language; reason: 'notFound' | 'reserved' }) {
  const { t } = useTranslation();
  return (
    <section className={ui.card}>
      <h1>{t(reason === 'notFound' ? 'reservation.slot.notFoundTitle' : 'reservation.slot.reservedTitle')}</h1>
      <p>{t(reason === 'notFound' ? 'reservation.slot.notFoundText' : 'reservation.errors.appointmentNotAvailable')}</p>
      <Link className={ui.button.primary} to={pagePath('privateSearch', lang)}>
        {t('reservation.slot.backToList')}
      </Link>
    </section>
  );
}
