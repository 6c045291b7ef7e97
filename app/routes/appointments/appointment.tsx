/**
 * The appointment page: one or several appointments (comma-joined ids) with details, price,
 * check-in, the consent-needed panel, the reason for the visit, cancel and calendar links.
 * Every action is a plain form post answered with a redirect; JS adds the cancel dialog, the
 * character counter and toasts for the reason. The reason is validated on the server only (the
 * zod schema below; conform's reply carries the error and the typed text back), so neither zod
 * nor conform ships to the browser: the counter is plain React state (ADR 0009).
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useEffect, useState } from 'react';
import type { TextKey } from '~/i18n/keys';
import { useMessageText, useTranslation } from '~/i18n/react';
import { data, Form, Link, redirect, useFetcher, useSearchParams } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { AppointmentDetails, appointmentTitle } from '~/components/appointments/AppointmentDetails';
import { ConfirmLink } from '~/components/ConfirmLink';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { JsMarker } from '~/components/JsMarker';
import { useToasts } from '~/components/Toasts';
import { portalContext } from '~/context';
import { sentByScript } from '~/lib/intent';
import { pageTitle, requireAuth, titleWith } from '~/lib/http/page.server';
import { ARRIVAL_REASON_MAX, type AppointmentView, type CheckInResult } from '~/models/appointments/appointment';
import { arrivalReasonSchema } from '~/models/appointments/schemas';
import { hasControlCharacters } from '~/models/text';
import { pagePath } from '~/route-table';
import {
  acceptConfidentiality,
  checkIn,
  getAppointments,
  saveArrivalReason,
} from '~/services/appointments/appointments.server';
import { viewerOf } from '~/services/people/viewer.server';
import { parseAppointmentIds } from '~/services/appointments/rules';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import * as s from '~/styles/appointments.css';
import * as ui from '~/styles/ui.css';
import type { RouteHandle } from '~/components/hydration';
import type { Route } from './+types/appointment';

/** Hydrated: the cancel confirmation dialog, the arrival reason's counter and save without reload, check-in toasts (ADR 0009). */
export const handle: RouteHandle = { hydrate: true };

const appointmentId = z.coerce.number().int().positive();

const ArrivalReasonSchema = z.object({
  intent: z.literal('arrivalReason'),
  appointmentId,
  arrivalReason: arrivalReasonSchema,
});

const ActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('checkIn'), appointmentId }),
  z.object({ intent: z.literal('acceptTerms'), appointmentId }),
  ArrivalReasonSchema,
]);

const CHECK_IN_MESSAGES: Partial<Record<CheckInResult, TextKey>> = {
  success: 'appointments.checkIn.success',
  alreadyCheckedIn: 'appointments.checkIn.alreadyCheckedIn',
  tooEarly: 'appointments.checkIn.tooEarly',
  checkInOnlyAtReception: 'appointments.checkIn.onlyAtReception',
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const ids = parseAppointmentIds(params.ids);
  const appointments = ids ? await getAppointments(await getDb(), viewerOf(auth), ids, lang) : [];
  const title =
    appointments.length === 1 ? titleWith(context, appointmentTitle(appointments[0]!)) : pageTitle(context, 'appointments.pageTitle');
  return data(
    { title, lang, appointments, showPriceDetails: auth.features['price-details'] },
    // A missing (or someone else's) appointment is the same "not found", with its status.
    { status: appointments.length ? 200 : 404 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ActionSchema });
  const here = pagePath('appointment', lang, { ids: params.ids });
  if (submission.status !== 'success') return refusedPost(formData, here, submission.reply());
  const db = await getDb();
  const viewer = viewerOf(auth);
  const { intent, appointmentId: id } = submission.value;

  switch (submission.value.intent) {
    case 'checkIn': {
      const result = await checkIn(db, viewer, id);
      if (result === 'confidentialityFormNotFilled' || result === 'confidentialityFormNotFilledAsAdult') {
        return redirect(`${here}?${new URLSearchParams({ consent: String(id) })}`);
      }
      const key = CHECK_IN_MESSAGES[result] ?? 'appointments.checkIn.failed';
      return redirectWithFlash(here, { type: result === 'success' ? 'success' : 'error', key });
    }
    case 'acceptTerms': {
      const ok = await acceptConfidentiality(db, viewer, id);
      return redirectWithFlash(here, ok ? { type: 'success', key: 'appointments.consent.accepted' } : { type: 'error', key: 'appointments.checkIn.failed' });
    }
    case 'arrivalReason': {
      const result = await saveArrivalReason(db, viewer, id, submission.value.arrivalReason);
      if (sentByScript(formData)) return data({ intent, appointmentId: id, result: submission.reply(), saved: result === 'success' });
      return redirectWithFlash(
        here,
        result === 'success'
          ? { type: 'success', key: 'appointments.arrivalReason.saved' }
          : { type: 'error', key: 'appointments.arrivalReason.failed' },
      );
    }
  }
}

/**
 * A post that did not parse answers for the intent that was posted: a refused reason for the
 * visit comes back (400) with its error and text for the one appointment it was sent for; a
 * malformed check-in or terms post gets that action's failure message. Anything else is a 400.
 */
function refusedPost(formData: FormData, here: string, result: SubmissionResult<string[]>) {
  const intent = formData.get('intent');
  const posted = appointmentId.safeParse(formData.get('appointmentId'));
  switch (intent) {
    case 'arrivalReason':
      return data(
        { intent: 'arrivalReason' as const, appointmentId: posted.success ? posted.data : null, result, saved: null },
        { status: 400 },
      );
    case 'checkIn':
    case 'acceptTerms':
      return redirectWithFlash(here, { type: 'error', key: 'appointments.checkIn.failed' });
    default:
      throw data({ error: 'badRequest' }, { status: 400 });
  }
}

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { appointments, lang, showPriceDetails } = loaderData;
  const [searchParams] = useSearchParams();
  const consentFor = Number(searchParams.get('consent'));

  if (appointments.length === 0) {
    return (
      <section className={ui.card}>
        <h1>{t('appointments.notFoundTitle')}</h1>
        <p>{t('appointments.notFoundText')}</p>
        <Link to={pagePath('appointmentList', lang)}>{t('appointments.showAll')}</Link>
      </section>
    );
  }

  return (
    <>
      {appointments.map((a) => (
        <article key={a.id} className={ui.card} aria-label={appointmentTitle(a)}>
          <AppointmentDetails appointment={a} showPriceDetails={showPriceDetails} headingLevel={appointments.length === 1 ? 1 : 2} />
          <Actions appointment={a} lang={lang} consentNeeded={consentFor === a.id && a.confidentiality !== 'ok'} actionData={actionData} />
        </article>
      ))}
      <p>
        <Link to={pagePath('appointmentList', lang)}>{t('appointments.showAll')}</Link>
      </p>
    </>
  );
}

function Actions({
  appointment: a,
  lang,
  consentNeeded,
  actionData,
}: {
  appointment: AppointmentView;
  lang: 'fi' | 'sv' | 'en';
  consentNeeded: boolean;
  actionData: Route.ComponentProps['actionData'];
}) {
  const { t } = useTranslation();
  if (a.cancelledBy) return null;
  const live = !a.hasEnded || a.checkInStatus !== 'statusNotAvailable';
  return (
    <>
      {consentNeeded ? (
        <section className={`${ui.alertBox} ${ui.alert.info}`} aria-labelledby={`consent-${a.id}`}>
          <h2 id={`consent-${a.id}`}>{t('appointments.consent.title')}</h2>
          <p>{t(a.confidentiality === 'notFilledAsAdult' ? 'appointments.consent.textAdult' : 'appointments.consent.text')}</p>
          <Form method="post">
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="appointmentId" value={a.id} />
            <button type="submit" name="intent" value="acceptTerms" className={ui.button.primary}>
              {t('appointments.consent.accept')}
            </button>
          </Form>
        </section>
      ) : (
        <CheckIn appointment={a} />
      )}
      {!a.isRemote && live ? (
        <ArrivalReason
          appointment={a}
          // Only the form the refused post was sent from shows its error and typed text.
          lastResult={actionData?.intent === 'arrivalReason' && actionData.appointmentId === a.id ? actionData.result : undefined}
        />
      ) : null}
      <div className={ui.buttonRow}>
        {a.mayCancel && !consentNeeded ? (
          <ConfirmLink
            to={pagePath('appointmentCancel', lang, { id: String(a.id) })}
            className={ui.button.secondary}
            label={t('appointments.cancel.button')}
            question={t('appointments.cancel.question')}
            confirmLabel={t('appointments.cancel.yes')}
            cancelLabel={t('appointments.cancel.no')}
          />
        ) : null}
        {live ? (
          <a className={ui.button.secondary} href={`/api/appointments/${a.id}/calendar.ics?lang=${lang}`} download>
            {t('appointments.addToCalendar')}
          </a>
        ) : null}
      </div>
    </>
  );
}

function CheckIn({ appointment: a }: { appointment: AppointmentView }) {
  const { t } = useTranslation();
  switch (a.checkInStatus) {
    case 'checkedIn':
      return (
        <p className={`${ui.alertBox} ${ui.alert.success}`}>
          {t('appointments.checkIn.checkedIn')}{' '}
          {a.roomLocation ? t('appointments.checkIn.goToRoom', { room: a.roomLocation }) : t('appointments.checkIn.seeReception')}
        </p>
      );
    case 'onlyAtReception':
      return <p>{t('appointments.checkIn.onlyAtReception')}</p>;
    case 'allowed':
    case 'tooEarly':
      return (
        <Form method="post" className={s.checkIn}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="appointmentId" value={a.id} />
          <button
            type="submit"
            name="intent"
            value="checkIn"
            className={ui.button.primary}
            disabled={a.checkInStatus === 'tooEarly'}
            aria-describedby={a.checkInStatus === 'tooEarly' ? `checkin-info-${a.id}` : undefined}
          >
            {t('appointments.checkIn.button')}
          </button>
          {a.checkInStatus === 'tooEarly' ? (
            <p id={`checkin-info-${a.id}`} className={ui.hint}>
              {t('appointments.checkIn.tooEarlyInfo')}
            </p>
          ) : null}
        </Form>
      );
    default:
      return null;
  }
}

/** The reason's error and typed text from a refused post (conform's reply, made on the server). */
function refusal(result: SubmissionResult<string[]> | undefined) {
  const value = result?.initialValue?.arrivalReason;
  return { error: result?.error?.arrivalReason?.[0], value: typeof value === 'string' ? value : undefined };
}

/** What the server's schema would say about a reason, shown again as the visitor corrects it. */
function arrivalReasonError(value: string): TextKey | undefined {
  if (value.trim().length === 0) return 'validation.required';
  if (hasControlCharacters(value, { multiline: true })) return 'validation.controlCharacters';
  return value.trim().length > ARRIVAL_REASON_MAX ? 'appointments.arrivalReason.overLimit' : undefined;
}

function ArrivalReason({ appointment: a, lastResult }: { appointment: AppointmentView; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const fetcher = useFetcher<typeof action>();
  const { show } = useToasts();
  const formId = `arrival-${a.id}`;
  const fieldId = `${formId}-arrivalReason`;
  const errorId = `${fieldId}-error`;
  const result = fetcher.data?.intent === 'arrivalReason' ? fetcher.data.result : lastResult;
  const refused = refusal(result);
  // After a refused post (no JS) the submitted text comes back, not the saved one.
  const initialValue = refusal(lastResult).value ?? a.arrivalReason ?? '';
  // Counts the saved text, as the server renders it: a refused over-long text (no JS) must not
  // render the save button disabled, or the visitor could not send the corrected text.
  const [length, setLength] = useState([...(a.arrivalReason ?? '')].length);
  // The server's error, replaced as the visitor edits (as conform's revalidation on input did)
  // and taken afresh from each new answer.
  const [shown, setShown] = useState({ result, error: refused.error });
  if (shown.result !== result) setShown({ result, error: refused.error });
  const error = shown.result === result ? shown.error : refused.error;
  const setError = (next: string | undefined) => setShown({ result, error: next });
  const saved = fetcher.data && 'saved' in fetcher.data ? fetcher.data.saved : null;
  useEffect(() => {
    if (fetcher.state !== 'idle' || saved === null) return;
    show(
      saved
        ? { id: formId, type: 'success', text: t('appointments.arrivalReason.saved'), durationMs: 5000 }
        : { id: formId, type: 'error', text: t('appointments.arrivalReason.failed'), durationMs: 5000 },
    );
  }, [fetcher.state, saved, show, t, formId]);

  const over = length > ARRIVAL_REASON_MAX;
  const describedBy = [`${fieldId}-hint`, `${fieldId}-counter`, error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <section aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{t('appointments.arrivalReason.title')}</h2>
      <fetcher.Form
        method="post"
        id={formId}
        onSubmit={(event) => {
          // An empty reason is refused here as the server would refuse it, without a request.
          const value = new FormData(event.currentTarget).get('arrivalReason');
          const refusedHere = arrivalReasonError(typeof value === 'string' ? value : '');
          if (refusedHere) {
            event.preventDefault();
            setError(refusedHere);
            document.getElementById(fieldId)?.focus();
          }
        }}
      >
        <AuthenticityTokenInput name="csrf" />
        <JsMarker />
        <input type="hidden" name="appointmentId" value={a.id} />
        <input type="hidden" name="intent" value="arrivalReason" />
        <div className={ui.field}>
          <label className={ui.label} htmlFor={fieldId}>
            {t('appointments.arrivalReason.label')}
          </label>
          <span className={ui.hint} id={`${fieldId}-hint`}>
            {t('appointments.arrivalReason.hint', { max: ARRIVAL_REASON_MAX })}
          </span>
          {/* No maxLength: typing past the limit shows the message instead of silently cutting. */}
          <textarea
            id={fieldId}
            name="arrivalReason"
            defaultValue={initialValue}
            className={`${ui.input} ${s.textarea}`}
            aria-invalid={error || over ? true : undefined}
            aria-describedby={describedBy}
            onInput={(event) => {
              const value = event.currentTarget.value;
              setLength([...value].length);
              if (error) setError(arrivalReasonError(value));
            }}
          />
          <span id={`${fieldId}-counter`} className={`${s.counter} ${over ? s.counterOver : ''}`} aria-live="polite">
            {t('appointments.arrivalReason.counter', { count: length, max: ARRIVAL_REASON_MAX })}
            {over ? ` – ${t('appointments.arrivalReason.overLimit')}` : null}
          </span>
          {error ? (
            <span id={errorId} className={ui.fieldError}>
              {messageText(error, { max: ARRIVAL_REASON_MAX })}
            </span>
          ) : null}
        </div>
        <button type="submit" className={ui.button.primary} disabled={over || fetcher.state !== 'idle'}>
          {t('appointments.arrivalReason.save')}
        </button>
      </fetcher.Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
