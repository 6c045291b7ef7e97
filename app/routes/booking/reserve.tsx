/**
 * Reserve one free time (/fi/vapaat-ajat/:slotId, /sv/lediga-tider/…, /en/available-appointments/…).
 *
 * The loader decides the step from the server's state (a2j style) and redirects to the first
 * unmet one: a slot that needs strong identification sends anonymous visitors to identify and
 * back; a logged-in user who is not yet a patient registers first, then gives the patient data
 * consent, then books. Anonymous visitors of the children's brand first choose whose appointment
 * it is. Every form is a plain post: a success redirects back here with the reservation receipt
 * (post/redirect/get) and the page shows the confirmation; refusals answer with the form and its
 * values. JavaScript adds client validation and keeps the book button disabled until the form
 * is valid.
 */
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { brand as brandFacts } from '~/brands';
import { AppointmentDetails } from '~/components/appointments/AppointmentDetails';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { usePortalEnv } from '~/components/portal-env';
import { CheckboxField, ErrorSummary, TextField } from '~/components/reservation/FormFields';
import { useFormValidity } from '~/components/reservation/useFormValidity';
import { authContext, portalContext, requestInfoContext } from '~/context';
import type { Language } from '~/i18n/config';
import { invariantResponse, pageTitle } from '~/lib/page.server';
import type { AppointmentView } from '~/models/appointment';
import { anonymousReservationSchema, userReservationSchema } from '~/models/reservation-schemas';
import { pagePath } from '~/route-table';
import { recordEvent } from '~/services/analytics/analytics.server';
import { getAnonymousAppointment, getAppointments, viewerOf } from '~/services/appointments/appointments.server';
import {
  getSlotForReservation,
  payerIneligibility,
  reservationSettings,
  reserveAnonymously,
  reserveAsUser,
  type ReservationResult,
} from '~/services/booking/reservation.server';
import { readReceipt, receiptHeader } from '~/services/booking/reservation-receipt.server';
import { parseSlotId } from '~/services/booking/reservation-rules';
import { getDb } from '~/services/db/db.server';
import * as s from '~/styles/reservation.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/reserve';

/** Marks the return from strong identification (recorded once, then dropped from the address). */
const IDENTIFIED_PARAM = 'identified';

const IdentifySchema = z.object({
  intent: z.literal('identify'),
  reason: z.enum(['child', 'noPatient']),
});

type Failure = 'appointmentNotAvailable' | 'tooManyReservations' | 'unknownError' | 'noPatient';

type View =
  | { kind: 'notFound' }
  | { kind: 'reserved' }
  | { kind: 'success'; appointment: AppointmentView; anonymous: boolean }
  | { kind: 'choice' }
  | { kind: 'child' }
  | { kind: 'interrupted' }
  | { kind: 'anonymous'; preview: AppointmentView; bindingRequired: boolean }
  | {
      kind: 'user';
      preview: AppointmentView;
      bindingRequired: boolean;
      name: string;
      defaults: { phone: string; emailAddress: string };
    };

/** Strong identification, coming back to this page (the identity provider is chosen on the login page). */
function identificationPath(lang: Language, back: string): string {
  return `/oauth/authenticate?${new URLSearchParams({ lang, next: `${back}?${IDENTIFIED_PARAM}=1` })}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { lang, brand, inApp } = context.get(portalContext);
  const auth = context.get(authContext);
  const url = new URL(request.url);
  const settings = reservationSettings();
  const slotId = parseSlotId(params.slotId);
  const here = pagePath('reserve', lang, { slotId: params.slotId });
  const db = await getDb();
  const page = (view: View, status = 200) =>
    data(
      {
        title: pageTitle(context, view.kind === 'success' ? 'reservation.success.title' : 'reservation.reserveTitle'),
        lang,
        inApp,
        cancellationLimitHours: settings.cancellationLimitHours,
        bindingConsentHours: settings.bindingConsentHours,
        view,
      },
      { status },
    );

  if (url.searchParams.has(IDENTIFIED_PARAM)) {
    if (auth) await recordEvent(db, 'authenticationSuccess', { slotId: slotId ?? 0 });
    throw redirect(here);
  }
  if (!slotId) return page({ kind: 'notFound' }, 404);

  // The confirmation, for the visitor whose reservation it is.
  const receipt = await readReceipt(request);
  if (receipt?.slotId === slotId) {
    const appointment = auth
      ? (await getAppointments(db, viewerOf(auth), [receipt.appointmentId], lang))[0]
      : await getAnonymousAppointment(db, receipt.code, lang);
    if (appointment && !appointment.cancelledBy) return page({ kind: 'success', appointment, anonymous: !auth });
  }

  const slot = await getSlotForReservation(db, slotId, lang, { settings });
  if (slot.state === 'notFound') return page({ kind: 'notFound' }, 404);
  if (slot.state === 'reserved') return page({ kind: 'reserved' });

  if (!auth) {
    if (slot.requiresAuth) throw redirect(identificationPath(lang, here));
    if (brand === 'children') {
      const who = url.searchParams.get('for');
      if (who === 'child') return page({ kind: 'child' });
      if (who !== 'self') return page({ kind: 'choice' });
    }
    return page({ kind: 'anonymous', preview: slot.preview, bindingRequired: slot.bindingRequired });
  }
  const next = new URLSearchParams({ next: here });
  if (!auth.person.isPatient) throw redirect(pagePath('registration', lang, {}, next));
  if (!auth.person.patientDataConsentUpdatedAt) throw redirect(pagePath('patientDataConsent', lang, {}, next));
  if (payerIneligibility(auth.person)) return page({ kind: 'interrupted' });
  return page({
    kind: 'user',
    preview: slot.preview,
    bindingRequired: slot.bindingRequired,
    name: `${auth.person.firstName} ${auth.person.lastName}`.trim(),
    defaults: { phone: auth.person.phone ?? '', emailAddress: auth.person.email ?? '' },
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { lang, brand, inApp } = context.get(portalContext);
  const auth = context.get(authContext);
  const slotId = parseSlotId(params.slotId);
  invariantResponse(slotId);
  const here = pagePath('reserve', lang, { slotId: params.slotId });
  const db = await getDb();
  const formData = await request.formData();

  const identify = IdentifySchema.safeParse(Object.fromEntries(formData));
  if (identify.success) {
    await recordEvent(db, 'hpaLogin', { slotId, reason: identify.data.reason });
    return redirect(identificationPath(lang, here), 303);
  }

  const slot = await getSlotForReservation(db, slotId, lang);
  // Gone meanwhile: the loader, run again, shows "already reserved" or "not found".
  if (slot.state !== 'open') return data({ result: undefined, failure: 'appointmentNotAvailable' as Failure }, { status: 409 });
  const reservationContext = { lang, brand, inApp, origin: context.get(requestInfoContext).origin };

  const schema = auth
    ? userReservationSchema({ bindingRequired: slot.bindingRequired })
    : anonymousReservationSchema({ bindingRequired: slot.bindingRequired });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return data({ result: submission.reply(), failure: null }, { status: 400 });

  const result: ReservationResult = auth
    ? await reserveAsUser(db, auth, { slotId, ...submission.value }, reservationContext)
    : await reserveAnonymously(db, { slotId, ...submission.value }, reservationContext);
  const refused = (failure: Failure | null, status: number, fieldErrors?: Record<string, string[]>) =>
    data({ result: submission.reply(fieldErrors ? { fieldErrors } : undefined), failure }, { status });
  const next = new URLSearchParams({ next: here });

  switch (result.type) {
    case 'success': {
      const headers = new Headers({ Location: here });
      headers.append(
        'Set-Cookie',
        await receiptHeader({ slotId, appointmentId: result.appointmentId, code: result.anonymousCode }),
      );
      return new Response(null, { status: 303, headers });
    }
    case 'validation':
      return refused(null, 400, result.fields);
    case 'requiresAuthentication':
      return redirect(identificationPath(lang, here), 303);
    case 'noPatient':
      return auth ? redirect(pagePath('registration', lang, {}, next), 303) : refused('noPatient', 200);
    case 'patientDataConsentRequired':
      return redirect(pagePath('patientDataConsent', lang, {}, next), 303);
    case 'notCreditworthy':
      return redirect(here, 303);
    case 'appointmentNotAvailable':
    case 'tooManyReservations':
      return refused(result.type, 409);
    case 'unknownError':
      return refused('unknownError', 500);
  }
}

export default function Reserve({ loaderData, actionData }: Route.ComponentProps) {
  const { view, lang } = loaderData;
  switch (view.kind) {
    case 'notFound':
      return <Unavailable lang={lang} titleKey="reservation.slot.notFoundTitle" textKey="reservation.slot.notFoundText" />;
    case 'reserved':
      return (
        <Unavailable lang={lang} titleKey="reservation.slot.reservedTitle" textKey="reservation.errors.appointmentNotAvailable" />
      );
    case 'success':
      return (
        <Success
          appointment={view.appointment}
          anonymous={view.anonymous}
          lang={lang}
          inApp={loaderData.inApp}
          hours={loaderData.cancellationLimitHours}
        />
      );
    case 'choice':
      return <Choice />;
    case 'child':
      return <ChildIdentification />;
    case 'interrupted':
      return <Interrupted />;
    case 'anonymous':
    case 'user':
      return (
        <ReservationForm
          view={view}
          lang={lang}
          actionData={actionData}
          cancellationLimitHours={loaderData.cancellationLimitHours}
          bindingConsentHours={loaderData.bindingConsentHours}
        />
      );
  }
}

function Unavailable({ lang, titleKey, textKey }: { lang: Language; titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <section className={ui.card}>
      <h1>{t(titleKey)}</h1>
      <p>{t(textKey)}</p>
      <Link className={ui.button.primary} to={pagePath('privateSearch', lang)}>
        {t('reservation.slot.backToList')}
      </Link>
    </section>
  );
}

function Success({
  appointment,
  anonymous,
  lang,
  inApp,
  hours,
}: {
  appointment: AppointmentView;
  anonymous: boolean;
  lang: Language;
  inApp: boolean;
  hours: number;
}) {
  const { t } = useTranslation();
  const cancelPage = pagePath('appointmentCancel', lang, { id: String(appointment.id) });
  const cancelHref = anonymous ? pagePath('login', lang, {}, new URLSearchParams({ nextPath: cancelPage })) : cancelPage;
  return (
    <section className={ui.card} aria-labelledby="success-title">
      <h1 id="success-title">{t('reservation.success.title')}</h1>
      <p className={`${ui.alertBox} ${ui.alert.success}`}>{t('reservation.success.sent')}</p>
      <AppointmentDetails appointment={appointment} showPriceDetails={false} headingLevel={2} />
      {!inApp && appointment.cancellableOnline ? (
        <p>
          {t('reservation.success.cancelInfo', { hours })}{' '}
          <Link to={cancelHref}>{anonymous ? t('reservation.success.cancelLogin') : t('reservation.success.cancel')}</Link>
        </p>
      ) : null}
      <div className={ui.buttonRow}>
        {anonymous ? null : (
          <Link className={ui.button.secondary} to={pagePath('appointmentList', lang)}>
            {t('reservation.success.showAll')}
          </Link>
        )}
        <Link className={ui.button.secondary} to={pagePath('privateSearch', lang)}>
          {t('reservation.success.bookAnother')}
        </Link>
      </div>
    </section>
  );
}

function Choice() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="choice-title">
      <h1 id="choice-title">{t('reservation.choice.title')}</h1>
      <ul className={s.choiceList}>
        <li>
          <Link className={s.choice} to="?for=self">
            <span className={s.choiceTitle}>{t('reservation.choice.own')}</span>
            <span>{t('reservation.choice.ownHint')}</span>
          </Link>
        </li>
        <li>
          <Link className={s.choice} to="?for=child">
            <span className={s.choiceTitle}>{t('reservation.choice.child')}</span>
            <span>{t('reservation.choice.childHint')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

function IdentifyButton({ reason }: { reason: 'child' | 'noPatient' }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="reason" value={reason} />
      <button type="submit" name="intent" value="identify" className={ui.button.primary}>
        {t('reservation.identify.button')}
      </button>
    </Form>
  );
}

function ChildIdentification() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="child-title">
      <h1 id="child-title">{t('reservation.choice.childTitle')}</h1>
      <p>{t('reservation.choice.childText')}</p>
      <IdentifyButton reason="child" />
      <p>
        <Link to="?">{t('reservation.choice.back')}</Link>
      </p>
    </section>
  );
}

function Interrupted() {
  const { t } = useTranslation();
  const { billing } = brandFacts(usePortalEnv().brand);
  return (
    <section className={ui.card} aria-labelledby="interrupted-title">
      <h1 id="interrupted-title">{t('reservation.interrupted.title')}</h1>
      <p>{t('reservation.interrupted.text')}</p>
      <dl className={s.contactList}>
        <dt>{t('reservation.interrupted.phone')}</dt>
        <dd>
          <a href={`tel:${billing.phone.tel}`}>{billing.phone.display}</a>
        </dd>
        <dt>{t('reservation.interrupted.email')}</dt>
        <dd>
          <a href={`mailto:${billing.email}`}>{billing.email}</a>
        </dd>
      </dl>
    </section>
  );
}

type FormView = Extract<View, { kind: 'anonymous' | 'user' }>;

function ReservationForm({
  view,
  lang,
  actionData,
  cancellationLimitHours,
  bindingConsentHours,
}: {
  view: FormView;
  lang: Language;
  actionData: Route.ComponentProps['actionData'];
  cancellationLimitHours: number;
  bindingConsentHours: number;
}) {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  const navigation = useNavigation();
  const anonymous = view.kind === 'anonymous';
  const { bindingRequired } = view;
  const schema = useMemo<z.ZodTypeAny>(
    () => (anonymous ? anonymousReservationSchema({ bindingRequired }) : userReservationSchema({ bindingRequired })),
    [anonymous, bindingRequired],
  );
  // Typed by the anonymous form, whose fields are a superset of the logged-in one's.
  const [form, fields] = useForm<z.input<ReturnType<typeof anonymousReservationSchema>>>({
    id: 'reservation',
    lastResult: actionData?.result as SubmissionResult<string[]> | undefined,
    constraint: getZodConstraint(schema),
    defaultValue: view.kind === 'user' ? view.defaults : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const validity = useFormValidity(schema);
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'reserve';
  const failure = actionData?.failure ?? null;

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
  ];

  return (
    <>
      <h1>{t('reservation.reserveTitle')}</h1>
      <div className={s.layout}>
        <section className={ui.card}>
          <AppointmentDetails appointment={view.preview} showPriceDetails={false} headingLevel={2} />
        </section>
        <section className={ui.card} aria-labelledby="details-title">
          <h2 id="details-title">{t('reservation.form.title')}</h2>
          {view.kind === 'user' ? <p>{t('reservation.form.bookingAs', { name: view.name })}</p> : null}
          <p>{t('reservation.form.intro')}</p>

          {failure === 'noPatient' ? (
            <div role="alert" className={`${ui.alertBox} ${ui.alert.info}`}>
              <h3>{t('reservation.identify.noPatientTitle')}</h3>
              <p>{t('reservation.identify.noPatientText')}</p>
              <IdentifyButton reason="noPatient" />
              <p>
                {t('reservation.identify.phone')}{' '}
                <a href={`tel:${brand.customerService.tel}`}>{brand.customerService.display}</a>
              </p>
            </div>
          ) : null}
          {failure && failure !== 'noPatient' ? (
            <div role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
              <p>{t(`reservation.errors.${failure}`)}</p>
              {failure === 'appointmentNotAvailable' ? (
                <Link to={pagePath('privateSearch', lang)}>{t('reservation.slot.backToList')}</Link>
              ) : null}
            </div>
          ) : null}
          {form.status === 'error' ? <ErrorSummary fields={labelled} /> : null}

          <Form method="post" {...getFormProps(form)} ref={validity.ref} onChange={validity.check} noValidate>
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
              <TextField
                meta={fields.phone}
                label={t('reservation.form.phone')}
                hint={t('reservation.form.phoneHint')}
                type="tel"
                autoComplete="tel"
              />
              <TextField meta={fields.emailAddress} label={t('reservation.form.email')} type="email" autoComplete="email" />
            </div>
            {anonymous ? (
              <CheckboxField meta={fields.termsApproved} label={t('reservation.form.terms', { hours: cancellationLimitHours })} />
            ) : null}
            {bindingRequired ? (
              <CheckboxField meta={fields.bindingApproved} label={t('reservation.form.binding', { hours: bindingConsentHours })} />
            ) : null}
            <button
              type="submit"
              name="intent"
              value="reserve"
              className={ui.button.primary}
              disabled={submitting || validity.valid === false}
            >
              {submitting ? t('reservation.form.booking') : t('reservation.form.book')}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
