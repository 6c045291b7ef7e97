/**
 * Registration (/fi/rekisterointi?next=…): a strongly identified person who is not yet a patient
 * gives their postal address and contact details (names prefilled from identification,
 * editable). Success continues to `next` (the reservation they were making) or to the
 * new-customer page. A patient never sees the form again. The same module serves the
 * health-portal registration (/{lang}/hpa/register?next=…), recorded with the channel `hpa`, and
 * the child registration (`?ward=<person id>&next=…`, ADR 0023): a guardian registers their ward
 * of 11 or younger under the title "Child details" — the identity code from the population
 * register, the child's names and address, the guardian's phone and e-mail prefilled, all
 * editable; someone else's or an older child is 404, a registered one goes on to `next`.
 *
 * Plain HTML (ADR 0009): the inputs carry the schema's native constraints (computed by the
 * loader, so no zod in the browser), the action checks the schema and answers with the errors
 * and what was typed; the page script shows the button's pending text.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useTranslation } from '~/i18n/react';
import { ErrorSummary, PhoneField, TextField } from '~/components/forms';
import { portalContext } from '~/context';
import { invariantResponse, nextParam, pageTitle, requireAuth, requireNoPatient } from '~/lib/http/page.server';
import { registrationSchema } from '~/models/booking/reservation-schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { wardRegistrationDefaults, registerWard, registerPatient, registrationDefaults, wardOfGuardian } from '~/services/account/registration.server';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';

import { notFound } from '~/lib/http/responses';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/register';

/** The child registration's ward (`?ward=`): the guardian's own ward of 11 or younger, else 404. */
async function wardOf(request: Request, context: Route.LoaderArgs['context']) {
  const wardId = new URL(request.url).searchParams.get('ward');
  if (wardId === null) return null;
  const auth = requireAuth(context);
  const ward = await wardOfGuardian(await getDb(), auth.person.id, wardId);
  invariantResponse(ward);
  // Registered already (another tab, or the other guardian): on to where the guardian was going.
  if (ward.isPatient) throw redirect(nextParam(request) ?? pagePath('front', context.get(portalContext).lang), 303);
  return { auth, ward };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const forWard = await wardOf(request, context);
  if (forWard) {
    return {
      title: pageTitle(context, 'reservation.registration.childTitle'),
      forWard: true,
      identityCode: forWard.ward.identityCode,
      defaults: wardRegistrationDefaults(forWard.auth.person, forWard.ward),
      constraint: getZodConstraint(registrationSchema),
    };
  }
  const auth = requireNoPatient(context, request);
  return {
    title: pageTitle(context, 'reservation.registration.title'),
    forWard: false,
    identityCode: auth.person.identityCode,
    defaults: registrationDefaults(auth.person),
    // The form's native constraints from its schema (no zod in the browser, ADR 0009).
    constraint: getZodConstraint(registrationSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const forWard = await wardOf(request, context);
  const auth = forWard?.auth ?? requireNoPatient(context, request);
  const { lang, inApp, page } = context.get(portalContext);
  const submission = parseWithZod(await request.formData(), { schema: registrationSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  if (forWard) {
    const result = await registerWard(await getDb(), auth, forWard.ward.id, submission.value, { lang, inApp });
    const next = nextParam(request) ?? pagePath('front', lang);
    switch (result.type) {
      case 'validation':
        return data({ result: submission.reply({ fieldErrors: result.fields }) }, { status: 400 });
      case 'notWard': // the register took the guardianship away meanwhile
        throw notFound();
      case 'alreadyPatient':
        return redirect(next, 303);
      case 'success':
        return redirectWithFlash(next, { type: 'success', key: 'reservation.registration.childSaved' });
    }
  }
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
  const [form, fields] = useForm({
    id: 'registration',
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: loaderData.defaults,
  });
  const labelled = [
    { meta: fields.firstName, label: t('reservation.registration.firstName') },
    { meta: fields.lastName, label: t('reservation.registration.lastName') },
    { meta: fields.streetAddress, label: t('reservation.registration.streetAddress') },
    { meta: fields.zipCode, label: t('reservation.registration.zipCode') },
    { meta: fields.postOffice, label: t('reservation.registration.postOffice') },
    { meta: fields.phoneNumber, label: t('reservation.registration.phoneNumber') },
    { meta: fields.emailAddress, label: t('reservation.registration.emailAddress') },
  ];
  const { forWard } = loaderData;
  return (
    <section className={ui.card} aria-labelledby="registration-title">
      <h1 id="registration-title">{t(forWard ? 'reservation.registration.childTitle' : 'reservation.registration.title')}</h1>
      <p>{t(forWard ? 'reservation.registration.childIntro' : 'reservation.registration.intro')}</p>
      {form.status === 'error' ? <ErrorSummary fields={labelled} /> : null}
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput name="csrf" />
        <dl className={s.contactList}>
          <dt>{t('reservation.registration.identityCode')}</dt>
          <dd>{loaderData.identityCode}</dd>
        </dl>
        <div className={s.formGrid}>
          {/* The child's details are not the guardian's: no autofill of the guardian's own name or address. */}
          <TextField meta={fields.firstName} label={t('reservation.registration.firstName')} autoComplete={forWard ? 'off' : 'given-name'} />
          <TextField meta={fields.lastName} label={t('reservation.registration.lastName')} autoComplete={forWard ? 'off' : 'family-name'} />
          <TextField
            meta={fields.streetAddress}
            label={t('reservation.registration.streetAddress')}
            autoComplete={forWard ? 'off' : 'address-line1'}
            className={s.wide}
          />
          <TextField meta={fields.zipCode} label={t('reservation.registration.zipCode')} autoComplete={forWard ? 'off' : 'postal-code'} inputMode="numeric" />
          <TextField meta={fields.postOffice} label={t('reservation.registration.postOffice')} autoComplete={forWard ? 'off' : 'address-level2'} />
          <PhoneField meta={fields.phoneNumber} label={t('reservation.registration.phoneNumber')} hint={t('reservation.registration.phoneHint')} />
          <TextField meta={fields.emailAddress} label={t('reservation.registration.emailAddress')} type="email" autoComplete="email" />
        </div>
        <button type="submit" className={ui.button.primary} {...attrs({ pending: t('reservation.registration.saving') })}>
          {t('reservation.registration.submit')}
        </button>
      </Form>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
