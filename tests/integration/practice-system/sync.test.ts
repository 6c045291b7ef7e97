/**
 * The read model's sync (ADR 0051) on both databases, over HTTP against the local FHIR server:
 * every resource type created, updated and deleted at the practice system reaches the portal's
 * tables in one sync; a second sync goes on from the stored cursor and changes nothing; a sync
 * the practice system's outage interrupts keeps the types it finished and catches up after; a
 * staff-made appointment of a portal person (matched by the identity code) is in their list; a
 * practitioner's clinics and specialties follow their active PractitionerRoles, removals included;
 * a Slot's payer-type categories decide who finds and may book its free time.
 */
import { generateKeyPairSync } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Appointment, Patient, PractitionerRole, Resource, Schedule, Slot } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, createPractitioner } from '~db/factories';
import {
  appointmentReminders,
  appointmentSlots,
  appointments,
  clinics,
  outbox,
  practiceSystemCursors,
  practiceSystemSlots,
  practitionerClinics,
  practitioners,
  practitionerSpecialties,
  specialties,
} from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import { listAppointments } from '~/services/appointments/appointments.server';
import { reminderDueAt } from '~/services/appointments/reminder-rules';
import { runReminderSweep } from '~/services/appointments/reminders.server';
import { payerOf } from '~/services/booking/payers/index.server';
import { openSlot } from '~/services/booking/reservation/slot.server';
import { defaultFilter } from '~/services/booking/search-rules';
import { findAvailableAppointments } from '~/services/booking/search.server';
import { createFhirClient, PracticeSystemError, type FhirClient } from '~/services/practice-system/fhir-client';
import { startLocalFhirServer, type LocalFhirServer } from '~/services/practice-system/local-fhir-server';
import { PAYER_TYPE_SYSTEM } from '~/services/practice-system/payer-types';
import { runPracticeSystemSync } from '~/services/practice-system/sync-job.server';
import { IDENTITY_CODE_SYSTEM, practiceSystemSyncLag, syncPracticeSystem } from '~/services/practice-system/sync.server';
import { portalMetrics } from '~/services/observability/metrics.server';
import { viewerOf } from '~/services/people/viewer.server';
import { helsinkiDate } from '~/lib/dates';
import { clock, minutesFromNow, today } from '../../fixtures/clock';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

const keys = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const DAY = 24 * 60;

describe.each(databaseKinds())('the practice system read model on %s', (kind) => {
  const t = withTestDatabase(kind);
  let server: LocalFhirServer;
  /** The portal's client and the staff's (the practice system's own users write through another). */
  let portal: FhirClient;
  let staff: FhirClient;

  beforeAll(async () => {
    server = await startLocalFhirServer({
      clients: new Map([
        ['portal', keys.publicKey],
        ['staff', keys.publicKey],
      ]),
    });
    portal = createFhirClient({ baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'portal', key: keys.privateKey, timeoutMs: 5000 });
    staff = createFhirClient({ baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'staff', key: keys.privateKey, timeoutMs: 5000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  const sync = () => syncPracticeSystem(t.db, portal, { now: clock.now() });
  const put = <T extends Resource>(resource: T & { id: string }) => staff.update<T>(resource);
  const slotAt = (id: string, startMinutes: number, status: Slot['status'] = 'free'): Slot & { id: string } => {
    const start = minutesFromNow(startMinutes);
    return {
      resourceType: 'Slot',
      id,
      status,
      schedule: { reference: 'Schedule/S-P1' },
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    };
  };
  async function rowOf(fhirSlotId: string) {
    const [link] = await t.db.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.fhirId, fhirSlotId));
    if (!link?.slotId) return null;
    const [row] = await t.db.select().from(appointmentSlots).where(eq(appointmentSlots.id, link.slotId));
    return row ?? null;
  }

  it('brings every type in, matches patients by the identity code, and a second sync from the cursor changes nothing', async () => {
    const code = makeIdentityCode('1980-04-04', 412);
    const person = await createPerson(t.db, { identityCode: code, firstName: 'Staffi', lastName: 'Varattu', phone: '+358405550412' });
    await put({
      resourceType: 'Location',
      id: 'FLOC',
      name: 'Kamppi',
      status: 'active',
      address: { line: ['Urho Kekkosen katu 1'], postalCode: '00100', city: 'Helsinki' },
    });
    await put({ resourceType: 'HealthcareService', id: 'FYLE', name: 'Yleislääkäri', active: true });
    await put({
      resourceType: 'Practitioner',
      id: 'P1',
      name: [{ given: ['Outi'], family: 'Omalääkäri' }],
      qualification: [{ code: { text: 'Yleislääkäri' } }],
    });
    await put({
      resourceType: 'PractitionerRole',
      id: 'R-P1',
      active: true,
      practitioner: { reference: 'Practitioner/P1' },
      location: [{ reference: 'Location/FLOC' }],
      healthcareService: [{ reference: 'HealthcareService/FYLE' }],
    });
    await put<Schedule>({
      resourceType: 'Schedule',
      id: 'S-P1',
      active: true,
      actor: [{ reference: 'Practitioner/P1' }, { reference: 'Location/FLOC' }, { reference: 'HealthcareService/FYLE' }],
    });
    await put<Patient>({ resourceType: 'Patient', id: 'PAT1', identifier: [{ system: IDENTITY_CODE_SYSTEM, value: code }], name: [{ family: 'Varattu' }] });
    await put<Patient>({ resourceType: 'Patient', id: 'PAT2', identifier: [{ system: IDENTITY_CODE_SYSTEM, value: makeIdentityCode('1970-01-01', 414) }] });
    await put(slotAt('SL1', 2 * DAY));
    const taken = await put(slotAt('SL2', 2 * DAY + 30, 'busy'));
    await put(slotAt('SL3', 2 * DAY + 60, 'busy'));
    // The staff booked SL2 for the portal's patient by phone, and SL3 for someone the portal does not know.
    await put<Appointment>({
      resourceType: 'Appointment',
      id: 'A1',
      status: 'booked',
      start: taken.start,
      end: taken.end,
      slot: [{ reference: 'Slot/SL2' }],
      participant: [
        { actor: { reference: 'Patient/PAT1' }, status: 'accepted' },
        { actor: { reference: 'Practitioner/P1' }, status: 'accepted' },
      ],
    });
    await put<Appointment>({
      resourceType: 'Appointment',
      id: 'A2',
      status: 'booked',
      start: taken.start,
      end: taken.end,
      slot: [{ reference: 'Slot/SL3' }],
      participant: [{ actor: { reference: 'Patient/PAT2' }, status: 'accepted' }],
    });

    // An appointment naming a Patient the server does not have matches nobody; the sync goes on.
    await put<Appointment>({
      resourceType: 'Appointment',
      id: 'A3',
      status: 'booked',
      start: taken.start,
      end: taken.end,
      participant: [{ actor: { reference: 'Patient/GONE' }, status: 'accepted' }],
    });
    const first = await sync();
    expect(first).toMatchObject({ Location: 1, Slot: 3, Appointment: 3, Patient: 2 });

    expect(await t.db.select().from(clinics).where(eq(clinics.id, 'FLOC'))).toEqual([
      expect.objectContaining({ name: 'Kamppi', streetAddress: 'Urho Kekkosen katu 1', postOffice: 'Helsinki', isRemote: false }),
    ]);
    expect(await t.db.select({ name: specialties.name }).from(specialties).where(eq(specialties.id, 'FYLE'))).toEqual([
      { name: { fi: 'Yleislääkäri', sv: 'Yleislääkäri', en: 'Yleislääkäri' } },
    ]);
    expect(await t.db.select({ first: practitioners.firstName, last: practitioners.lastName }).from(practitioners).where(eq(practitioners.id, 'P1'))).toEqual([
      { first: 'Outi', last: 'Omalääkäri' },
    ]);
    expect(await t.db.select().from(practitionerClinics).where(eq(practitionerClinics.practitionerId, 'P1'))).toEqual([
      { practitionerId: 'P1', clinicId: 'FLOC' },
    ]);
    expect(await t.db.select().from(practitionerSpecialties).where(eq(practitionerSpecialties.practitionerId, 'P1'))).toEqual([
      { practitionerId: 'P1', specialtyId: 'FYLE' },
    ]);
    expect(await rowOf('SL1')).toMatchObject({ clinicId: 'FLOC', practitionerId: 'P1', specialtyId: 'FYLE', durationMinutes: 30 });
    expect(await rowOf('SL3')).toBeNull();

    // The staff-made appointment is in the patient's list; the stranger's is nowhere.
    const list = await listAppointments(t.db, viewerOf({ person: { id: person.id }, wards: [] }), 'fi');
    expect(list.upcoming).toHaveLength(1);
    const own = await t.db.select().from(appointments).where(eq(appointments.patientId, person.id));
    expect(own).toEqual([expect.objectContaining({ bookedVia: 'staff', clinicId: 'FLOC', practitionerId: 'P1', specialtyId: 'FYLE', cancelledAt: null })]);
    // The time was busy when the portal first saw it: never a free time here, the visit holds no row.
    expect(own[0]!.slotId).toBeNull();
    expect(await rowOf('SL2')).toBeNull();
    const everyAppointment = await t.db.select({ id: appointments.id }).from(appointments);
    expect(everyAppointment).toHaveLength(1);
    // It gets its reminder like any visit: the sweep at its due time (a day before, out of the quiet hours) sends it to the patient's phone.
    await runReminderSweep(t.db, { now: reminderDueAt(new Date(taken.start), 24), leadHours: 24 });
    const reminders = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'reminder'), eq(outbox.recipient, '+358405550412')));
    expect(reminders.map((r) => r.channel)).toEqual(['sms']);
    expect(await t.db.select({ id: appointmentReminders.appointmentId }).from(appointmentReminders)).toEqual([{ id: own[0]!.id }]);

    const cursors = await t.db.select().from(practiceSystemCursors);
    expect(cursors.map((c) => c.resourceType).sort()).toEqual([
      'Appointment',
      'HealthcareService',
      'Location',
      'Patient',
      'Practitioner',
      'PractitionerRole',
      'Schedule',
      'Slot',
    ]);
    const slotsBefore = await t.db.select().from(appointmentSlots);
    const second = await sync();
    // From the cursor: only the boundary instant is read again (inclusive), not the whole history.
    expect(second.Slot).toBeLessThanOrEqual(1);
    expect(await t.db.select().from(appointmentSlots)).toEqual(slotsBefore);
    expect(await t.db.select({ id: appointments.id }).from(appointments)).toHaveLength(1);
  });

  it('applies updates and deletions: a slot taken, moved, deleted; a schedule closed and reopened; an appointment moved, checked in, cancelled', async () => {
    const moved = await put(slotAt('SL1', 3 * DAY));
    await put(slotAt('SL4', 2 * DAY + 90));
    await put(slotAt('SL5', 2 * DAY + 120));
    await sync();
    expect((await rowOf('SL1'))!.startAt.toISOString()).toBe(new Date(moved.start).toISOString());
    expect(await rowOf('SL4')).not.toBeNull();

    await put(slotAt('SL4', 2 * DAY + 90, 'busy'));
    await staff.remove('Slot/SL5');
    await sync();
    expect(await rowOf('SL4')).toBeNull();
    expect(await t.db.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.fhirId, 'SL5'))).toEqual([]);

    await put<Schedule>({
      resourceType: 'Schedule',
      id: 'S-P1',
      active: false,
      actor: [{ reference: 'Practitioner/P1' }, { reference: 'Location/FLOC' }, { reference: 'HealthcareService/FYLE' }],
    });
    await sync();
    expect(await rowOf('SL1')).toBeNull();
    await put<Schedule>({
      resourceType: 'Schedule',
      id: 'S-P1',
      active: true,
      actor: [{ reference: 'Practitioner/P1' }, { reference: 'Location/FLOC' }, { reference: 'HealthcareService/FYLE' }],
    });
    await sync();
    expect(await rowOf('SL1')).not.toBeNull();

    const a1 = await portal.read<Appointment>('Appointment/A1');
    const later = minutesFromNow(4 * DAY);
    await put<Appointment>({ ...a1, id: 'A1', start: later.toISOString(), end: new Date(later.getTime() + 30 * 60_000).toISOString() });
    await sync();
    const [afterMove] = await t.db.select().from(appointments).where(eq(appointments.bookedVia, 'staff'));
    expect(afterMove).toMatchObject({ startAt: later, revision: 1, checkedInAt: null });

    await put<Appointment>({ ...(await portal.read<Appointment>('Appointment/A1')), id: 'A1', status: 'arrived' });
    await sync();
    const [arrived] = await t.db.select().from(appointments).where(eq(appointments.id, afterMove!.id));
    expect(arrived!.checkedInAt).not.toBeNull();

    await put<Appointment>({ ...(await portal.read<Appointment>('Appointment/A1')), id: 'A1', status: 'cancelled' });
    await sync();
    const [cancelled] = await t.db.select().from(appointments).where(eq(appointments.id, afterMove!.id));
    expect(cancelled).toMatchObject({ cancelledBy: 'provider' });
    expect(cancelled!.cancelledAt).not.toBeNull();
  });

  it('makes a Slot with payer-type categories a time of those payers only, follows a changed category, and keeps it through a schedule closed and reopened', async () => {
    const categories = (...codes: string[]) => ({ serviceCategory: codes.map((code) => ({ coding: [{ system: PAYER_TYPE_SYSTEM, code }] })) });
    const occupational = await put({ ...slotAt('SL-OCC', 5 * DAY), ...categories('occupationalHealthCare') });
    await put(slotAt('SL-SELF', 5 * DAY + 30));
    // The national service category beside an unknown code of the portal's system: nothing the portal knows, a private customers' time.
    await put({
      ...slotAt('SL-ODD', 5 * DAY + 60),
      serviceCategory: [{ coding: [{ system: 'urn:oid:1.2.246.537.6.88.2008', code: '10' }] }, { coding: [{ system: PAYER_TYPE_SYSTEM, code: 'voucher' }] }],
    });
    await sync();
    expect((await rowOf('SL-OCC'))!.payerTypes).toEqual(['occupationalHealthCare']);
    expect((await rowOf('SL-SELF'))!.payerTypes).toEqual(['self']);
    expect((await rowOf('SL-ODD'))!.payerTypes).toEqual(['self']);

    // An employee's occupational search finds the time and may book it; a private customer's does neither.
    const day = helsinkiDate(new Date(occupational.start));
    const search = (payerType: 'self' | 'occupationalHealthCare') =>
      findAvailableAppointments(t.db, { ...defaultFilter(today()), startDate: day, specialtyIds: ['FYLE'], payerType }, 'fi', { now: clock.now() });
    const found = async (payerType: 'self' | 'occupationalHealthCare') => (await search(payerType)).appointments.map((a) => a.startDate);
    const occupationalId = (await rowOf('SL-OCC'))!.id;
    expect(await found('occupationalHealthCare')).toContain(new Date(occupational.start).toISOString());
    expect(await found('self')).not.toContain(new Date(occupational.start).toISOString());
    expect(await openSlot(t.db, occupationalId, payerOf('occupational'), clock.now())).not.toBeNull();
    expect(await openSlot(t.db, occupationalId, payerOf('self'), clock.now())).toBeNull();

    // The practice system opens the time to insured and private customers too: the same row says so.
    await put({ ...slotAt('SL-OCC', 5 * DAY), ...categories('insurance', 'self') });
    await sync();
    expect(await rowOf('SL-OCC')).toMatchObject({ id: occupationalId, payerTypes: ['self', 'insurance'] });
    expect(await openSlot(t.db, occupationalId, payerOf('self'), clock.now())).not.toBeNull();
    expect(await openSlot(t.db, occupationalId, payerOf('occupational'), clock.now())).toBeNull();
    // And takes the categories away: a private customers' time.
    await put(slotAt('SL-OCC', 5 * DAY));
    await sync();
    expect((await rowOf('SL-OCC'))!.payerTypes).toEqual(['self']);

    // The time made again from the stored link when its schedule reopens keeps its payers.
    await put({ ...slotAt('SL-OCC', 5 * DAY), ...categories('occupationalHealthCare') });
    await sync();
    const schedule = (active: boolean): Schedule & { id: string } => ({
      resourceType: 'Schedule',
      id: 'S-P1',
      active,
      actor: [{ reference: 'Practitioner/P1' }, { reference: 'Location/FLOC' }, { reference: 'HealthcareService/FYLE' }],
    });
    await put(schedule(false));
    await sync();
    expect(await rowOf('SL-OCC')).toBeNull();
    await put(schedule(true));
    await sync();
    expect((await rowOf('SL-OCC'))!.payerTypes).toEqual(['occupationalHealthCare']);
    expect((await rowOf('SL-SELF'))!.payerTypes).toEqual(['self']);
  });

  it("takes away what a practitioner's roles no longer say: a location removed, a role inactive, deleted or moved to another practitioner; another active role keeps what it names", async () => {
    const clinicsOf = async (practitionerId: string) =>
      (await t.db.select().from(practitionerClinics).where(eq(practitionerClinics.practitionerId, practitionerId))).map((r) => r.clinicId).sort();
    const specialtiesOf = async (practitionerId: string) =>
      (await t.db.select().from(practitionerSpecialties).where(eq(practitionerSpecialties.practitionerId, practitionerId))).map((r) => r.specialtyId).sort();
    const role = (id: string, practitioner: string, locations: string[], services: string[], active = true): PractitionerRole & { id: string } => ({
      resourceType: 'PractitionerRole',
      id,
      active,
      practitioner: { reference: `Practitioner/${practitioner}` },
      location: locations.map((l) => ({ reference: `Location/${l}` })),
      healthcareService: services.map((s) => ({ reference: `HealthcareService/${s}` })),
    });
    // A practitioner no role names (as the built-in store's seeded ones): the sync leaves their rows alone.
    await createPractitioner(t.db, {
      id: 'P-SEEDED',
      firstName: 'Sirpa',
      lastName: 'Seed',
      title: { fi: 'Lääkäri', sv: 'Läkare', en: 'Doctor' },
      clinicIds: ['FLOC'],
      specialtyIds: ['FYLE'],
    });
    await put({ resourceType: 'Location', id: 'FLOC4', name: 'Leppävaara', status: 'active' });
    await put({ resourceType: 'HealthcareService', id: 'FLAS', name: 'Lastenlääkäri', active: true });
    await put({ resourceType: 'Practitioner', id: 'P2', name: [{ given: ['Toivo'], family: 'Toinen' }] });
    // P1 works at Kamppi and Leppävaara in two roles; Leppävaara and general practice are in both.
    await put(role('R-P1', 'P1', ['FLOC', 'FLOC4'], ['FYLE', 'FLAS']));
    await put(role('R-P1-B', 'P1', ['FLOC4'], ['FYLE']));
    await sync();
    expect(await clinicsOf('P1')).toEqual(['FLOC', 'FLOC4']);
    expect(await specialtiesOf('P1')).toEqual(['FLAS', 'FYLE']);

    // The first role no longer names Kamppi: P1 is not there any more.
    await put(role('R-P1', 'P1', ['FLOC4'], ['FYLE', 'FLAS']));
    await sync();
    expect(await clinicsOf('P1')).toEqual(['FLOC4']);
    expect(await specialtiesOf('P1')).toEqual(['FLAS', 'FYLE']);

    // The first role ends: what only it named goes, what the second names stays.
    await put(role('R-P1', 'P1', ['FLOC4'], ['FYLE', 'FLAS'], false));
    await sync();
    expect(await clinicsOf('P1')).toEqual(['FLOC4']);
    expect(await specialtiesOf('P1')).toEqual(['FYLE']);

    // The second role is deleted: no active role is left, nor any clinic or specialty.
    await staff.remove('PractitionerRole/R-P1-B');
    await sync();
    expect(await clinicsOf('P1')).toEqual([]);
    expect(await specialtiesOf('P1')).toEqual([]);

    // The first role is active again at Kamppi, then it is P2's: P1 has nothing, P2 has it.
    await put(role('R-P1', 'P1', ['FLOC'], ['FYLE']));
    await sync();
    expect(await clinicsOf('P1')).toEqual(['FLOC']);
    expect(await specialtiesOf('P1')).toEqual(['FYLE']);
    await put(role('R-P1', 'P2', ['FLOC'], ['FYLE']));
    await sync();
    expect(await clinicsOf('P1')).toEqual([]);
    expect(await specialtiesOf('P1')).toEqual([]);
    expect(await clinicsOf('P2')).toEqual(['FLOC']);
    expect(await specialtiesOf('P2')).toEqual(['FYLE']);

    // A next sync re-reads the boundary role and changes nothing; the practitioner no role names kept their rows throughout.
    await sync();
    expect(await clinicsOf('P2')).toEqual(['FLOC']);
    expect(await clinicsOf('P-SEEDED')).toEqual(['FLOC']);
    expect(await specialtiesOf('P-SEEDED')).toEqual(['FYLE']);
  });

  it('keeps what an interrupted sync finished and catches up after the outage', async () => {
    await put(slotAt('SL6', 2 * DAY + 150));
    await put({ resourceType: 'Location', id: 'FLOC2', name: 'Itäkeskus', status: 'active' });
    // The practice system goes down in the middle of the sync, as the Slot history is asked for.
    const interrupted: FhirClient = {
      ...portal,
      bundle: async (url) => {
        if (url.startsWith('Slot/_history')) await server.stop();
        return portal.bundle(url);
      },
    };
    const failed = await syncPracticeSystem(t.db, interrupted, { now: clock.now() }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(PracticeSystemError);
    expect((failed as PracticeSystemError).kind).toBe('unavailable');
    // The types before the Slot are in; the slot is not.
    expect(await t.db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, 'FLOC2'))).toHaveLength(1);
    expect(await t.db.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.fhirId, 'SL6'))).toEqual([]);
    // The scheduled run logs the outage and leaves the rest to the next run (it does not throw).
    await expect(runPracticeSystemSync(t.db, portal)).resolves.toBeUndefined();
    // A change made at the practice system while the portal cannot reach it (its own users go on).
    await server.repo.createResource({ resourceType: 'Location', id: 'FLOC3', name: 'Tapiola', status: 'active' } as Resource);
    await server.resume();
    await sync();
    expect(await t.db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, 'FLOC3'))).toHaveLength(1);
    expect(await rowOf('SL6')).not.toBeNull();
    const live = await t.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.bookedVia, 'staff'), isNull(appointments.cancelledAt)));
    expect(live).toEqual([]);
  });

  it('shows the lag per type and the failed runs for the metrics: the lag starts again at every run, nothing new or not, and grows while the practice system is down', async () => {
    const failedRuns = async () =>
      (await portalMetrics().practiceSystemErrors.get()).values.find((v) => v.labels.operation === 'sync' && v.labels.kind === 'unavailable')?.value ?? 0;
    await sync();
    const later = new Date(clock.nowMs() + 90_000);
    const lag = await practiceSystemSyncLag(t.db, later);
    expect(lag.map((l) => l.resourceType).sort()).toEqual([
      'Appointment',
      'HealthcareService',
      'Location',
      'Patient',
      'Practitioner',
      'PractitionerRole',
      'Schedule',
      'Slot',
    ]);
    expect(lag.every((l) => l.seconds >= 90)).toBe(true);
    // A run with nothing new still brings every type up to date.
    await syncPracticeSystem(t.db, portal, { now: later });
    expect((await practiceSystemSyncLag(t.db, later)).map((l) => l.seconds)).toEqual(Array(8).fill(0));

    const before = await failedRuns();
    const fresh = createFhirClient({ baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'portal', key: keys.privateKey, timeoutMs: 5000 });
    await server.stop();
    try {
      await runPracticeSystemSync(t.db, fresh);
    } finally {
      await server.resume();
    }
    expect(await failedRuns()).toBe(before + 1);
    expect((await practiceSystemSyncLag(t.db, new Date(later.getTime() + 60_000))).every((l) => l.seconds === 60)).toBe(true);
  });
});
