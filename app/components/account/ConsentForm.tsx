/**
 * The patient data consent form (spec 2 §4), on the consent page and on the permissions tab of
 * my information: the first time, the privacy statement and its confirmation; then the choices
 * of the brand. The submit button is disabled after the first click (`data-pending`) and, with
 * JS, until the form passes its native constraints (`data-needs-valid`: the read confirmation is
 * `required` the first time, from the schema through `constraint`); the page script does both.
 * Without JS the button stays enabled and the server answers with the schema's
 * errors. No zod in the browser.
 */
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { CheckboxField, ErrorSummary, type FieldConstraints } from '~/components/forms';
import { useTranslation } from '~/i18n/react';
import type { ConsentFields, ConsentField } from '~/models/booking/reservation-schemas';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';

export interface ConsentFormProps {
  /** The form's id (one per page). */
  id: string;
  firstTime: boolean;
  /** The choices of the brand, in order. */
  fields: readonly ConsentField[];
  defaultValue: Partial<Record<ConsentField, boolean>>;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The submit button's `intent` value, on a page with several forms. */
  intent?: string;
  /** The privacy statement's heading level under the page's own heading. */
  privacyHeading: 'h2' | 'h3';
  /** An error summary above the form when the submission failed. */
  errorSummary?: boolean;
  /**
   * The schema's native constraints (`getZodConstraint(consentSchema({ firstTime }))`, computed by
   * the loader): without them the server alone checks the form.
   */
  constraint?: FieldConstraints;
}

export function ConsentForm({
  id,
  firstTime,
  fields: choices,
  defaultValue,
  lastResult,
  intent,
  privacyHeading: PrivacyHeading,
  errorSummary = false,
  constraint,
}: ConsentFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm<Partial<Record<keyof ConsentFields, boolean>>>({ id, lastResult, constraint, defaultValue });
  return (
    <>
      {errorSummary && form.status === 'error' ? (
        <ErrorSummary fields={[{ meta: fields.readConfirmation, label: t('reservation.consent.readConfirmation') }]} />
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput name="csrf" />
        {firstTime ? (
          <section className={s.privacy} aria-labelledby="privacy-title">
            <PrivacyHeading id="privacy-title">{t('reservation.consent.privacyTitle')}</PrivacyHeading>
            <p>{t('reservation.consent.privacy')}</p>
            <CheckboxField meta={fields.readConfirmation} label={t('reservation.consent.readConfirmation')} />
          </section>
        ) : null}
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t('reservation.consent.choicesLegend')}</legend>
          {choices.map((name) => (
            <CheckboxField key={name} meta={fields[name]} label={t(`reservation.consent.${name}`)} />
          ))}
        </fieldset>
        <button
          type="submit"
          name={intent ? 'intent' : undefined}
          value={intent}
          className={ui.button.primary}
          {...attrs({ needsValid: true, pending: t('reservation.consent.saving') })}
        >
          {t('reservation.consent.save')}
        </button>
      </Form>
    </>
  );
}
