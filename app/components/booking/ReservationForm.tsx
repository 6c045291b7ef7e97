/**
 * The booking form of the reserve page: the time, then the visitor's details. Anonymous visitors
 * type their identity code, names and contact details and accept the booking terms; logged-in
 * users confirm their saved contact details. A time starting soon also asks the binding consent.
 * Refusals come back with the typed values, the field errors and the failure (conform's reply,
 * rendered on the server). The fields carry the schema's constraints as HTML attributes (the
 * loader's `getZodConstraint`, so no zod in the browser): with JavaScript the page script keeps
 * the book button disabled until they hold (`data-needs-valid`, spec 3 §5) and while booking
 * (`data-pending`); what they cannot check (the identity code's checksum, the phone number's
 * form) and everything without JavaScript, the server answers with the same errors.
 */
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import type { getZodConstraint } from '@conform-to/zod/v4';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { z } from 'zod';
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { usePortalEnv } from '~/components/portal-env';
import type { Language } from '~/i18n/config';
import { BookingContact } from '~/components/account/BookingContact';
import type { AppointmentView } from '~/models/appointments/appointment';
import type { ContactValues } from '~/models/contact';
import type { anonymousReservationSchema, userReservationSchema } from '~/models/booking/reservation-schemas';
import { pagePath } from '~/route-table';
import type { ReserveFailure } from '~/services/booking/reservation-flow-rules';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';
import { CheckboxField, ErrorSummary, PhoneField, TextField } from '~/components/forms';
import { attrs } from '~/browser/markup';
import { OccupationalConfirmation } from './OccupationalConfirmation';
import { IdentifyButton, ReceptionButton } from '../auth/IdentifyButton';
import { ReservationLayout } from './ReservationLayout';

/** The form schema's constraints as HTML attributes, per field (conform's `getZodConstraint`, on the server). */
export type FormConstraints = ReturnType<typeof getZodConstraint>;

export type ReservationFormView =
  | { kind: 'anonymous'; preview: AppointmentView; bindingRequired: boolean; constraint: FormConstraints }
  | {
      kind: 'user';
      preview: AppointmentView;
      bindingRequired: boolean;
      constraint: FormConstraints;
      name: string;
      defaults: { phone: string; emailAddress: string };
      /** The saved contact details, shown by the contact info editor (spec 3 §4). */
      contact: ContactValues;
      editContactHref: string;
      /** Occupational health: the agreement's confirmation for this specialty (null: not occupational). */
      confirmation?: string | null;
      /** A guardian books for this child (the patient); the confirmation goes to the guardian. */
      forChild?: string;
    };

export function ReservationForm({
  view,
  lang,
  lastResult,
  failure,
  cancellationLimitHours,
  bindingConsentHours,
  extra,
}: {
  view: ReservationFormView;
  /** Shown above the form (insurance: the insurer the customer declared, and how to change it). */
  extra?: ReactNode;
  lang: Language;
  /** The refused post's conform reply (values and field errors). */
  lastResult: SubmissionResult<string[]> | undefined;
  failure: ReserveFailure | null;
  cancellationLimitHours: number;
  bindingConsentHours: number;
}) {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  const anonymous = view.kind === 'anonymous';
  const { bindingRequired } = view;
  const confirmation = view.kind === 'user' ? (view.confirmation ?? null) : null;
  // Typed by the union of the anonymous form's fields and the logged-in one's. The server's
  // reply is the one answer.
  const [form, fields] = useForm<z.input<ReturnType<typeof anonymousReservationSchema>> & z.input<ReturnType<typeof userReservationSchema>>>({
    id: 'reservation',
    lastResult,
    constraint: view.constraint,
    defaultValue: view.kind === 'user' ? view.defaults : undefined,
  });

  const labelled = [
    ...(anonymous
      ? [
          { meta: fields.ssn, label: t('reservation.form.ssn') },
          { meta: fields.firstName, label: t('reservation.form.firstName') },
          { meta: fields.lastName, label: t('reservation.form.lastName') },
        ]
      : []),
    { meta: fields.phone, label: t('reservation.form.phone') },
    { meta: fields.emailAddress, label: t('reservation.form.email') },
    ...(anonymous ? [{ meta: fields.termsApproved, label: t('reservation.form.termsField') }] : []),
    { meta: fields.bindingApproved, label: t('reservation.form.bindingField') },
    ...(confirmation ? [{ meta: fields.contractConfirmed, label: t('occupational.confirmation.legend') }] : []),
  ];

  return (
    <ReservationLayout preview={view.preview} titleId="details-title" title={t('reservation.form.title')}>
      {view.kind === 'user' ? (
        <p>{view.forChild ? t('reservation.choice.bookingForChild', { name: view.forChild }) : t('reservation.form.bookingAs', { name: view.name })}</p>
      ) : null}
      <p>{t('reservation.form.intro')}</p>
      {extra}

      {failure === 'noPatient' ? (
        <div role="alert" className={`${ui.alertBox} ${ui.alert.info}`}>
          <h3>{t('reservation.identify.noPatientTitle')}</h3>
          <p>{t('reservation.identify.noPatientText')}</p>
          <div className={ui.buttonRow}>
            <IdentifyButton reason="noPatient" />
            <ReceptionButton />
          </div>
          <p>
            {t('reservation.identify.phone')} <a href={`tel:${brand.customerService.tel}`}>{brand.customerService.display}</a>
          </p>
        </div>
      ) : null}
      {failure && failure !== 'noPatient' ? (
        <div role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          <p>{t(`reservation.errors.${failure}`)}</p>
          {failure === 'appointmentNotAvailable' ? <Link to={pagePath('privateSearch', lang)}>{t('reservation.slot.backToList')}</Link> : null}
        </div>
      ) : null}
      {form.status === 'error' ? <ErrorSummary fields={labelled} /> : null}

      {/* noValidate: without JS the server's answer shows every error at once (with JS the button waits for validity). */}
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput name="csrf" />
        <div className={s.formGrid}>
          {anonymous ? (
            <>
              <TextField
                meta={fields.ssn}
                label={t('reservation.form.ssn')}
                hint={t('reservation.form.ssnHint')}
                autoComplete="off"
                autoCapitalize="characters"
                className={s.wide}
              />
              <TextField meta={fields.firstName} label={t('reservation.form.firstName')} autoComplete="given-name" />
              <TextField meta={fields.lastName} label={t('reservation.form.lastName')} autoComplete="family-name" />
            </>
          ) : null}
          {view.kind === 'user' ? (
            <BookingContact contact={view.contact} editHref={view.editContactHref} phone={fields.phone} email={fields.emailAddress} />
          ) : (
            <>
              <PhoneField meta={fields.phone} label={t('reservation.form.phone')} hint={t('reservation.form.phoneHint')} />
              <TextField meta={fields.emailAddress} label={t('reservation.form.email')} type="email" autoComplete="email" />
            </>
          )}
        </div>
        {anonymous ? <CheckboxField meta={fields.termsApproved} label={t('reservation.form.terms', { hours: cancellationLimitHours })} /> : null}
        {bindingRequired ? <CheckboxField meta={fields.bindingApproved} label={t('reservation.form.binding', { hours: bindingConsentHours })} /> : null}
        {confirmation ? <OccupationalConfirmation meta={fields.contractConfirmed} confirmation={confirmation} /> : null}
        <button
          type="submit"
          name="intent"
          value="reserve"
          className={ui.button.primary}
          {...attrs({ needsValid: true, pending: t('reservation.form.booking') })}
        >
          {t('reservation.form.book')}
        </button>
      </Form>
    </ReservationLayout>
  );
}
