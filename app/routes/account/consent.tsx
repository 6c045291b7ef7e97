/**
 * Patient data consent (/fi/potilastietojen-kasittely?next=…): the five consents of spec 2 §3
 * (the occupational one on the general brand only), prefilled with the consent in force. The
 * first time the privacy statement is shown and must be confirmed as read. Saving continues to
 * a safe `next` (the reservation being made) or the front page. With `?ward=<person id>` a
 * guardian gives the consent for their registered ward of 11 or younger (ADR 0023); someone
 * else's or an older child is 404, an unregistered one registers first (the child details).
 */
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { ConsentForm } from '~/components/account/ConsentForm';
import { portalContext } from '~/context';
import { invariantResponse, nextParam, pageTitle, requireAuth, requirePatient, serverT, titleWith } from '~/lib/http/page.server';
import { consentSchema, type ConsentField } from '~/models/booking/reservation-schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { consentFieldsFor, currentConsent, giveConsent, wardOfGuardian } from '~/services/account/registration.server';
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
  const firstTime = subject.patientDataConsentUpdatedAt === null;
  return {
    title: wardName
      ? titleWith(context, serverT(context)('reservation.consent.childTitle', { name: wardName }))
      : pageTitle(context, 'reservation.consent.title'),
    wardName,
    firstTime,
    fields,
    // The form's native constraints from its schema (no zod in the browser, ADR 0009).
    constraint: getZodConstraint(consentSchema({ firstTime })),
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
  return (
    <section className={ui.card} aria-labelledby="consent-title">
      <h1 id="consent-title">{loaderData.wardName ? t('reservation.consent.childTitle', { name: loaderData.wardName }) : t('reservation.consent.title')}</h1>
      <p>{t(loaderData.wardName ? 'reservation.consent.childIntro' : 'reservation.consent.intro')}</p>
      <ConsentForm
        id="consent"
        firstTime={loaderData.firstTime}
        fields={loaderData.fields}
        defaultValue={loaderData.defaults}
        lastResult={actionData?.result}
        privacyHeading="h2"
        errorSummary
        constraint={loaderData.constraint}
      />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
