/**
 * The read model's sync (ADR 0051): the practice system's Location, HealthcareService,
 * Practitioner, PractitionerRole, Schedule, Patient, Slot and Appointment resources into the
 * portal's calendar tables, incrementally from a stored cursor per resource type.
 *
 * For each type, in dependency order: read the type history since the cursor (`_since` is
 * inclusive, so the boundary is read again), page by page, keep each resource's newest entry,
 * then apply them and store the new cursor in one database transaction. Applying is idempotent
 * (keyed by the FHIR id), so an interrupted sync resumes from the last stored cursor and converges.
 * Nothing from the network is awaited inside a transaction: the patients an appointment names
 * are resolved before.
 */
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type {
  Appointment,
  Bundle,
  BundleEntry,
  HealthcareService,
  Location,
  Patient,
  Practitioner,
  PractitionerRole,
  Resource,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import {
  appointmentSlots,
  appointments,
  clinics,
  persons,
  practiceSystemAppointments,
  practiceSystemCursors,
  practiceSystemPatients,
  practiceSystemRoles,
  practiceSystemSchedules,
  practiceSystemSlots,
  practitionerClinics,
  practitioners,
  practitionerSpecialties,
  specialties,
  type Localized,
} from '~db/schema';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { helsinkiDate, wallClock } from '~/lib/dates';
import { withTransaction, type Db } from '~/services/db/db.server';
import { kindNames } from '~/services/booking/reservation/slot.server';
import { PracticeSystemError, type FhirClient } from './fhir-client';
import { mutabilityOf, type Mutability } from './mutability';
import { payerTypesOf } from './payer-types';

/** The Finnish personal identity code's identifier system. */
export const IDENTITY_CODE_SYSTEM = 'urn:oid:1.2.246.21';

/** The order a sync applies the types in: each after the ones it refers to. */
export const SYNC_ORDER = ['Location', 'HealthcareService', 'Practitioner', 'PractitionerRole', 'Schedule', 'Patient', 'Slot', 'Appointment'] as const;
export type SyncedType = (typeof SYNC_ORDER)[number];

/** One resource's newest state: the resource, or null when it was deleted. */
interface Change<T extends Resource = Resource> {
  id: string;
  resource: T | null;
}

export type SyncResult = Record<SyncedType, number>;

/** Statuses of an Appointment that end it (the portal's row is cancelled). */
const ENDED = new Set(['cancelled', 'noshow', 'entered-in-error']);
const ARRIVED = new Set(['arrived', 'checked-in']);

const idOf = (reference: string | undefined, type: string): string | null => {
  if (!reference) return null;
  const match = new RegExp(`(?:^|/)${type}/([^/]+)$`).exec(reference);
  return match ? match[1]! : null;
};

const same = (text: string): Localized => ({ fi: text, sv: text, en: text });

/** Reads a type's history since the cursor, every page; returns the newest entry per id and the new cursor. */
async function changesSince(client: FhirClient, type: SyncedType, since: string | null): Promise<{ changes: Change[]; cursor: string | null }> {
  let url: string | undefined = `${type}/_history?_count=500${since ? `&_since=${encodeURIComponent(since)}` : ''}`;
  const newest = new Map<string, { at: string; order: number; change: Change }>();
  let cursor = since;
  let order = 0;
  while (url) {
    const page: Bundle = await client.bundle(url);
    for (const entry of page.entry ?? []) {
      const change = changeOf(entry, type);
      if (!change) continue;
      const at = entry.resource?.meta?.lastUpdated ?? entry.response?.lastModified ?? '';
      order += 1;
      const known = newest.get(change.id);
      // The history is ordered, but a server may page newest first: the later instant wins, then the later entry.
      if (!known || at > known.at || (at === known.at && order > known.order)) newest.set(change.id, { at, order, change });
      if (at && (!cursor || at > cursor)) cursor = at;
    }
    url = page.link?.find((l) => l.relation === 'next')?.url;
  }
  return { changes: [...newest.values()].map((v) => v.change), cursor };
}

function changeOf(entry: BundleEntry, type: string): Change | null {
  if (entry.request?.method === 'DELETE') {
    const id = idOf(entry.request.url, type);
    return id ? { id, resource: null } : null;
  }
  const resource = entry.resource;
  if (!resource || resource.resourceType !== type || !resource.id) return null;
  return { id: resource.id, resource };
}

/** Runs one sync of every type. A failure of the practice system stops it; the types done stay done. */
export async function syncPracticeSystem(db: Db, client: FhirClient, options: { now: Date }): Promise<SyncResult> {
  const result = Object.fromEntries(SYNC_ORDER.map((t) => [t, 0])) as SyncResult;
  for (const type of SYNC_ORDER) {
    const [stored] = await db.select().from(practiceSystemCursors).where(eq(practiceSystemCursors.resourceType, type));
    const { changes, cursor } = await changesSince(client, type, stored?.since ?? null);
    if (type === 'Appointment') await resolvePatients(db, client, changes as Change<Appointment>[]);
    await withTransaction(db, async (tx) => {
      if (type === 'Slot') await applySlots(tx, changes as Change<Slot>[]);
      else if (type === 'PractitionerRole') await applyRoles(tx, changes as Change<PractitionerRole>[]);
      else if (type === 'Appointment') await applyAppointments(tx, changes as Change<Appointment>[], options.now);
      else for (const change of changes) await APPLY[type](tx, change as Change<never>);
      if (cursor) {
        await tx
          .insert(practiceSystemCursors)
          .values({ resourceType: type, since: cursor, syncedAt: options.now })
          .onConflictDoUpdate({ target: practiceSystemCursors.resourceType, set: { since: cursor, syncedAt: options.now } });
      }
    });
    result[type] = changes.length;
  }
  return result;
}

/**
 * The read model's lag: for each resource type synchronised at least once, the seconds since a
 * sync last read its changes through (the metrics' `portal_practice_system_sync_lag_seconds`).
 * Every successful run stores each seen type's `synced_at`: `_since` is inclusive, so the
 * boundary resource comes back and the cursor is written even when nothing changed.
 */
export async function practiceSystemSyncLag(db: Db, now: Date): Promise<{ resourceType: string; seconds: number }[]> {
  const rows = await db.select({ resourceType: practiceSystemCursors.resourceType, syncedAt: practiceSystemCursors.syncedAt }).from(practiceSystemCursors);
  return rows.map((r) => ({ resourceType: r.resourceType, seconds: Math.max(0, (now.getTime() - r.syncedAt.getTime()) / 1000) }));
}

/** The portal's appointment synchronised from the practice system's Appointment `fhirId`, or null before. */
export async function localAppointmentOf(db: Db, fhirId: string): Promise<number | null> {
  const [link] = await db
    .select({ appointmentId: practiceSystemAppointments.appointmentId })
    .from(practiceSystemAppointments)
    .where(eq(practiceSystemAppointments.fhirId, fhirId))
    .limit(1);
  return link?.appointmentId ?? null;
}

/** Reads the patients the appointments name that the Patient history has not brought yet. */
async function resolvePatients(db: Db, client: FhirClient, changes: Change<Appointment>[]): Promise<void> {
  const wanted = new Set<string>();
  for (const { resource } of changes) {
    const id = resource && patientOf(resource);
    if (id) wanted.add(id);
  }
  for (const id of wanted) {
    const [known] = await db.select({ id: practiceSystemPatients.fhirId }).from(practiceSystemPatients).where(eq(practiceSystemPatients.fhirId, id));
    if (known) continue;
    // A reference to a Patient the server does not have matches nobody (and is not asked again).
    const patient = await client.read<Patient>(`Patient/${id}`).catch((error: unknown) => {
      if (error instanceof PracticeSystemError && (error.status === 404 || error.status === 410)) return null;
      throw error;
    });
    await applyPatient(db, { id, resource: patient });
  }
}

function patientOf(appointment: Appointment): string | null {
  for (const p of appointment.participant ?? []) {
    const id = idOf(p.actor?.reference, 'Patient');
    if (id) return id;
  }
  return null;
}

/**
 * The one-by-one apply of each type other than PractitionerRole, Slot and Appointment (roles are
 * recorded first and their practitioners derived after: applyRoles; slots and appointments are
 * written in batches: applySlots, applyAppointments).
 */
const APPLY: Record<Exclude<SyncedType, 'PractitionerRole' | 'Slot' | 'Appointment'>, (tx: Db, change: Change<never>) => Promise<void>> = {
  Location: applyLocation,
  HealthcareService: applyService,
  Practitioner: applyPractitioner,
  Schedule: applySchedule,
  Patient: applyPatient,
};

const isVirtual = (location: Location) => (location.physicalType?.coding ?? []).some((c) => c.code === 'vi');

// Clinics, specialties and practitioners stay when deleted at the source: appointments keep
// referring to them (the history). A deleted one gets no new times: its schedules close.
async function applyLocation(tx: Db, { id, resource }: Change<Location>) {
  if (!resource) return closeSchedules(tx, eq(practiceSystemSchedules.clinicId, id));
  const address = resource.address;
  const row = {
    name: resource.name ?? id,
    municipality: address?.city ?? '',
    streetAddress: address?.line?.[0] ?? null,
    postalCode: address?.postalCode ?? null,
    postOffice: address?.city ?? null,
    isRemote: isVirtual(resource),
  };
  await tx
    .insert(clinics)
    .values({ id, ...row })
    .onConflictDoUpdate({ target: clinics.id, set: row });
}

async function applyService(tx: Db, { id, resource }: Change<HealthcareService>) {
  if (!resource) return closeSchedules(tx, eq(practiceSystemSchedules.specialtyId, id));
  const row = { name: same(resource.name ?? id) };
  await tx
    .insert(specialties)
    .values({ id, ...row })
    .onConflictDoUpdate({ target: specialties.id, set: row });
}

async function applyPractitioner(tx: Db, { id, resource }: Change<Practitioner>) {
  if (!resource) return closeSchedules(tx, eq(practiceSystemSchedules.practitionerId, id));
  const name = resource.name?.[0];
  const row = {
    firstName: name?.given?.join(' ') ?? '',
    lastName: name?.family ?? id,
    title: same(resource.qualification?.[0]?.code?.text ?? ''),
  };
  await tx
    .insert(practitioners)
    .values({ id, ...row })
    .onConflictDoUpdate({ target: practitioners.id, set: row });
}

/**
 * Roles say where a practitioner works and what for. Each role is recorded (its practitioner, the
 * clinics and specialties of it the portal has, whether it is active; a deleted role, or one naming
 * a practitioner the portal does not have, is forgotten); then every practitioner a changed role
 * named before or names now gets the clinics and specialties of their active roles, no more and no
 * fewer (`practitioner_clinics`, `practitioner_specialties`). A practitioner no role ever named
 * keeps their rows as they are (the built-in store's, seeded).
 */
async function applyRoles(tx: Db, changes: Change<PractitionerRole>[]) {
  const named = new Set<string>();
  for (const change of changes) for (const practitionerId of await recordRole(tx, change)) named.add(practitionerId);
  for (const practitionerId of named) await deriveWorkplaces(tx, practitionerId);
}

/** Records one role; returns the practitioners whose clinics and specialties it changed (none when it did not change). */
async function recordRole(tx: Db, { id, resource }: Change<PractitionerRole>): Promise<string[]> {
  const [before] = await tx.select().from(practiceSystemRoles).where(eq(practiceSystemRoles.fhirId, id));
  const practitionerId = idOf(resource?.practitioner?.reference, 'Practitioner');
  if (!resource || !practitionerId || !(await exists(tx, 'practitioner', practitionerId))) {
    if (!before) return [];
    await tx.delete(practiceSystemRoles).where(eq(practiceSystemRoles.fhirId, id));
    return [before.practitionerId];
  }
  const locations = (resource.location ?? []).map((l) => idOf(l.reference, 'Location'));
  const services = (resource.healthcareService ?? []).map((s) => idOf(s.reference, 'HealthcareService'));
  const row = {
    practitionerId,
    clinicIds: await existing(tx, 'clinic', locations),
    specialtyIds: await existing(tx, 'specialty', services),
    active: resource.active !== false,
  };
  // `_since` is inclusive: the boundary role comes back every run, unchanged.
  const unchanged =
    before &&
    before.practitionerId === row.practitionerId &&
    before.active === row.active &&
    sameIds(before.clinicIds, row.clinicIds) &&
    sameIds(before.specialtyIds, row.specialtyIds);
  if (unchanged) return [];
  await tx
    .insert(practiceSystemRoles)
    .values({ fhirId: id, ...row })
    .onConflictDoUpdate({ target: practiceSystemRoles.fhirId, set: row });
  return before && before.practitionerId !== practitionerId ? [before.practitionerId, practitionerId] : [practitionerId];
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** A practitioner's clinics and specialties: the union of their active roles' (rows no active role names are deleted). */
async function deriveWorkplaces(tx: Db, practitionerId: string) {
  const roles = await tx
    .select({ clinicIds: practiceSystemRoles.clinicIds, specialtyIds: practiceSystemRoles.specialtyIds })
    .from(practiceSystemRoles)
    .where(and(eq(practiceSystemRoles.practitionerId, practitionerId), eq(practiceSystemRoles.active, true)));
  const clinicIds = [...new Set(roles.flatMap((r) => r.clinicIds))];
  const specialtyIds = [...new Set(roles.flatMap((r) => r.specialtyIds))];
  await tx
    .delete(practitionerClinics)
    .where(and(eq(practitionerClinics.practitionerId, practitionerId), clinicIds.length > 0 ? notInArray(practitionerClinics.clinicId, clinicIds) : undefined));
  await tx
    .delete(practitionerSpecialties)
    .where(
      and(
        eq(practitionerSpecialties.practitionerId, practitionerId),
        specialtyIds.length > 0 ? notInArray(practitionerSpecialties.specialtyId, specialtyIds) : undefined,
      ),
    );
  if (clinicIds.length > 0) {
    await tx
      .insert(practitionerClinics)
      .values(clinicIds.map((clinicId) => ({ practitionerId, clinicId })))
      .onConflictDoNothing();
  }
  if (specialtyIds.length > 0) {
    await tx
      .insert(practitionerSpecialties)
      .values(specialtyIds.map((specialtyId) => ({ practitionerId, specialtyId })))
      .onConflictDoNothing();
  }
}

const KEYED = { clinic: clinics, specialty: specialties, practitioner: practitioners } as const;

/** The ids among these the portal has (each once, in their order; null: a reference to another type). */
async function existing(tx: Db, kind: 'clinic' | 'specialty', ids: (string | null)[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id) => id !== null))];
  if (wanted.length === 0) return [];
  const table = KEYED[kind];
  const found = new Set((await tx.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((r) => r.id));
  return wanted.filter((id) => found.has(id));
}

/** Whether the portal has the clinic, specialty or practitioner (a reference may name one not synchronised). */
async function exists(tx: Db, kind: keyof typeof KEYED, id: string): Promise<boolean> {
  const table = KEYED[kind];
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return Boolean(row);
}

async function applySchedule(tx: Db, { id, resource }: Change<Schedule>) {
  let row = { practitionerId: null as string | null, clinicId: null as string | null, specialtyId: null as string | null, active: false };
  if (resource) {
    for (const actor of resource.actor ?? []) {
      row.practitionerId ??= idOf(actor.reference, 'Practitioner');
      row.clinicId ??= idOf(actor.reference, 'Location');
      row.specialtyId ??= idOf(actor.reference, 'HealthcareService');
    }
    if (row.practitionerId && !(await exists(tx, 'practitioner', row.practitionerId))) row.practitionerId = null;
    if (row.clinicId && !(await exists(tx, 'clinic', row.clinicId))) row.clinicId = null;
    if (row.specialtyId && !(await exists(tx, 'specialty', row.specialtyId))) row.specialtyId = null;
    row = { ...row, active: resource.active !== false };
  }
  const [before] = await tx.select().from(practiceSystemSchedules).where(eq(practiceSystemSchedules.fhirId, id));
  await tx
    .insert(practiceSystemSchedules)
    .values({ fhirId: id, ...row })
    .onConflictDoUpdate({ target: practiceSystemSchedules.fhirId, set: row });
  // Its slots change only when what they take from it does (`_since` is inclusive: the boundary
  // schedule comes back every run, and re-deriving all its slots each time would cost minutes).
  const unchanged =
    before &&
    before.active === row.active &&
    before.practitionerId === row.practitionerId &&
    before.clinicId === row.clinicId &&
    before.specialtyId === row.specialtyId;
  if (!unchanged) await refreshScheduleSlots(tx, id);
}

async function closeSchedules(tx: Db, where: ReturnType<typeof eq>) {
  const closed = await tx.update(practiceSystemSchedules).set({ active: false }).where(where).returning({ id: practiceSystemSchedules.fhirId });
  for (const { id } of closed) await refreshScheduleSlots(tx, id);
}

/** Re-derives the free times of a schedule's slots (after the schedule changed). */
async function refreshScheduleSlots(tx: Db, scheduleId: string) {
  const links = await tx.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.scheduleFhirId, scheduleId));
  for (const link of links) await placeSlot(tx, link);
}

/** Links a FHIR Patient to a person (null: not one of the portal's), or changes the link. */
export async function linkPatient(tx: Db, fhirId: string, personId: string | null): Promise<void> {
  await tx.insert(practiceSystemPatients).values({ fhirId, personId }).onConflictDoUpdate({ target: practiceSystemPatients.fhirId, set: { personId } });
}

/** Links a FHIR Appointment to the portal's row: its version and its mutability rules as read. */
export async function linkAppointment(tx: Db, appointmentId: number, resource: Appointment & { id: string }): Promise<void> {
  await tx
    .insert(practiceSystemAppointments)
    .values({ fhirId: resource.id, appointmentId, versionId: resource.meta?.versionId ?? '', ...mutabilityOf(resource) });
}

async function applyPatient(tx: Db, { id, resource }: Change<Patient>) {
  const code = resource?.identifier?.find((i) => i.system === IDENTITY_CODE_SYSTEM)?.value;
  let personId: string | null = null;
  if (code) {
    const [person] = await tx.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, code)).limit(1);
    personId = person?.id ?? null;
  }
  await linkPatient(tx, id, personId);
}

async function applySlot(tx: Db, { id, resource }: Change<Slot>) {
  const [link] = await tx.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.fhirId, id));
  if (!resource) {
    if (!link) return;
    await placeSlot(tx, { ...link, status: 'entered-in-error' });
    await tx.delete(practiceSystemSlots).where(eq(practiceSystemSlots.fhirId, id));
    return;
  }
  const scheduleFhirId = idOf(resource.schedule?.reference, 'Schedule') ?? '';
  const row = {
    scheduleFhirId,
    status: resource.status,
    startAt: new Date(resource.start),
    endAt: new Date(resource.end),
    versionId: resource.meta?.versionId ?? '',
    payerTypes: payerTypesOf(resource),
  };
  const [saved] = await tx
    .insert(practiceSystemSlots)
    .values({ fhirId: id, ...row })
    .onConflictDoUpdate({ target: practiceSystemSlots.fhirId, set: row })
    .returning();
  await placeSlot(tx, saved!);
}

type SlotLink = typeof practiceSystemSlots.$inferSelect;

/** Rows per batched statement of the slots' sync (well under PostgreSQL's 65 535 parameters). */
const SLOT_BATCH = 500;

/**
 * Applies the Slot changes. A slot the portal has not seen yet — nearly all of them in the first
 * sync — is written in batches: its link rows and, for the bookable ones, their free times, with
 * ids drawn from the free times' sequence first, so each link names its row without a query per
 * slot. A known slot at the version its link names is skipped; every other change (a known slot
 * at a new version, a deletion) takes `applySlot`'s path, one by one.
 */
async function applySlots(tx: Db, changes: Change<Slot>[]): Promise<void> {
  const schedules = new Map((await tx.select().from(practiceSystemSchedules)).map((s) => [s.fhirId, s]));
  const remote = new Map((await tx.select({ id: clinics.id, isRemote: clinics.isRemote }).from(clinics)).map((c) => [c.id, c.isRemote]));
  for (let i = 0; i < changes.length; i += SLOT_BATCH) {
    const chunk = changes.slice(i, i + SLOT_BATCH);
    const known = new Map(
      (
        await tx
          .select({ fhirId: practiceSystemSlots.fhirId, versionId: practiceSystemSlots.versionId })
          .from(practiceSystemSlots)
          .where(
            inArray(
              practiceSystemSlots.fhirId,
              chunk.map((c) => c.id),
            ),
          )
      ).map((l) => [l.fhirId, l.versionId]),
    );
    const fresh: { link: typeof practiceSystemSlots.$inferInsert; time: typeof appointmentSlots.$inferInsert | null }[] = [];
    for (const change of chunk) {
      const resource = change.resource;
      // The version the link names is applied already (by an earlier sync, or by the portal's own
      // write, which records the version the server answered): the boundary of every run, and every
      // slot of a calendar whose links were written with it (npm run fhir:dev's demo).
      if (resource && resource.meta?.versionId && known.get(change.id) === resource.meta.versionId) continue;
      if (known.has(change.id) || !resource) {
        await applySlot(tx, change);
        continue;
      }
      const scheduleFhirId = idOf(resource.schedule?.reference, 'Schedule') ?? '';
      const link = {
        fhirId: change.id,
        scheduleFhirId,
        status: resource.status,
        startAt: new Date(resource.start),
        endAt: new Date(resource.end),
        versionId: resource.meta?.versionId ?? '',
        payerTypes: payerTypesOf(resource),
      };
      const schedule = schedules.get(scheduleFhirId);
      const bookable = link.status === 'free' && schedule?.active && schedule.practitionerId && schedule.clinicId && schedule.specialtyId;
      fresh.push({ link, time: bookable ? freeTimeOf(schedule, link, remote.get(schedule.clinicId!) ?? false) : null });
    }
    const times = fresh.filter((f) => f.time);
    if (times.length > 0) {
      // Both drivers answer { rows } (retention.server.ts reads it the same way).
      const { rows } = (await tx.execute(
        sql`select nextval(pg_get_serial_sequence('appointment_slots', 'id')) as id from generate_series(1, ${times.length})`,
      )) as unknown as {
        rows: { id: string | number }[];
      };
      times.forEach((f, n) => (f.time = { ...f.time!, id: Number(rows[n]!.id) }));
      await tx.insert(appointmentSlots).values(times.map((f) => f.time!));
    }
    if (fresh.length > 0) await tx.insert(practiceSystemSlots).values(fresh.map((f) => ({ ...f.link, slotId: f.time?.id ?? null })));
  }
}

/** The free time a bookable slot is: its schedule's place and person, its own time and payers. */
function freeTimeOf(
  schedule: { clinicId: string | null; practitionerId: string | null; specialtyId: string | null },
  link: { startAt: Date; endAt: Date; payerTypes: string[] },
  remote: boolean,
): typeof appointmentSlots.$inferInsert {
  return {
    clinicId: schedule.clinicId!,
    practitionerId: schedule.practitionerId!,
    specialtyId: schedule.specialtyId!,
    kindId: remote ? 'VETA' : 'VAS',
    startAt: link.startAt,
    durationMinutes: Math.max(1, Math.round((link.endAt.getTime() - link.startAt.getTime()) / 60_000)),
    localDate: helsinkiDate(link.startAt),
    localHour: wallClock(link.startAt).hour,
    isRemote: remote,
    locationType: remote ? ('videoAppointment' as const) : ('physicalLocation' as const),
    payerTypes: link.payerTypes,
  };
}

/**
 * Puts a FHIR slot into the searchable calendar, or takes it out: a free slot of an active
 * schedule with its practitioner, clinic and specialty is an `appointment_slots` row; any other
 * is not, unless a live appointment holds the row (then it stays, taken).
 */
async function placeSlot(tx: Db, link: SlotLink) {
  const [schedule] = await tx.select().from(practiceSystemSchedules).where(eq(practiceSystemSchedules.fhirId, link.scheduleFhirId));
  const bookable = link.status === 'free' && schedule?.active && schedule.practitionerId && schedule.clinicId && schedule.specialtyId;
  if (!bookable) {
    if (link.slotId === null) return;
    const [held] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.slotId, link.slotId), isNull(appointments.cancelledAt)))
      .limit(1);
    if (held) return;
    // Unlink the appointments that once held it (cancelled ones keep their copy of the time).
    await tx.update(appointments).set({ slotId: null }).where(eq(appointments.slotId, link.slotId));
    await tx.delete(appointmentSlots).where(eq(appointmentSlots.id, link.slotId));
    return;
  }
  const [clinic] = await tx.select({ isRemote: clinics.isRemote }).from(clinics).where(eq(clinics.id, schedule.clinicId!));
  const values = freeTimeOf(schedule, link, clinic?.isRemote ?? false);
  if (link.slotId !== null) {
    await tx.update(appointmentSlots).set(values).where(eq(appointmentSlots.id, link.slotId));
    return;
  }
  const [created] = await tx.insert(appointmentSlots).values(values).returning({ id: appointmentSlots.id });
  await tx.update(practiceSystemSlots).set({ slotId: created!.id }).where(eq(practiceSystemSlots.fhirId, link.fhirId));
}

/** Rows per batched statement of the appointments' sync (16 columns: well under 65 535 parameters). */
const APPOINTMENT_BATCH = 500;

/**
 * Applies the Appointment changes. A live appointment the portal has not seen yet — nearly all of
 * them in the first sync — is written in batches: its row and its link, with ids drawn from the
 * appointments' sequence first, and what it refers to (patient, slot, schedule, practitioner,
 * clinic, service, the slot's holder) read once per batch. Every other change (a known
 * appointment, an ended or deleted one) takes `applyAppointment`'s path, one by one, after the
 * new ones before it are written, so the order — which appointment holds a slot — is as one by one.
 */
async function applyAppointments(tx: Db, changes: Change<Appointment>[], now: Date): Promise<void> {
  const clinicRemote = new Map((await tx.select({ id: clinics.id, isRemote: clinics.isRemote }).from(clinics)).map((c) => [c.id, c.isRemote]));
  const practitionerIds = new Set((await tx.select({ id: practitioners.id }).from(practitioners)).map((p) => p.id));
  const specialtyIds = new Set((await tx.select({ id: specialties.id }).from(specialties)).map((p) => p.id));
  const schedules = new Map((await tx.select().from(practiceSystemSchedules)).map((s) => [s.fhirId, s]));
  for (let i = 0; i < changes.length; i += APPOINTMENT_BATCH) {
    const chunk = changes.slice(i, i + APPOINTMENT_BATCH);
    const known = new Set(
      (
        await tx
          .select({ fhirId: practiceSystemAppointments.fhirId })
          .from(practiceSystemAppointments)
          .where(
            inArray(
              practiceSystemAppointments.fhirId,
              chunk.map((c) => c.id),
            ),
          )
      ).map((l) => l.fhirId),
    );
    const patientIds = [...new Set(chunk.map((c) => (c.resource ? patientOf(c.resource) : null)).filter((id): id is string => Boolean(id)))];
    const personOf = new Map(
      patientIds.length === 0
        ? []
        : (await tx.select().from(practiceSystemPatients).where(inArray(practiceSystemPatients.fhirId, patientIds))).map((p) => [p.fhirId, p.personId]),
    );
    const slotFhirIds = [...new Set(chunk.map((c) => idOf(c.resource?.slot?.[0]?.reference, 'Slot')).filter((id): id is string => Boolean(id)))];
    const slotLinks = new Map(
      slotFhirIds.length === 0
        ? []
        : (await tx.select().from(practiceSystemSlots).where(inArray(practiceSystemSlots.fhirId, slotFhirIds))).map((l) => [l.fhirId, l]),
    );
    const slotIds = [...slotLinks.values()].map((l) => l.slotId).filter((id): id is number => id !== null);
    // The free times a live appointment holds; the new ones below add theirs as they claim them.
    const held = new Set(
      slotIds.length === 0
        ? []
        : (
            await tx
              .select({ slotId: appointments.slotId })
              .from(appointments)
              .where(and(inArray(appointments.slotId, slotIds), isNull(appointments.cancelledAt)))
          ).map((a) => a.slotId!),
    );
    let fresh: { fhirId: string; versionId: string; rules: Mutability; row: typeof appointments.$inferInsert }[] = [];
    const flush = async () => {
      if (fresh.length === 0) return;
      // Both drivers answer { rows } (as for the slots above).
      const { rows } = (await tx.execute(
        sql`select nextval(pg_get_serial_sequence('appointments', 'id')) as id from generate_series(1, ${fresh.length})`,
      )) as unknown as {
        rows: { id: string | number }[];
      };
      const ids = rows.map((r) => Number(r.id));
      await tx.insert(appointments).values(fresh.map((f, n) => ({ ...f.row, id: ids[n]! })));
      await tx
        .insert(practiceSystemAppointments)
        .values(fresh.map((f, n) => ({ fhirId: f.fhirId, appointmentId: ids[n]!, versionId: f.versionId, ...f.rules })));
      fresh = [];
    };
    for (const change of chunk) {
      const resource = change.resource;
      if (known.has(change.id) || !resource || ENDED.has(resource.status)) {
        await flush();
        await applyAppointment(tx, change, now);
        // A known appointment may have taken or left a slot: read the holders again for the rest.
        held.clear();
        if (slotIds.length > 0) {
          const rows = await tx
            .select({ slotId: appointments.slotId })
            .from(appointments)
            .where(and(inArray(appointments.slotId, slotIds), isNull(appointments.cancelledAt)));
          for (const r of rows) held.add(r.slotId!);
        }
        continue;
      }
      const patientFhirId = patientOf(resource);
      const personId = patientFhirId ? personOf.get(patientFhirId) : null;
      if (!personId || !resource.start || !resource.end) continue;
      const slotFhirId = idOf(resource.slot?.[0]?.reference, 'Slot');
      const slotLink = slotFhirId ? slotLinks.get(slotFhirId) : undefined;
      const schedule = slotLink ? schedules.get(slotLink.scheduleFhirId) : undefined;
      const actor = (type: string) => (resource.participant ?? []).map((p) => idOf(p.actor?.reference, type)).find(Boolean) ?? null;
      const practitionerId = actor('Practitioner') ?? schedule?.practitionerId ?? null;
      const clinicId = actor('Location') ?? schedule?.clinicId ?? null;
      const specialtyId = actor('HealthcareService') ?? schedule?.specialtyId ?? null;
      if (!practitionerId || !clinicId || !specialtyId) continue;
      if (!practitionerIds.has(practitionerId) || !clinicRemote.has(clinicId) || !specialtyIds.has(specialtyId)) continue;
      const remote = clinicRemote.get(clinicId) ?? false;
      const startAt = new Date(resource.start);
      const durationMinutes = Math.max(1, Math.round((new Date(resource.end).getTime() - startAt.getTime()) / 60_000));
      // The slot's row, unless another live appointment holds it (then this one is not tied to it).
      let slotId = slotLink?.slotId ?? null;
      if (slotId !== null && held.has(slotId)) slotId = null;
      if (slotId !== null) held.add(slotId);
      const kindId = remote ? 'VETA' : 'VAS';
      fresh.push({
        fhirId: change.id,
        versionId: resource.meta?.versionId ?? '',
        rules: mutabilityOf(resource),
        row: {
          patientId: personId,
          bookedVia: 'staff',
          kindId,
          kindName: kindNames(kindId),
          startAt,
          durationMinutes,
          clinicId,
          practitionerId,
          specialtyId,
          slotId,
          isRemote: remote,
          locationType: remote ? ('videoAppointment' as const) : ('physicalLocation' as const),
          checkedInAt: ARRIVED.has(resource.status) ? now : null,
          anonymousTokenHash: sha256(randomToken(24)),
          createdAt: now,
        },
      });
    }
    await flush();
  }
}

async function applyAppointment(tx: Db, { id, resource }: Change<Appointment>, now: Date) {
  const [link] = await tx.select().from(practiceSystemAppointments).where(eq(practiceSystemAppointments.fhirId, id));
  if (!resource || ENDED.has(resource.status)) {
    if (link) {
      await tx
        .update(appointments)
        .set({ cancelledAt: now, cancelledBy: 'provider' })
        .where(and(eq(appointments.id, link.appointmentId), isNull(appointments.cancelledAt)));
      if (resource)
        await tx
          .update(practiceSystemAppointments)
          .set({ versionId: resource.meta?.versionId ?? '' })
          .where(eq(practiceSystemAppointments.fhirId, id));
    }
    return;
  }
  const patientFhirId = patientOf(resource);
  const [patient] = patientFhirId ? await tx.select().from(practiceSystemPatients).where(eq(practiceSystemPatients.fhirId, patientFhirId)) : [];
  if (!patient?.personId || !resource.start || !resource.end) return;

  const slotFhirId = idOf(resource.slot?.[0]?.reference, 'Slot');
  const [slotLink] = slotFhirId ? await tx.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.fhirId, slotFhirId)) : [];
  const [schedule] = slotLink ? await tx.select().from(practiceSystemSchedules).where(eq(practiceSystemSchedules.fhirId, slotLink.scheduleFhirId)) : [];
  const actor = (type: string) => (resource.participant ?? []).map((p) => idOf(p.actor?.reference, type)).find(Boolean) ?? null;
  const practitionerId = actor('Practitioner') ?? schedule?.practitionerId ?? null;
  const clinicId = actor('Location') ?? schedule?.clinicId ?? null;
  const specialtyId = actor('HealthcareService') ?? schedule?.specialtyId ?? null;
  if (!practitionerId || !clinicId || !specialtyId) return;
  if (!(await exists(tx, 'practitioner', practitionerId)) || !(await exists(tx, 'clinic', clinicId)) || !(await exists(tx, 'specialty', specialtyId))) return;

  const [clinic] = await tx.select({ isRemote: clinics.isRemote }).from(clinics).where(eq(clinics.id, clinicId));
  const remote = clinic?.isRemote ?? false;
  const startAt = new Date(resource.start);
  const durationMinutes = Math.max(1, Math.round((new Date(resource.end).getTime() - startAt.getTime()) / 60_000));
  // The slot's row, unless another live appointment holds it (then this one is not tied to it).
  let slotId = slotLink?.slotId ?? null;
  if (slotId !== null) {
    const [holder] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.slotId, slotId), isNull(appointments.cancelledAt)))
      .limit(1);
    if (holder && holder.id !== link?.appointmentId) slotId = null;
  }
  const place = {
    startAt,
    durationMinutes,
    clinicId,
    practitionerId,
    specialtyId,
    slotId,
    isRemote: remote,
    locationType: remote ? ('videoAppointment' as const) : ('physicalLocation' as const),
  };
  const versionId = resource.meta?.versionId ?? '';

  if (link) {
    const [current] = await tx.select().from(appointments).where(eq(appointments.id, link.appointmentId));
    if (!current) return;
    const moved = current.startAt.getTime() !== startAt.getTime();
    await tx
      .update(appointments)
      .set({
        ...place,
        ...(moved ? { revision: sql`${appointments.revision} + 1`, revisedAt: now } : {}),
        ...(ARRIVED.has(resource.status) && !current.checkedInAt ? { checkedInAt: now } : {}),
      })
      .where(eq(appointments.id, link.appointmentId));
    await tx
      .update(practiceSystemAppointments)
      .set({ versionId, ...mutabilityOf(resource) })
      .where(eq(practiceSystemAppointments.fhirId, id));
    return;
  }
  const kindId = remote ? 'VETA' : 'VAS';
  const [created] = await tx
    .insert(appointments)
    .values({
      patientId: patient.personId,
      bookedVia: 'staff',
      kindId,
      kindName: kindNames(kindId),
      ...place,
      checkedInAt: ARRIVED.has(resource.status) ? now : null,
      anonymousTokenHash: sha256(randomToken(24)),
      createdAt: now,
    })
    .returning({ id: appointments.id });
  await linkAppointment(tx, created!.id, { ...resource, id });
}
