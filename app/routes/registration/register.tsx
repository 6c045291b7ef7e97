/**
 * Registration (/fi/rekisterointi?next=…): a strongly identified person who is not yet a patient
 * gives their postal address and contact details (names prefilled from identification,
 * editable). Success continues to `next` (the reservation they were making) or to the
 * new-customer page. A patient never sees the form again. The same module serves the
 * health-portal registration (/{lang}/hpa/register?next=…), recorded with the channel `hpa`.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useTranslation } from '~/i18n/react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { ErrorSummary, TextField } from '~/components/reservation/FormFields';
import { portalContext } from '~/context';
import { nextParam, pageTitle, requireNoPatient } from '~/lib/page.server';
import { registrationSchema } from '~/models/reservation-schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/services/flash.server';
import { registerPatient, registrationDefaults } from '~/services/registration/registration.server';
import * as s from '~/styles/reservation.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/register';

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireNoPatient(context, request);
  return {
    title: pageTitle(context, 'reservation.registration.title'),
    identityCode: auth.person.identityCode,
    defaults: registrationDefaults(auth.person),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireNoPatient(context, request);
  const { lang, inApp, page } = context.get(portalContext);
  const submission = parseWithZod(await request.formData(), { schema: registrationSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const channel = page?.key === 'hpaRegistration' ? ('hpa' as const) : undefined;
  const result = await registerPatient(await getDb(), auth, submission.value, { lang, inApp, channel });
  const next = nextParam(request);
  switch (result.type) {
    case 'validation':
      return data({ result: submission.reply({ fieldErrors: result.fields }) }, { status: 400 });
    case 'alreadyPatient': // registered meanwhile (another tab): as the guard would have answered
      return redirect(next ?? pagePath('front', lang), 303);
    case 'success':
      return redirectWithFlash(next ?? pagePath('newCustomer', lang), { type: 'success', key: 'reservation.registration.saved' });
  }
}

export default function Registration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'registration',
    lastResult: actionData?.result,
    constraint: getZodConstraint(registrationSchema),
    defaultValue: loaderData.defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const submitting = navigation.state === 'submitting';
  const labelled = [
    { meta: fields.firstName, label: t('reservation.registration.firstName') },
    { meta: fields.lastName, label: t('reservation.registration.lastName') },
    { meta: fields.streetAddress, label: t('reservation.registration.streetAddress') },
    { meta: fields.zipCode, label: t('reservation.registration.zipCode') },
    { meta: fields.postOffice, label: t('reservation.registration.postOffice') },
    { meta: fields.phoneNumber, label: t('reservation.registration.phoneNumber') },
    { meta: fields.emailAddress, label: t('reservation.registration.emailAddress') },
  ];
  return (
    <section className={ui.card} aria-labelledby="registration-title">
      <h1 id="registration-title">{t('reservation.registration.title')}</h1>
      <p>{t('reservation.registration.intro')}</p>
      {form.status === 'error' ? <ErrorSummary fields={labelled} /> : null}
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput name="csrf" />
        <dl className={s.contactList}>
          <dt>{t('reservation.registration.identityCode')}</dt>
          <dd>{loaderData.identityCode}</dd>
        </dl>
        <div className={s.formGrid}>
          <TextField meta={fields.firstName} label={t('reservation.registration.firstName')} autoComplete="given-name" />
          <TextField meta={fields.lastName} label={t('reservation.registration.lastName')} autoComplete="family-name" />
          <TextField
            meta={fields.streetAddress}
            label={t('reservation.registration.streetAddress')}
            autoComplete="street-address"
            className={s.wide}
          />
          <TextField
            meta={fields.zipCode}
            label={t('reservation.registration.zipCode')}
            autoComplete="postal-code"
            inputMode="numeric"
          />
          <TextField meta={fields.postOffice} label={t('reservation.registration.postOffice')} autoComplete="address-level2" />
          <TextField
            meta={fields.phoneNumber}
            label={t('reservation.registration.phoneNumber')}
            hint={t('reservation.registration.phoneHint')}
            type="tel"
            autoComplete="tel"
          />
          <TextField meta={fields.emailAddress} label={t('reservation.registration.emailAddress')} type="email" autoComplete="email" />
        </div>
        <button type="submit" className={ui.button.primary} disabled={submitting}>
          {submitting ? t('reservation.registration.saving') : t('reservation.registration.submit')}
        </button>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
