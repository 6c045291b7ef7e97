/**
 * My information (/en/my-information, /fi/omat-tiedot, /sv/mina-uppgifter; spec 2 §2): two tabs
 * that are real links (`?tab=basic|consent`): basic information (contact details, SMS login,
 * Kela card, log-out) and permissions and agreements (the consents, the same service as the
 * consent page). `saveAction` (URL-safe base64 JSON) picks the tab that opens first and where a
 * successful contact or consent save leads; an unknown or malformed one is ignored.
 *
 * Every change is a plain form post with an `intent` and a redirect after it, so the page works
 * without JS; the server checks every form with its zod schema and answers with the errors and
 * what was typed. A new phone or e-mail needs a recent strong identification and tells the old
 * ones (ADR 0047): the edit form says when the person must identify again first, with a link to
 * the login page's re-identification that comes back to the form. The page is plain HTML (ADR 0009): the forms carry the schemas' native
 * constraints (`getZodConstraint`, computed here), and JS adds what needs no React — pending and
 * "valid before save" buttons (the page script), the phone normalised on blur and the Kela upload
 * with progress (the components' inline scripts).
 */
import { type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, Link, redirect } from 'react-router';
import { DataExportLink } from '~/components/records/DataExportLink';
import { LogoutControl } from '~/components/shell/LogoutControl';
import { ContactForm, ContactSummary, type ContactValues } from '~/components/account/ContactEditor';
import { GuardianForm } from '~/components/account/GuardianForm';
import { KelaCard } from '~/components/account/KelaCard';
import { AccessLogLink } from '~/components/account/AccessLogLink';
import { MfaToggle, type MfaView } from '~/components/account/MfaToggle';
import { ConsentForm } from '~/components/account/ConsentForm';
import { DevicesLink } from '~/components/account/DevicesLink';
import { portalContext, requestInfoContext } from '~/context';
import { LOCALE, type Language } from '~/i18n/config';
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import { formatDateTime } from '~/lib/format';
import { pageTitle, requirePatient, serverT } from '~/lib/http/page.server';
import { saveActionPath } from '~/lib/save-action-path';
import { contactSchema, guardiansSchema, prefilledGuardianName, smsCodeSchema, type GuardianView } from '~/models/account/my-information';
import { consentSchema, type ConsentField } from '~/models/booking/reservation-schemas';
import { firstTab, parseSaveAction, type SaveActionTab } from '~/models/save-action';
import { pagePath } from '~/route-table';
import { recordEvent } from '~/services/analytics/analytics.server';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { getPatient, mayChangeContactChannels, updateContact } from '~/services/account/contact.server';
import { deliverAfterCommit } from '~/services/outbox/outbox.server';
import { env } from '~/env.server';
import { getGuardians, isMinor, saveGuardians } from '~/services/account/guardians.server';
import { noteRetryAfter, retryAfterHeader } from '~/lib/http/person-limits.server';
import { getKelaCard, storeKelaCard, type KelaFile } from '~/services/account/kela-card.server';
import { cancelOnboarding, disableMfa, mayChangeMfa, mfaStatus, startOnboarding, verifyOnboarding } from '~/services/account/mfa.server';
import { consentFieldsFor, giveConsent } from '~/services/account/registration.server';
import { IMAGE_UPLOAD_POLICY } from '~/services/storage/content-type-rules';
import { storage } from '~/services/storage/storage.server';
import { MalformedForm, readMultipartForm, type MultipartLimits } from '~/lib/http/form-stream.server';
import * as ui from '~/styles/ui.css';

import { clock } from '~/lib/clock.server';
import { notFound } from '~/lib/http/responses';
import type { Route } from './+types/my-information';

/**
 * The Kela form's multipart body (without JS), read as a stream: its two images, each within
 * the image policy's limit, and a few short fields (the CSRF token, the intent). The body as a
 * whole is limited by UPLOAD_BODY_MAX_BYTES (server.ts).
 */
const KELA_FORM_LIMITS: MultipartLimits = {
  maxFieldBytes: 4096,
  maxFields: 10,
  maxFiles: 2,
  maxFileBytes: IMAGE_UPLOAD_POLICY.maxBytes,
  maxTotalFileBytes: 2 * IMAGE_UPLOAD_POLICY.maxBytes,
};

function pageState(request: Request) {
  const url = new URL(request.url);
  const rawSaveAction = url.searchParams.get('saveAction');
  const saveAction = parseSaveAction(rawSaveAction);
  const tabParam = url.searchParams.get('tab');
  const tab: SaveActionTab = tabParam === 'consent' || tabParam === 'basic' ? tabParam : firstTab(saveAction);
  return { url, saveAction, saveActionQuery: saveAction ? rawSaveAction! : null, tab };
}

/** This page's address with the given query (saveAction kept when valid). */
function selfPath(lang: Language, saveActionQuery: string | null, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(extra);
  if (saveActionQuery) query.set('saveAction', saveActionQuery);
  return pagePath('myInformation', lang, {}, query);
}

function relativeTime(lang: Language, at: Date, now = clock.now()): string {
  const minutes = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
  const format = new Intl.RelativeTimeFormat(LOCALE[lang], { numeric: 'always' });
  return minutes >= 120 ? format.format(Math.ceil(minutes / 60), 'hour') : format.format(minutes, 'minute');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requirePatient(context, request);
  const { lang, brand, csrfToken } = context.get(portalContext);
  const { url, saveActionQuery, tab } = pageState(request);
  const db = await getDb();
  const patient = await getPatient(db, auth);
  if (!patient) throw notFound();
  const contact: ContactValues = {
    firstName: patient.firstName,
    lastName: patient.lastName,
    streetAddress: patient.postalAddress.street,
    zipCode: patient.postalAddress.postalCode,
    postOffice: patient.postalAddress.postOffice,
    phoneNumber: patient.phoneNumber,
    emailAddress: patient.email,
    language: patient.language,
  };
  const fields = consentFieldsFor(brand);
  let mfa: MfaView | null = null;
  let images: { front: string; back: string } | null = null;
  const wards: { id: string; name: string; guardians: GuardianView[] }[] = [];
  if (tab === 'basic') {
    const status = await mfaStatus(db, auth.person.id, auth.features);
    switch (status.type) {
      case 'environment-has-mfa-disabled':
        break;
      case 'user-has-no-verified-mfa-device':
        mfa = { type: status.type, phone: patient.phoneNumber };
        break;
      case 'user-wants-to-enable-mfa':
        mfa = { type: status.type, phone: status.phone };
        break;
      case 'too-many-onboarding-attempts':
        mfa = { type: status.type, time: relativeTime(lang, new Date(status.nextAttempt)) };
        break;
      case 'enabled':
        mfa = status;
        break;
    }
    images = (await getKelaCard(db, storage(), auth))?.imageUrl ?? null;
    const minors = isMinor(auth.person.birthDate) ? [auth.person, ...auth.wards] : auth.wards;
    for (const ward of minors) {
      const list = await getGuardians(db, auth, ward.id);
      if (list) wards.push({ id: ward.id, name: `${ward.firstName} ${ward.lastName}`.trim(), guardians: list });
    }
  }
  // Identifying again comes back to this form (the login page's `again`, ADR 0047).
  const reidentify = mayChangeContactChannels(auth.session)
    ? null
    : {
        href: pagePath('login', lang, {}, new URLSearchParams({ again: '1', nextPath: selfPath(lang, saveActionQuery, { edit: 'contact' }) })),
        minutes: env().CONTACT_CHANGE_IDENTIFIED_MINUTES,
      };
  return {
    title: pageTitle(context, 'myInformation.title'),
    lang,
    tab,
    editing: url.searchParams.get('edit') === 'contact',
    reidentify,
    kelaChanging: url.searchParams.get('kela') === 'change',
    saveActionQuery,
    contact,
    csrfToken,
    mfa,
    mayChangeMfa: mayChangeMfa(auth.session),
    images,
    wards,
    prefilledGuardianName: prefilledGuardianName(auth.person),
    // The forms' native constraints from their schemas (no zod in the browser, ADR 0009).
    constraints: {
      contact: getZodConstraint(contactSchema),
      guardians: getZodConstraint(guardiansSchema),
      consent: getZodConstraint(consentSchema({ firstTime: patient.patientDataConsentFormUpdated === null })),
    },
    consent: {
      fields,
      firstTime: patient.patientDataConsentFormUpdated === null,
      updated: patient.patientDataConsentFormUpdated ? formatDateTime(new Date(patient.patientDataConsentFormUpdated), lang) : null,
      defaults: Object.fromEntries(fields.map((name) => [name, patient.patientDataConsent?.[name] ?? false])) as Partial<Record<ConsentField, boolean>>,
    },
  };
}

type ActionData =
  | { intent: 'contact'; result: SubmissionResult<string[]>; failed: boolean; refused?: boolean }
  | { intent: 'consent'; result: SubmissionResult<string[]> }
  | { intent: 'mfa'; error: TextKey }
  | { intent: 'guardians'; wardId: string; result: SubmissionResult<string[]> }
  | { intent: 'kela'; error: TextKey };

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requirePatient(context, request);
  const { lang, brand } = context.get(portalContext);
  const { clientIp } = context.get(requestInfoContext);
  const { saveAction, saveActionQuery } = pageState(request);
  const db = await getDb();
  const t = serverT(context);
  const reloadBasic = selfPath(lang, saveActionQuery);

  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    const read = await readMultipartForm(request, KELA_FORM_LIMITS).catch((error: unknown) => {
      if (error instanceof MalformedForm) throw data({ error: 'badRequest' }, { status: 400 });
      throw error;
    });
    if (read.filesOverLimit) {
      await recordEvent(db, 'kelaImageError', { reason: 'too-large' });
      return data<ActionData>({ intent: 'kela', error: 'myInformation.kela.tooLarge' }, { status: 413 });
    }
    const form = read.formData;
    const file = async (name: string): Promise<KelaFile | undefined> => {
      const value = form.get(name);
      if (!(value instanceof File) || value.size === 0) return undefined;
      return { contentType: value.type, fileName: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
    };
    const result = await storeKelaCard(db, storage(), auth, { front: await file('front'), back: await file('back') });
    if (result.type === 'success') return redirectWithFlash(`${reloadBasic}#kela-card`, { type: 'success', key: 'myInformation.kela.saved' });
    if (result.type === 'too-many-uploads') {
      noteRetryAfter(context, result.retryAfterSeconds);
      return data<ActionData>(
        { intent: 'kela', error: 'myInformation.kela.tooManyUploads' },
        { status: 429, headers: retryAfterHeader(result.retryAfterSeconds) },
      );
    }
    await recordEvent(db, 'kelaImageError', { reason: result.type });
    const error = (
      { missing: 'myInformation.kela.missingFiles', 'invalid-image': 'myInformation.kela.invalidType', 'too-large': 'myInformation.kela.tooLarge' } as const
    )[result.type];
    return data<ActionData>({ intent: 'kela', error }, { status: result.type === 'too-large' ? 413 : 400 });
  }

  const formData = await request.formData();
  // The guardian form also posts conform's add/remove intents (no `intent` field): all carry wardId.
  const intent = formData.has('wardId') ? 'guardians' : String(formData.get('intent') ?? '');
  switch (intent) {
    case 'contact': {
      const submission = parseWithZod(formData, { schema: contactSchema });
      if (submission.status !== 'success') {
        return data<ActionData>({ intent: 'contact', result: submission.reply(), failed: false }, { status: 400 });
      }
      const result = await updateContact(db, auth, Object.fromEntries(formData), { brand });
      if (result.type === 'validation') {
        return data<ActionData>({ intent: 'contact', result: submission.reply({ fieldErrors: result.fields }), failed: false }, { status: 400 });
      }
      if (result.type === 'reidentificationRequired') {
        return data<ActionData>({ intent: 'contact', result: submission.reply(), failed: false, refused: true }, { status: 403 });
      }
      if (result.type !== 'success') return data<ActionData>({ intent: 'contact', result: submission.reply(), failed: true }, { status: 500 });
      // The notices to the old number and address leave once the change has committed.
      await deliverAfterCommit(result.notices);
      return redirectWithFlash(saveActionPath(saveAction, lang, reloadBasic), { type: 'success', key: 'myInformation.contact.saved' });
    }
    case 'consent': {
      const firstTime = auth.person.patientDataConsentUpdatedAt === null;
      const submission = parseWithZod(formData, { schema: consentSchema({ firstTime }) });
      if (submission.status !== 'success') return data<ActionData>({ intent: 'consent', result: submission.reply() }, { status: 400 });
      const result = await giveConsent(db, auth, submission.value, { brand });
      if (result.type === 'validation') {
        return data<ActionData>({ intent: 'consent', result: submission.reply({ fieldErrors: result.fields }) }, { status: 400 });
      }
      return redirectWithFlash(saveActionPath(saveAction, lang, selfPath(lang, saveActionQuery, { tab: 'consent' })), {
        type: 'success',
        key: 'myInformation.consent.saved',
      });
    }
    case 'guardians': {
      const wardId = String(formData.get('wardId'));
      const submission = parseWithZod(formData, { schema: guardiansSchema });
      if (submission.status !== 'success') {
        return data<ActionData>({ intent: 'guardians', wardId, result: submission.reply() }, { status: submission.status === 'error' ? 400 : 200 });
      }
      const result = await saveGuardians(db, auth, submission.value);
      if (result.type === 'notFound') throw notFound();
      if (result.type === 'validation') {
        return data<ActionData>({ intent: 'guardians', wardId, result: submission.reply({ fieldErrors: result.fields }) }, { status: 400 });
      }
      return redirectWithFlash(`${reloadBasic}#guardians-title-${wardId}`, { type: 'success', key: 'myInformation.guardians.saved' });
    }
    case 'mfa-start': {
      const message = { language: lang, text: (code: string) => t('myInformation.mfa.sms', { code }) };
      const result = await startOnboarding(db, auth, { phone: formData.get('phone'), clientIp }, message);
      if (result.type === 'code-sent') return redirect(`${reloadBasic}#sms-login`, 303);
      const error = (
        {
          'too-many-onboarding-attempts': 'myInformation.mfa.tooManyAttempts',
          'invalid-phone': 'myInformation.mfa.invalidPhone',
          'needs-bank-identification': 'myInformation.mfa.needsBank',
          'environment-has-mfa-disabled': 'myInformation.mfa.needsBank',
        } as const
      )[result.type];
      if (result.type === 'too-many-onboarding-attempts') return redirect(`${reloadBasic}#sms-login`, 303);
      return data<ActionData>({ intent: 'mfa', error }, { status: 400 });
    }
    case 'mfa-verify': {
      const code = smsCodeSchema.safeParse(formData.get('code') ?? '');
      if (!code.success) return data<ActionData>({ intent: 'mfa', error: 'myInformation.mfa.codeFormat' }, { status: 400 });
      const answer = await verifyOnboarding(db, auth, { code: code.data, clientIp });
      if (answer.type === 'mfa-ok') {
        return redirectWithFlash(`${reloadBasic}#sms-login`, { type: 'success', key: 'myInformation.mfa.enabledToast' });
      }
      if (answer.type === 'too-many-mfa-attempts') await cancelOnboarding(db, auth.person.id);
      const error = answer.type === 'too-many-mfa-attempts' ? 'myInformation.mfa.tooManyAttempts' : 'myInformation.mfa.challengeFailed';
      return data<ActionData>({ intent: 'mfa', error }, { status: 400 });
    }
    case 'mfa-cancel':
      await cancelOnboarding(db, auth.person.id);
      return redirect(`${reloadBasic}#sms-login`, 303);
    case 'mfa-disable': {
      const result = await disableMfa(db, auth);
      if (result !== 'ok') return data<ActionData>({ intent: 'mfa', error: 'myInformation.mfa.needsBank' }, { status: 403 });
      return redirectWithFlash(`${reloadBasic}#sms-login`, { type: 'success', key: 'myInformation.mfa.disabledToast' });
    }
    default:
      throw data({ error: 'badRequest' }, { status: 400 });
  }
}

function ConsentTab({
  consent,
  constraint,
  lastResult,
}: {
  consent: Route.ComponentProps['loaderData']['consent'];
  constraint: Route.ComponentProps['loaderData']['constraints']['consent'];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="consent-title">
      <h2 id="consent-title">{t('myInformation.tabs.consent')}</h2>
      <p>{t('reservation.consent.intro')}</p>
      {consent.updated ? <p className={ui.hint}>{t('myInformation.consent.history', { date: consent.updated })}</p> : null}
      <ConsentForm
        id="my-consent"
        firstTime={consent.firstTime}
        fields={consent.fields}
        defaultValue={consent.defaults}
        lastResult={lastResult}
        intent="consent"
        privacyHeading="h3"
        constraint={constraint}
      />
    </section>
  );
}

export default function MyInformation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, tab, saveActionQuery } = loaderData;
  const action = actionData as ActionData | undefined;
  const tabPath = (name: 'basic' | 'consent', extra: Record<string, string> = {}) => selfPath(lang, saveActionQuery, { tab: name, ...extra });
  const editing = loaderData.editing || action?.intent === 'contact';
  return (
    <div>
      <h1>{t('myInformation.title')}</h1>
      <nav aria-label={t('myInformation.tabs.label')} className={ui.buttonRow}>
        {(['basic', 'consent'] as const).map((name) => (
          <Link
            key={name}
            to={tabPath(name)}
            className={name === tab ? ui.button.primary : ui.button.secondary}
            aria-current={name === tab ? 'page' : undefined}
          >
            {t(`myInformation.tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {tab === 'basic' ? (
        <>
          <div className={ui.card}>
            {editing ? (
              <ContactForm
                contact={loaderData.contact}
                lastResult={action?.intent === 'contact' ? action.result : undefined}
                failed={action?.intent === 'contact' && action.failed}
                cancelHref={tabPath('basic')}
                constraint={loaderData.constraints.contact}
                reidentify={loaderData.reidentify}
                refused={action?.intent === 'contact' && action.refused === true}
              />
            ) : (
              <ContactSummary contact={loaderData.contact} editHref={tabPath('basic', { edit: 'contact' })} />
            )}
          </div>
          {loaderData.mfa ? (
            <div className={ui.card}>
              <MfaToggle view={loaderData.mfa} mayChange={loaderData.mayChangeMfa} error={action?.intent === 'mfa' ? action.error : null} />
            </div>
          ) : null}
          {loaderData.wards.map((ward) => (
            <div className={ui.card} key={ward.id}>
              <GuardianForm
                key={JSON.stringify(ward.guardians)}
                ward={ward}
                guardians={ward.guardians}
                prefilledName={loaderData.prefilledGuardianName}
                lastResult={action?.intent === 'guardians' && action.wardId === ward.id ? action.result : undefined}
                constraint={loaderData.constraints.guardians}
              />
            </div>
          ))}
          <div className={ui.card}>
            <AccessLogLink lang={lang} />
          </div>
          <div className={ui.card}>
            <KelaCard
              images={loaderData.images}
              changing={loaderData.kelaChanging}
              changeHref={`${tabPath('basic', { kela: 'change' })}#kela-card`}
              savedHref={`${tabPath('basic')}#kela-card`}
              csrfToken={loaderData.csrfToken}
              error={action?.intent === 'kela' ? action.error : null}
            />
          </div>
          <div className={ui.card}>
            <DataExportLink lang={lang} />
          </div>
        </>
      ) : (
        <div className={ui.card}>
          <ConsentTab
            consent={loaderData.consent}
            constraint={loaderData.constraints.consent}
            lastResult={action?.intent === 'consent' ? action.result : undefined}
          />
        </div>
      )}
      {tab === 'basic' ? <DevicesLink lang={lang} /> : null}
      <div className={ui.buttonRow}>
        <LogoutControl lang={lang} className={ui.button.secondary} />
      </div>
    </div>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
