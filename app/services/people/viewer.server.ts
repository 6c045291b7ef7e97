/**
 * Who is asking, and whose data they may see: the one viewer module every area's queries use
 * (issue 28, ADR 0026). A logged-in person sees their own data and acts for their wards (the
 * guardianships mirror the population register, ADR 0023): appointments and billing for every
 * ward under 12 and, for a ward of 12–17, only what the guardian booked or is to pay, never a
 * visit the ward (or a professional) has made confidential (`viewerOf` and the SQL conditions
 * below, ADR 0034), health records only for wards under 12 (`recordViewerOf`, ADR 0016; a ward
 * of 12 or more logs in personally and their records are theirs alone). No area decides these
 * rules on its own. Work done later for a person who is not asking at that moment (the
 * earlier-time matching, an offer link) asks `personSeesAppointment`: the same rule, with the
 * person's wards read from the database as they are then (issue 39). A person acting for another
 * adult on a Suomi.fi mandate (`actingFor`, checked with e-Authorizations on every request, ADR
 * 0050) also sees that adult's appointments, invoices and records, as far as the mandate's issues
 * cover them; work done later (`viewerOfPerson`) never acts on a mandate.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { appointments, guardianships, invoices, persons } from '~db/schema';
import type { Auth } from '~/context';
import type { Db } from '~/services/db/db.server';
import { helsinkiDate } from '~/lib/dates';
import { guardianBooksFor, guardianScopeOf, guardianSeesRecords } from '~/models/person';
import { clock } from '~/lib/clock.server';

/**
 * A logged-in person and the wards they act for (appointments, invoices, payments), split by
 * what the guardian sees of them (ADR 0034, `guardianScopeOf`): wards under 12 (everything but
 * confidential visits) and wards of 12–17 (the appointments the guardian booked and the invoices
 * addressed to them, never a confidential visit). Wards of 18 or more are left out.
 */
export interface Viewer {
  personId: string;
  /** Wards under 12. */
  youngWardIds: string[];
  /** Wards of 12–17. */
  olderWardIds: string[];
  /**
   * The adult the person acts for on a Suomi.fi mandate (issue 42, ADR 0050), by the issues it
   * covers: their appointments (everything but confidential visits, as a young ward's) and their
   * invoices. Absent or empty when not acting for anyone.
   */
  principalAppointmentIds?: string[];
  principalInvoiceIds?: string[];
}

/** Whom the logged-in person acts for on a mandate checked with Suomi.fi e-Authorizations, and its issues. */
export interface MandateScope {
  person: { id: string; firstName: string; lastName: string };
  issues: readonly string[];
}

export function viewerOf(
  auth: { person: { id: string }; wards: { id: string; birthDate: string }[]; actingFor?: MandateScope | null },
  now = clock.now(),
): Viewer {
  const today = helsinkiDate(now);
  const viewer: Viewer = { personId: auth.person.id, youngWardIds: [], olderWardIds: [] };
  for (const ward of auth.wards) {
    const scope = guardianScopeOf(ward.birthDate, today);
    if (scope === 'all') viewer.youngWardIds.push(ward.id);
    else if (scope === 'ownBookings') viewer.olderWardIds.push(ward.id);
  }
  const principal = auth.actingFor;
  if (principal && principal.person.id !== auth.person.id) {
    if (principal.issues.includes('appointments')) viewer.principalAppointmentIds = [principal.person.id];
    if (principal.issues.includes('invoices')) viewer.principalInvoiceIds = [principal.person.id];
  }
  return viewer;
}

/**
 * For whom the viewer books when booking "as themselves" (the booking page without a child's
 * choice, the JSON reserve call): the adult they act for when the mandate covers appointments
 * (ADR 0050: the principal is the patient; the delegate books and gets the confirmation, as a
 * guardian does for a ward), else themselves.
 */
export const bookingPatientId = (viewer: Viewer): string => viewer.principalAppointmentIds?.[0] ?? viewer.personId;

/** Whose appointments the viewer sees as a young ward's: wards under 12 and a mandate's principal. */
const seesAllAppointmentsOf = (viewer: Viewer): string[] => [...viewer.youngWardIds, ...(viewer.principalAppointmentIds ?? [])];
/** Whose invoices the viewer sees as a young ward's. */
const seesAllInvoicesOf = (viewer: Viewer): string[] => [...viewer.youngWardIds, ...(viewer.principalInvoiceIds ?? [])];

/**
 * The viewer a person is now, from the database (their guardianships and their wards' birth
 * dates as they are at `now`), for work done later on something the person asked for: what they
 * may see is decided when the work is done, not when they asked — since then the visit may have
 * been hidden from guardians, the ward may have turned 12, a professional may have marked the
 * visit, or the guardianship may have ended (issue 39).
 */
export async function viewerOfPerson(db: Db, personId: string, now = clock.now()): Promise<Viewer> {
  const wards = await db
    .select({ id: persons.id, birthDate: persons.birthDate })
    .from(guardianships)
    .innerJoin(persons, eq(persons.id, guardianships.wardId))
    .where(eq(guardianships.guardianId, personId));
  return viewerOf({ person: { id: personId }, wards }, now);
}

/**
 * Whether the person may see — and so act on — the appointment now: `appointmentVisibility` of
 * `viewerOfPerson`. Asked by the earlier-time matching before an offer is sent to whoever asked,
 * and by the offer link before it shows or takes anything (ADR 0037).
 */
export async function personSeesAppointment(db: Db, personId: string, appointmentId: number, now = clock.now()): Promise<boolean> {
  const viewer = await viewerOfPerson(db, personId, now);
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), appointmentVisibility(viewer)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the viewer acts for `personId` on their person-level data (stored files, the
 * guardians entered for a minor): themself, or a ward of theirs by the age rule above —
 * `'young'` a ward under 12 (whose data the guardian holds as their own, as records), `'minor'`
 * any ward under 18. A ward of 18 or more is nobody's, whatever a stale guardianship row says.
 * Storage and account ask this (with `viewerOfPerson`), never the guardianships themselves.
 */
export function actsFor(viewer: Viewer, personId: string, wards: 'young' | 'minor'): boolean {
  if (personId === viewer.personId) return true;
  return viewer.youngWardIds.includes(personId) || (wards === 'minor' && viewer.olderWardIds.includes(personId));
}

/**
 * The guardian's wards of 11 or younger today, whom the guardian books for and registers
 * (spec 3 §9; from 12 the ward logs in themself), youngest last (by birth date) — the one place
 * booking and registration learn whom a guardian may act for.
 */
export async function wardsGuardianBooksFor(db: Db, guardianId: string, now = clock.now()): Promise<(typeof persons.$inferSelect)[]> {
  const today = helsinkiDate(now);
  const rows = await db
    .select({ ward: persons })
    .from(guardianships)
    .innerJoin(persons, eq(persons.id, guardianships.wardId))
    .where(eq(guardianships.guardianId, guardianId))
    .orderBy(persons.birthDate);
  return rows.map((r) => r.ward).filter((w) => guardianBooksFor(w.birthDate, today));
}

/** Whether the viewer acts for any ward (the queries' simpler form when not). */
const hasWards = (viewer: Viewer): boolean =>
  viewer.youngWardIds.length + viewer.olderWardIds.length + (viewer.principalAppointmentIds?.length ?? 0) + (viewer.principalInvoiceIds?.length ?? 0) > 0;

/**
 * The values of a prepared query's viewer placeholders (`appointmentVisibility(viewer, 'prepared')`):
 * `viewerId`, and with wards `youngWardIds` and `olderWardIds` (arrays, possibly empty).
 */
export function viewerPlaceholders(viewer: Viewer): Record<string, string | string[]> {
  return hasWards(viewer)
    ? { viewerId: viewer.personId, youngWardIds: seesAllAppointmentsOf(viewer), olderWardIds: viewer.olderWardIds }
    : { viewerId: viewer.personId };
}

/** The part of a prepared statement's name that tells the two forms of the viewer condition apart. */
export const viewerVariant = (viewer: Viewer): string => (hasWards(viewer) ? 'wards' : 'self');

type Mode = 'values' | 'prepared';

/** The viewer's id and ward lists as SQL: bound values, or placeholders of a prepared statement. */
function params(viewer: Viewer, mode: Mode) {
  if (mode === 'prepared') {
    return {
      self: sql.placeholder('viewerId'),
      isYoungWard: (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder('youngWardIds')})`,
      isOlderWard: (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder('olderWardIds')})`,
    };
  }
  const none = sql`false`;
  const all = seesAllAppointmentsOf(viewer);
  return {
    self: viewer.personId,
    isYoungWard: (column: AnyPgColumn) => (all.length ? inArray(column, all) : none),
    isOlderWard: (column: AnyPgColumn) => (viewer.olderWardIds.length ? inArray(column, viewer.olderWardIds) : none),
  };
}

/**
 * SQL: the viewer may see this appointment (ADR 0034) — their own; a ward's that is not
 * confidential, of a ward under 12 or, from 12 to 17, booked by the viewer. The one place the
 * rule is written for the database; every appointment query for the viewer (list, by id, JSON,
 * `.ics`, cancel, check-in, the reason for the visit, pay a visit) uses it, so a hidden
 * appointment is "not found" like a stranger's. Its twin for one row is `guardianSeesAppointment`
 * (`app/models/appointments/confidential.ts`).
 */
export function appointmentVisibility(viewer: Viewer, mode: Mode = 'values'): SQL {
  const p = params(viewer, mode);
  const own = eq(appointments.patientId, p.self as string);
  if (!hasWards(viewer)) return own;
  return or(
    own,
    and(
      isNull(appointments.confidentialAt),
      or(p.isYoungWard(appointments.patientId), and(p.isOlderWard(appointments.patientId), eq(appointments.bookedById, p.self as string))),
    ),
  )!;
}

/**
 * SQL: the viewer may see this invoice (ADR 0034) — their own; a ward's under 12; a ward's of
 * 12–17 addressed to the viewer. A confidential visit's invoice is among them when it is the
 * guardian's to pay, without its service: `invoiceServiceHidden`.
 */
export function invoiceVisibility(viewer: Viewer): SQL {
  const p = params(viewer, 'values');
  const own = eq(invoices.personId, viewer.personId);
  if (!hasWards(viewer)) return own;
  const all = seesAllInvoicesOf(viewer);
  return or(own, all.length ? inArray(invoices.personId, all) : sql`false`, and(p.isOlderWard(invoices.personId), eq(invoices.addresseeId, viewer.personId)))!;
}

/**
 * SQL (a boolean column): the invoice's service and clinic are hidden from the viewer — it is
 * someone else's (a ward's) and its visit is confidential. The invoice queries select the
 * description and rows' texts only where this is false.
 */
export function invoiceServiceHidden(viewer: Viewer): SQL<boolean> {
  return sql<boolean>`(${invoices.personId} <> ${viewer.personId} and exists (select 1 from ${appointments} where ${appointments.id} = ${invoices.appointmentId} and ${appointments.confidentialAt} is not null))`;
}

/** A person whose records a viewer may read. */
export interface RecordPerson {
  id: string;
  firstName: string;
  lastName: string;
}

/** Who reads health records, and whose (ADR 0016). */
export interface RecordViewer {
  /** Who is asking (for the access log). */
  actorId: string;
  /** Everyone whose records the asker may read: themselves first, then wards under 12. */
  people: RecordPerson[];
}

export function recordViewerOf(auth: Pick<Auth, 'person' | 'wards'> & { actingFor?: MandateScope | null }, now = clock.now()): RecordViewer {
  const today = helsinkiDate(now);
  const principal = auth.actingFor;
  return {
    actorId: auth.person.id,
    people: [
      { id: auth.person.id, firstName: auth.person.firstName, lastName: auth.person.lastName },
      ...auth.wards.filter((w) => guardianSeesRecords(w.birthDate, today)).map((w) => ({ id: w.id, firstName: w.firstName, lastName: w.lastName })),
      // The adult the person acts for, when the mandate covers health records (ADR 0050).
      ...(principal && principal.person.id !== auth.person.id && principal.issues.includes('records')
        ? [{ id: principal.person.id, firstName: principal.person.firstName, lastName: principal.person.lastName }]
        : []),
    ],
  };
}

/** The persons whose records the viewer may read. */
export const visibleRecordIds = (viewer: RecordViewer): string[] => viewer.people.map((p) => p.id);

/**
 * The person a record list page shows: `?person=<id>` if the viewer may read their records, the
 * viewer themselves without the parameter, null (→ 404) for anyone else.
 */
export function chosenPerson(viewer: RecordViewer, param: string | null): RecordPerson | null {
  if (param === null || param === '') return viewer.people[0]!;
  return viewer.people.find((p) => p.id === param) ?? null;
}
