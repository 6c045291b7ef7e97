/**
 * Reserve one free time (/fi/vapaat-ajat/:slotId, /sv/lediga-tider/…, /en/available-appointments/…).
 *
 * The flow's steps are decided by one pure function, `reserveStep` (reservation-flow-rules.ts):
 * the loader gathers the facts (the slot, the receipt, the visitor, the own-or-child choice) and
 * renders the step or redirects to it: a slot that needs strong identification sends anonymous
 * visitors to identify and back; a logged-in user who is not yet a patient registers first, then
 * gives the patient data consent, then books. Anonymous visitors of the children's brand first
 * choose whose appointment it is; a guardian picks the child (refreshed from the population
 * register), registers them and gives their consent if needed, and books with the child as the
 * patient (ADR 0021, 0023). The action consults the same step before booking and maps the service's result
 * onto the flow (`answerForResult`). Every form is a plain post: a success redirects back here
 * with the reservation receipt (post/redirect/get) and the page shows the confirmation; refusals
 * answer with the form and its values. The same module serves the occupational reserve page
 * (`occupationalReserve`): the employer pays, the person's agreement must allow web reservation
 * and cover the specialty, and the form asks the agreement's confirmation. The page is plain
 * HTML (ADR 0009): the form's fields carry the schema's constraints, and with JavaScript the page
 * script keeps the book button disabled until they hold. The insurance reserve page
 * (`insuranceReserve`, ADR 0022) adds the insurer step before the form: its posts (intents
 * `insurer-*`, `if-*`, `lt-*`, `op-*`) change the person's insurer choice for the time and
 * redirect back here.
 */
import { type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { DeclaredInsurer, InsuranceSummary, InsurerStep } from '~/components/booking/InsurerStep';
import { OccupationalRefusal } from '~/components/booking/OccupationalRefusal';
import { ChildByPhone, NoWards, OwnOrChildChoice, WardChoice } from '~/components/booking/OwnOrChildChoice';
import { ReservationForm, type ReservationFormView } from '~/components/booking/ReservationForm';
import { ReservationInterrupted } from '~/components/booking/ReservationInterrupted';
import { ReservationSuccess } from '~/components/booking/ReservationSuccess';
import { ReservationUnavailable } from '~/components/booking/ReservationUnavailable';
import { ReceptionRegistration } from '~/components/booking/ReceptionRegistration';
import { ReminderNotice } from '~/components/appointments/ReminderNotice';
import { authContext, portalContext, requestInfoContext, type Auth } from '~/context';
import type { Language } from '~/i18n/config';
import { invariantResponse, pageTitle } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import type { AppointmentView } from '~/models/appointments/appointment';
import type { ReminderNoticeView } from '~/models/appointments/reminder';
import { contactValuesOf } from '~/models/contact';
import { encodeSaveAction } from '~/models/save-action';
import { anonymousReservationSchema, userReservationSchema, type ReservationFormOptions } from '~/models/booking/reservation-schemas';
import { pagePath } from '~/route-table';
import type { PageMatch } from '~/route-match';
import { notFound } from '~/lib/http/responses';
import { recordEvent } from '~/services/analytics/analytics.server';
import { getAnonymousAppointment, getAppointments } from '~/services/appointments/appointments.server';
import { reminderNotice } from '~/services/appointments/reminders.server';
import { viewerOf } from '~/services/people/viewer.server';
import {
  answerForResult,
  CHOICE_PARAM,
  parseChoice,
  reserveStep,
  WARD_PARAM,
  stepOnPost,
  type ReserveAnswer,
  type ReserveFacts,
  type ReserveFailure,
  type ReserveStep,
} from '~/services/booking/reservation-flow-rules';
import { guardianFacts, type GuardianFacts } from '~/services/booking/guardian-facts.server';
import { bookingPatient, postInsurerStep, reserveAnonymously, reserveAsUser, reserveForWard } from '~/services/booking/reservation.server';
import type { PersonRow } from '~/services/people/people.server';
import { reservationSettings } from '~/services/booking/reservation/settings.server';
import { getSlotForReservation, type SlotForReservation } from '~/services/booking/reservation/slot.server';
import type { ReservationResult } from '~/services/booking/reservation/types';
import { NO_PAYER_FACTS, PAYER_PAGES, payerOf, payerOfPage, type Payer, type PayerFacts } from '~/services/booking/payers/index.server';
import { readReceipt, receiptHeader } from '~/lib/http/reservation-receipt.server';
import { parseSlotId } from '~/services/booking/reservation-rules';
import { getDb } from '~/services/db/db.server';
import { refreshGuardianships } from '~/services/people/population-register/population-register.server';
import type { InsuranceSummaryView, Insurer, InsurerPostRefusal, InsurerStepView } from '~/models/booking/insurance';
import { declaredInsurer } from '~/services/booking/insurance/reserve-step.server';
import type { Route } from './+types/reserve';

/** Marks the return from strong identification (recorded once, then dropped from the address). */
const IDENTIFIED_PARAM = 'identified';

const IdentifySchema = z.object({
  intent: z.literal('identify'),
  reason: z.literal('noPatient'),
});

/** An anonymous visitor who is not yet a patient chooses to register at a reception instead (ADR 0041). */
const ReceptionSchema = z.object({ intent: z.literal('reception') });

/** Marks the page that tells how to register at a reception (after the choice was recorded). */
const RECEPTION_PARAM = 'reception';

/** What the page shows: a step of the flow, with what that step needs. */
type View =
  | { kind: 'notFound' | 'reserved' | 'choice' | 'childByPhone' | 'interrupted' | 'noOccupationalHealthcare' }
  | { kind: 'reception'; clinic: AppointmentView['clinic'] | null }
  | { kind: 'noWebReservation'; specialContract: boolean }
  | { kind: 'wardChoice'; wards: GuardianFacts['wards'] }
  | { kind: 'noWards' }
  | { kind: 'success'; appointment: AppointmentView; anonymous: boolean; insurer?: Insurer | null; reminder: ReminderNoticeView | null }
  | InsurerStepView
  | (ReservationFormView & { insurance?: InsuranceSummaryView });

/** Strong identification, coming back to this page (the identity provider is chosen on the login page). */
function identificationPath(lang: Language, back: string, url?: URL): string {
  const query = flowQuery(url);
  query.set(IDENTIFIED_PARAM, '1');
  return `/oauth/authenticate?${new URLSearchParams({ lang, next: `${back}?${query}` })}`;
}

/** The own-or-child choice and the chosen child: they ride along through every step. */
function flowQuery(url?: URL): URLSearchParams {
  const keep = new URLSearchParams();
  for (const name of [CHOICE_PARAM, WARD_PARAM]) {
    const value = url?.searchParams.get(name);
    if (value) keep.set(name, value);
  }
  return keep;
}

/** The booking form's schema: the anonymous visitor's, or a logged-in user's (the occupational confirmation). */
function reservationSchema(anonymous: boolean, options: ReservationFormOptions) {
  return anonymous ? anonymousReservationSchema(options) : userReservationSchema(options);
}

/** Where a step that is not shown with the form lives: another page, or this one (with the choice). */
function stepLocation(step: ReserveStep, lang: Language, here: string, url: URL): string {
  const next = new URLSearchParams({ next: here });
  switch (step.step) {
    case 'identify':
      return identificationPath(lang, here, url);
    case 'registration':
      return pagePath('registration', lang, {}, next);
    case 'consent':
      return pagePath('patientDataConsent', lang, {}, next);
    case 'childRegistration':
    case 'childConsent': {
      // The guardian registers the child / gives the consent for them, then comes back to this child's form.
      const back = `${here}?${flowQuery(url)}`;
      const query = new URLSearchParams({ ward: url.searchParams.get(WARD_PARAM) ?? '', next: back });
      return pagePath(step.step === 'childRegistration' ? 'registration' : 'patientDataConsent', lang, {}, query);
    }
    default: {
      const keep = flowQuery(url);
      return keep.size ? `${here}?${keep}` : here;
    }
  }
}

/**
 * The page's payer (the occupational and insurance variants of the page) and its reserve page,
 * whose own rule (the occupational page's flag, brand and login) the loader and action check
 * again. No page matched: no reservation at all.
 */
function pagePayer(match: PageMatch | null): { payer: Payer; pageKey: (typeof PAYER_PAGES)[keyof typeof PAYER_PAGES]['reserve'] } {
  if (!match) throw notFound();
  const payer = payerOf(payerOfPage(match.key));
  return { payer, pageKey: PAYER_PAGES[payer.key].reserve };
}

/** What the payer says of a logged-in visitor and an open slot (the agreement, the insurer choice). */
async function payerFactsOf(
  db: Awaited<ReturnType<typeof getDb>>,
  payer: Payer,
  patient: PersonRow | null,
  slot: SlotForReservation | null,
  slotId: number,
  brand: ReserveFacts['brand'],
) {
  if (!patient || slot?.state !== 'open') return NO_PAYER_FACTS;
  return payer.reservationFacts(db, patient, { id: slotId, specialtyId: slot.specialtyId }, brand);
}

/**
 * A logged-in visitor's wards and the chosen one (a guardian is asked whose appointment it is).
 * Before the ward choice is shown (loader only) the guardianships are refreshed from the
 * population register (ADR 0023); when it does not answer, the child is booked by phone.
 */
async function guardianOf(
  db: Awaited<ReturnType<typeof getDb>>,
  auth: Auth | null,
  url: URL,
  refresh = false,
): Promise<(GuardianFacts & { registerUnavailable?: boolean }) | null> {
  if (!auth) return null;
  const child = parseChoice(url.searchParams.get(CHOICE_PARAM)) === 'child';
  if (!child) return auth.wards.length === 0 ? null : guardianFacts(db, auth.person.id, null);
  const wardId = url.searchParams.get(WARD_PARAM);
  if (refresh && !wardId) {
    const refreshed = await refreshGuardianships(db, auth.person);
    if (refreshed.type === 'unavailable') return { ...(await guardianFacts(db, auth.person.id, null)), registerUnavailable: true };
  }
  return guardianFacts(db, auth.person.id, wardId);
}

/**
 * The facts of the flow from the slot, the receipt, who is asking (the patient of a booking "as
 * themself": the visitor, or the adult they act for, `bookingPatient`) and what the payer says.
 */
function factsOf(
  slot: SlotForReservation | null,
  receipt: boolean,
  auth: PersonRow | null,
  brand: ReserveFacts['brand'],
  url: URL,
  payer: Payer,
  terms: PayerFacts,
  guardian: (GuardianFacts & { registerUnavailable?: boolean }) | null,
  asker: Auth | null,
): ReserveFacts {
  return {
    slot:
      !slot || slot.state !== 'open' ? { state: slot?.state ?? 'notFound' } : { state: 'open', requiresAuth: slot.requiresAuth, forChildren: slot.forChildren },
    receipt,
    brand,
    payer: payer.key,
    choice: url.searchParams.get(CHOICE_PARAM),
    visitor: auth
      ? {
          isPatient: auth.isPatient,
          patientDataConsentGiven: auth.patientDataConsentUpdatedAt !== null,
          eligible: payer.ineligibility(auth) === null,
          occupational: terms.occupational,
          guardian: guardian ? { youngWards: guardian.wards.length, chosen: guardian.chosen, registerUnavailable: guardian.registerUnavailable } : undefined,
          insurance: terms.insurance ? (terms.insurance.complete ? 'complete' : 'incomplete') : undefined,
          forPrincipal: asker !== null && auth.id !== asker.person.id,
        }
      : null,
  };
}

export async function loader({ request, params, context, url: routedUrl }: Route.LoaderArgs) {
  const { lang, brand, inApp, page: match } = context.get(portalContext);
  const { payer, pageKey } = pagePayer(match);
  requirePage({ context, url: routedUrl }, pageKey);
  const auth = context.get(authContext);
  const url = new URL(request.url);
  const settings = reservationSettings();
  const slotId = parseSlotId(params.slotId);
  const here = pagePath(pageKey, lang, { slotId: params.slotId });
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
        here,
        occupational: payer.key === 'occupational',
      },
      { status },
    );

  if (url.searchParams.has(IDENTIFIED_PARAM)) {
    if (auth) await recordEvent(db, 'authenticationSuccess', { slotId: slotId ?? 0 });
    const keep = flowQuery(url);
    throw redirect(keep.size ? `${here}?${keep}` : here);
  }
  if (!slotId) return page({ kind: 'notFound' }, 404);

  // The confirmation, for the visitor whose reservation it is.
  const receipt = await readReceipt(request);
  let booked: AppointmentView | undefined | null;
  if (receipt?.slotId === slotId) {
    booked = auth ? (await getAppointments(db, viewerOf(auth), [receipt.appointmentId], lang))[0] : await getAnonymousAppointment(db, receipt.code, lang);
  }
  const live = booked && !booked.cancelledBy ? booked : null;
  let slot = live ? null : await getSlotForReservation(db, slotId, lang, { settings, payer: payer.key });
  // Whom the visitor books for as themself: themself, or the adult they act for (ADR 0050).
  const patient = auth ? ((await bookingPatient(db, auth)) ?? null) : null;
  const terms = await payerFactsOf(db, payer, patient, slot, slotId, brand);
  // A time of a specialty the agreement does not cover is not this person's to book.
  if (!terms.covered) slot = { state: 'notFound' };

  const guardian = await guardianOf(db, auth, url, slot?.state === 'open' && live === null);
  const { insurance } = terms;
  const step = reserveStep(factsOf(slot, live !== null, patient, brand, url, payer, terms, guardian, auth));
  switch (step.step) {
    case 'success':
      return page({
        kind: 'success',
        appointment: live!,
        anonymous: !auth,
        insurer: await declaredInsurer(db, live!.id),
        reminder: await reminderNotice(db, live!.id, lang),
      });
    case 'insurer':
      if (slot?.state !== 'open' || !auth || !insurance) return page({ kind: 'notFound' }, 404);
      return page(await insurance.stepView({ preview: slot.preview, lang, inApp, here, forPrincipal: patient?.id !== auth.person.id }));
    case 'notFound':
      return page({ kind: 'notFound' }, 404);
    case 'reserved':
    case 'choice':
    case 'childByPhone':
    case 'interrupted':
    case 'noOccupationalHealthcare':
    case 'noWards':
      return page({ kind: step.step });
    case 'wardChoice':
      return page({ kind: 'wardChoice', wards: guardian?.wards ?? [] });
    case 'noWebReservation':
      return page({ kind: step.step, specialContract: terms.specialContract });
    case 'identify':
    case 'registration':
    case 'consent':
    case 'childRegistration':
    case 'childConsent':
      throw redirect(stepLocation(step, lang, here, url));
    case 'form': {
      // reserveStep answers "form" only for an open slot.
      if (slot?.state !== 'open') return page({ kind: 'notFound' }, 404);
      // How to register at a reception, for the anonymous visitor who chose it (the event is recorded by the action).
      if (!auth && url.searchParams.get(RECEPTION_PARAM) === '1') {
        return page({ kind: 'reception', clinic: slot.preview.isRemote ? null : slot.preview.clinic });
      }
      if (step.who === 'anonymous' || !auth) {
        const constraint = getZodConstraint(reservationSchema(true, { bindingRequired: slot.bindingRequired }));
        return page({ kind: 'anonymous', preview: slot.preview, bindingRequired: slot.bindingRequired, constraint });
      }
      return page({
        kind: 'user',
        preview: slot.preview,
        bindingRequired: slot.bindingRequired,
        constraint: getZodConstraint(reservationSchema(false, { bindingRequired: slot.bindingRequired, confirmation: terms.confirmation })),
        name: `${auth.person.firstName} ${auth.person.lastName}`.trim(),
        defaults: { phone: auth.person.phone ?? '', emailAddress: auth.person.email ?? '' },
        // The contact info editor (spec 3 §4): edited on my information, which comes back here.
        contact: contactValuesOf(auth.person),
        editContactHref: pagePath(
          'myInformation',
          lang,
          {},
          new URLSearchParams({
            edit: 'contact',
            saveAction: encodeSaveAction({ type: 'go-to-reserve-appointment-page', appointmentId: slotId }),
          }),
        ),
        confirmation: terms.confirmation,
        // A guardian books for the child, a delegate for the adult they act for: they are the
        // patient, the confirmation goes to whoever books.
        ...(step.who === 'guardian' && guardian?.ward
          ? { forChild: guardian.ward.name }
          : patient && patient.id !== auth.person.id
            ? { forChild: `${patient.firstName} ${patient.lastName}`.trim() }
            : {}),
        ...(insurance ? { insurance: await insurance.summary(lang) } : {}),
      });
    }
  }
}

export async function action({ request, params, context, url: routedUrl }: Route.ActionArgs) {
  const { lang, brand, inApp, page: match } = context.get(portalContext);
  const { payer, pageKey } = pagePayer(match);
  requirePage({ context, url: routedUrl }, pageKey);
  const auth = context.get(authContext);
  const url = new URL(request.url);
  const slotId = parseSlotId(params.slotId);
  invariantResponse(slotId);
  const here = pagePath(pageKey, lang, { slotId: params.slotId });
  const db = await getDb();
  const formData = await request.formData();

  const identify = IdentifySchema.safeParse(Object.fromEntries(formData));
  if (identify.success) {
    await recordEvent(db, 'hpaLogin', { slotId, reason: identify.data.reason });
    return redirect(identificationPath(lang, here), 303);
  }
  // Spec 1 §4's booking-flow event registerAtReception: the visitor who is not yet a patient
  // registers at a reception instead of identifying (ids only, like hpaLogin).
  if (!auth && ReceptionSchema.safeParse(Object.fromEntries(formData)).success) {
    await recordEvent(db, 'registerAtReception', { slotId });
    return redirect(`${here}?${new URLSearchParams({ [RECEPTION_PARAM]: '1' })}`, 303);
  }

  let slot = await getSlotForReservation(db, slotId, lang, { payer: payer.key });
  // Whom the visitor books for as themself: themself, or the adult they act for (ADR 0050).
  const patient = auth ? ((await bookingPatient(db, auth)) ?? null) : null;
  const terms = await payerFactsOf(db, payer, patient, slot, slotId, brand);
  if (!terms.covered) slot = { state: 'notFound' };
  const guardian = await guardianOf(db, auth, url);
  const { insurance } = terms;
  const step = reserveStep(factsOf(slot, false, patient, brand, url, payer, terms, guardian, auth));
  // The insurer step's posts (also from the form: remove the permit, change the insurer).
  if (insurance && auth && slot.state === 'open' && (step.step === 'insurer' || step.step === 'form')) {
    const posted = await postInsurerStep(db, auth, formData, { brand, slotId, isRemote: slot.preview.isRemote });
    if (posted?.type === 'ok') return redirect(here, 303);
    if (posted?.type === 'refused') return data({ insurerRefusal: posted.reason }, { status: 400 });
  }
  const answer = async (to: ReserveAnswer, reply: (fieldErrors?: Record<string, string[]>) => SubmissionResult<string[]> | undefined) => {
    if (to.type === 'refused') {
      return data({ result: reply(to.fieldErrors), failure: to.failure as ReserveFailure | null }, { status: to.status });
    }
    return redirect(stepLocation(to.step, lang, here, url), 303);
  };
  // Not at the form (gone meanwhile, a step still open, a child's appointment): nothing is booked.
  if (step.step !== 'form') return answer(stepOnPost(step), () => undefined);
  // (reserveStep answers "form" only for an open slot; this narrows the type.)
  if (slot.state !== 'open') return answer(stepOnPost({ step: 'reserved' }), () => undefined);
  const reservationContext = { lang, brand, inApp, origin: context.get(requestInfoContext).origin, payer: payer.key };

  const schema = reservationSchema(!auth, { bindingRequired: slot.bindingRequired, confirmation: terms.confirmation });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return data({ result: submission.reply(), failure: null }, { status: 400 });

  const result: ReservationResult =
    auth && step.who === 'guardian' && guardian?.ward
      ? await reserveForWard(db, auth, guardian.ward.id, { slotId, ...submission.value }, reservationContext)
      : auth
        ? await reserveAsUser(db, auth, { slotId, ...submission.value }, reservationContext)
        : await reserveAnonymously(db, { slotId, ...submission.value }, reservationContext);
  if (result.type === 'success') {
    const headers = new Headers({ Location: here });
    headers.append('Set-Cookie', await receiptHeader({ slotId, appointmentId: result.appointmentId, code: result.anonymousCode }));
    return new Response(null, { status: 303, headers });
  }
  return answer(answerForResult(result, !auth), (fieldErrors) => submission.reply(fieldErrors ? { fieldErrors } : undefined));
}

export default function Reserve({ loaderData, actionData }: Route.ComponentProps) {
  const { view, lang } = loaderData;
  switch (view.kind) {
    case 'notFound':
    case 'reserved':
      return <ReservationUnavailable lang={lang} reason={view.kind} />;
    case 'reception':
      return <ReceptionRegistration clinic={view.clinic} back={loaderData.here} />;
    case 'success':
      return (
        <ReservationSuccess
          appointment={view.appointment}
          anonymous={view.anonymous}
          lang={lang}
          inApp={loaderData.inApp}
          hours={loaderData.cancellationLimitHours}
          extra={
            <>
              {view.insurer ? <DeclaredInsurer insurer={view.insurer} /> : null}
              {view.reminder ? <ReminderNotice notice={view.reminder} /> : null}
            </>
          }
        />
      );
    case 'insurer':
      return <InsurerStep view={view} refusal={insurerRefusalOf(actionData)} />;
    case 'choice':
      return <OwnOrChildChoice />;
    case 'childByPhone':
      return <ChildByPhone />;
    case 'wardChoice':
      return <WardChoice wards={view.wards} />;
    case 'noWards':
      return <NoWards />;
    case 'interrupted':
      return <ReservationInterrupted />;
    case 'noOccupationalHealthcare':
      return <OccupationalRefusal reason={view.kind} lang={lang} />;
    case 'noWebReservation':
      return <OccupationalRefusal reason={view.kind} lang={lang} specialContract={view.specialContract} />;
    case 'anonymous':
    case 'user':
      return (
        <ReservationForm
          view={view}
          lang={lang}
          lastResult={actionData && 'result' in actionData ? (actionData.result as SubmissionResult<string[]> | undefined) : undefined}
          failure={actionData && 'failure' in actionData ? actionData.failure : null}
          cancellationLimitHours={loaderData.cancellationLimitHours}
          bindingConsentHours={loaderData.bindingConsentHours}
          extra={view.kind === 'user' && view.insurance ? <InsuranceSummary summary={view.insurance} refusal={insurerRefusalOf(actionData)} /> : null}
        />
      );
  }
}

function insurerRefusalOf(actionData: unknown): InsurerPostRefusal | null {
  return actionData && typeof actionData === 'object' && 'insurerRefusal' in actionData ? (actionData.insurerRefusal as InsurerPostRefusal) : null;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }];

export { ErrorBoundary } from '~/components/page-exports';
