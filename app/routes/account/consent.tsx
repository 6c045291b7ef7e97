/**
 * Patient data consent (/fi/potilastietojen-kasittely?next=…): the five consents of spec 2 §3
 * (the occupational one on the general brand only), prefilled with the consent in force. The
 * first time the privacy statement is shown and must be confirmed as read. Saving continues to
 * a safe `next` (the reservation being made) or the front page. With `?ward=<person id>` a
 * guardian gives the consent for their registered ward of 11 or younger (ADR 0023); someone
 * else's or an older child is 404, an unregistered one registers first (the child details).
 */
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useMemo } from 'react';
import { useTranslation } from '~/i18n/react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { z } from 'zod';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { CheckboxField, ErrorSummary } from '~/components/forms/FormFields';
import { useFormValidity } from '~/components/forms/useFormValidity';
import { portalContext } from '~/context';
import { invariantResponse, nextParam, pageTitle, requireAuth, requirePatient, serverT, titleWith } from '~/lib/http/page.server';
import { consentSchema, type ConsentField } from '~/models/booking/reservation-schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { consentFieldsFor, currentConsent, giveConsent, wardOfGuardian } from '~/services/account/registration.server';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/consent';

/** The ward of `?ward=` (the guardian's registered ward of 11 or younger), or null for one's own consent. */
async function wardOf(request: Request, context: Route.LoaderArgs['context']) {
  const url = new URL(request.url);
  const wardId = url.searchParams.get('ward');
  if (wardId === null) return null;
  const auth = requireAuth(context);
  const ward = await wardOfGuardian(await getDb(), auth.person.id, wardId);
  invariantResponse(ward);
  if (!ward.isPatient) {
    // Not registered yet: the child details first, coming back here.
    const back = `${url.pathname}${url.search}`;
    throw redirect(pagePath('registration', context.get(portalContext).lang, {}, new URLSearchParams({ ward: ward.id, next: back })), 303);
  }
  return { auth, ward };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const forWard = await wardOf(request, context);
  const auth = forWard?.auth ?? requirePatient(context, request);
  const subject = forWard?.ward ?? auth.person;
  const { brand } = context.get(portalContext);
  const consent = await currentConsent(await getDb(), subject.id);
  const fields = consentFieldsFor(brand);
  const wardName = forWard ? `${forWard.ward.firstName} ${forWard.ward.lastName}`.trim() : null;
  return {
    title: wardName ? titleWith(context, serverT(context)('reservation.consent.childTitle', { name: wardName })) : pageTitle(context, 'reservation.consent.title'),
    wardName,
    firstTime: subject.patientDataConsentUpdatedAt === null,
    fields,
    defaults: Object.fromEntries(fields.map((name) => [name, consent?.[name] ?? false])) as Partial<Record<ConsentField, boolean>>,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const forWard = await wardOf(request, context);
  const auth = forWard?.auth ?? requirePatient(context, request);
  const { lang, brand } = context.get(portalContext);
  const subject = forWard?.ward ?? auth.person;
  const schema = consentSchema({ firstTime: subject.patientDataConsentUpdatedAt === null });
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const result = await giveConsent(await getDb(), auth, submission.value, { brand, ...(forWard ? { ward: forWard.ward } : {}) });
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
  const { ref: formRef, valid: formValid, check: checkValidity } = useFormValidity(schema);
  const submitting = navigation.state === 'submitting';
  return (
    <section className={ui.card} aria-labelledby="consent-title">
      <h1 id="consent-title">{loaderData.wardName ? t('reservation.consent.childTitle', { name: loaderData.wardName }) : t('reservation.consent.title')}</h1>
      <p>{t(loaderData.wardName ? 'reservation.consent.childIntro' : 'reservation.consent.intro')}</p>
      {form.status === 'error' ? (
        <ErrorSummary fields={[{ meta: fields.readConfirmation, label: t('reservation.consent.readConfirmation') }]} />
      ) : null}
      <Form method="post" {...getFormProps(form)} ref={formRef} onChange={checkValidity} noValidate>
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
        <button type="submit" className={ui.button.primary} disabled={submitting || formValid === false}>
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
