/**
 * The confirmation of a reservation, shown to the visitor who booked (the receipt cookie): the
 * appointment, the cancel link (through identification when anonymous) and where to go next.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { AppointmentDetails } from '~/components/appointments/AppointmentDetails';
import type { Language } from '~/i18n/config';
import type { AppointmentView } from '~/models/appointments/appointment';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';

export function ReservationSuccess({
  appointment,
  anonymous,
  lang,
  inApp,
  hours,
  extra,
}: {
  /** Shown under the appointment (insurance: the insurer the customer declared). */
  extra?: ReactNode;
  appointment: AppointmentView;
  anonymous: boolean;
  lang: Language;
  inApp: boolean;
  /** The cancellation limit in hours. */
  hours: number;
}) {
  const { t } = useTranslation();
  const cancelPage = pagePath('appointmentCancel', lang, { id: String(appointment.id) });
  const cancelHref = anonymous ? pagePath('login', lang, {}, new URLSearchParams({ nextPath: cancelPage })) : cancelPage;
  return (
    <section className={ui.card} aria-labelledby="success-title">
      <h1 id="success-title">{t('reservation.success.title')}</h1>
      <p className={`${ui.alertBox} ${ui.alert.success}`}>{t('reservation.success.sent')}</p>
      <AppointmentDetails appointment={appointment} showPriceDetails={false} headingLevel={2} />
      {extra}
      {!inApp && appointment.cancellableOnline ? (
        <p>
          {t('reservation.success.cancelInfo', { hours })}{' '}
          <Link to={cancelHref}>{anonymous ? t('reservation.success.cancelLogin') : t('reservation.success.cancel')}</Link>
        </p>
      ) : null}
      <div className={ui.buttonRow}>
        {anonymous ? null : (
          <Link className={ui.button.secondary} to={pagePath('appointmentList', lang)}>
            {t('reservation.success.showAll')}
          </Link>
        )}
        <Link className={ui.button.secondary} to={pagePath('privateSearch', lang)}>
          {t('reservation.success.bookAnother')}
        </Link>
      </div>
    </section>
  );
}
