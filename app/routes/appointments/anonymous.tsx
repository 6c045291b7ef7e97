/**
 * The anonymous appointment link from the booking message (/{lang}/varaus/{code}): the
 * appointment with its price, check-in with the last four characters of the identity code, and
 * the options to change the time and to cancel, each leading through strong identification to
 * the logged-in page (issue 39).
 * A wrong token and a missing appointment are the same "Appointment not found".
 *
 * The page ships no React: it is opened at the clinic door, often on a slow phone, and works as
 * plain HTML; the page script runs the check-in boxes (app/browser/ssn-boxes.ts).
 */
import { data, Form, Link, redirect, useSearchParams } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { useTranslation } from '~/i18n/react';
import type { TextKey } from '~/i18n/keys';
import { LinkLine } from '~/components/LinkLine';
import { AppointmentDetails } from '~/components/appointments/AppointmentDetails';
import { SSN_FIELDS, SsnEndPartInput } from '~/components/appointments/SsnEndPartInput';
import { portalContext, requestInfoContext } from '~/context';
import { environmentFeatures } from '~/services/features/features.server';
import { pageTitle } from '~/lib/http/page.server';
import { practiceSystemNotice, type CheckInResult } from '~/models/appointments/appointment';
import { IDENTITY_CODE_CHECK_CHARS } from '~/models/identity-code';
import { pagePath } from '~/route-table';
import { anonymousCheckIn, getAnonymousAppointment, isAnonymousCheckInLocked } from '~/services/appointments/appointments.server';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/anonymous';

const SsnEndPartSchema = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[0-9]{3}[${IDENTITY_CODE_CHECK_CHARS}]$`)));

const RESULT_MESSAGES: Partial<Record<CheckInResult | 'rateLimited', { type: 'success' | 'error'; key: TextKey }>> = {
  success: { type: 'success', key: 'appointments.checkIn.success' },
  ssnEndPartMismatch: { type: 'error', key: 'appointments.anonymous.ssnMismatch' },
  locked: { type: 'error', key: 'appointments.anonymous.locked' },
  rateLimited: { type: 'error', key: 'appointments.anonymous.rateLimited' },
  alreadyCheckedIn: { type: 'error', key: 'appointments.checkIn.alreadyCheckedIn' },
  tooEarly: { type: 'error', key: 'appointments.checkIn.tooEarly' },
  checkInOnlyAtReception: { type: 'error', key: 'appointments.checkIn.onlyAtReception' },
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const db = await getDb();
  const appointment = await getAnonymousAppointment(db, params.code, lang);
  const title = pageTitle(context, appointment ? 'appointments.anonymous.title' : 'appointments.anonymous.notFoundTitle');
  if (!appointment) return data({ title, lang, appointment: null, locked: false, showPriceDetails: false }, { status: 404 });
  return {
    title,
    lang,
    appointment,
    locked: await isAnonymousCheckInLocked(db, appointment.id),
    showPriceDetails: environmentFeatures()['price-details'],
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { lang } = context.get(portalContext);
  const here = pagePath('anonymousAppointment', lang, { code: params.code });
  const form = await request.formData();
  const typed = SSN_FIELDS.map((name) => String(form.get(name) ?? '')).join('') || String(form.get('ssnEndPart') ?? '');
  const parsed = SsnEndPartSchema.safeParse(typed);
  if (!parsed.success) return data({ error: 'appointments.anonymous.ssnInvalid' } as const, { status: 400 });
  const result = await anonymousCheckIn(await getDb(), params.code, parsed.data, context.get(requestInfoContext).clientIp);
  if (result === 'confidentialityFormNotFilled' || result === 'confidentialityFormNotFilledAsAdult') {
    return redirect(`${here}?consent=1`);
  }
  if (result === 'notFound') return redirect(here);
  return redirectWithFlash(here, RESULT_MESSAGES[result] ?? { type: 'error', key: 'appointments.checkIn.failed' });
}

export default function AnonymousAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { appointment, lang, locked, showPriceDetails } = loaderData;
  const [searchParams] = useSearchParams();
  const loginHere = (next: string) => pagePath('login', lang, {}, new URLSearchParams({ nextPath: next }));

  if (!appointment) {
    return (
      <section className={ui.card}>
        <h1>{t('appointments.anonymous.notFoundTitle')}</h1>
        <p>{t('appointments.anonymous.notFoundText')}</p>
        <div className={ui.buttonRow}>
          <Link className={ui.button.primary} to={loginHere(pagePath('appointmentList', lang))}>
            {t('appointments.anonymous.logIn')}
          </Link>
          <Link className={ui.button.secondary} to={pagePath('front', lang)}>
            {t('appointments.anonymous.bookNew')}
          </Link>
        </div>
      </section>
    );
  }

  const appointmentPage = pagePath('appointment', lang, { ids: String(appointment.id) });
  if (appointment.cancelledBy) {
    return (
      <section className={ui.card}>
        <h1>{t('appointments.anonymous.cancelledTitle')}</h1>
        <p>{t('appointments.anonymous.cancelledText')}</p>
        <Link className={ui.button.primary} to={pagePath('front', lang)}>
          {t('appointments.anonymous.bookNew')}
        </Link>
      </section>
    );
  }

  const consentNeeded = searchParams.get('consent') === '1' && appointment.confidentiality !== 'ok';
  const showCheckIn = !consentNeeded && (appointment.checkInStatus === 'allowed' || appointment.checkInStatus === 'tooEarly');
  return (
    <section className={ui.card}>
      <AppointmentDetails appointment={appointment} showPriceDetails={showPriceDetails} headingLevel={1} />

      {appointment.checkInStatus === 'checkedIn' ? (
        <p className={`${ui.alertBox} ${ui.alert.success}`}>
          {t('appointments.checkIn.checkedIn')}{' '}
          {appointment.roomLocation ? t('appointments.checkIn.goToRoom', { room: appointment.roomLocation }) : t('appointments.checkIn.seeReception')}
        </p>
      ) : null}

      {consentNeeded ? (
        <section className={`${ui.alertBox} ${ui.alert.info}`} aria-labelledby="consent-title">
          <h2 id="consent-title">{t('appointments.consent.title')}</h2>
          <p>{t('appointments.consent.anonymousText')}</p>
          <Link className={ui.button.primary} to={loginHere(`${appointmentPage}?consent=${appointment.id}`)}>
            {t('appointments.consent.identify')}
          </Link>
        </section>
      ) : null}

      {showCheckIn && locked ? (
        <p role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          {t('appointments.anonymous.locked')}
        </p>
      ) : null}

      {showCheckIn && !locked ? (
        <section aria-labelledby="checkin-title">
          <h2 id="checkin-title">{t('appointments.anonymous.ssnTitle')}</h2>
          {appointment.checkInStatus === 'tooEarly' ? (
            <p className={ui.hint}>{t('appointments.checkIn.tooEarlyInfo')}</p>
          ) : (
            <Form method="post">
              <AuthenticityTokenInput name="csrf" />
              <p>{t('appointments.anonymous.ssnPrompt')}</p>
              {/* Every attempt is a new document, so the boxes start empty for the next try. */}
              <SsnEndPartInput invalid={Boolean(actionData?.error)} errorId={actionData?.error ? 'ssn-error' : undefined} />
              {actionData?.error ? (
                <p id="ssn-error" role="alert" className={ui.fieldError}>
                  {t(actionData.error)}
                </p>
              ) : null}
              <button type="submit" className={ui.button.primary} {...attrs({ pending: t('appointments.anonymous.pending') })}>
                {t('appointments.anonymous.ssnSubmit')}
              </button>
            </Form>
          )}
        </section>
      ) : null}

      {appointment.mayCancel && appointment.practiceSystemForbids ? <p>{t(practiceSystemNotice(appointment.practiceSystemForbids))}</p> : null}

      {appointment.mayCancel && !appointment.practiceSystemForbids?.move ? (
        // Moving to another time (ADR 0036) frees the old one as cancelling would, so it is offered
        // as cancelling is (spec 2: cancelling requires strong identification; issue 39): through
        // the login, as whoever the viewer rules let act on the appointment.
        appointment.cancellableOnline ? (
          <p>
            {t('move.anonymous.info')}{' '}
            <Link to={loginHere(pagePath('appointmentMove', lang, { id: String(appointment.id) }))}>{t('move.anonymous.login')}</Link>
          </p>
        ) : (
          <p>{t('move.anonymous.tooLate')}</p>
        )
      ) : null}

      {appointment.mayCancel && !appointment.practiceSystemForbids?.cancel ? (
        appointment.cancellableOnline ? (
          <p>
            {t('appointments.anonymous.cancelInfo')}{' '}
            <Link to={loginHere(pagePath('appointmentCancel', lang, { id: String(appointment.id) }))}>{t('appointments.anonymous.cancelLogin')}</Link>
          </p>
        ) : (
          <p>{t('appointments.anonymous.cancelTooLate')}</p>
        )
      ) : null}

      {/* Earlier-time offers (ADR 0037): asked for after strong identification, like cancelling. */}
      {appointment.cancellableOnline && !appointment.practiceSystemForbids?.move ? (
        <LinkLine to={loginHere(pagePath('appointmentEarlierTime', lang, { id: String(appointment.id) }))}>{t('earlierTime.anonymous.ask')}</LinkLine>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }];

export { ErrorBoundary } from '~/components/page-exports';
