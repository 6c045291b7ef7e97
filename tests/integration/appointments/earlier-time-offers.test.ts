/**
 * Earlier-time offers on a real database (ADR 0037), at fixed instants: a free time is offered
 * only to requests it suits (earlier than the appointment, the service, the practitioner or any,
 * the chosen clinics, the latest date, the payer), in order of request and in batches; a
 * cancellation offers its time at once; none after a request ends (withdrawn, cancelled, inside
 * the cancellation limit); an offer link takes the time once, expires, and tells a second taker
 * that the time is taken while their request stays on the list; the winner's old time is offered
 * onward.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, createAppointment, createClinic, createPerson, createPractitioner, createSlot, createSpecialty } from '~db/factories';
import { accessLog, analyticsEvents, appointments, earlierTimeOffers, earlierTimeRequests, guardianships, outbox, type persons } from '~db/schema';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { makeIdentityCode } from '~/models/identity-code';
import { cancelAppointment, setHiddenFromGuardians } from '~/services/appointments/appointments.server';
import { offerFreedSlot, runEarlierTimeSweep } from '~/services/appointments/earlier-time-matching.server';
import type { OfferSettings } from '~/services/appointments/earlier-time-rules';
import { getOffer, requestEarlierTime, requestForm, takeOffer, withdrawEarlierTime } from '~/services/appointments/earlier-times.server';
import type { Db } from '~/services/db/db.server';
import { viewerOf, type Viewer } from '~/services/people/viewer.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

/** Monday 23 November 2026, 10.00 in Helsinki. */
const NOW = new Date('2026-11-23T10:00:00+02:00');
const at = (iso: string) => new Date(iso);
const minutesAfter = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);
const ORIGIN = 'https://portal.test';
const SETTINGS: OfferSettings = { offerMinutes: 120, batchSize: 5, minNoticeMinutes: 120, cancellationLimitHours: 24 };

let individual = 300;
let phoneNumber = 3000;

async function reference(db: Db) {
  await createClinic(db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
  await createClinic(db, { ...CLINICS.find((c) => c.id === 'TA')!, isRemote: false });
  await createSpecialty(
    db,
    SPECIALTIES.find((s) => s.id === 'YLE')!,
  );
  for (const [id, lastName] of [
    ['P0001', 'Lahtinen'],
    ['P0002', 'Koski'],
  ] as const) {
    await createPractitioner(db, {
      id,
      firstName: 'Anna',
      lastName,
      title: { fi: 'Yleislääkäri', sv: 'Allmänläkare', en: 'General practitioner' },
      specialtyIds: ['YLE'],
      clinicIds: ['KA', 'TA'],
    });
  }
}

const slotAt = (db: Db, iso: string, extra: { practitionerId?: string; clinicId?: string; payerTypes?: string[] } = {}) =>
  createSlot(db, {
    clinicId: extra.clinicId ?? 'KA',
    practitionerId: extra.practitionerId ?? 'P0001',
    specialtyId: 'YLE',
    startAt: at(iso),
    payerTypes: extra.payerTypes ?? ['self'],
  });

interface Waiting {
  viewer: Viewer;
  appointmentId: number;
  slotId: number;
  phone: string;
}

/** A patient booked on a slot at `iso`, who asks for an earlier time with these limits at `requestedAt`. */
async function waitingPatient(
  db: Db,
  iso: string,
  limits: { practitioner?: 'same' | 'any'; clinicIds?: string[]; latestDate: string },
  requestedAt = NOW,
): Promise<Waiting> {
  individual += 2;
  const phone = `+35840777${String(++phoneNumber).padStart(4, '0')}`;
  const person = await createPerson(db, {
    identityCode: makeIdentityCode('1980-05-05', individual),
    firstName: 'Odottava',
    lastName: `Potilas${individual}`,
    phone,
    email: `${phone.slice(1)}@example.fi`,
  });
  const { appointmentId, slotId } = await visitAt(db, person.id, iso, person.id);
  const viewer: Viewer = { personId: person.id, youngWardIds: [], olderWardIds: [] };
  const result = await requestEarlierTime(
    db,
    viewer,
    appointmentId,
    { practitioner: limits.practitioner ?? 'any', clinicIds: limits.clinicIds ?? ['KA'], latestDate: limits.latestDate },
    { lang: 'fi', brand: 'general', origin: ORIGIN, now: requestedAt },
  );
  expect(result).toBe('requested');
  return { viewer, appointmentId, slotId, phone };
}

const offersOf = (db: Db, slotId: number) => db.select().from(earlierTimeOffers).where(eq(earlierTimeOffers.slotId, slotId)).orderBy(earlierTimeOffers.id);
const offerMessagesTo = (db: Db, phone: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'earlierTimeOffer'), eq(outbox.recipient, phone)))
    .orderBy(outbox.id);
/** The offer link's code in the offer SMS to `phone` for the time `slotId`. */
async function codeSentTo(db: Db, phone: string, slotId: number): Promise<string> {
  for (const message of (await offerMessagesTo(db, phone)).filter((m) => m.channel === 'sms').reverse()) {
    const code = /\/fi\/aikaisempi-aika\/([A-Za-z0-9_-]+)/.exec(message.body)?.[1];
    const offerId = code ? Number(Buffer.from(code, 'base64url').toString().split('_')[0]) : NaN;
    const [offer] = Number.isSafeInteger(offerId) ? await db.select().from(earlierTimeOffers).where(eq(earlierTimeOffers.id, offerId)) : [];
    if (offer?.slotId === slotId) return code!;
  }
  throw new Error(`no offer link to ${phone} for slot ${slotId}`);
}
const requestOf = async (db: Db, appointmentId: number) =>
  (await db.select().from(earlierTimeRequests).where(eq(earlierTimeRequests.appointmentId, appointmentId)).orderBy(earlierTimeRequests.id)).at(-1)!;
const appointmentRow = async (db: Db, id: number) => (await db.select().from(appointments).where(eq(appointments.id, id)))[0]!;

// ---------------------------------------------------------------------------------------------
// Issue 39: who may still see the visit, where the offers go, how many at once.

type PersonRow = typeof persons.$inferSelect;

/** A person with their own phone and e-mail on record. */
async function personWithContact(db: Db, birthDate: string, firstName: string): Promise<PersonRow> {
  individual += 2;
  const phone = `+35840888${String(++phoneNumber).padStart(4, '0')}`;
  return createPerson(db, {
    identityCode: makeIdentityCode(birthDate, individual),
    firstName,
    lastName: `Perhe${individual}`,
    phone,
    email: `${phone.slice(1)}@example.fi`,
    confidentialityAcceptedAt: NOW,
  });
}

/** A guardian and a ward born on `wardBirthDate` (the guardianship in the table identification fills), with their viewers. */
async function family(db: Db, wardBirthDate: string) {
  const guardian = await personWithContact(db, '1982-03-03', 'Huoltaja');
  const ward = await personWithContact(db, wardBirthDate, 'Nuori');
  await addGuardianship(db, guardian.id, ward.id);
  return {
    guardian,
    ward,
    guardianView: (now = NOW): Viewer => viewerOf({ person: { id: guardian.id }, wards: [{ id: ward.id, birthDate: ward.birthDate }] }, now),
    wardView: viewerOf({ person: { id: ward.id }, wards: [] }, NOW),
  };
}

/** The patient's visit on a new slot at `iso`, booked by `bookedById` (null: by the clinic). */
async function visitAt(db: Db, patientId: string, iso: string, bookedById: string | null) {
  const slot = await slotAt(db, iso);
  const { appointment } = await createAppointment(db, {
    patientId,
    slotId: slot.id,
    bookedById,
    bookedVia: bookedById ? 'web' : 'staff',
    kindId: 'VAS',
    kindName: { fi: 'Vastaanotto', sv: 'Mottagning', en: 'Appointment' },
    startAt: slot.startAt,
    durationMinutes: 30,
    clinicId: 'KA',
    practitionerId: 'P0001',
    specialtyId: 'YLE',
    createdAt: minutesAfter(NOW, -60 * 24),
  });
  return { appointmentId: appointment.id, slotId: slot.id };
}

/** The request form's post as the viewer sends it (the offers go to the requester's own saved contact). */
const ask = (db: Db, viewer: Viewer, appointmentId: number, latestDate: string, now = NOW) =>
  requestEarlierTime(db, viewer, appointmentId, { practitioner: 'any', clinicIds: ['KA'], latestDate }, { lang: 'fi', brand: 'general', origin: ORIGIN, now });

/** Every offer message (SMS and e-mail) to the person's saved phone or e-mail. */
const messagesToPerson = async (db: Db, person: PersonRow) =>
  (await db.select().from(outbox).where(eq(outbox.kind, 'earlierTimeOffer'))).filter((m) => m.recipient === person.phone || m.recipient === person.email);

describe.each(databaseKinds())('earlier-time offers on %s', (kind) => {
  const t = withTestDatabase(kind);
  beforeAll(async () => reference(t.db));

  it('a free time is offered only to requests it suits: earlier, the service, the practitioner, the clinics, the latest date, the payer', async () => {
    const anyDoctor = await waitingPatient(t.db, '2026-12-03T10:00:00+02:00', { practitioner: 'any', latestDate: '2026-12-01' });
    const ownDoctor = await waitingPatient(t.db, '2026-11-30T10:00:00+02:00', { practitioner: 'same', latestDate: '2026-11-30' });

    const otherDoctor = await slotAt(t.db, '2026-11-26T09:00:00+02:00', { practitionerId: 'P0002' });
    const afterLatest = await slotAt(t.db, '2026-12-02T09:00:00+02:00');
    const otherClinic = await slotAt(t.db, '2026-11-26T12:00:00+02:00', { clinicId: 'TA' });
    const otherPayer = await slotAt(t.db, '2026-11-27T09:00:00+02:00', { payerTypes: ['occupationalHealthCare'] });
    const tooClose = await slotAt(t.db, '2026-11-23T11:30:00+02:00');

    const offered = async (slotId: number) => (await offersOf(t.db, slotId)).map((o) => o.appointmentId);
    for (const slot of [otherDoctor, afterLatest, otherClinic, otherPayer, tooClose]) await offerFreedSlot(t.db, slot.id, { now: NOW, settings: SETTINGS });
    expect(await offered(otherDoctor.id)).toEqual([anyDoctor.appointmentId]);
    expect(await offered(afterLatest.id)).toEqual([]);
    expect(await offered(otherClinic.id)).toEqual([]);
    expect(await offered(otherPayer.id)).toEqual([]);
    expect(await offered(tooClose.id)).toEqual([]);

    // The appointment's own practitioner, earlier than both: both, in order of request — once the
    // first one's open offer has closed (a request has one open offer at a time).
    const both = await slotAt(t.db, '2026-11-27T11:00:00+02:00');
    await offerFreedSlot(t.db, both.id, { now: NOW, settings: SETTINGS });
    expect(await offered(both.id)).toEqual([ownDoctor.appointmentId]);
    const both2 = await slotAt(t.db, '2026-11-27T12:00:00+02:00');
    await offerFreedSlot(t.db, both2.id, { now: minutesAfter(NOW, 121), settings: SETTINGS });
    expect(await offered(both2.id)).toEqual([anyDoctor.appointmentId, ownDoctor.appointmentId]);

    // A later time than the appointment is never offered, even within the latest date.
    const laterThanOwn = await slotAt(t.db, '2026-11-30T12:00:00+02:00');
    await offerFreedSlot(t.db, laterThanOwn.id, { now: minutesAfter(NOW, 242), settings: SETTINGS });
    expect(await offered(laterThanOwn.id)).toEqual([anyDoctor.appointmentId]);

    // The SMS and the e-mail: the times, the place, the link; no name.
    const sms = (await offerMessagesTo(t.db, anyDoctor.phone)).find((m) => m.channel === 'sms')!;
    const [email] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'earlierTimeOffer'), eq(outbox.recipient, `${anyDoctor.phone.slice(1)}@example.fi`)));
    expect(sms.body).toContain('26.11.2026 9:00');
    expect(sms.body).toContain(`${ORIGIN}/fi/aikaisempi-aika/`);
    expect(sms.body).toContain('nyt 3.12.2026 10:00');
    expect(sms.body).not.toContain('Odottava');
    expect(email!.subject).toContain('Aikaisempi aika');
    // Only the token's hash is kept.
    const code = await codeSentTo(t.db, anyDoctor.phone, otherDoctor.id);
    const [row] = await offersOf(t.db, otherDoctor.id);
    expect(row!.tokenHash).not.toContain(code);
    // The system's reading of the appointment is in the access log.
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'appointment:earlier-time-offer'), eq(accessLog.resourceId, String(anyDoctor.appointmentId))));
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0]).toMatchObject({ actorKind: 'system', reason: 'care', action: 'create' });
  });

  it('in order of request, a batch at a time; the next batch when the first expires untaken; the sweep finds new times', async () => {
    // A week on: the free times earlier tests left behind have passed or come too close (a request
    // has one open offer at a time, so one of them would take this test's place in line).
    const T2 = at('2026-12-03T10:00:00+02:00');
    const first = await waitingPatient(t.db, '2026-12-10T10:00:00+02:00', { latestDate: '2026-12-09' }, minutesAfter(T2, -30));
    const second = await waitingPatient(t.db, '2026-12-10T10:30:00+02:00', { latestDate: '2026-12-09' }, minutesAfter(T2, -20));
    const third = await waitingPatient(t.db, '2026-12-10T11:00:00+02:00', { latestDate: '2026-12-09' }, minutesAfter(T2, -10));
    const free = await slotAt(t.db, '2026-12-08T14:00:00+02:00');
    const small = { ...SETTINGS, batchSize: 2 };

    // The sweep finds the new time (no after-commit hook made it).
    const summary = await runEarlierTimeSweep(t.db, { now: T2, settings: small });
    expect(summary.offers).toBeGreaterThanOrEqual(2);
    const batch1 = await offersOf(t.db, free.id);
    expect(batch1.map((o) => o.appointmentId)).toEqual([first.appointmentId, second.appointmentId]);
    expect(batch1[0]!.expiresAt).toEqual(minutesAfter(T2, 120));
    // While the batch is open nothing more goes out for the time.
    await runEarlierTimeSweep(t.db, { now: minutesAfter(T2, 60), settings: small });
    expect(await offersOf(t.db, free.id)).toHaveLength(2);
    // After it expired untaken: the next in line.
    await runEarlierTimeSweep(t.db, { now: minutesAfter(T2, 121), settings: small });
    const all = await offersOf(t.db, free.id);
    expect(all.map((o) => [o.appointmentId, o.state])).toEqual([
      [first.appointmentId, 'expired'],
      [second.appointmentId, 'expired'],
      [third.appointmentId, 'open'],
    ]);
    // An expired link says so and takes nothing.
    expect(await takeOffer(t.db, await codeSentTo(t.db, first.phone, free.id), { now: minutesAfter(T2, 122) })).toBe('expired');
    expect((await getOffer(t.db, await codeSentTo(t.db, first.phone, free.id), 'fi', minutesAfter(T2, 122))).state).toBe('expired');
    expect((await appointmentRow(t.db, first.appointmentId)).slotId).toBe(first.slotId);
    expect((await requestOf(t.db, first.appointmentId)).state).toBe('active');
  });

  it('a cancellation offers its time at once; none after a request ends (withdrawn, cancelled, inside the cancellation limit)', async () => {
    const withdrawn = await waitingPatient(t.db, '2026-12-18T10:00:00+02:00', { latestDate: '2026-12-17' }, minutesAfter(NOW, -50));
    const cancelled = await waitingPatient(t.db, '2026-12-18T10:30:00+02:00', { latestDate: '2026-12-17' }, minutesAfter(NOW, -40));
    const waiting = await waitingPatient(t.db, '2026-12-18T11:00:00+02:00', { latestDate: '2026-12-17' }, minutesAfter(NOW, -30));
    expect(await withdrawEarlierTime(t.db, withdrawn.viewer, withdrawn.appointmentId, NOW)).toBe('withdrawn');
    expect(await cancelAppointment(t.db, cancelled.viewer, cancelled.appointmentId, NOW)).toBe('success');
    expect((await requestOf(t.db, withdrawn.appointmentId)).state).toBe('withdrawn');
    expect((await requestOf(t.db, cancelled.appointmentId)).state).toBe('ended');

    // Someone else's appointment on 16 December is cancelled: its time goes to those still waiting.
    const leaving = await waitingPatient(t.db, '2026-12-16T09:00:00+02:00', { latestDate: '2026-12-15' }, minutesAfter(NOW, -5));
    expect(await cancelAppointment(t.db, leaving.viewer, leaving.appointmentId, NOW)).toBe('success');
    const offers = await offersOf(t.db, leaving.slotId);
    expect(offers.map((o) => o.appointmentId)).toContain(waiting.appointmentId);
    expect(offers.map((o) => o.appointmentId)).not.toContain(withdrawn.appointmentId);
    expect(offers.map((o) => o.appointmentId)).not.toContain(cancelled.appointmentId);
    // The cancelled appointment's own time (18 Dec 10.30) is free too, but later than the others': not offered to them.

    // Later: the waiting appointment comes inside the cancellation limit; the sweep ends the request
    // and its open offer stops working.
    const late = at('2026-12-17T11:30:00+02:00');
    const code = await codeSentTo(t.db, waiting.phone, leaving.slotId);
    await runEarlierTimeSweep(t.db, { now: late, settings: SETTINGS });
    expect((await requestOf(t.db, waiting.appointmentId)).state).toBe('ended');
    expect((await getOffer(t.db, code, 'fi', late)).state).toBe('ended');
    const another = await slotAt(t.db, '2026-12-17T16:00:00+02:00');
    await offerFreedSlot(t.db, another.id, { now: late, settings: SETTINGS });
    expect(await offersOf(t.db, another.id)).toEqual([]);
  });

  it('"take it" moves the appointment once; a second taker sees the time taken and stays on the list; the old time goes onward', async () => {
    const early = await waitingPatient(t.db, '2027-01-20T10:00:00+02:00', { latestDate: '2027-01-19' }, minutesAfter(NOW, -30));
    const later = await waitingPatient(t.db, '2027-01-21T10:00:00+02:00', { latestDate: '2027-01-20' }, minutesAfter(NOW, -20));
    const free = await slotAt(t.db, '2027-01-15T13:00:00+02:00');
    await offerFreedSlot(t.db, free.id, { now: NOW, settings: SETTINGS });
    const winnerCode = await codeSentTo(t.db, early.phone, free.id);
    const loserCode = await codeSentTo(t.db, later.phone, free.id);
    expect((await getOffer(t.db, winnerCode, 'fi', NOW)).state).toBe('open');
    const before = (await t.db.select().from(outbox).where(eq(outbox.kind, 'earlierTimeOffer'))).length;

    expect(await takeOffer(t.db, winnerCode, { now: minutesAfter(NOW, 5) })).toBe('success');
    const moved = await appointmentRow(t.db, early.appointmentId);
    expect(moved).toMatchObject({ slotId: free.id, startAt: free.startAt, cancelledAt: null });
    expect((await requestOf(t.db, early.appointmentId)).state).toBe('fulfilled');
    // Single use: the same link again changes nothing.
    expect(await takeOffer(t.db, winnerCode, { now: minutesAfter(NOW, 6) })).toBe('alreadyYours');
    expect((await getOffer(t.db, winnerCode, 'fi', minutesAfter(NOW, 6))).state).toBe('accepted');

    // The other one: already taken, and still on the list.
    expect((await getOffer(t.db, loserCode, 'fi', minutesAfter(NOW, 7))).state).toBe('taken');
    expect(await takeOffer(t.db, loserCode, { now: minutesAfter(NOW, 7) })).toBe('taken');
    expect((await appointmentRow(t.db, later.appointmentId)).slotId).toBe(later.slotId);
    expect((await requestOf(t.db, later.appointmentId)).state).toBe('active');
    expect(
      await t.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.slotId, free.id))),
    ).toHaveLength(1);

    // The winner's old time (20 January) is free and offered onward: to the later patient (21 January).
    const onward = await offersOf(t.db, early.slotId);
    expect(onward.map((o) => [o.appointmentId, o.state])).toEqual([[later.appointmentId, 'open']]);
    expect((await t.db.select().from(outbox).where(eq(outbox.kind, 'earlierTimeOffer'))).length).toBeGreaterThan(before);

    // A wrong token is "not found", never another's offer.
    const [id] = Buffer.from(winnerCode, 'base64url').toString().split('_');
    const forged = Buffer.from(`${id}_${'x'.repeat(32)}`).toString('base64url');
    expect(await takeOffer(t.db, forged, { now: minutesAfter(NOW, 8) })).toBe('notFound');
    expect((await getOffer(t.db, forged, 'fi')).state).toBe('notFound');

    const events = await t.db
      .select()
      .from(analyticsEvents)
      .where(inArray(analyticsEvents.name, ['earlierTimeTake']));
    expect(events.map((e) => e.properties?.result)).toEqual(expect.arrayContaining(['success']));
    const takes = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'appointment:earlier-time-take'), eq(accessLog.resourceId, String(early.appointmentId))));
    expect(takes).toHaveLength(1);
    expect(takes[0]).toMatchObject({ actorKind: 'anonymous', action: 'change' });
  });

  it("hiding a visit ends the guardian's request in the same step: its offer link shows nothing, take is refused, no more offers", async () => {
    const f = await family(t.db, '2011-03-15'); // 15
    const visit = await visitAt(t.db, f.ward.id, '2027-02-10T10:00:00+02:00', f.guardian.id);
    expect(await ask(t.db, f.guardianView(), visit.appointmentId, '2027-02-09', NOW)).toBe('requested');
    const first = await slotAt(t.db, '2027-02-03T10:00:00+02:00');
    await offerFreedSlot(t.db, first.id, { now: NOW, settings: SETTINGS });
    const code = await codeSentTo(t.db, f.guardian.phone!, first.id);
    expect((await getOffer(t.db, code, 'fi', NOW)).state).toBe('open');

    // The 15-year-old hides the visit from their own login.
    expect(await setHiddenFromGuardians(t.db, f.wardView, visit.appointmentId, true, minutesAfter(NOW, 1))).toBe('hidden');
    expect((await requestOf(t.db, visit.appointmentId)).state).toBe('ended');
    expect((await offersOf(t.db, first.id)).map((o) => o.state)).toEqual(['void']);

    // The guardian's link: "no longer available", and nothing of the visit.
    expect(await getOffer(t.db, code, 'fi', minutesAfter(NOW, 2))).toEqual({ state: 'ended' });
    expect(await takeOffer(t.db, code, { now: minutesAfter(NOW, 3) })).toBe('ended');
    expect((await appointmentRow(t.db, visit.appointmentId)).slotId).toBe(visit.slotId);

    // Another earlier time frees up: nothing reaches the guardian.
    const sent = (await messagesToPerson(t.db, f.guardian)).length;
    const second = await slotAt(t.db, '2027-02-04T10:00:00+02:00');
    await offerFreedSlot(t.db, second.id, { now: minutesAfter(NOW, 4), settings: SETTINGS });
    await runEarlierTimeSweep(t.db, { now: minutesAfter(NOW, 5), settings: SETTINGS });
    expect(await messagesToPerson(t.db, f.guardian)).toHaveLength(sent);
    expect((await offersOf(t.db, second.id)).map((o) => o.appointmentId)).not.toContain(visit.appointmentId);
  });

  it('the viewer rules at the moment of matching: a ward who turned 12 is no longer offered to the guardian', async () => {
    // A ward who turns 12 on 30 November 2026: the clinic booked the visit, so from then on the guardian no longer sees it.
    const turning = await family(t.db, '2014-11-30');
    const clinicBooked = await visitAt(t.db, turning.ward.id, '2027-03-10T10:00:00+02:00', null);
    expect(await ask(t.db, turning.guardianView(), clinicBooked.appointmentId, '2027-03-09', NOW)).toBe('requested');
    const afterBirthday = at('2026-12-01T10:00:00+02:00');
    const free = await slotAt(t.db, '2027-03-03T10:00:00+02:00');
    await offerFreedSlot(t.db, free.id, { now: afterBirthday, settings: SETTINGS });
    expect(await messagesToPerson(t.db, turning.guardian)).toHaveLength(0);
    // The request the guardian can no longer see has ended (its offers, if any, with it).
    expect((await requestOf(t.db, clinicBooked.appointmentId)).state).toBe('ended');
  });

  it("the viewer rules at the moment of acting: after a professional's mark the guardian's link shows nothing and takes nothing", async () => {
    const marked = await family(t.db, '2018-05-05'); // 8
    const markedVisit = await visitAt(t.db, marked.ward.id, '2027-03-20T10:00:00+02:00', marked.guardian.id);
    expect(await ask(t.db, marked.guardianView(), markedVisit.appointmentId, '2027-03-19', NOW)).toBe('requested');
    const offered = await slotAt(t.db, '2027-03-13T10:00:00+02:00');
    await offerFreedSlot(t.db, offered.id, { now: NOW, settings: SETTINGS });
    const markedCode = await codeSentTo(t.db, marked.guardian.phone!, offered.id);
    const professional = await personWithContact(t.db, '1970-07-07', 'Ammattilainen');
    await t.db
      .update(appointments)
      .set({ confidentialAt: minutesAfter(NOW, 1), confidentialBy: 'professional', confidentialMarkedById: professional.id })
      .where(eq(appointments.id, markedVisit.appointmentId));
    expect(await getOffer(t.db, markedCode, 'fi', minutesAfter(NOW, 2))).toEqual({ state: 'ended' });
    expect(await takeOffer(t.db, markedCode, { now: minutesAfter(NOW, 3) })).toBe('ended');
    expect((await appointmentRow(t.db, markedVisit.appointmentId)).slotId).toBe(markedVisit.slotId);
    const sent = (await messagesToPerson(t.db, marked.guardian)).length;
    const later = await slotAt(t.db, '2027-03-12T10:00:00+02:00');
    await offerFreedSlot(t.db, later.id, { now: minutesAfter(NOW, 4), settings: SETTINGS });
    expect(await messagesToPerson(t.db, marked.guardian)).toHaveLength(sent);
  });

  it('the viewer rules at the moment of acting: after the guardianship ended the link shows nothing and takes nothing', async () => {
    const ended = await family(t.db, '2018-06-06'); // 8
    const endedVisit = await visitAt(t.db, ended.ward.id, '2027-03-27T10:00:00+02:00', ended.guardian.id);
    expect(await ask(t.db, ended.guardianView(), endedVisit.appointmentId, '2027-03-26', NOW)).toBe('requested');
    const offered = await slotAt(t.db, '2027-03-24T10:00:00+02:00');
    await offerFreedSlot(t.db, offered.id, { now: NOW, settings: SETTINGS });
    const endedCode = await codeSentTo(t.db, ended.guardian.phone!, offered.id);
    await t.db.delete(guardianships).where(and(eq(guardianships.guardianId, ended.guardian.id), eq(guardianships.wardId, ended.ward.id)));
    expect(await getOffer(t.db, endedCode, 'fi', minutesAfter(NOW, 2))).toEqual({ state: 'ended' });
    expect(await takeOffer(t.db, endedCode, { now: minutesAfter(NOW, 3) })).toBe('ended');
    expect((await appointmentRow(t.db, endedVisit.appointmentId)).slotId).toBe(endedVisit.slotId);
  });

  it('at most one open offer per request: more free times do not flood the phone; the database refuses a second open offer', async () => {
    const waiting = await waitingPatient(t.db, '2027-04-20T10:00:00+02:00', { latestDate: '2027-04-19' });
    const free = [];
    for (const day of ['12', '13', '14', '15']) free.push(await slotAt(t.db, `2027-04-${day}T10:00:00+02:00`));
    for (const slot of free) await offerFreedSlot(t.db, slot.id, { now: NOW, settings: SETTINGS });
    await runEarlierTimeSweep(t.db, { now: minutesAfter(NOW, 1), settings: SETTINGS });
    const open = await t.db
      .select()
      .from(earlierTimeOffers)
      .where(and(eq(earlierTimeOffers.appointmentId, waiting.appointmentId), eq(earlierTimeOffers.state, 'open')));
    expect(open).toHaveLength(1);
    expect((await offerMessagesTo(t.db, waiting.phone)).filter((m) => m.channel === 'sms')).toHaveLength(1);

    // The database itself refuses a second open offer of the request.
    const [request] = await t.db.select().from(earlierTimeRequests).where(eq(earlierTimeRequests.appointmentId, waiting.appointmentId));
    const other = free.find((s) => s.id !== open[0]!.slotId)!;
    await expect(
      t.db.insert(earlierTimeOffers).values({
        requestId: request!.id,
        appointmentId: waiting.appointmentId,
        slotId: other.id,
        tokenHash: 'x',
        expiresAt: minutesAfter(NOW, 60),
        createdAt: NOW,
      }),
    ).rejects.toThrow();

    // When that offer has closed unanswered, the next free time may be offered: again one.
    await runEarlierTimeSweep(t.db, { now: minutesAfter(NOW, 121), settings: SETTINGS });
    const next = await t.db
      .select()
      .from(earlierTimeOffers)
      .where(and(eq(earlierTimeOffers.appointmentId, waiting.appointmentId), eq(earlierTimeOffers.state, 'open')));
    expect(next).toHaveLength(1);
    expect(next[0]!.slotId).not.toBe(open[0]!.slotId);
  });

  it("offers go only to the requester's own saved contact; the form shows no one else's; a guardian's save keeps the ward's own request", async () => {
    const f = await family(t.db, '2011-04-04'); // 15; the guardian booked the visit, so both see it
    const visit = await visitAt(t.db, f.ward.id, '2027-05-20T10:00:00+02:00', f.guardian.id);
    // The young person asks. (Before issue 39 the form took a typed number, e.g. a stranger's: the offers went there.)
    const stranger = await personWithContact(t.db, '1990-09-09', 'Vieras');
    expect(await ask(t.db, f.wardView, visit.appointmentId, '2027-05-19', NOW)).toBe('requested');

    // The guardian's form shows neither the ward's phone nor e-mail.
    const form = await requestForm(t.db, f.guardianView(), visit.appointmentId, 'fi', NOW);
    expect(JSON.stringify(form)).not.toContain(f.ward.phone!);
    expect(JSON.stringify(form)).not.toContain(f.ward.email!);
    expect(JSON.stringify(form)).not.toContain(stranger.phone!);
    // The guardian changes the latest date: the request stays the ward's.
    expect(await ask(t.db, f.guardianView(), visit.appointmentId, '2027-05-18', minutesAfter(NOW, 1))).toBe('updated');
    const request = await requestOf(t.db, visit.appointmentId);
    expect(request).toMatchObject({ requestedById: f.ward.id, latestDate: '2027-05-18', requestedAt: NOW });

    const free = await slotAt(t.db, '2027-05-13T10:00:00+02:00');
    await offerFreedSlot(t.db, free.id, { now: minutesAfter(NOW, 2), settings: SETTINGS });
    expect((await messagesToPerson(t.db, f.ward)).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(await messagesToPerson(t.db, f.guardian)).toHaveLength(0);
    expect(await messagesToPerson(t.db, stranger)).toHaveLength(0);
  });

  it("a closed link shows only its own state, never the appointment's time and place", async () => {
    const a = await waitingPatient(t.db, '2027-06-20T10:00:00+02:00', { latestDate: '2027-06-19' }, minutesAfter(NOW, -20));
    const b = await waitingPatient(t.db, '2027-06-21T10:00:00+02:00', { latestDate: '2027-06-20' }, minutesAfter(NOW, -10));
    const free = await slotAt(t.db, '2027-06-14T10:00:00+02:00');
    await offerFreedSlot(t.db, free.id, { now: NOW, settings: { ...SETTINGS, batchSize: 1 } });
    const first = await codeSentTo(t.db, a.phone, free.id);
    // Expired: the state only.
    expect(await getOffer(t.db, first, 'fi', minutesAfter(NOW, 121))).toEqual({ state: 'expired' });
    await offerFreedSlot(t.db, free.id, { now: minutesAfter(NOW, 122), settings: { ...SETTINGS, batchSize: 1 } });
    const second = await codeSentTo(t.db, b.phone, free.id);
    const open = await getOffer(t.db, second, 'fi', minutesAfter(NOW, 123));
    expect(open.state).toBe('open');
    // Used: the state only, also after the move.
    expect(await takeOffer(t.db, second, { now: minutesAfter(NOW, 124) })).toBe('success');
    expect(await getOffer(t.db, second, 'fi', minutesAfter(NOW, 125))).toEqual({ state: 'accepted' });
    // Closed before someone else took the time: the state only.
    expect(await getOffer(t.db, first, 'fi', minutesAfter(NOW, 125))).toEqual({ state: 'taken' });
  });
});
