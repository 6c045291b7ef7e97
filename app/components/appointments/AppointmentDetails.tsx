/** Title, time, place, practitioner and price of an appointment (logged-in and anonymous pages). */
import { useTranslation } from '~/i18n/react';
import type { AppointmentView } from '~/models/appointments/appointment';
import { PractitionerPicture } from '~/components/PractitionerPicture';
import { Time } from '~/components/Time';
import * as ui from '~/styles/ui.css';
import * as s from '~/styles/appointments.css';
import * as picture from '~/styles/practitioner.css';

export function appointmentTitle(a: AppointmentView): string {
  return `${a.specialtyName} – ${a.kindName}`;
}

export function AppointmentDetails({
  appointment: a,
  showPriceDetails,
  headingLevel = 2,
}: {
  appointment: AppointmentView;
  showPriceDetails: boolean;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const address = [a.clinic.streetAddress, [a.clinic.postalCode, a.clinic.postOffice].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <>
      <Heading>{appointmentTitle(a)}</Heading>
      {a.patientName ? <p className={s.patient}>{t('appointments.forPatient', { name: a.patientName })}</p> : null}
      {a.payerType === 'occupationalHealthCare' ? <p className={s.tag}>{t('appointments.occupational')}</p> : null}
      {a.cancelledBy === 'provider' ? (
        <p role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          {t('appointments.cancelledByProvider')}
        </p>
      ) : null}
      {a.cancelledBy === 'patient' ? <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('appointments.cancelledByPatient')}</p> : null}
      <dl className={s.details}>
        <dt>{t('appointments.time')}</dt>
        <dd>
          <Time at={a.startAt}>{a.startText}</Time>–{a.endTimeText} ({t('appointments.duration', { minutes: a.durationMinutes })})
          {a.isSpecificTime ? null : <> · {t('appointments.notSpecificTime')}</>}
        </dd>
        <dt>{t('appointments.practitioner')}</dt>
        <dd className={picture.withPicture}>
          <PractitionerPicture practitioner={a.practitioner} clinicCode={a.isRemote ? null : a.clinic.id} />
          <span>
            {a.practitioner.name}, {a.practitioner.title}
          </span>
        </dd>
        <dt>{t('appointments.location')}</dt>
        <dd>
          {a.locationType === 'videoAppointment' ? (
            t('appointments.video')
          ) : a.locationType === 'phoneAppointment' ? (
            t('appointments.phone')
          ) : a.isRemote ? (
            t('appointments.remote')
          ) : (
            <>
              {a.isCovidTest ? `${t('appointments.covidTestSite')}: ` : null}
              {a.clinic.name}
              {address ? (
                <>
                  <br />
                  {address}
                </>
              ) : null}
            </>
          )}
        </dd>
        {!a.isRemote && a.clinic.arrivalInfo ? (
          <>
            <dt>{t('appointments.arrival')}</dt>
            <dd>{a.clinic.arrivalInfo}</dd>
          </>
        ) : null}
        {a.roomLocation && !a.isRemote ? (
          <>
            <dt>{t('appointments.room')}</dt>
            <dd>{a.roomLocation}</dd>
          </>
        ) : null}
      </dl>
      {a.price ? (
        <section aria-label={t('appointments.priceTitle')} className={s.price}>
          <p>
            <strong>{t('appointments.priceTitle')}:</strong> {t('appointments.priceFrom', { amount: a.price.amount })}
            {a.price.additionalFees.length ? ` + ${a.price.additionalFees.map((f) => `${f.name} ${f.amount}`).join(' + ')}` : null}
          </p>
          {showPriceDetails ? (
            <table className={s.priceTable}>
              <tbody>
                <tr>
                  <th scope="row">{a.price.name}</th>
                  <td>{a.price.amount}</td>
                </tr>
                {a.price.additionalFees.map((fee) => (
                  <tr key={fee.code}>
                    <th scope="row">{fee.name}</th>
                    <td>{fee.amount}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">{t('appointments.priceTotal')}</th>
                  <td>{a.price.totalAmount}</td>
                </tr>
              </tbody>
            </table>
          ) : null}
          <p className={ui.hint}>{t('appointments.priceNote')}</p>
        </section>
      ) : null}
    </>
  );
}
