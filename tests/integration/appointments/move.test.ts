/**
 * Moving an appointment (issue 24, ADR 0036) on a real database, at fixed instants: the move
 * takes the new time and frees the old one (bookable again), the reminder and the confirmation
 * follow the new time, the calendar entry keeps its UID with the next SEQUENCE; the limits of
 * cancelling apply (inside the cancellation limit refused); the viewer rules (own, ward's,
 * nobody else's; a teen's hidden visit not the guardian's), an offer's move; a taken, foreign or same time; the
 * binding consent; racing moves to one time (one wins, no double booking); the payer re-checked,
 * the insurer included (a direct-compensation permit's treatment chain asked for the new time).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addGuardianship,
  createAppointment,
  createClinic,
  createOccupationalContract,
  createPerson,
  createPractitioner,
  createSlot,
  createSpecialty,
} from '~db/factories';
import {
  accessLog,
  analyticsEvents,
  appointmentInsurance,
  appointmentReminders,
  appointments,
  occupationalContractSpecialties,
  outbox,
  patientDataConsents,
  persons,
  testInsurerPermits,
} from '~db/schema';
import { appointmentValues } from '~db/seed';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { addDays, helsinkiDate } from '~/lib/dates';
import { priceFor } from '~/models/booking/price-list';
import { makeIdentityCode } from '~/models/identity-code';
import { getAnonymousAppointment, setHiddenFromGuardians } from '~/services/appointments/appointments.server';
import { moveAppointment, previewMove, type MoveActor } from '~/services/appointments/move.server';
import { reminderPlan } from '~/services/appointments/reminder-rules';
import { conceptCodeFor } from '~/services/booking/insurance/insurance-rules';
import { createTestInsurerCustomer, testInsurer } from '~/services/booking/insurance/test-insurer.server';
import { reserveAnonymously } from '~/services/booking/reservation.server';
import type { ReservationSettings } from '~/services/booking/reservation/settings.server';
import { getSlotForReservation } from '~/services/booking/reservation/slot.server';
import type { ReservationContext } from '~/services/booking/reservation/types';
import type { Db } from '~/services/db/db.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

/** Monday 23 November 2026, 10.00 in Helsinki. */
const NOW = new Date('2026-11-23T10:00:00+02:00');
const HOUR = 3_600_000;
const ORIGIN = 'https://portal.test';
const SETTINGS: ReservationSettings = { maxFutureReservations: 50, bindingConsentHours: 24, cancellationLimitHours: 24 };
const OPTIONS = { now: NOW, settings: SETTINGS };
const ctx = (extra: Partial<ReservationContext> = {}): ReservationContext => ({
  lang: 'fi',
  origin: ORIGIN,
  brand: 'general',
  inApp: false,
  now: NOW,
  settings: SETTINGS,
  ...extra,
});

/** Patients made so far (in both databases' runs): each gets an identity code of its own. */
let patients = 0;
let phone = 3000;
let minuteOffset = 0;

async function reference(db: Db) {
  await createClinic(db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
  for (const id of ['YLE', 'IHO'])
    await createSpecialty(
      db,
      SPECIALTIES.find((s) => s.id === id)!,
    );
  const title = { fi: 'Yleislääkäri', sv: 'Allmänläkare', en: 'General practitioner' };
  await createPractitioner(db, { id: 'P0001', firstName: 'Anna', lastName: 'Lahtinen', title, specialtyIds: ['YLE', 'IHO'], clinicIds: ['KA'] });
  await createPractitioner(db, { id: 'P0002', firstName: 'Olli', lastName: 'Ojala', title, specialtyIds: ['YLE'], clinicIds: ['KA'] });
}

/** A free time `hours` (and up to 25 minutes) from now: times side by side differ a little. */
function slot(db: Db, hours: number, extra: Partial<Parameters<typeof createSlot>[1]> = {}) {
  minuteOffset = (minuteOffset + 5) % 30;
  const startAt = new Date(NOW.getTime() + hours * HOUR + minuteOffset * 60_000);
  return createSlot(db, { clinicId: 'KA', practitionerId: 'P0001', specialtyId: 'YLE', startAt, ...extra });
}

async function patient(db: Db, extra: Partial<typeof persons.$inferInsert> = {}, birthDate?: string) {
  patients += 1;
  // Individual numbers 900–998 (temporary ones, never a demo person's); a year earlier for every 50.
  const individual = 900 + (patients % 50) * 2;
  return createPerson(db, {
    identityCode: makeIdentityCode(birthDate ?? `${1985 - Math.floor(patients / 50)}-03-15`, individual),
    firstName: 'Aino',
    lastName: `Siirtäjä${patients}`,
    patientDataConsentUpdatedAt: NOW,
    ...extra,
  });
}

/** Books the slot through the anonymous form: the appointment, its link's code and where the messages go. */
async function book(db: Db, slotId: number, person?: Awaited<ReturnType<typeof patient>>) {
  const p = person ?? (await patient(db));
  phone += 1;
  const contact = { phone: `+35840777${String(phone).padStart(4, '0')}`, email: `move${phone}@example.fi` };
  const result = await reserveAnonymously(
    db,
    {
      slotId,
      ssn: p.identityCode,
      firstName: p.firstName,
      lastName: p.lastName,
      phone: contact.phone,
      emailAddress: contact.email,
      termsApproved: true,
      bindingApproved: true,
    },
    ctx(),
  );
  if (result.type !== 'success') throw new Error(result.type);
  return { appointmentId: result.appointmentId, code: result.anonymousCode, person: p, contact, me: asViewer(p.id, result.appointmentId) };
}

/** A birth date `years` before NOW (a ward of that age). */
const bornYearsAgo = (years: number) => `${Number(helsinkiDate(NOW).slice(0, 4)) - years}-01-15`;

/** The free times insurers pay for. */
const INSURANCE = { payerTypes: ['insurance'] };
/** Today's Helsinki date `days` ahead (the permit's validity is a date). */
const dateAhead = (days: number) => addDays(helsinkiDate(NOW), days);

/**
 * An insurance visit on `bookedSlot`, as the reservation stores one (ADR 0022): the appointment on
 * the insurance payer and its insurance row; with `permitDays`, a LähiTapiola direct-compensation
 * permit valid until that many days from today at the built-in test insurer, else IF's direct
 * reimbursement concept (nothing to ask the insurer).
 */
async function insuredVisit(
  db: Db,
  bookedSlot: Awaited<ReturnType<typeof slot>>,
  permitDays: number | null,
  reimbursement: 'USE_REIMBURSEMENT' | 'COMPANY_REIMBURSEMENT' = 'USE_REIMBURSEMENT',
) {
  const person = await patient(db);
  let dcpContentHash: string | null = null;
  if (permitDays !== null) {
    await createTestInsurerCustomer(db, person.identityCode, {
      insurer: 'LAHITAPIOLA',
      validFrom: dateAhead(-30),
      validTo: dateAhead(365),
      permits: [{ symptom: 'Selkäkipu', bodyPart: 'Selkä', validTo: dateAhead(permitDays) }],
    });
    const permits = await testInsurer(db, () => NOW).lahiTapiolaPermits(person);
    if (permits.type !== 'success' || permits.permits.length !== 1) throw new Error('the permit');
    dcpContentHash = permits.permits[0]!.contentHash;
  }
  const values = appointmentValues(
    {
      person: 'aino',
      description: 'test',
      startInMinutes: 0,
      kindId: 'VAS',
      specialtyId: 'YLE',
      clinicId: 'KA',
      practitionerId: 'P0001',
      locationType: 'physicalLocation',
    },
    NOW,
  );
  const { appointment, anonymousCode } = await createAppointment(db, {
    ...values,
    patientId: person.id,
    bookedById: person.id,
    bookedVia: 'web',
    slotId: bookedSlot.id,
    startAt: bookedSlot.startAt,
    payerType: 'insurance',
    price: priceFor('YLE', 'physicalLocation'),
  });
  const insurance =
    dcpContentHash === null
      ? {
          appointmentId: appointment.id,
          insurer: 'IF' as const,
          reimbursement,
          conceptCode: conceptCodeFor('general', 'IF', reimbursement),
          dcpContentHash: null,
        }
      : { appointmentId: appointment.id, insurer: 'LAHITAPIOLA' as const, reimbursement: null, conceptCode: null, dcpContentHash };
  const row = { ...insurance, description: `23.11.2026: asiakas ilmoitti vakuutusyhtiökseen ${insurance.insurer === 'IF' ? 'If' : 'LähiTapiola'}.` };
  await db.insert(appointmentInsurance).values(row);
  return { appointment, anonymousCode, person, insurance: row, me: asViewer(person.id, appointment.id) };
}

const insuranceOf = async (db: Db, appointmentId: number) =>
  db.select().from(appointmentInsurance).where(eq(appointmentInsurance.appointmentId, appointmentId));
const appointmentRow = async (db: Db, id: number) => (await db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const liveOn = (db: Db, slotId: number) =>
  db
    .select()
    .from(appointments)
    .where(and(eq(appointments.slotId, slotId), isNull(appointments.cancelledAt)));
const messagesTo = (db: Db, recipients: string[]) => db.select().from(outbox).where(inArray(outbox.recipient, recipients));
const asViewer = (personId: string, appointmentId: number, youngWardIds: string[] = []): MoveActor => ({
  kind: 'viewer',
  viewer: { personId, youngWardIds, olderWardIds: [] },
  appointmentId,
});

describe.each(databaseKinds())('moving an appointment on %s', (kind) => {
  const t = withTestDatabase(kind);
  beforeAll(async () => reference(t.db));

  it('moves to the new time in one go: the new time is the patient’s, the old one bookable again, the reminder and the confirmation follow, the calendar entry keeps its UID', async () => {
    const oldSlot = await slot(t.db, 5 * 24);
    const newSlot = await slot(t.db, 7 * 24, { practitionerId: 'P0002' });
    const booked = await book(t.db, oldSlot.id);

    const preview = await previewMove(t.db, booked.me, newSlot.id, 'en', OPTIONS);
    expect(preview).toMatchObject({ type: 'ready', bindingRequired: false, changes: { time: true, place: false, practitioner: true, price: false } });

    const result = await moveAppointment(t.db, { actor: booked.me, slotId: newSlot.id }, OPTIONS);
    expect(result).toMatchObject({
      type: 'moved',
      appointmentId: booked.appointmentId,
      revision: 1,
      freedSlotId: oldSlot.id,
      from: { slotId: oldSlot.id, startAt: oldSlot.startAt },
      to: { slotId: newSlot.id, startAt: newSlot.startAt, practitionerId: 'P0002' },
      messages: 2,
    });

    expect(await appointmentRow(t.db, booked.appointmentId)).toMatchObject({
      slotId: newSlot.id,
      startAt: newSlot.startAt,
      practitionerId: 'P0002',
      revision: 1,
      revisedAt: NOW,
      cancelledAt: null,
    });
    // The new time is taken, the old one open: another patient books it.
    expect((await getSlotForReservation(t.db, newSlot.id, 'fi', { now: NOW, settings: SETTINGS })).state).toBe('reserved');
    expect((await getSlotForReservation(t.db, oldSlot.id, 'fi', { now: NOW, settings: SETTINGS })).state).toBe('open');
    const other = await book(t.db, oldSlot.id);
    expect((await liveOn(t.db, oldSlot.id)).map((a) => a.id)).toEqual([other.appointmentId]);

    // The link still opens the (moved) appointment.
    expect((await getAnonymousAppointment(t.db, booked.code, 'en', NOW))?.startAt).toBe(newSlot.startAt.toISOString());

    // The reminder is computed again for the new start (24 hours before it, out of the quiet hours).
    const [reminder] = await t.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, booked.appointmentId));
    expect(reminder).toMatchObject({ state: 'scheduled', startAt: newSlot.startAt, dueAt: (reminderPlan(newSlot.startAt, NOW, 24) as { dueAt: Date }).dueAt });

    // The confirmation of the new time, where the booking's went, with the calendar entry's next SEQUENCE.
    const messages = (await messagesTo(t.db, [booked.contact.phone, booked.contact.email])).filter(
      (m) => m.body.includes('siirretty') || m.subject?.includes('siirretty'),
    );
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms.kind).toBe('confirmation');
    // With a link of its own (ADR 0046) that opens the appointment.
    const code = /\/fi\/varaus\/([A-Za-z0-9_-]+)/.exec(sms.body)?.[1] ?? '';
    expect(code).not.toBe(booked.code);
    expect((await getAnonymousAppointment(t.db, code, 'fi', NOW))?.id).toBe(booked.appointmentId);
    const email = messages.find((m) => m.channel === 'email')!;
    const ics = Buffer.from(email.attachments![0]!.content, 'base64').toString('utf8');
    expect(ics).toContain(`UID:appointment-${booked.appointmentId}@`);
    expect(ics).toContain('SEQUENCE:1');

    const [logged] = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'appointment:move'), eq(accessLog.resourceId, String(booked.appointmentId))));
    expect(logged).toMatchObject({ actorPersonId: booked.person.id, subjectPersonId: booked.person.id, action: 'change' });
    const events = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'reservationMove'));
    expect(events.map((e) => e.properties)).toContainEqual(
      expect.objectContaining({ appointmentId: booked.appointmentId, fromSlotId: oldSlot.id, slotId: newSlot.id, via: 'viewer' }),
    );
  });

  it('confirms the new time of an appointment made by staff to the patient’s own contact, with a link of its own, on the channels the SMS consent allows', async () => {
    const p = await patient(t.db, { phone: '+358405557001', email: 'henkilokunnan.varaama@example.fi', language: 'en' });
    const oldSlot = await slot(t.db, 5 * 24);
    const values = appointmentValues(
      {
        person: 'aino',
        description: 'staff',
        startInMinutes: 0,
        kindId: 'VAS',
        specialtyId: 'YLE',
        clinicId: 'KA',
        practitionerId: 'P0001',
        locationType: 'physicalLocation',
      },
      NOW,
    );
    // As the clinic (and the seed) make them: no booker, no booking contact, no reminder row.
    const { appointment, anonymousCode } = await createAppointment(t.db, { ...values, patientId: p.id, slotId: oldSlot.id, startAt: oldSlot.startAt });
    const newSlot = await slot(t.db, 7 * 24);
    const me = asViewer(p.id, appointment.id);
    expect(await moveAppointment(t.db, { actor: me, slotId: newSlot.id }, OPTIONS)).toMatchObject({ type: 'moved', messages: 2 });

    const messages = await messagesTo(t.db, [p.phone!, p.email!]);
    expect(messages.map((m) => [m.channel, m.kind, m.language]).sort()).toEqual([
      ['email', 'confirmation', 'en'],
      ['sms', 'confirmation', 'en'],
    ]);
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms.body).toContain('moved');
    const code = /\/en\/appointment\/([A-Za-z0-9_-]+)/.exec(sms.body)?.[1] ?? '';
    expect(code).not.toBe(anonymousCode);
    expect((await getAnonymousAppointment(t.db, code, 'en', NOW))?.startAt).toBe(newSlot.startAt.toISOString());
    // Its reminder now follows the new time too (to whom the viewer rules say when it is written).
    expect((await t.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, appointment.id)))[0]).toMatchObject({
      state: 'scheduled',
      startAt: newSlot.startAt,
      phone: null,
    });

    // The patient refuses confirmations and reminders by text message: the next one goes by e-mail only.
    await t.db.insert(patientDataConsents).values({
      personId: p.id,
      givenById: p.id,
      allowsCommonRegistry: true,
      allowsViewingOccupationalInformation: false,
      allowsMarketingMail: false,
      allowsTreatmentInstructionsMail: false,
      allowsBookingSms: false,
      givenAt: NOW,
    });
    expect(await moveAppointment(t.db, { actor: me, slotId: (await slot(t.db, 8 * 24)).id }, OPTIONS)).toMatchObject({ type: 'moved', messages: 1 });
    expect((await messagesTo(t.db, [p.phone!, p.email!])).map((m) => m.channel).sort()).toEqual(['email', 'email', 'sms']);
  });

  it('a second move raises the SEQUENCE again; a move back to the first time works once it is free', async () => {
    const first = await slot(t.db, 5 * 24);
    const second = await slot(t.db, 6 * 24);
    const booked = await book(t.db, first.id);
    expect((await moveAppointment(t.db, { actor: booked.me, slotId: second.id }, OPTIONS)).type).toBe('moved');
    const back = await moveAppointment(t.db, { actor: booked.me, slotId: first.id }, OPTIONS);
    expect(back).toMatchObject({ type: 'moved', revision: 2, freedSlotId: second.id });
    expect(await appointmentRow(t.db, booked.appointmentId)).toMatchObject({ slotId: first.id, revision: 2 });
  });

  it('refuses inside the cancellation limit, and a cancelled or started appointment, changing nothing', async () => {
    const soon = await slot(t.db, 20);
    const target = await slot(t.db, 5 * 24);
    const booked = await book(t.db, soon.id);
    expect(await moveAppointment(t.db, { actor: booked.me, slotId: target.id }, OPTIONS)).toEqual({ type: 'tooLate', hours: 24 });
    expect(await previewMove(t.db, booked.me, target.id, 'en', OPTIONS)).toEqual({ type: 'tooLate', hours: 24 });
    // A minute inside the limit is too late as well.
    const later = await slot(t.db, 3 * 24);
    const early = await book(t.db, later.id);
    const atLimit = new Date(later.startAt.getTime() - 24 * HOUR);
    expect((await moveAppointment(t.db, { actor: early.me, slotId: target.id }, { ...OPTIONS, now: new Date(atLimit.getTime() + 60_000) })).type).toBe(
      'tooLate',
    );
    expect((await appointmentRow(t.db, booked.appointmentId)).slotId).toBe(soon.id);
    expect((await appointmentRow(t.db, early.appointmentId)).slotId).toBe(later.id);

    const cancelledSlot = await slot(t.db, 4 * 24);
    const cancelled = await book(t.db, cancelledSlot.id);
    await t.db.update(appointments).set({ cancelledAt: NOW, cancelledBy: 'patient' }).where(eq(appointments.id, cancelled.appointmentId));
    expect(await moveAppointment(t.db, { actor: cancelled.me, slotId: target.id }, OPTIONS)).toEqual({ type: 'notMovable' });
    expect(await liveOn(t.db, target.id)).toHaveLength(0);
    const errors = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'reservationMoveError'));
    expect(errors.map((e) => e.properties)).toContainEqual(expect.objectContaining({ appointmentId: booked.appointmentId, type: 'tooLate', via: 'viewer' }));
  });

  it('moves only what the viewer may see: own and a young ward’s; someone else’s is not found', async () => {
    const guardian = await patient(t.db);
    const ward = await patient(t.db, {}, '2018-05-12');
    await addGuardianship(t.db, guardian.id, ward.id);
    const stranger = await patient(t.db);
    const own = await book(t.db, (await slot(t.db, 5 * 24)).id, guardian);
    const wards = await book(t.db, (await slot(t.db, 5 * 24)).id, ward);
    const strangers = await book(t.db, (await slot(t.db, 5 * 24)).id, stranger);

    const a = await slot(t.db, 8 * 24);
    const b = await slot(t.db, 8 * 24);
    const c = await slot(t.db, 8 * 24);
    expect((await moveAppointment(t.db, { actor: asViewer(guardian.id, own.appointmentId), slotId: a.id }, OPTIONS)).type).toBe('moved');
    expect((await moveAppointment(t.db, { actor: asViewer(guardian.id, wards.appointmentId, [ward.id]), slotId: b.id }, OPTIONS)).type).toBe('moved');
    expect(await moveAppointment(t.db, { actor: asViewer(guardian.id, strangers.appointmentId, [ward.id]), slotId: c.id }, OPTIONS)).toEqual({
      type: 'notFound',
    });
    expect((await appointmentRow(t.db, strangers.appointmentId)).revision).toBe(0);

    const [logged] = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'appointment:move'), eq(accessLog.resourceId, String(wards.appointmentId))));
    expect(logged).toMatchObject({ actorPersonId: guardian.id, subjectPersonId: ward.id, action: 'change' });
  });

  it('whoever identifies from the link moves only as the viewer rules let them: a teen’s visit the guardian booked until the teen hides it, never a stranger', async () => {
    const guardian = await patient(t.db);
    const teen = await patient(t.db, { phone: '+358405556001' }, bornYearsAgo(15));
    await addGuardianship(t.db, guardian.id, teen.id);
    const booked = await book(t.db, (await slot(t.db, 5 * 24)).id, teen);
    await t.db.update(appointments).set({ bookedById: guardian.id }).where(eq(appointments.id, booked.appointmentId));
    const guardianMoves = (slotId: number) =>
      moveAppointment(
        t.db,
        {
          actor: { kind: 'viewer', viewer: { personId: guardian.id, youngWardIds: [], olderWardIds: [teen.id] }, appointmentId: booked.appointmentId },
          slotId,
        },
        OPTIONS,
      );
    expect((await guardianMoves((await slot(t.db, 8 * 24)).id)).type).toBe('moved');
    const teenViewer = { personId: teen.id, youngWardIds: [], olderWardIds: [] };
    expect(await setHiddenFromGuardians(t.db, teenViewer, booked.appointmentId, true, NOW)).toBe('hidden');
    const after = await appointmentRow(t.db, booked.appointmentId);
    expect(await guardianMoves((await slot(t.db, 9 * 24)).id)).toEqual({ type: 'notFound' });
    expect(
      await moveAppointment(t.db, { actor: asViewer((await patient(t.db)).id, booked.appointmentId), slotId: (await slot(t.db, 9 * 24)).id }, OPTIONS),
    ).toEqual({ type: 'notFound' });
    expect(await appointmentRow(t.db, booked.appointmentId)).toMatchObject({ slotId: after.slotId, revision: 1 });
    expect((await moveAppointment(t.db, { actor: booked.me, slotId: (await slot(t.db, 9 * 24)).id }, OPTIONS)).type).toBe('moved');
  });

  it('an offer moves on behalf of the patient without a session', async () => {
    const booked = await book(t.db, (await slot(t.db, 9 * 24)).id);
    const earlier = await slot(t.db, 4 * 24);
    const result = await moveAppointment(t.db, { actor: { kind: 'offer', appointmentId: booked.appointmentId }, slotId: earlier.id }, OPTIONS);
    expect(result).toMatchObject({ type: 'moved', to: { slotId: earlier.id } });
    const [logged] = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'appointment:offer-move'), eq(accessLog.resourceId, String(booked.appointmentId))));
    expect(logged).toMatchObject({ actorPersonId: null, subjectPersonId: booked.person.id });
  });

  it("the caller's step runs inside the move's transaction: it commits with the move, and its failure rolls the move back", async () => {
    const booked = await book(t.db, (await slot(t.db, 9 * 24)).id);
    const first = await slot(t.db, 4 * 24);
    // Read before the move starts: its rejection must find the expectation's handler attached.
    const oldSlotId = (await appointmentRow(t.db, booked.appointmentId)).slotId;
    const failing = moveAppointment(
      t.db,
      { actor: { kind: 'offer', appointmentId: booked.appointmentId }, slotId: first.id },
      {
        ...OPTIONS,
        inTransaction: async () => {
          throw new Error('the offer was taken meanwhile');
        },
      },
    );
    await expect(failing).rejects.toThrow('the offer was taken meanwhile');
    expect(await appointmentRow(t.db, booked.appointmentId)).toMatchObject({ revision: 0 });
    expect(await liveOn(t.db, first.id)).toHaveLength(0);

    const seen: number[] = [];
    const result = await moveAppointment(
      t.db,
      { actor: { kind: 'offer', appointmentId: booked.appointmentId }, slotId: first.id },
      {
        ...OPTIONS,
        inTransaction: async (tx, moved) => {
          // Inside the transaction the appointment already holds the new time.
          seen.push((await appointmentRow(tx, moved.appointmentId)).slotId!, moved.from.slotId!);
        },
      },
    );
    expect(result.type).toBe('moved');
    expect(seen).toEqual([first.id, oldSlotId]);
  });

  it('refuses a taken, past, foreign or same time, and asks the binding consent for a close one', async () => {
    const booked = await book(t.db, (await slot(t.db, 6 * 24)).id);
    const own = (await appointmentRow(t.db, booked.appointmentId)).slotId!;
    const taken = await slot(t.db, 7 * 24);
    await book(t.db, taken.id);
    const other = await slot(t.db, 7 * 24, { specialtyId: 'IHO' });
    const past = await slot(t.db, -2);
    const identified = await slot(t.db, 7 * 24, { requiresAuth: true });
    const close = await slot(t.db, 5);
    const move = (slotId: number, bindingApproved?: boolean) => moveAppointment(t.db, { actor: booked.me, slotId, bindingApproved }, OPTIONS);

    expect(await move(taken.id)).toEqual({ type: 'slotTaken' });
    expect(await move(other.id)).toEqual({ type: 'slotNotAvailable' });
    expect(await move(past.id)).toEqual({ type: 'slotNotAvailable' });
    expect(await move(987_654_321)).toEqual({ type: 'slotNotAvailable' });
    expect(await move(own)).toEqual({ type: 'sameTime' });
    expect(await previewMove(t.db, booked.me, close.id, 'fi', OPTIONS)).toMatchObject({ type: 'ready', bindingRequired: true });
    expect(await move(close.id)).toEqual({ type: 'bindingConsentRequired' });
    expect((await appointmentRow(t.db, booked.appointmentId)).slotId).toBe(own);
    // Moving is always by an identified person: a time that needs identification is allowed; with the consent, the close one.
    expect((await move(identified.id)).type).toBe('moved');
    expect((await move(close.id, true)).type).toBe('moved');
  });

  it('of racing moves to one time exactly one wins; the losers keep their own time and nothing is booked twice', async () => {
    const target = await slot(t.db, 10 * 24);
    const racers = await Promise.all(Array.from({ length: 6 }, async () => book(t.db, (await slot(t.db, 12 * 24)).id)));
    const before = await Promise.all(racers.map(async (r) => (await appointmentRow(t.db, r.appointmentId)).slotId));
    const results = await Promise.all(racers.map((r) => moveAppointment(t.db, { actor: r.me, slotId: target.id }, OPTIONS)));
    expect(results.filter((r) => r.type === 'moved')).toHaveLength(1);
    expect(results.filter((r) => r.type === 'slotTaken')).toHaveLength(5);
    const live = await liveOn(t.db, target.id);
    expect(live).toHaveLength(1);
    const winner = racers.findIndex((r) => r.appointmentId === live[0]!.id);
    for (const [i, r] of racers.entries()) {
      if (i === winner) continue;
      expect(await appointmentRow(t.db, r.appointmentId)).toMatchObject({ slotId: before[i], revision: 0 });
      expect(await liveOn(t.db, before[i]!)).toHaveLength(1);
    }
    // Only the winner was told of a new time.
    const told = await messagesTo(
      t.db,
      racers.map((r) => r.contact.phone),
    );
    expect(told.filter((m) => m.body.includes('siirretty'))).toHaveLength(1);
  });

  it('re-checks the payer for the new time: a billing block, and the occupational agreement’s cover', async () => {
    const blocked = await book(t.db, (await slot(t.db, 6 * 24)).id);
    await t.db.update(persons).set({ creditBlocked: true }).where(eq(persons.id, blocked.person.id));
    expect(await moveAppointment(t.db, { actor: blocked.me, slotId: (await slot(t.db, 8 * 24)).id }, OPTIONS)).toEqual({
      type: 'payerNotEligible',
      reason: 'notCreditworthy',
    });

    const contract = await createOccupationalContract(t.db, { employerName: 'Siirto Oy', allowsWebReservation: true, contractType: 'Comprehensive' });
    await t.db.insert(occupationalContractSpecialties).values({ contractId: contract.id, specialtyId: 'YLE', confirmation: 'contractOnly' });
    const employee = await patient(t.db, { occupationalContractId: contract.id });
    const oldSlot = await slot(t.db, 6 * 24, { payerTypes: ['occupationalHealthCare'] });
    const values = appointmentValues(
      {
        person: 'aino',
        description: 'test',
        startInMinutes: 0,
        kindId: 'VAS',
        specialtyId: 'YLE',
        clinicId: 'KA',
        practitionerId: 'P0001',
        locationType: 'physicalLocation',
      },
      NOW,
    );
    const { appointment } = await createAppointment(t.db, {
      ...values,
      patientId: employee.id,
      bookedById: employee.id,
      bookedVia: 'web',
      slotId: oldSlot.id,
      startAt: oldSlot.startAt,
      payerType: 'occupationalHealthCare',
      price: null,
    });
    const me = asViewer(employee.id, appointment.id);
    // A private customers' time is not offered to the employer's agreement.
    expect(await moveAppointment(t.db, { actor: me, slotId: (await slot(t.db, 8 * 24)).id }, OPTIONS)).toEqual({ type: 'slotNotAvailable' });
    const occupationalTime = await slot(t.db, 8 * 24, { payerTypes: ['occupationalHealthCare'] });
    // The agreement no longer covers the specialty.
    await t.db.delete(occupationalContractSpecialties).where(eq(occupationalContractSpecialties.contractId, contract.id));
    expect(await moveAppointment(t.db, { actor: me, slotId: occupationalTime.id }, OPTIONS)).toEqual({ type: 'payerNotEligible', reason: 'notCovered' });
    await t.db.insert(occupationalContractSpecialties).values({ contractId: contract.id, specialtyId: 'YLE', confirmation: 'contractOnly' });
    expect(await moveAppointment(t.db, { actor: me, slotId: occupationalTime.id }, OPTIONS)).toMatchObject({
      type: 'moved',
      to: { slotId: occupationalTime.id },
    });
    expect((await appointmentRow(t.db, appointment.id)).price).toBeNull();
  });

  it('re-checks the insurer for the new time: a time the permit still covers moves, and the visit keeps its insurer and permit', async () => {
    const oldSlot = await slot(t.db, 5 * 24, INSURANCE);
    const visit = await insuredVisit(t.db, oldSlot, 10);
    // The permit's last valid day (Helsinki date) still counts.
    const lastDay = await slot(t.db, 10 * 24, { ...INSURANCE, practitionerId: 'P0002' });
    expect(helsinkiDate(lastDay.startAt)).toBe(dateAhead(10));

    // A private customers' time is not offered to the insurer.
    expect(await moveAppointment(t.db, { actor: visit.me, slotId: (await slot(t.db, 8 * 24)).id }, OPTIONS)).toEqual({ type: 'slotNotAvailable' });

    const result = await moveAppointment(t.db, { actor: visit.me, slotId: lastDay.id }, OPTIONS);
    expect(result).toMatchObject({
      type: 'moved',
      appointmentId: visit.appointment.id,
      revision: 1,
      freedSlotId: oldSlot.id,
      from: { slotId: oldSlot.id, startAt: oldSlot.startAt },
      to: { slotId: lastDay.id, startAt: lastDay.startAt, practitionerId: 'P0002' },
    });
    expect(await appointmentRow(t.db, visit.appointment.id)).toMatchObject({
      slotId: lastDay.id,
      startAt: lastDay.startAt,
      payerType: 'insurance',
      price: priceFor('YLE', lastDay.locationType),
      revision: 1,
      revisedAt: NOW,
    });
    // The insurance row is the booking's, unchanged: the same insurer and the same permit.
    expect(await insuranceOf(t.db, visit.appointment.id)).toEqual([visit.insurance]);
    expect(await liveOn(t.db, oldSlot.id)).toHaveLength(0);

    // IF's concept has no treatment chain to ask for: the visit moves and keeps its concept.
    const ifSlot = await slot(t.db, 5 * 24, INSURANCE);
    const ifVisit = await insuredVisit(t.db, ifSlot, null);
    const farAway = await slot(t.db, 40 * 24, INSURANCE);
    expect(await moveAppointment(t.db, { actor: ifVisit.me, slotId: farAway.id }, OPTIONS)).toMatchObject({ type: 'moved', to: { slotId: farAway.id } });
    expect(await appointmentRow(t.db, ifVisit.appointment.id)).toMatchObject({ slotId: farAway.id, payerType: 'insurance' });
    expect(await insuranceOf(t.db, ifVisit.appointment.id)).toEqual([ifVisit.insurance]);
  });

  it('a visit on IF’s company insurance is not moved to a remote time (spec 3 §5: the company insurance does not pay one); a time at a clinic is', async () => {
    const oldSlot = await slot(t.db, 5 * 24, INSURANCE);
    const visit = await insuredVisit(t.db, oldSlot, null, 'COMPANY_REIMBURSEMENT');
    const before = await appointmentRow(t.db, visit.appointment.id);
    const remote = await slot(t.db, 6 * 24, { ...INSURANCE, isRemote: true, locationType: 'phoneAppointment' });
    const refusal = { type: 'payerRefusesTime', reason: 'remoteNotCovered' };

    expect(await previewMove(t.db, visit.me, remote.id, 'fi', OPTIONS)).toEqual(refusal);
    expect(await moveAppointment(t.db, { actor: visit.me, slotId: remote.id }, OPTIONS)).toEqual(refusal);
    expect(await appointmentRow(t.db, visit.appointment.id)).toEqual(before);
    expect(await liveOn(t.db, remote.id)).toHaveLength(0);

    // IF's direct reimbursement pays a remote time: that visit moves to one.
    const directVisit = await insuredVisit(t.db, await slot(t.db, 5 * 24, INSURANCE), null);
    expect(await moveAppointment(t.db, { actor: directVisit.me, slotId: remote.id }, OPTIONS)).toMatchObject({
      type: 'moved',
      to: { slotId: remote.id, isRemote: true },
    });

    // A time at a clinic: the company-insured visit moves, keeping its choice.
    const atClinic = await slot(t.db, 7 * 24, INSURANCE);
    expect(await moveAppointment(t.db, { actor: visit.me, slotId: atClinic.id }, OPTIONS)).toMatchObject({
      type: 'moved',
      to: { slotId: atClinic.id, isRemote: false },
    });
    expect(await insuranceOf(t.db, visit.appointment.id)).toEqual([visit.insurance]);
  });

  it('re-checks the insurer for the new time: past the permit’s validity the treatment chain is refused and nothing changes', async () => {
    const oldSlot = await slot(t.db, 5 * 24, INSURANCE);
    const visit = await insuredVisit(t.db, oldSlot, 10);
    const before = await appointmentRow(t.db, visit.appointment.id);
    const dayAfter = await slot(t.db, 11 * 24, INSURANCE);
    expect(helsinkiDate(dayAfter.startAt)).toBe(dateAhead(11));
    const refusal = { type: 'payerNotEligible', reason: 'treatmentChainCreationFailed' };

    expect(await moveAppointment(t.db, { actor: visit.me, slotId: dayAfter.id }, OPTIONS)).toEqual(refusal);
    // The old time is still the patient's, the new one free for anyone on the insurance payer.
    expect(await appointmentRow(t.db, visit.appointment.id)).toEqual(before);
    expect((await liveOn(t.db, oldSlot.id)).map((a) => a.id)).toEqual([visit.appointment.id]);
    expect(await liveOn(t.db, dayAfter.id)).toHaveLength(0);
    expect((await getSlotForReservation(t.db, dayAfter.id, 'fi', { payer: 'insurance', now: NOW, settings: SETTINGS })).state).toBe('open');
    expect(await insuranceOf(t.db, visit.appointment.id)).toEqual([visit.insurance]);
    const errors = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'reservationMoveError'));
    expect(errors.map((e) => e.properties)).toContainEqual(
      expect.objectContaining({ appointmentId: visit.appointment.id, slotId: dayAfter.id, type: 'payerNotEligible' }),
    );
    const moves = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'reservationMove'));
    expect(moves.map((e) => e.properties)).not.toContainEqual(expect.objectContaining({ appointmentId: visit.appointment.id }));

    // The insurer is asked at every move: once it refuses the permit's chain, a time inside the validity is refused too.
    const inside = await slot(t.db, 8 * 24, INSURANCE);
    await t.db.update(testInsurerPermits).set({ failsTreatmentChain: true }).where(eq(testInsurerPermits.contentHash, visit.insurance.dcpContentHash!));
    expect(await moveAppointment(t.db, { actor: visit.me, slotId: inside.id }, OPTIONS)).toEqual(refusal);
    expect(await appointmentRow(t.db, visit.appointment.id)).toEqual(before);
    expect(await liveOn(t.db, inside.id)).toHaveLength(0);
  });
});
