/** GET /api/appointments/{id}/calendar.ics: the appointment as a calendar file (Helsinki time). */
import { brand } from '~/brands';
import { portalContext } from '~/context';
import { isLanguage } from '~/i18n/config';
import { fixedT } from '~/i18n/i18n.server';
import { requireApiAuth } from '~/lib/http/api.server';
import { appointmentForCalendar } from '~/services/appointments/appointments.server';
import { viewerOf } from '~/services/people/viewer.server';
import { appointmentCalendarEntry, clinicPlace, toIcs } from '~/services/appointments/ics';
import { parseAppointmentIds } from '~/services/appointments/rules';
import { getDb } from '~/services/db/db.server';
import { notFoundText } from '~/lib/http/responses';
import type { Route } from './+types/calendar';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  const portal = context.get(portalContext);
  const requested = new URL(request.url).searchParams.get('lang');
  const lang = isLanguage(requested) ? requested : portal.lang;
  const ids = parseAppointmentIds(params.id);
  const row = ids?.length === 1 ? await appointmentForCalendar(await getDb(), viewerOf(auth), ids[0]!) : null;
  if (!row || row.appointment.cancelledAt) return notFoundText();
  const t = fixedT(context, lang);
  const a = row.appointment;
  const ics = toIcs(
    appointmentCalendarEntry(
      {
        appointmentId: a.id,
        startAt: a.startAt,
        durationMinutes: a.durationMinutes,
        createdAt: a.createdAt,
        revision: a.revision,
        revisedAt: a.revisedAt,
        service: row.specialtyName[lang],
        place: a.isRemote ? t('appointments.calendar.location.remote') : clinicPlace(row.clinic),
      },
      brand(portal.brand),
    ),
  );
  return new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="appointment-${a.id}.ics"`,
      'Cache-Control': 'no-store',
    },
  });
}
