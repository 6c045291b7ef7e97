/**
 * Every appointment of one person, newest first, in batches: what "Download my data" (ADR 0035)
 * exports. Only the appointments the viewer may see (`appointmentVisibility`, the same rule as
 * the appointment pages: never a ward's confidential visit, ADR 0034); keyset-paged so that ten years of visits are never in memory
 * at once. The export writes its one access-log row itself (records' logExport).
 */
import { and, desc, eq } from 'drizzle-orm';
import { appointments, type Localized } from '~db/schema';
import type { Language } from '~/i18n/config';
import type { ExportAppointment } from '~/models/records/export';
import type { Db } from '~/services/db/db.server';
import { below, keyset, KEYSET_BATCH } from '~/services/db/keyset.server';
import { appointmentVisibility, type Viewer } from '~/services/people/viewer.server';
import { baseQuery, type AppointmentRow } from './appointments.server';

export function appointmentHistoryBatches(db: Db, viewer: Viewer, personId: string, lang: Language): AsyncIterable<ExportAppointment[]> {
  const mayAsk =
    personId === viewer.personId ||
    viewer.youngWardIds.includes(personId) ||
    viewer.olderWardIds.includes(personId) ||
    (viewer.principalAppointmentIds ?? []).includes(personId);
  // Someone whose appointments the viewer does not see has none to export here: a person acting
  // on a mandate that covers records but not appointments exports the principal's records only
  // (ADR 0050). (The query's visibility condition would find none either.)
  if (!mayAsk) return (async function* () {})();
  const pick = (value: Localized) => value[lang];
  return (async function* () {
    for await (const rows of keyset<AppointmentRow>((after) =>
      baseQuery(db)
        .where(
          and(
            eq(appointments.patientId, personId),
            appointmentVisibility(viewer),
            after ? below(appointments.startAt, appointments.id, after.appointment.startAt.toISOString(), after.appointment.id, 'timestamptz') : undefined,
          ),
        )
        .orderBy(desc(appointments.startAt), desc(appointments.id))
        .limit(KEYSET_BATCH),
    )) {
      yield rows.map(({ appointment: a, clinic, practitioner, specialtyName }) => ({
        id: a.id,
        startAt: a.startAt.toISOString(),
        endAt: new Date(a.startAt.getTime() + a.durationMinutes * 60_000).toISOString(),
        durationMinutes: a.durationMinutes,
        kindName: pick(a.kindName),
        specialtyName: pick(specialtyName),
        practitioner: `${practitioner.firstName} ${practitioner.lastName}, ${pick(practitioner.title)}`,
        clinicName: clinic.name,
        clinicAddress: [clinic.streetAddress, [clinic.postalCode, clinic.postOffice].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        isRemote: a.isRemote,
        cancelled: a.cancelledAt !== null,
        checkedIn: a.checkedInAt !== null,
      }));
    }
  })();
}
