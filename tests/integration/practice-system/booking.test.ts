/**
 * Booking, cancel, check-in, the arrival reason and moving written through to the practice system
 * first (ADR 0051), on both databases, over HTTP
 * against the local FHIR server: the booking creates the Appointment (with the patient by the
 * identity code, registered there when unknown, and the IG's mutability extension) and takes the
 * Slot in one transaction; a time a clerk took meanwhile answers "time taken" with nothing
 * written; concurrent bookings of one slot through two portal instances leave exactly one booked
 * Appointment and one row; the practice system down answers the translated "unavailable" and
 * changes nothing on either side. A move takes the new Slot, frees the old one and moves the
 * Appointment in one transaction (the loser of the new time: "time taken", nothing changed), is
 * put back when the portal's own transaction does not commit, and keeps to a staff-made
 * appointment's mutability extension. Every resource the portal writes is valid against the
 * official R4 JSON schema, and a Slot it writes back keeps its payer-type categories.
 */
import { generateKeyPairSync } from 'node:crypto';
import { eq, and, isNull } from 'drizzle-orm';
import type { Appointment, Extension, Patient, Schedule, Slot } from '@medplum/fhirtypes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '~db/factories';
import { appointments, earlierTimeOffers, outbox, practiceSystemAppointments, practiceSystemSlots } from '~db/schema';
import { addDays, helsinkiDate } from '~/lib/dates';
import { makeIdentityCode } from '~/models/identity-code';
import { cancelAppointment, checkIn, getAppointments, saveArrivalReason } from '~/services/appointments/appointments.server';
import { moveAppointment } from '~/services/appointments/move.server';
import { offerFreedSlot } from '~/services/appointments/earlier-time-matching.server';
import { requestEarlierTime, takeOffer } from '~/services/appointments/earlier-times.server';
import { reserveAsUser } from '~/services/booking/reservation.server';
import { viewerOf } from '~/services/people/viewer.server';
import type { ReservationContext } from '~/services/booking/reservation/types';
import { MUTABILITY_EXTENSION } from '~/services/practice-system/booking.server';
import { createFhirClient, type FhirClient } from '~/services/practice-system/fhir-client';
import { startLocalFhirServer, type LocalFhirServer } from '~/services/practice-system/local-fhir-server';
import { IDENTITY_CODE_SYSTEM, syncPracticeSystem } from '~/services/practice-system/sync.server';
import { PAYER_TYPE_SYSTEM } from '~/services/practice-system/payer-types';
import { clock, minutesFromNow } from '../../fixtures/clock';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { fhirSchemaErrors } from '../../fixtures/fhir';

const keys = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const DAY = 24 * 60;
const CONTACT = { phone: '0401234567', emailAddress: 'a@example.fi' };
let individual = 600;
/** A fresh identity code born on `birthDate`, or on a later day once that day's numbers are used (the race books for 100 people on each database). */
function nextIdentityCode(birthDate: string): string {
  individual += 2;
  return makeIdentityCode(addDays(birthDate, Math.floor(individual / 998)), 2 + (individual % 998));
}
const SETTINGS = { maxFutureReservations: 5, bindingConsentHours: 24, cancellationLimitHours: 24 };
/** Who may book the free times: private and insured customers (ADR 0051's payer-type categories). */
const PAYER_CATEGORIES = [{ coding: [{ system: PAYER_TYPE_SYSTEM, code: 'self' }] }, { coding: [{ system: PAYER_TYPE_SYSTEM, code: 'insurance' }] }];

/** Everything the portal sent to be written (each resource, each transaction bundle), to check against the R4 JSON schema. */
const written: unknown[] = [];
/** The real client, noting what it is asked to write. */
const recording = (c: FhirClient): FhirClient => ({
  ...c,
  create: (resource, options) => (written.push(resource), c.create(resource, options)),
  update: (resource, version) => (written.push(resource), c.update(resource, version)),
  transaction: (entries) => (written.push({ resourceType: 'Bundle', type: 'transaction', entry: entries }), c.transaction(entries)),
});

describe.each(databaseKinds())('booking written through to the practice system on %s', (kind) => {
  const t = withTestDatabase(kind);
  let server: LocalFhirServer;
  let portalA: FhirClient;
  let portalB: FhirClient;
  let staff: FhirClient;
  let slotNo = 0;

  // No call here is meant to time out (fhir-protocol.test.ts proves the timeout's mapping): the
  // race's 100 bookings share this process's event loop with the local server and, on PGlite, the
  // database, and in a CI run at full load one call waited over 3 s for its turn.
  const client = (id: string) =>
    createFhirClient({ baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: id, key: keys.privateKey, timeoutMs: 30_000 });
  const ctx = (practiceSystem: FhirClient): ReservationContext => ({
    lang: 'fi',
    origin: 'https://portal.test',
    brand: 'general',
    inApp: false,
    practiceSystem,
    settings: { maxFutureReservations: 5, bindingConsentHours: 24, cancellationLimitHours: 24 },
  });
  const patient = () => {
    const identityCode = nextIdentityCode('1986-06-06');
    return createPerson(t.db, {
      identityCode,
      firstName: 'Varaaja',
      lastName: `Kirjoittava${individual}`,
      patientDataConsentUpdatedAt: clock.now(),
    });
  };
  /** A free time at the practice system, synchronised into the portal: its local id. */
  async function freeTime(): Promise<{ fhirId: string; slotId: number }> {
    slotNo += 1;
    const start = minutesFromNow(3 * DAY + slotNo * 30);
    const fhirId = `WS${slotNo}`;
    await staff.update<Slot>({
      resourceType: 'Slot',
      id: fhirId,
      status: 'free',
      schedule: { reference: 'Schedule/WS' },
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      serviceCategory: PAYER_CATEGORIES,
    });
    await syncPracticeSystem(t.db, portalA, { now: clock.now() });
    const [link] = await t.db.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.fhirId, fhirId));
    return { fhirId, slotId: link!.slotId! };
  }
  /** Every Appointment on the slot at the practice system, whatever its status. */
  const allAt = async (fhirSlotId: string) => ((await staff.bundle<Appointment>(`Appointment?slot=Slot/${fhirSlotId}`)).entry ?? []).map((e) => e.resource!);
  const bookedAt = async (fhirSlotId: string) => (await allAt(fhirSlotId)).filter((a) => a.status === 'booked');
  const rowsOf = (slotId: number) =>
    t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.slotId, slotId), isNull(appointments.cancelledAt)));

  beforeAll(async () => {
    const clients = new Map([
      ['portal-a', keys.publicKey],
      ['portal-b', keys.publicKey],
      ['staff', keys.publicKey],
    ]);
    server = await startLocalFhirServer({ clients });
    portalA = recording(client('portal-a'));
    portalB = recording(client('portal-b'));
    staff = client('staff');
    await staff.update({ resourceType: 'Location', id: 'WLOC', name: 'Kamppi', status: 'active' });
    await staff.update({ resourceType: 'HealthcareService', id: 'WYLE', name: 'Yleislääkäri' });
    await staff.update({ resourceType: 'Practitioner', id: 'WP1', name: [{ given: ['Outi'], family: 'Omalääkäri' }] });
    await staff.update<Schedule>({
      resourceType: 'Schedule',
      id: 'WS',
      active: true,
      actor: [{ reference: 'Practitioner/WP1' }, { reference: 'Location/WLOC' }, { reference: 'HealthcareService/WYLE' }],
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    const errors = written.flatMap((resource) => fhirSchemaErrors(resource));
    written.length = 0;
    expect(errors).toEqual([]);
  });

  it('books at the practice system first: the Appointment with the patient registered by the identity code, the Slot busy, then the row and its links', async () => {
    const person = await patient();
    const { fhirId, slotId } = await freeTime();
    const result = await reserveAsUser(t.db, { person }, { slotId, ...CONTACT }, ctx(portalA));
    expect(result.type).toBe('success');

    const [booked] = await bookedAt(fhirId);
    expect(booked).toMatchObject({ status: 'booked', slot: [{ reference: `Slot/${fhirId}` }] });
    expect(booked!.extension).toEqual([expect.objectContaining({ url: MUTABILITY_EXTENSION })]);
    const patientRef = booked!.participant.find((p) => p.actor?.reference?.startsWith('Patient/'))!.actor!.reference!;
    const registered = await staff.read<Patient>(patientRef);
    expect(registered.identifier).toEqual([{ system: IDENTITY_CODE_SYSTEM, value: person.identityCode }]);
    expect(await staff.read<Slot>(`Slot/${fhirId}`)).toMatchObject({ status: 'busy', serviceCategory: PAYER_CATEGORIES });

    const [row] = await rowsOf(slotId);
    const [link] = await t.db.select().from(practiceSystemAppointments).where(eq(practiceSystemAppointments.appointmentId, row!.id));
    expect(link!.fhirId).toBe(booked!.id);
    // The next sync sees the portal's own booking, not a second staff one.
    await syncPracticeSystem(t.db, portalA, { now: clock.now() });
    expect(await t.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.patientId, person.id))).toHaveLength(1);
    expect(await rowsOf(slotId)).toHaveLength(1);
  });

  it('answers "time taken" when a clerk took the time after the last sync, and writes nothing', async () => {
    const person = await patient();
    const { fhirId, slotId } = await freeTime();
    const slot = await staff.read<Slot>(`Slot/${fhirId}`);
    await staff.update<Slot>({ ...slot, id: fhirId, status: 'busy' });
    expect(await reserveAsUser(t.db, { person }, { slotId, ...CONTACT }, ctx(portalA))).toEqual({ type: 'appointmentNotAvailable' });
    expect(await allAt(fhirId)).toEqual([]);
    expect(await rowsOf(slotId)).toEqual([]);
  });

  it('registers a new patient at the practice system once when two portal instances book two times for them at once', async () => {
    const person = await patient();
    const [first, second] = [await freeTime(), await freeTime()];
    // A practice system that answers slowly: both instances ask about the patient before either has registered them.
    server.setDelay(300);
    const results = await Promise.all([
      reserveAsUser(t.db, { person }, { slotId: first.slotId, ...CONTACT }, ctx(portalA)),
      reserveAsUser(t.db, { person }, { slotId: second.slotId, ...CONTACT }, ctx(portalB)),
    ]).finally(() => server.setDelay(0));
    expect(results.map((r) => r.type)).toEqual(['success', 'success']);
    const registered = await staff.bundle<Patient>(`Patient?identifier=${encodeURIComponent(`${IDENTITY_CODE_SYSTEM}|${person.identityCode}`)}`);
    expect(registered.entry ?? []).toHaveLength(1);
    const patientOf = async (fhirSlotId: string) =>
      (await bookedAt(fhirSlotId))[0]!.participant.find((p) => p.actor?.reference?.startsWith('Patient/'))!.actor!.reference;
    expect(await patientOf(first.fhirId)).toBe(`Patient/${registered.entry![0]!.resource!.id}`);
    expect(await patientOf(second.fhirId)).toBe(`Patient/${registered.entry![0]!.resource!.id}`);
  });

  it('lets one of 100 concurrent bookings of one slot through two portal instances win: one Appointment there, one row here', async () => {
    const { fhirId, slotId } = await freeTime();
    const people = await Promise.all(Array.from({ length: 100 }, () => patient()));
    const results = await Promise.all(people.map((person, n) => reserveAsUser(t.db, { person }, { slotId, ...CONTACT }, ctx(n % 2 ? portalA : portalB))));
    expect(results.filter((r) => r.type === 'success')).toHaveLength(1);
    expect(results.filter((r) => r.type !== 'success').map((r) => r.type)).toEqual(Array(99).fill('appointmentNotAvailable'));
    // The losers were refused by the Slot's version there, not created and taken back.
    expect(await allAt(fhirId)).toEqual([expect.objectContaining({ status: 'booked' })]);
    expect(await rowsOf(slotId)).toHaveLength(1);
  });

  it("gives the time back at the practice system when the portal's own transaction refuses after the hold", async () => {
    const person = await patient();
    const first = await freeTime();
    const second = await freeTime();
    // One reservation allowed: both pass the lock-free check and hold their time; one transaction refuses under the lock.
    const limited = { ...ctx(portalA), settings: { maxFutureReservations: 1, bindingConsentHours: 24, cancellationLimitHours: 24 } };
    const results = await Promise.all([first, second].map(({ slotId }) => reserveAsUser(t.db, { person }, { slotId, ...CONTACT }, limited)));
    expect(results.map((r) => r.type).sort()).toEqual(['success', 'tooManyReservations']);
    const loser = results[0]!.type === 'success' ? second : first;
    expect(await bookedAt(loser.fhirId)).toEqual([]);
    expect((await staff.read<Slot>(`Slot/${loser.fhirId}`)).status).toBe('free');
    expect(await rowsOf(loser.slotId)).toEqual([]);
  });

  it('answers the translated "unavailable" when the practice system is down, and changes nothing on either side', async () => {
    const person = await patient();
    const { fhirId, slotId } = await freeTime();
    const fresh = client('portal-a');
    await server.stop();
    let result;
    try {
      result = await reserveAsUser(t.db, { person }, { slotId, ...CONTACT }, ctx(fresh));
    } finally {
      await server.resume();
    }
    expect(result).toEqual({ type: 'practiceSystemUnavailable' });
    expect(await allAt(fhirId)).toEqual([]);
    expect((await staff.read<Slot>(`Slot/${fhirId}`)).status).toBe('free');
    expect(await rowsOf(slotId)).toEqual([]);
    // Back up: the same booking goes through.
    expect((await reserveAsUser(t.db, { person }, { slotId, ...CONTACT }, ctx(fresh))).type).toBe('success');
  });
  it('cancels at the practice system first (the Appointment cancelled, the Slot free), and not at all while it is down', async () => {
    const person = await patient();
    const viewer = viewerOf({ person: { id: person.id }, wards: [] });
    const { fhirId, slotId } = await freeTime();
    const booked = await reserveAsUser(t.db, { person }, { slotId, ...CONTACT }, ctx(portalA));
    if (booked.type !== 'success') throw new Error(booked.type);
    const down = client('portal-a');
    await server.stop();
    try {
      expect(await cancelAppointment(t.db, viewer, booked.appointmentId, clock.now(), down)).toBe('unknownError');
    } finally {
      await server.resume();
    }
    expect((await rowsOf(slotId)).map((r) => r.id)).toEqual([booked.appointmentId]);
    expect(await bookedAt(fhirId)).toHaveLength(1);

    expect(await cancelAppointment(t.db, viewer, booked.appointmentId, clock.now(), portalA)).toBe('success');
    expect((await allAt(fhirId)).map((a) => a.status)).toEqual(['cancelled']);
    expect(await staff.read<Slot>(`Slot/${fhirId}`)).toMatchObject({ status: 'free', serviceCategory: PAYER_CATEGORIES });
    expect(await rowsOf(slotId)).toEqual([]);
  });

  it('checks a staff-made appointment in at the practice system first, and not at all while it is down', async () => {
    const person = await createPerson(t.db, {
      identityCode: nextIdentityCode('1975-05-05'),
      firstName: 'Saapuva',
      lastName: 'Potilas',
      confidentialityAcceptedAt: clock.now(),
    });
    await staff.update<Patient>({ resourceType: 'Patient', id: 'WPAT', identifier: [{ system: IDENTITY_CODE_SYSTEM, value: person.identityCode }] });
    const start = minutesFromNow(10);
    await staff.update<Appointment>({
      resourceType: 'Appointment',
      id: 'WA1',
      status: 'booked',
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      participant: [
        { actor: { reference: 'Patient/WPAT' }, status: 'accepted' },
        { actor: { reference: 'Practitioner/WP1' }, status: 'accepted' },
        { actor: { reference: 'Location/WLOC' }, status: 'accepted' },
        { actor: { reference: 'HealthcareService/WYLE' }, status: 'accepted' },
      ],
    });
    await syncPracticeSystem(t.db, portalA, { now: clock.now() });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.patientId, person.id));
    const viewer = viewerOf({ person: { id: person.id }, wards: [] });
    const down = client('portal-a');
    await server.stop();
    try {
      expect(await checkIn(t.db, viewer, row!.id, clock.now(), down)).toBe('unknownError');
    } finally {
      await server.resume();
    }
    expect((await t.db.select().from(appointments).where(eq(appointments.id, row!.id)))[0]!.checkedInAt).toBeNull();
    expect((await staff.read<Appointment>('Appointment/WA1')).status).toBe('booked');

    expect(await checkIn(t.db, viewer, row!.id, clock.now(), portalA)).toBe('success');
    expect((await staff.read<Appointment>('Appointment/WA1')).status).toBe('arrived');
    expect((await t.db.select().from(appointments).where(eq(appointments.id, row!.id)))[0]!.checkedInAt).not.toBeNull();
  });

  /** A booked appointment of a new patient at a new free time: its row id, the person and the time. */
  async function bookedAppointment() {
    const person = await patient();
    const time = await freeTime();
    const booked = await reserveAsUser(t.db, { person }, { slotId: time.slotId, ...CONTACT }, ctx(portalA));
    if (booked.type !== 'success') throw new Error(booked.type);
    const viewer = viewerOf({ person: { id: person.id }, wards: [] });
    const [link] = await t.db.select().from(practiceSystemAppointments).where(eq(practiceSystemAppointments.appointmentId, booked.appointmentId));
    return { id: booked.appointmentId, person, viewer, from: time, fhirId: link!.fhirId };
  }
  /** An Appointment the clinic's staff made on the slot, at the schedule WS's place and person, with these extensions. */
  const staffAppointment = (id: string, patientId: string, slot: Slot & { id: string }, extension?: Extension[]): Appointment & { id: string } => ({
    resourceType: 'Appointment',
    id,
    status: 'booked',
    start: slot.start,
    end: slot.end,
    slot: [{ reference: `Slot/${slot.id}` }],
    participant: [
      { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
      { actor: { reference: 'Practitioner/WP1' }, status: 'accepted' },
      { actor: { reference: 'Location/WLOC' }, status: 'accepted' },
      { actor: { reference: 'HealthcareService/WYLE' }, status: 'accepted' },
    ],
    ...(extension ? { extension } : {}),
  });
  const move = (
    viewer: ReturnType<typeof viewerOf>,
    appointmentId: number,
    slotId: number,
    practiceSystem: FhirClient,
    extra: Parameters<typeof moveAppointment>[2] = {},
  ) => moveAppointment(t.db, { actor: { kind: 'viewer', viewer, appointmentId }, slotId }, { now: clock.now(), settings: SETTINGS, practiceSystem, ...extra });
  const rowOf = async (id: number) => (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;

  it('moves at the practice system first: the new Slot busy, the old one free, the Appointment at the new time, then the row', async () => {
    const a = await bookedAppointment();
    const to = await freeTime();
    expect((await move(a.viewer, a.id, to.slotId, portalA)).type).toBe('moved');
    const there = await staff.read<Appointment>(`Appointment/${a.fhirId}`);
    const newSlot = await staff.read<Slot>(`Slot/${to.fhirId}`);
    expect(there).toMatchObject({ status: 'booked', slot: [{ reference: `Slot/${to.fhirId}` }], start: newSlot.start, end: newSlot.end });
    expect(newSlot).toMatchObject({ status: 'busy', serviceCategory: PAYER_CATEGORIES });
    expect(await staff.read<Slot>(`Slot/${a.from.fhirId}`)).toMatchObject({ status: 'free', serviceCategory: PAYER_CATEGORIES });
    expect(await allAt(a.from.fhirId)).toEqual([]);
    expect((await rowOf(a.id)).slotId).toBe(to.slotId);
    // The next sync sees the portal's own move: the same row at the new time, the old time free again.
    await syncPracticeSystem(t.db, portalA, { now: clock.now() });
    expect(await t.db.select({ id: appointments.id, slotId: appointments.slotId }).from(appointments).where(eq(appointments.patientId, a.person.id))).toEqual([
      { id: a.id, slotId: to.slotId },
    ]);
    expect(await rowsOf(a.from.slotId)).toEqual([]);
  });

  it('lets one of two concurrent moves to one time through two portal instances win; the loser gets "time taken" and keeps its time there and here', async () => {
    const [a, b] = [await bookedAppointment(), await bookedAppointment()];
    const to = await freeTime();
    const results = await Promise.all([move(a.viewer, a.id, to.slotId, portalA), move(b.viewer, b.id, to.slotId, portalB)]);
    expect(results.map((r) => r.type).sort()).toEqual(['moved', 'slotTaken']);
    const [winner, loser] = results[0]!.type === 'moved' ? [a, b] : [b, a];
    expect((await bookedAt(to.fhirId)).map((x) => x.id)).toEqual([winner.fhirId]);
    expect((await staff.read<Appointment>(`Appointment/${loser.fhirId}`)).slot).toEqual([{ reference: `Slot/${loser.from.fhirId}` }]);
    expect((await staff.read<Slot>(`Slot/${loser.from.fhirId}`)).status).toBe('busy');
    expect((await rowOf(loser.id)).slotId).toBe(loser.from.slotId);
  });

  it('answers "time taken" when a clerk took the new time after the last sync, and changes nothing', async () => {
    const a = await bookedAppointment();
    const to = await freeTime();
    const slot = await staff.read<Slot>(`Slot/${to.fhirId}`);
    await staff.update<Slot>({ ...slot, id: to.fhirId, status: 'busy' });
    const before = await staff.read<Appointment>(`Appointment/${a.fhirId}`);
    expect(await move(a.viewer, a.id, to.slotId, portalA)).toEqual({ type: 'slotTaken' });
    expect((await staff.read<Appointment>(`Appointment/${a.fhirId}`)).meta?.versionId).toBe(before.meta?.versionId);
    expect((await staff.read<Slot>(`Slot/${a.from.fhirId}`)).status).toBe('busy');
    expect((await rowOf(a.id)).slotId).toBe(a.from.slotId);
  });

  it('answers the translated "unavailable" when the practice system is down while moving, and changes nothing on either side', async () => {
    const a = await bookedAppointment();
    const to = await freeTime();
    const down = client('portal-a');
    await server.stop();
    let result;
    try {
      result = await move(a.viewer, a.id, to.slotId, down);
    } finally {
      await server.resume();
    }
    expect(result).toEqual({ type: 'practiceSystemUnavailable' });
    expect((await staff.read<Appointment>(`Appointment/${a.fhirId}`)).slot).toEqual([{ reference: `Slot/${a.from.fhirId}` }]);
    expect((await staff.read<Slot>(`Slot/${to.fhirId}`)).status).toBe('free');
    expect((await rowOf(a.id)).slotId).toBe(a.from.slotId);
  });

  it("puts the appointment back at the practice system when the portal's move transaction does not commit", async () => {
    const a = await bookedAppointment();
    const to = await freeTime();
    await expect(
      move(a.viewer, a.id, to.slotId, portalA, {
        inTransaction: async () => {
          throw new Error("the caller's step failed");
        },
      }),
    ).rejects.toThrow("the caller's step failed");
    const there = await staff.read<Appointment>(`Appointment/${a.fhirId}`);
    expect(there).toMatchObject({ status: 'booked', slot: [{ reference: `Slot/${a.from.fhirId}` }] });
    expect((await staff.read<Slot>(`Slot/${a.from.fhirId}`)).status).toBe('busy');
    expect((await staff.read<Slot>(`Slot/${to.fhirId}`)).status).toBe('free');
    expect((await rowOf(a.id)).slotId).toBe(a.from.slotId);
  });

  it('moves a staff-made appointment within its mutability extension: not when not reschedulable or past its time, else at the practice system first', async () => {
    const person = await createPerson(t.db, { identityCode: nextIdentityCode('1970-07-07'), firstName: 'Siirtävä', lastName: 'Potilas' });
    await staff.update<Patient>({ resourceType: 'Patient', id: 'WPAT2', identifier: [{ system: IDENTITY_CODE_SYSTEM, value: person.identityCode }] });
    const held = await freeTime();
    const slot = await staff.read<Slot>(`Slot/${held.fhirId}`);
    await staff.update<Slot>({ ...slot, id: held.fhirId, status: 'busy' });
    const staffMade = (mutable: Appointment['extension']) => staffAppointment('WA2', 'WPAT2', { ...slot, id: held.fhirId }, mutable);
    const rule = (...parts: Extension[]) => [{ url: MUTABILITY_EXTENSION, extension: parts }];
    await staff.update(staffMade(rule({ url: 'Reschedulable', valueBoolean: false })));
    await syncPracticeSystem(t.db, portalA, { now: clock.now() });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.patientId, person.id));
    expect(row!.bookedVia).toBe('staff');
    const viewer = viewerOf({ person: { id: person.id }, wards: [] });
    const to = await freeTime();

    expect(await move(viewer, row!.id, to.slotId, portalA)).toEqual({ type: 'notMovable' });
    await staff.update(staffMade(rule({ url: 'Reschedulable', valueBoolean: true }, { url: 'NotAfter', valueDateTime: minutesFromNow(-1).toISOString() })));
    expect(await move(viewer, row!.id, to.slotId, portalA)).toEqual({ type: 'tooLate', hours: SETTINGS.cancellationLimitHours });
    expect((await staff.read<Slot>(`Slot/${to.fhirId}`)).status).toBe('free');
    expect((await rowOf(row!.id)).startAt).toEqual(new Date(slot.start!));

    await staff.update(staffMade(rule({ url: 'Reschedulable', valueBoolean: true }, { url: 'NotAfter', valueDateTime: minutesFromNow(DAY).toISOString() })));
    expect((await move(viewer, row!.id, to.slotId, portalA)).type).toBe('moved');
    expect((await staff.read<Appointment>('Appointment/WA2')).slot).toEqual([{ reference: `Slot/${to.fhirId}` }]);
    expect((await staff.read<Slot>(`Slot/${held.fhirId}`)).status).toBe('free');
    expect((await rowOf(row!.id)).slotId).toBe(to.slotId);
  });

  it('stores the mutability extension the sync and the booking read, and the pages offer cancelling and moving by it', async () => {
    const person = await createPerson(t.db, { identityCode: nextIdentityCode('1971-08-08'), firstName: 'Katsova', lastName: 'Potilas' });
    await staff.update<Patient>({ resourceType: 'Patient', id: 'WPAT3', identifier: [{ system: IDENTITY_CODE_SYSTEM, value: person.identityCode }] });
    const held = await freeTime();
    const slot = await staff.read<Slot>(`Slot/${held.fhirId}`);
    await staff.update<Slot>({ ...slot, id: held.fhirId, status: 'busy' });
    const rule = (...parts: Extension[]) => [{ url: MUTABILITY_EXTENSION, extension: parts }];
    const staffMade = (extension?: Extension[]) => staffAppointment('WA3', 'WPAT3', { ...slot, id: held.fhirId }, extension);
    const viewer = viewerOf({ person: { id: person.id }, wards: [] });
    /** What the appointment's page is given after a sync (the portal's own limits allow both: three days ahead). */
    const offered = async (extension?: Extension[]) => {
      await staff.update(staffMade(extension));
      await syncPracticeSystem(t.db, portalA, { now: clock.now() });
      const [row] = await t.db.select().from(appointments).where(eq(appointments.patientId, person.id));
      const [view] = await getAppointments(t.db, viewer, [row!.id], 'fi');
      expect(view!.mayCancel && view!.cancellableOnline).toBe(true);
      return view!.practiceSystemForbids;
    };

    // Created by the batched path, then changed on the known one's path.
    expect(await offered(rule({ url: 'Reschedulable', valueBoolean: false }))).toEqual({ cancel: false, move: true });
    expect(await offered(rule({ url: 'Cancellable', valueBoolean: false }, { url: 'Reschedulable', valueBoolean: true }))).toEqual({
      cancel: true,
      move: false,
    });
    expect(await offered(rule({ url: 'NotAfter', valueDateTime: minutesFromNow(-1).toISOString() }))).toEqual({ cancel: true, move: true });
    expect(await offered(rule({ url: 'NotAfter', valueDateTime: minutesFromNow(DAY).toISOString() }))).toBeNull();
    expect(await offered()).toBeNull();

    // The portal's own booking stores what it wrote there (cancellable, reschedulable, not after the limit).
    const booked = await bookedAppointment();
    const [link] = await t.db.select().from(practiceSystemAppointments).where(eq(practiceSystemAppointments.appointmentId, booked.id));
    expect(link).toMatchObject({ cancellable: true, reschedulable: true });
    expect(link!.notAfter).toBeInstanceOf(Date);
    const [view] = await getAppointments(t.db, booked.viewer, [booked.id], 'fi');
    expect(view!.practiceSystemForbids).toBeNull();
    const [later] = await getAppointments(t.db, booked.viewer, [booked.id], 'fi', new Date(link!.notAfter!.getTime() + 60_000));
    expect(later!.practiceSystemForbids).toEqual({ cancel: true, move: true });
  });

  it('writes the arrival reason through to the practice system first, and not at all while it is down', async () => {
    const a = await bookedAppointment();
    const down = client('portal-a');
    await server.stop();
    try {
      expect(await saveArrivalReason(t.db, a.viewer, a.id, 'Kurkkukipu', clock.now(), down)).toBe('failed');
    } finally {
      await server.resume();
    }
    expect((await rowOf(a.id)).arrivalReason).toBeNull();
    expect((await staff.read<Appointment>(`Appointment/${a.fhirId}`)).reasonCode).toBeUndefined();

    expect(await saveArrivalReason(t.db, a.viewer, a.id, 'Kurkkukipu', clock.now(), portalA)).toBe('success');
    expect((await staff.read<Appointment>(`Appointment/${a.fhirId}`)).reasonCode).toEqual([{ text: 'Asiakkaan itse kirjoittama tulosyy: Kurkkukipu' }]);
    expect((await rowOf(a.id)).arrivalReason).toBe('Asiakkaan itse kirjoittama tulosyy: Kurkkukipu');
  });

  it('does not cancel online what the practice system marks not cancellable', async () => {
    const a = await bookedAppointment();
    const current = await staff.read<Appointment>(`Appointment/${a.fhirId}`);
    await staff.update<Appointment>({
      ...current,
      id: a.fhirId,
      extension: [{ url: MUTABILITY_EXTENSION, extension: [{ url: 'Cancellable', valueBoolean: false }] }],
    });
    expect(await cancelAppointment(t.db, a.viewer, a.id, clock.now(), portalA)).toBe('unknownError');
    expect((await staff.read<Appointment>(`Appointment/${a.fhirId}`)).status).toBe('booked');
    expect((await rowOf(a.id)).cancelledAt).toBeNull();
  });

  it('takes an earlier time offered through the practice system first, and leaves the offer open while the practice system is down', async () => {
    const identityCode = nextIdentityCode('1982-08-08');
    const phone = `+35840555${String(individual).padStart(4, '0')}`;
    const person = await createPerson(t.db, {
      identityCode,
      firstName: 'Odottava',
      lastName: 'Potilas',
      phone,
      patientDataConsentUpdatedAt: clock.now(),
    });
    const viewer = viewerOf({ person: { id: person.id }, wards: [] });
    const later = await freeTime();
    const booked = await reserveAsUser(t.db, { person }, { slotId: later.slotId, phone, emailAddress: 'odottava@example.fi' }, ctx(portalA));
    if (booked.type !== 'success') throw new Error(booked.type);
    const latestDate = helsinkiDate((await rowOf(booked.appointmentId)).startAt);
    expect(
      await requestEarlierTime(
        t.db,
        viewer,
        booked.appointmentId,
        { practitioner: 'any', clinicIds: ['WLOC'], latestDate },
        { lang: 'fi', brand: 'general', origin: 'https://portal.test', now: clock.now() },
      ),
    ).toBe('requested');
    // An earlier time opens at the practice system and is offered.
    const start = minutesFromNow(2 * DAY);
    await staff.update<Slot>({
      resourceType: 'Slot',
      id: 'WSE',
      status: 'free',
      schedule: { reference: 'Schedule/WS' },
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    });
    await syncPracticeSystem(t.db, portalA, { now: clock.now() });
    const [link] = await t.db.select().from(practiceSystemSlots).where(eq(practiceSystemSlots.fhirId, 'WSE'));
    await offerFreedSlot(t.db, link!.slotId!, {
      now: clock.now(),
      settings: { offerMinutes: 120, batchSize: 5, minNoticeMinutes: 120, cancellationLimitHours: 24 },
    });
    const [sms] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'earlierTimeOffer'), eq(outbox.recipient, phone), eq(outbox.channel, 'sms')));
    const code = /\/fi\/aikaisempi-aika\/([A-Za-z0-9_-]+)/.exec(sms!.body)![1]!;
    const [appointmentLink] = await t.db.select().from(practiceSystemAppointments).where(eq(practiceSystemAppointments.appointmentId, booked.appointmentId));

    const down = client('portal-a');
    await server.stop();
    try {
      expect(await takeOffer(t.db, code, { now: clock.now(), practiceSystem: down })).toBe('failed');
    } finally {
      await server.resume();
    }
    expect(
      (await t.db.select({ state: earlierTimeOffers.state }).from(earlierTimeOffers).where(eq(earlierTimeOffers.slotId, link!.slotId!))).map((o) => o.state),
    ).toEqual(['open']);
    expect((await staff.read<Slot>('Slot/WSE')).status).toBe('free');

    expect(await takeOffer(t.db, code, { now: clock.now(), practiceSystem: portalA })).toBe('success');
    expect((await staff.read<Appointment>(`Appointment/${appointmentLink!.fhirId}`)).slot).toEqual([{ reference: 'Slot/WSE' }]);
    expect((await staff.read<Slot>('Slot/WSE')).status).toBe('busy');
    expect((await staff.read<Slot>(`Slot/${later.fhirId}`)).status).toBe('free');
    expect((await rowOf(booked.appointmentId)).slotId).toBe(link!.slotId);
  });
});
