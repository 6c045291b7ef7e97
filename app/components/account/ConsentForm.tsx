/**
 * The patient data consent form (spec 2 §4), on the consent page and on the permissions tab of
 * my information: the first time, the privacy statement and its confirmation; then the choices
 * of the brand. The submit button is disabled after the first click and, with JS, until the
 * form is valid.
 */
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useMemo } from 'react';
import { Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { z } from 'zod';
import { CheckboxField, ErrorSummary } from '~/components/forms/FormFields';
import { useFormValidity } from '~/components/forms/useFormValidity';
import { useTranslation } from '~/i18n/react';
import { consentSchema, type ConsentField } from '~/models/booking/reservation-schemas';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';

export interface ConsentFormProps {
  /** The form's id (one per page). */
  id: string;
  firstTime: boolean;
  /** The choices of the brand, in order. */
  fields: readonly ConsentField[];
  defaultValue: Partial<Record<ConsentField, boolean>>;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Whether this form is being sent (the page knows which of its forms is). */
  submitting: boolean;
  /** The submit button's `intent` value, on a page with several forms. */
  intent?: string;
  /** The privacy statement's heading level under the page's own heading. */
  privacyHeading: 'h2' | 'h3';
  /** An error summary above the form when the submission failed. */
  errorSummary?: boolean;
}

export function ConsentForm({ id, firstTime, fields: choices, defaultValue, lastResult, submitting, intent, privacyHeading: PrivacyHeading, errorSummary = false }: ConsentFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => consentSchema({ firstTime }), [firstTime]);
  const [form, fields] = useForm<z.input<ReturnType<typeof consentSchema>>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const { ref: formRef, valid: formValid, check: checkValidity } = useFormValidity(schema);
  return (
    <>
      {errorSummary && form.status === 'error' ? (
        <ErrorSummary fields={[{ meta: fields.readConfirmation, label: t('reservation.consent.readConfirmation') }]} />
      ) : null}
      <Form method="post" {...getFormProps(form)} ref={formRef} onChange={checkValidity} noValidate>
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
        <button type="submit" name={intent ? 'intent' : undefined} value={intent} className={ui.button.primary} disabled={submitting || formValid === false}>
          {submitting ? t('reservation.consent.saving') : t('reservation.consent.save')}
        </button>
      </Form>
    </>
  );
}
