/**
 * The appointment page: one or several appointments (comma-joined ids) with details, price,
 * check-in, the consent-needed panel, the reason for the visit, cancel and calendar links.
 * Every action is a plain form post answered with a redirect and a flash message. The page is
 * plain HTML; with JS the page script opens the cancel dialog and counts the reason's characters
 * (ADR 0009). The reason is validated on the server (the zod schema below; conform's reply
 * carries the error and the typed text back).
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { useMessageText, useTranslation } from '~/i18n/react';
import type { TextKey } from '~/i18n/keys';
import { LinkLine } from '~/components/LinkLine';
import { AppointmentDetails, appointmentTitle } from '~/components/appointments/AppointmentDetails';
import { ConfirmLink } from '~/components/ConfirmLink';
import { Field } from '~/components/forms';
import { EarlierTimeBox } from '~/components/appointments/EarlierTimeBox';
import { earlierTimeStatuses } from '~/services/appointments/earlier-times.server';
import { portalContext } from '~/context';
import { pageTitle, requireAuth, titleWith } from '~/lib/http/page.server';
import { ARRIVAL_REASON_MAX, practiceSystemNotice, type AppointmentView, type CheckInResult } from '~/models/appointments/appointment';
import { arrivalReasonSchema } from '~/models/appointments/schemas';
import { pagePath } from '~/route-table';
import { acceptConfidentiality, checkIn, getAppointments, saveArrivalReason, setHiddenFromGuardians } from '~/services/appointments/appointments.server';
import { viewerOf } from '~/services/people/viewer.server';
import { parseAppointmentIds } from '~/services/appointments/rules';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { FLASH_MS } from '~/models/shell/flash';
import * as s from '~/styles/appointments.css';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/appointment';

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
  // A minor hides their visit from their guardians, or shows it again (ADR 0034).
  z.object({ intent: z.literal('hideFromGuardians'), appointmentId }),
  z.object({ intent: z.literal('showToGuardians'), appointmentId }),
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
  const db = await getDb();
  const appointments = ids ? await getAppointments(db, viewerOf(auth), ids, lang) : [];
  // Earlier-time offers (ADR 0037): the box of each live appointment the viewer may see.
  const earlierTimes = await earlierTimeStatuses(
    db,
    appointments.filter((a) => !a.cancelledBy && !a.hasEnded),
    lang,
  );
  const title = appointments.length === 1 ? titleWith(context, appointmentTitle(appointments[0]!)) : pageTitle(context, 'appointments.pageTitle');
  return data(
    { title, lang, appointments, showPriceDetails: auth.features['price-details'], earlierTimes },
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
  const { appointmentId: id } = submission.value;

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
    case 'hideFromGuardians':
    case 'showToGuardians': {
      const result = await setHiddenFromGuardians(db, viewer, id, submission.value.intent === 'hideFromGuardians');
      return redirectWithFlash(
        here,
        result === 'hidden'
          ? { type: 'success', key: 'confidential.flash.hidden' }
          : result === 'shown'
            ? { type: 'success', key: 'confidential.flash.shown' }
            : { type: 'error', key: 'confidential.flash.failed' },
      );
    }
    case 'arrivalReason': {
      const result = await saveArrivalReason(db, viewer, id, submission.value.arrivalReason);
      return redirectWithFlash(
        here,
        result === 'success'
          ? { type: 'success', key: 'appointments.arrivalReason.saved', durationMs: FLASH_MS.arrivalReason }
          : { type: 'error', key: 'appointments.arrivalReason.failed', durationMs: FLASH_MS.arrivalReason },
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
      return data({ intent: 'arrivalReason' as const, appointmentId: posted.success ? posted.data : null, result, saved: null }, { status: 400 });
    case 'checkIn':
    case 'acceptTerms':
      return redirectWithFlash(here, { type: 'error', key: 'appointments.checkIn.failed' });
    case 'hideFromGuardians':
    case 'showToGuardians':
      return redirectWithFlash(here, { type: 'error', key: 'confidential.flash.failed' });
    default:
      throw data({ error: 'badRequest' }, { status: 400 });
  }
}

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { appointments, lang, showPriceDetails, earlierTimes } = loaderData;
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
          <GuardianControl appointment={a} />
          <EarlierTimeBox appointmentId={a.id} status={earlierTimes[a.id]} lang={lang} />
        </article>
      ))}
      <LinkLine to={pagePath('appointmentList', lang)}>{t('appointments.showAll')}</LinkLine>
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
      {a.mayCancel && a.practiceSystemForbids ? <p>{t(practiceSystemNotice(a.practiceSystemForbids))}</p> : null}
      <div className={ui.buttonRow}>
        {a.mayCancel && !consentNeeded && !a.practiceSystemForbids?.cancel ? (
          <ConfirmLink
            to={pagePath('appointmentCancel', lang, { id: String(a.id) })}
            className={ui.button.secondary}
            label={t('appointments.cancel.button')}
            question={t('appointments.cancel.question')}
            confirmLabel={t('appointments.cancel.yes')}
            cancelLabel={t('appointments.cancel.no')}
          />
        ) : null}
        {a.mayCancel && !consentNeeded && !a.practiceSystemForbids?.move ? (
          <Link className={ui.button.secondary} to={pagePath('appointmentMove', lang, { id: String(a.id) })}>
            {t('move.button')}
          </Link>
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

/**
 * A minor's own visit (12–17): hide it from their guardians, or show it again; a visit a
 * professional has hidden says so (ADR 0034). A plain form that posts and redirects.
 */
function GuardianControl({ appointment: a }: { appointment: AppointmentView }) {
  const { t } = useTranslation();
  const control = a.guardianControl;
  if (control === null) return null;
  const titleId = `guardian-${a.id}`;
  return (
    <section aria-labelledby={titleId} data-guardian-control={control}>
      <h2 id={titleId}>{t('confidential.hide.title')}</h2>
      {control === 'professional' ? (
        <p>{t('confidential.professional.text')}</p>
      ) : (
        <Form method="post">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="appointmentId" value={a.id} />
          {control === 'hide' ? (
            <>
              <p id={`${titleId}-text`}>{t('confidential.hide.text')}</p>
              <p id={`${titleId}-reversible`}>{t('confidential.hide.reversible')}</p>
              <button
                type="submit"
                name="intent"
                value="hideFromGuardians"
                className={ui.button.secondary}
                aria-describedby={`${titleId}-text ${titleId}-reversible`}
              >
                {t('confidential.hide.button')}
              </button>
            </>
          ) : (
            <>
              <p id={`${titleId}-text`}>{t('confidential.show.text')}</p>
              <button type="submit" name="intent" value="showToGuardians" className={ui.button.secondary} aria-describedby={`${titleId}-text`}>
                {t('confidential.show.button')}
              </button>
            </>
          )}
        </Form>
      )}
    </section>
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

function ArrivalReason({ appointment: a, lastResult }: { appointment: AppointmentView; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const formId = `arrival-${a.id}`;
  const fieldId = `${formId}-arrivalReason`;
  const counterId = `${fieldId}-counter`;
  const refused = refusal(lastResult);
  // After a refused post the submitted text comes back, not the saved one.
  const value = refused.value ?? a.arrivalReason ?? '';
  const length = [...value].length;
  // Past the limit the counter says so, unless the server's error already does.
  const over = length > ARRIVAL_REASON_MAX && !refused.error;
  return (
    <section aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{t('appointments.arrivalReason.title')}</h2>
      <Form method="post" id={formId}>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="appointmentId" value={a.id} />
        <input type="hidden" name="intent" value="arrivalReason" />
        <Field
          field={{ id: fieldId, errorId: `${fieldId}-error`, errors: refused.error ? [messageText(refused.error, { max: ARRIVAL_REASON_MAX })] : undefined }}
          label={t('appointments.arrivalReason.label')}
          hint={t('appointments.arrivalReason.hint', { max: ARRIVAL_REASON_MAX })}
        >
          {(control) => (
            <>
              {/* No maxLength: typing past the limit shows the message instead of silently cutting;
                  the page script keeps the counter and refuses to submit over the limit. */}
              <textarea
                {...control}
                name="arrivalReason"
                defaultValue={value}
                className={`${ui.input} ${s.textarea}`}
                aria-invalid={control['aria-invalid'] || over || undefined}
                aria-describedby={`${control['aria-describedby']} ${counterId}`}
                {...attrs({
                  countIn: counterId,
                  countMax: ARRIVAL_REASON_MAX,
                  countText: countTemplate(t('appointments.arrivalReason.counter', { count: COUNT_SLOT, max: ARRIVAL_REASON_MAX })),
                  countOver: t('appointments.arrivalReason.overLimit'),
                })}
              />
              <span id={counterId} className={s.counter} {...attrs({ over })} aria-live="polite">
                {t('appointments.arrivalReason.counter', { count: length, max: ARRIVAL_REASON_MAX })}
                {over ? ` – ${t('appointments.arrivalReason.overLimit')}` : null}
              </span>
            </>
          )}
        </Field>
        <button type="submit" className={ui.button.primary} {...attrs({ needsValid: true })}>
          {t('appointments.arrivalReason.save')}
        </button>
      </Form>
    </section>
  );
}

/** The counter's text with `{count}` where the number goes, for the page script. */
const COUNT_SLOT = 987_654_321;
const countTemplate = (text: string) => text.replace(String(COUNT_SLOT), '{count}');

export { ErrorBoundary, meta } from '~/components/page-exports';
