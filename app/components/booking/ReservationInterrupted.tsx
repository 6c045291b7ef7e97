/** "Booking interrupted": the payer refuses this person (a billing block), with billing's contacts. */
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { usePortalEnv } from '~/components/portal-env';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';

export function ReservationInterrupted() {
  const { t } = useTranslation();
  const { billing } = brandFacts(usePortalEnv().brand);
  return (
    <section className={ui.card} aria-labelledby="interrupted-title">
      <h1 id="interrupted-title">{t('reservation.interrupted.title')}</h1>
      <p>{t('reservation.interrupted.text')}</p>
      <dl className={s.contactList}>
        <dt>{t('reservation.interrupted.phone')}</dt>
        <dd>
          <a href={`tel:${billing.phone.tel}`}>{billing.phone.display}</a>
        </dd>
        <dt>{t('reservation.interrupted.email')}</dt>
        <dd>
          <a href={`mailto:${billing.email}`}>{billing.email}</a>
        </dd>
      </dl>
    </section>
  );
}
