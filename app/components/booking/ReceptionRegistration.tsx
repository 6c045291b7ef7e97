/**
 * How a visitor who is not yet our patient registers at a clinic's reception (the reserve page
 * after "Register at a reception instead"; ADR 0041): what to bring, the clinic of the chosen
 * time when it is a physical one, the customer service's number and the way back to the time.
 */
import { brand as brandFacts } from '~/brands';
import { LinkLine } from '~/components/LinkLine';
import { usePortalEnv } from '~/components/portal-env';
import { useTranslation } from '~/i18n/react';
import type { AppointmentView } from '~/models/appointments/appointment';
import * as ui from '~/styles/ui.css';

export function ReceptionRegistration({ clinic, back }: { clinic: AppointmentView['clinic'] | null; back: string }) {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  return (
    <section className={ui.card}>
      <h1>{t('reservation.reception.title')}</h1>
      <p>{t('reservation.reception.text')}</p>
      {clinic ? (
        <>
          <h2>{t('reservation.reception.clinic')}</h2>
          <p>
            {clinic.name}
            {clinic.streetAddress ? (
              <>
                <br />
                {clinic.streetAddress}, {clinic.postalCode} {clinic.postOffice}
              </>
            ) : null}
          </p>
        </>
      ) : null}
      <p>
        {t('reservation.reception.phone')} <a href={`tel:${brand.customerService.tel}`}>{brand.customerService.display}</a>
      </p>
      <LinkLine to={back}>{t('reservation.reception.back')}</LinkLine>
    </section>
  );
}
