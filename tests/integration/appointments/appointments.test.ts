/**
 * The appointments service on a real database: visibility (own, ward's, nobody else's),
 * cancellation limit and idempotence, check-in rules and races, confidentiality, the reason for
 * the visit, the anonymous link and its lockout, and what the access log records.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, createAppointment, createPerson } from '~db/factories';
import { accessLog, analyticsEvents, appointments, persons } from '~db/schema';
import { appointmentValues } from '~db/seed';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { createClinic, createPractitioner, createSpecialty } from '~db/factories';
import { makeIdentityCode } from '~/models/identity-code';
import {
  acceptConfidentiality,
  anonymousCheckIn,
  cancelAppointment,
  checkIn,
  getAnonymousAppointment,
  getAppointments,
  listAppointments,
  saveArrivalReason,
} from '~/services/appointments/appointments.server';
import { type Viewer } from '~/services/people/viewer.server';
import { ARRIVAL_REASON_PREFIX } from '~/services/appointments/rules';
import type { Db } from '~/services/db/db.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

const MINUTE = 60_000;
const NOW = new Date('2026-11-23T08:00:00.000Z');
let individual = 300;

async function reference(db: Db) {
  const ka = CLINICS.find((c) => c.id === 'KA')!;
  await createClinic(db, { ...ka, isRemote: false });
  await createSpecialty(
    db,
    SPECIALTIES.find((s) => s.id === 'YLE')!,
  );
  await createPractitioner(db, {
    id: 'P0001',
    firstName: 'Anna',
    lastName: 'Lahtinen',
    title: { fi: 'Yleislääkäri', sv: 'Allmänläkare', en: 'General practitioner' },
    specialtyIds: ['YLE'],
    clinicIds: ['KA'],
  });
}

async function person(db: Db, birthDate = '1980-01-15', accepted: Date | null = new Date('2026-01-01')) {
  individual += 2;
  return createPerson(db, {
    identityCode: makeIdentityCode(birthDate, individual),
    firstName: 'Testi',
    lastName: `Potilas${individual}`,
    confidentialityAcceptedAt: accepted,
  });
}

async function book(db: Db, patientId: string, startInMinutes: number, extra: Partial<typeof appointments.$inferInsert> = {}) {
  const values = appointmentValues(
    {
      person: 'aino',
      description: 'test',
      startInMinutes,
      kindId: 'VAS',
      specialtyId: 'YLE',
      clinicId: 'KA',
      practitionerId: 'P0001',
      locationType: 'physicalLocation',
    },
    NOW,
  );
  return createAppointment(db, { ...values, ...extra, patientId });
}

const viewer = (personId: string, youngWardIds: string[] = []): Viewer => ({ personId, youngWardIds, olderWardIds: [] });

describe.each(databaseKinds())('appointments on %s', (kind) => {
  const t = withTestDatabase(kind);
  beforeAll(async () => reference(t.db));

  it("shows a person their own and their ward's appointments, and nobody else's", async () => {
    const guardian = await person(t.db);
    const ward = await person(t.db, '2018-05-12');
    const stranger = await person(t.db);
    await addGuardianship(t.db, guardian.id, ward.id);
    const own = await book(t.db, guardian.id, 3 * 24 * 60);
    const wards = await book(t.db, ward.id, 2 * 24 * 60);
    const strangers = await book(t.db, stranger.id, 24 * 60);

    const list = await listAppointments(t.db, viewer(guardian.id, [ward.id]), 'en', NOW);
    expect(list.upcoming.map((a) => a.id)).toEqual([wards.appointment.id, own.appointment.id]);
    expect(list.upcoming[0]!.patientName).toBe(`Testi ${ward.lastName}`);
    expect(list.upcoming[1]!.patientName).toBeNull();

    const ids = [own.appointment.id, strangers.appointment.id];
    expect((await getAppointments(t.db, viewer(guardian.id), ids, 'en', NOW)).map((a) => a.id)).toEqual([own.appointment.id]);
    expect(await cancelAppointment(t.db, viewer(guardian.id), strangers.appointment.id, NOW)).toBe('appointmentNotFound');
    expect(await checkIn(t.db, viewer(guardian.id), strangers.appointment.id, NOW)).toBe('customerNotFound');
    expect(await saveArrivalReason(t.db, viewer(guardian.id), strangers.appointment.id, 'x', NOW)).toBe('notFound');

    const views = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorPersonId, guardian.id), eq(accessLog.action, 'view')));
    expect(views.map((v) => v.resourceId)).toContain(String(wards.appointment.id));
    expect(views.map((v) => v.resourceId)).not.toContain(String(strangers.appointment.id));
  });

  it('lists cancelled appointments apart from the upcoming ones, and past ones newest first', async () => {
    const p = await person(t.db);
    const live = await book(t.db, p.id, 2 * 24 * 60);
    const byPatient = await book(t.db, p.id, 3 * 24 * 60);
    const byProvider = await book(t.db, p.id, 24 * 60, { cancelledAt: NOW, cancelledBy: 'provider' });
    const ended = await book(t.db, p.id, -3 * 60);
    const older = await book(t.db, p.id, -10 * 24 * 60);
    expect(await cancelAppointment(t.db, viewer(p.id), byPatient.appointment.id, NOW)).toBe('success');

    const list = await listAppointments(t.db, viewer(p.id), 'en', NOW);
    expect(list.upcoming.map((a) => a.id)).toEqual([live.appointment.id]);
    expect(list.cancelled.map((a) => [a.id, a.cancelledBy])).toEqual([
      [byProvider.appointment.id, 'provider'],
      [byPatient.appointment.id, 'patient'],
    ]);
    expect(list.past.map((a) => a.id)).toEqual([ended.appointment.id, older.appointment.id]);
  });

  it('cancels outside the limit once, harmlessly twice, and refuses inside the limit', async () => {
    const p = await person(t.db);
    const later = await book(t.db, p.id, 48 * 60);
    const soon = await book(t.db, p.id, 60);
    expect(await cancelAppointment(t.db, viewer(p.id), soon.appointment.id, NOW)).toBe('deadlineExceeded');
    expect(await cancelAppointment(t.db, viewer(p.id), later.appointment.id, NOW)).toBe('success');
    expect(await cancelAppointment(t.db, viewer(p.id), later.appointment.id, NOW)).toBe('success');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, later.appointment.id));
    expect(row!.cancelledBy).toBe('patient');
    const events = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'reservationCancel'));
    expect(events.filter((e) => e.properties?.appointmentId === later.appointment.id)).toHaveLength(1);
  });

  it('checks in once inside the window; concurrent check-ins succeed exactly once', async () => {
    const p = await person(t.db);
    const early = await book(t.db, p.id, 120);
    expect(await checkIn(t.db, viewer(p.id), early.appointment.id, NOW)).toBe('tooEarly');
    const due = await book(t.db, p.id, 20);
    const results = await Promise.all(Array.from({ length: 5 }, () => checkIn(t.db, viewer(p.id), due.appointment.id, NOW)));
    expect(results.filter((r) => r === 'success')).toHaveLength(1);
    expect(results.filter((r) => r !== 'success').every((r) => r === 'alreadyCheckedIn')).toBe(true);
  });

  it('asks for the confidentiality terms first, then checks in', async () => {
    const p = await person(t.db, '1990-03-03', null);
    const due = await book(t.db, p.id, 10);
    expect(await checkIn(t.db, viewer(p.id), due.appointment.id, NOW)).toBe('confidentialityFormNotFilled');
    expect(await acceptConfidentiality(t.db, viewer(p.id), due.appointment.id, NOW)).toBe(true);
    expect(await checkIn(t.db, viewer(p.id), due.appointment.id, NOW)).toBe('success');
    const [stored] = await t.db.select().from(persons).where(eq(persons.id, p.id));
    expect(stored!.confidentialityAcceptedAt).toEqual(NOW);
  });

  it('saves the reason for the visit with the fixed prefix and refuses over 300 characters', async () => {
    const p = await person(t.db);
    const a = await book(t.db, p.id, 24 * 60);
    expect(await saveArrivalReason(t.db, viewer(p.id), a.appointment.id, 'x'.repeat(301), NOW)).toBe('invalid');
    // Control characters (issue 21): refused before the database, which cannot store a NUL.
    for (const text of ['Kurkku\u0000kipu', 'Kurkku\u0007kipu', 'Kurkku\ud800kipu']) {
      expect(await saveArrivalReason(t.db, viewer(p.id), a.appointment.id, text, NOW)).toBe('invalid');
    }
    expect(await saveArrivalReason(t.db, viewer(p.id), a.appointment.id, '  Kurkkukipu  ', NOW)).toBe('success');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, a.appointment.id));
    expect(row!.arrivalReason).toBe(`${ARRIVAL_REASON_PREFIX}Kurkkukipu`);
    const [view] = await getAppointments(t.db, viewer(p.id), [a.appointment.id], 'fi', NOW);
    expect(view!.arrivalReason).toBe('Kurkkukipu');
  });

  it('accepts the terms and saves the reason together with their access-log rows, or not at all', async () => {
    const p = await person(t.db, '1991-04-04', null);
    const a = await book(t.db, p.id, 24 * 60);
    // The database refuses this person's access-log rows (a real failure inside the transaction).
    await t.db.execute(
      sql.raw(`create function refuse_access_log() returns trigger language plpgsql as $$
        begin raise exception 'access log refused'; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_access_log before insert on access_log for each row
        when (new.subject_person_id = '${p.id}') execute function refuse_access_log()`),
    );
    try {
      await expect(acceptConfidentiality(t.db, viewer(p.id), a.appointment.id, NOW)).rejects.toThrow();
      await expect(saveArrivalReason(t.db, viewer(p.id), a.appointment.id, 'Kurkkukipu', NOW)).rejects.toThrow();
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_access_log on access_log'));
      await t.db.execute(sql.raw('drop function refuse_access_log()'));
    }
    const [stored] = await t.db.select().from(persons).where(eq(persons.id, p.id));
    expect(stored!.confidentialityAcceptedAt).toBeNull();
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, a.appointment.id));
    expect(row!.arrivalReason).toBeNull();

    // Without the failure both land, each with its access-log row.
    expect(await acceptConfidentiality(t.db, viewer(p.id), a.appointment.id, NOW)).toBe(true);
    expect(await saveArrivalReason(t.db, viewer(p.id), a.appointment.id, 'Kurkkukipu', NOW)).toBe('success');
    const changes = await t.db
      .select({ resource: accessLog.resource })
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, p.id), eq(accessLog.action, 'change')));
    expect(changes.map((c) => c.resource).sort()).toEqual(['appointment:arrival-reason', 'person:confidentiality']);
  });

  it('opens the anonymous link only with the right token', async () => {
    const p = await person(t.db);
    const a = await book(t.db, p.id, 24 * 60);
    expect((await getAnonymousAppointment(t.db, a.anonymousCode, 'en', NOW))?.id).toBe(a.appointment.id);
    const forged = Buffer.from(`${a.appointment.id}_${'A'.repeat(32)}`).toString('base64url');
    expect(await getAnonymousAppointment(t.db, forged, 'en', NOW)).toBeNull();
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, a.appointment.id));
    expect(row!.anonymousTokenHash).not.toContain(a.anonymousCode);
  });

  it('checks in anonymously with the last four, and locks after five wrong codes', async () => {
    const p = await person(t.db);
    const lastFour = p.identityCode.slice(-4);
    const a = await book(t.db, p.id, 15);
    for (let i = 1; i <= 4; i++) {
      expect(await anonymousCheckIn(t.db, a.anonymousCode, '0000', `10.0.0.${i}`, NOW)).toBe('ssnEndPartMismatch');
    }
    expect(await anonymousCheckIn(t.db, a.anonymousCode, '0000', '10.0.0.5', NOW)).toBe('locked');
    expect(await anonymousCheckIn(t.db, a.anonymousCode, lastFour, '10.0.0.6', NOW)).toBe('locked');
    // After the lock window the right code works.
    const later = new Date(NOW.getTime() + 16 * MINUTE);
    const b = await book(t.db, p.id, 15 + 16);
    expect(await anonymousCheckIn(t.db, b.anonymousCode, lastFour.toLowerCase(), '10.0.0.7', later)).toBe('success');
    const [refused] = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'appointment:anonymous-check-in-refused'), eq(accessLog.resourceId, String(a.appointment.id))));
    expect(refused?.actorPersonId).toBeNull();
  });

  it('limits anonymous attempts per client address', async () => {
    const p = await person(t.db);
    const a = await book(t.db, p.id, 15);
    const results = [];
    for (let i = 0; i < 31; i++) results.push(await anonymousCheckIn(t.db, a.anonymousCode + 'x', '0000', '192.0.2.1', NOW));
    expect(results.at(-1)).toBe('rateLimited');
  });
});
