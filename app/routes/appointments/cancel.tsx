/**
 * Cancel confirmation: "Are you sure you want to cancel appointment?" as a page (no JS); with
 * JS the appointment page shows the same form in a dialog that posts here. Success returns to
 * the front page with the appointment-cancelled message; a failure back to the appointment with
 * the reason and the customer-service phone.
 */
import { redirect } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { AppointmentDetails } from '~/components/appointments/AppointmentDetails';
import { ConfirmForm } from '~/components/ConfirmLink';
import { portalContext } from '~/context';
import { env } from '~/env.server';
import { invariantResponse, pageTitle, requireAuth, serverT } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { cancelAppointment, getAppointments } from '~/services/appointments/appointments.server';
import { viewerOf } from '~/services/people/viewer.server';
import { parseAppointmentIds } from '~/services/appointments/rules';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { FLASH_MS } from '~/models/shell/flash';
import * as ui from '~/styles/ui.css';
import { notFound } from '~/lib/http/responses';
import type { Route } from './+types/cancel';

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const ids = parseAppointmentIds(params.id);
  invariantResponse(ids?.length === 1);
  const [appointment] = await getAppointments(await getDb(), viewerOf(auth), ids, lang);
  invariantResponse(appointment);
  if (appointment.cancelledBy) throw redirect(pagePath('appointment', lang, { ids: params.id }));
  return { title: pageTitle(context, 'appointments.cancel.title'), lang, appointment };
}

export async function action({ params, context }: Route.ActionArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const ids = parseAppointmentIds(params.id);
  invariantResponse(ids?.length === 1);
  const result = await cancelAppointment(await getDb(), viewerOf(auth), ids[0]!);
  switch (result) {
    case 'success':
      return redirectWithFlash(pagePath('front', lang), {
        type: 'success',
        key: 'appointments.cancel.success',
        durationMs: FLASH_MS.appointmentCancelled,
      });
    case 'appointmentNotFound':
      throw notFound();
    case 'deadlineExceeded':
    case 'unknownError':
      return redirectWithFlash(pagePath('appointment', lang, { ids: params.id }), {
        type: 'error',
        key: 'appointments.cancel.failure',
        // The reason is translated here, in the language of the page the message appears on.
        values: {
          reason: result === 'deadlineExceeded' ? serverT(context)('appointments.cancel.tooLate', { hours: env().CANCELLATION_LIMIT_HOURS }) : '',
        },
        withPhone: true,
      });
  }
}

export default function CancelAppointment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { appointment, lang } = loaderData;
  return (
    <section className={ui.card}>
      <p className={ui.label}>{t('appointments.cancel.title')}</p>
      <AppointmentDetails appointment={appointment} showPriceDetails={false} headingLevel={1} />
      <h2>{t('appointments.cancel.question')}</h2>
      <ConfirmForm
        confirmLabel={t('appointments.cancel.yes')}
        cancel={{ to: pagePath('appointment', lang, { ids: String(appointment.id) }), label: t('appointments.cancel.no') }}
      />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
