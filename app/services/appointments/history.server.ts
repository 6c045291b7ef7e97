/**
 * Every appointment of one person, newest first, in batches: what "Download my data" (ADR 0035)
 * exports. Only the appointments the viewer may see (`appointmentVisibility`, the same rule as
 * the appointment pages: never a ward's confidential visit, ADR 0034); keyset-paged so that ten years of visits are never in memory
 * at once. The export writes its one access-log row itself (records' logExport).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { appointments, clinics, practitioners, specialties, type Localized } from '~db/schema';
import type { Language } from '~/i18n/config';
import type { ExportAppointment } from '~/models/records/export';
import type { Db } from '~/services/db/db.server';
import { appointmentVisibility, type Viewer } from '~/services/people/viewer.server';

const BATCH = 200;

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
  const query = (after: { startAt: Date; id: number } | null) =>
    db
      .select({
        id: appointments.id,
        startAt: appointments.startAt,
        durationMinutes: appointments.durationMinutes,
        kindName: appointments.kindName,
        isRemote: appointments.isRemote,
        cancelledAt: appointments.cancelledAt,
        checkedInAt: appointments.checkedInAt,
        specialtyName: specialties.name,
        practitionerFirstName: practitioners.firstName,
        practitionerLastName: practitioners.lastName,
        practitionerTitle: practitioners.title,
        clinicName: clinics.name,
        streetAddress: clinics.streetAddress,
        postalCode: clinics.postalCode,
        postOffice: clinics.postOffice,
      })
      .from(appointments)
      .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
      .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
      .innerJoin(specialties, eq(specialties.id, appointments.specialtyId))
      .where(
        and(
          eq(appointments.patientId, personId),
          appointmentVisibility(viewer),
          after ? sql`(${appointments.startAt}, ${appointments.id}) < (${after.startAt.toISOString()}::timestamptz, ${after.id}::bigint)` : undefined,
        ),
      )
      .orderBy(desc(appointments.startAt), desc(appointments.id))
      .limit(BATCH);
  const pick = (value: Localized) => value[lang];
  return (async function* () {
    let after: { startAt: Date; id: number } | null = null;
    for (;;) {
      const rows = await query(after);
      if (rows.length) {
        yield rows.map((r) => ({
          id: r.id,
          startAt: r.startAt.toISOString(),
          endAt: new Date(r.startAt.getTime() + r.durationMinutes * 60_000).toISOString(),
          durationMinutes: r.durationMinutes,
          kindName: pick(r.kindName),
          specialtyName: pick(r.specialtyName),
          practitioner: `${r.practitionerFirstName} ${r.practitionerLastName}, ${pick(r.practitionerTitle)}`,
          clinicName: r.clinicName,
          clinicAddress: [r.streetAddress, [r.postalCode, r.postOffice].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          isRemote: r.isRemote,
          cancelled: r.cancelledAt !== null,
          checkedIn: r.checkedInAt !== null,
        }));
      }
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { startAt: last.startAt, id: last.id };
    }
  })();
}
