/**
 * Patient data consent (/fi/potilastietojen-kasittely?next=…): the five consents of spec 2 §3
 * (the occupational one on the general brand only), prefilled with the consent in force. The
 * first time the privacy statement is shown and must be confirmed as read. Saving continues to
 * a safe `next` (the reservation being made) or the front page.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useMemo } from 'react';
import { useTranslation } from '~/i18n/react';
import { data, Form, useNavigation } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { z } from 'zod';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { CheckboxField, ErrorSummary } from '~/components/reservation/FormFields';
import { useFormValidity } from '~/components/reservation/useFormValidity';
import { portalContext } from '~/context';
import { nextParam, pageTitle, requirePatient } from '~/lib/page.server';
import { consentSchema, type ConsentField } from '~/models/reservation-schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/services/flash.server';
import { consentFieldsFor, currentConsent, giveConsent } from '~/services/registration/registration.server';
import * as s from '~/styles/reservation.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/consent';

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requirePatient(context, request);
  const { brand } = context.get(portalContext);
  const consent = await currentConsent(await getDb(), auth.person.id);
  const fields = consentFieldsFor(brand);
  return {
    title: pageTitle(context, 'reservation.consent.title'),
    firstTime: auth.person.patientDataConsentUpdatedAt === null,
    fields,
    defaults: Object.fromEntries(fields.map((name) => [name, consent?.[name] ?? false])) as Partial<Record<ConsentField, boolean>>,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requirePatient(context, request);
  const { lang, brand } = context.get(portalContext);
  const schema = consentSchema({ firstTime: auth.person.patientDataConsentUpdatedAt === null });
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const result = await giveConsent(await getDb(), auth, submission.value, { brand });
  if (result.type === 'validation') {
    return data({ result: submission.reply({ fieldErrors: result.fields }) }, { status: 400 });
  }
  return redirectWithFlash(nextParam(request) ?? pagePath('front', lang), { type: 'success', key: 'reservation.consent.saved' });
}

export default function PatientDataConsent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { firstTime } = loaderData;
  const schema = useMemo(() => consentSchema({ firstTime }), [firstTime]);
  const [form, fields] = useForm<z.input<ReturnType<typeof consentSchema>>>({
    id: 'consent',
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    defaultValue: loaderData.defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const validity = useFormValidity(schema);
  const submitting = navigation.state === 'submitting';
  return (
    <section className={ui.card} aria-labelledby="consent-title">
      <h1 id="consent-title">{t('reservation.consent.title')}</h1>
      <p>{t('reservation.consent.intro')}</p>
      {form.status === 'error' ? (
        <ErrorSummary fields={[{ meta: fields.readConfirmation, label: t('reservation.consent.readConfirmation') }]} />
      ) : null}
      <Form method="post" {...getFormProps(form)} ref={validity.ref} onChange={validity.check} noValidate>
        <AuthenticityTokenInput name="csrf" />
        {firstTime ? (
          <section className={s.privacy} aria-labelledby="privacy-title">
            <h2 id="privacy-title">{t('reservation.consent.privacyTitle')}</h2>
            <p>{t('reservation.consent.privacy')}</p>
            <CheckboxField meta={fields.readConfirmation} label={t('reservation.consent.readConfirmation')} />
          </section>
        ) : null}
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t('reservation.consent.choicesLegend')}</legend>
          {loaderData.fields.map((name) => (
            <CheckboxField key={name} meta={fields[name]} label={t(`reservation.consent.${name}`)} />
          ))}
        </fieldset>
        {/* Disabled after the first click (spec 2 §4) and, with JS, until the form is valid. */}
        <button type="submit" className={ui.button.primary} disabled={submitting || validity.valid === false}>
          {submitting ? t('reservation.consent.saving') : t('reservation.consent.save')}
        </button>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
