/**
 * Appointment reminders on a real database (ADR 0031), at fixed instants: a booking schedules one
 * reminder where its confirmation went; the sweep at the due time writes the SMS and the e-mail
 * once (also with two sweeps at once); a 07.30 visit's reminder is moved out of the quiet hours;
 * none for a cancelled appointment, a refused SMS consent is respected; the guardian who booked
 * for an 8-year-old gets it; a moved appointment's reminder follows it. Appointments the portal
 * did not book (made by staff, seeded, older) get theirs too, to whom the viewer rules say.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, createAppointment, createClinic, createPerson, createPractitioner, createSlot, createSpecialty } from '~db/factories';
import { accessLog, appointmentLinks, appointmentReminders, appointments, outbox, patientDataConsents } from '~db/schema';
import { appointmentValues } from '~db/seed';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { parseAnonymousCode } from '~/models/appointments/anonymous-code';
import { makeIdentityCode } from '~/models/identity-code';
import { cancelAppointment, findByAnonymousCode } from '~/services/appointments/appointments.server';
import { listScheduledReminders, reminderNotice, runReminderSweep, scheduleReminder, upcomingWithoutReminder } from '~/services/appointments/reminders.server';
import { reserveAnonymously, reserveAsUser, reserveForWard } from '~/services/booking/reservation.server';
import type { ReservationSettings } from '~/services/booking/reservation/settings.server';
import type { ReservationContext } from '~/services/booking/reservation/types';
import type { Db } from '~/services/db/db.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

/** Monday 23 November 2026, 10.00 in Helsinki. */
const NOW = new Date('2026-11-23T10:00:00+02:00');
const ORIGIN = 'https://portal.test';
const SETTINGS: ReservationSettings = { maxFutureReservations: 50, bindingConsentHours: 24, cancellationLimitHours: 24 };
const ctx = (extra: Partial<ReservationContext> = {}): ReservationContext => ({
  lang: 'fi',
  origin: ORIGIN,
  brand: 'general',
  inApp: false,
  now: NOW,
  settings: SETTINGS,
  ...extra,
});
const LEAD = { leadHours: 24 };

let individual = 700;
let phone = 2000;
const nextPhone = () => `+35840555${String(++phone).padStart(4, '0')}`;

async function reference(db: Db) {
  await createClinic(db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
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

const slotAt = (db: Db, iso: string) => createSlot(db, { clinicId: 'KA', practitionerId: 'P0001', specialtyId: 'YLE', startAt: new Date(iso) });

async function patient(db: Db, birthDate = '1985-03-15', extra: Partial<Parameters<typeof createPerson>[1]> = {}) {
  individual += 2;
  return createPerson(db, {
    identityCode: makeIdentityCode(birthDate, individual),
    firstName: 'Aino',
    lastName: `Virtanen${individual}`,
    patientDataConsentUpdatedAt: NOW,
    ...extra,
  });
}

async function consent(db: Db, personId: string, allowsBookingSms: boolean, givenById = personId) {
  await db.insert(patientDataConsents).values({
    personId,
    givenById,
    allowsCommonRegistry: true,
    allowsViewingOccupationalInformation: false,
    allowsMarketingMail: false,
    allowsTreatmentInstructionsMail: false,
    allowsBookingSms,
    givenAt: NOW,
  });
}

/** A logged-in patient books the slot for themself; answers the appointment id. */
async function bookAsUser(db: Db, slotId: number, extra: { allowsSms?: boolean; language?: 'fi' | 'sv' | 'en'; bindingApproved?: boolean } = {}) {
  const person = await patient(db, '1985-03-15', { language: extra.language ?? 'fi' });
  await consent(db, person.id, extra.allowsSms ?? true);
  const contact = { phone: nextPhone(), email: `p${phone}@example.fi` };
  const input = { slotId, phone: contact.phone, emailAddress: contact.email, ...(extra.bindingApproved ? { bindingApproved: true } : {}) };
  const result = await reserveAsUser(db, { person }, input, ctx());
  if (result.type !== 'success') throw new Error(result.type);
  return { appointmentId: result.appointmentId, person, contact, link: result.reservationDetails.anonymousLink };
}

const reminderOf = async (db: Db, appointmentId: number) =>
  (await db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, appointmentId)))[0];
const remindersTo = (db: Db, recipients: string[]) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'reminder'), inArray(outbox.recipient, recipients)));
const at = (iso: string) => new Date(iso);
/** The anonymous link's code in a message (any language's path). */
const codeIn = (body: string) => /\/(?:appointment|varaus|bokning)\/([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';

describe.each(databaseKinds())('appointment reminders on %s', (kind) => {
  const t = withTestDatabase(kind);
  beforeAll(async () => reference(t.db));

  it('a booking schedules one reminder 24 hours before, where the confirmation went; the sweep writes the SMS and the e-mail once at the due time', async () => {
    const s = await slotAt(t.db, '2026-11-26T10:00:00+02:00');
    const { appointmentId, contact, link } = await bookAsUser(t.db, s.id);
    const reminder = await reminderOf(t.db, appointmentId);
    expect(reminder).toMatchObject({
      state: 'scheduled',
      startAt: s.startAt,
      dueAt: at('2026-11-25T10:00:00+02:00'),
      phone: contact.phone,
      email: contact.email,
      language: 'fi',
      brand: 'general',
    });

    const notice = await reminderNotice(t.db, appointmentId, 'fi');
    expect(notice).toMatchObject({
      confirmation: { phone: `+358 40 *** ${contact.phone.slice(-4)}`, email: `p…@example.fi` },
      reminder: { type: 'scheduled', channels: ['sms', 'email'], dueText: '25.11.2026 10:00', refusedSms: false },
    });

    // A minute early: nothing.
    await runReminderSweep(t.db, { now: at('2026-11-25T09:59:00+02:00'), ...LEAD });
    expect(await remindersTo(t.db, [contact.phone, contact.email])).toHaveLength(0);

    const summary = await runReminderSweep(t.db, { now: at('2026-11-25T10:00:30+02:00'), ...LEAD });
    expect(summary.written).toBeGreaterThanOrEqual(1);
    const messages = await remindersTo(t.db, [contact.phone, contact.email]);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms).toMatchObject({ kind: 'reminder', brand: 'general', language: 'fi', state: 'queued', recipient: contact.phone });
    expect(sms.body).toContain('26.11.2026 10:00');
    // A link of its own (ADR 0046), not the confirmation's, that opens the appointment; the e-mail carries the same.
    const code = codeIn(sms.body);
    expect(sms.body).not.toContain(link);
    expect((await findByAnonymousCode(t.db, code))?.appointment.id).toBe(appointmentId);
    const email = messages.find((m) => m.channel === 'email')!;
    expect(codeIn(email.body)).toBe(code);
    expect(email.attachments?.[0]?.fileName).toMatch(/\.ics$/);
    // No name, no identity code in either.
    for (const m of messages) expect(m.body).not.toMatch(/Virtanen|Aino/);
    expect(await reminderOf(t.db, appointmentId)).toMatchObject({ state: 'written', channels: ['sms', 'email'] });
    const [logged] = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'appointment:reminder'), eq(accessLog.resourceId, String(appointmentId))));
    expect(logged).toBeDefined();

    // Once: another sweep writes nothing more.
    await runReminderSweep(t.db, { now: at('2026-11-25T10:05:00+02:00'), ...LEAD });
    expect(await remindersTo(t.db, [contact.phone, contact.email])).toHaveLength(2);
  });

  it('two sweeps at once write each reminder once', async () => {
    const booked = [];
    for (let i = 0; i < 12; i++) {
      const s = await slotAt(t.db, `2026-11-27T${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00+02:00`);
      booked.push(await bookAsUser(t.db, s.id, { allowsSms: i % 3 !== 0 }));
    }
    // Every third refused SMS reminders: the e-mail only.
    const recipients = booked.flatMap((b, i) => [...(i % 3 === 0 ? [] : [b.contact.phone]), b.contact.email]);
    const now = at('2026-11-26T20:00:00+02:00');
    const [a, b] = await Promise.all([runReminderSweep(t.db, { now, batchSize: 3, ...LEAD }), runReminderSweep(t.db, { now, batchSize: 3, ...LEAD })]);
    expect(a.written + b.written).toBe(12);
    const messages = await remindersTo(t.db, recipients);
    expect(messages).toHaveLength(recipients.length);
    expect(new Set(messages.map((m) => `${m.channel}:${m.recipient}`)).size).toBe(recipients.length);
  });

  it("moves a 07.30 appointment's reminder out of the quiet hours, to 20.59 the evening before the day before", async () => {
    const s = await slotAt(t.db, '2026-11-26T07:30:00+02:00');
    const { appointmentId, contact } = await bookAsUser(t.db, s.id);
    expect((await reminderOf(t.db, appointmentId))!.dueAt).toEqual(at('2026-11-24T20:59:00+02:00'));
    await runReminderSweep(t.db, { now: at('2026-11-24T20:58:00+02:00'), ...LEAD });
    expect(await remindersTo(t.db, [contact.phone])).toHaveLength(0);
    await runReminderSweep(t.db, { now: at('2026-11-24T20:59:10+02:00'), ...LEAD });
    expect(await remindersTo(t.db, [contact.phone])).toHaveLength(1);
  });

  it('a sweep running late in the quiet hours waits for the morning', async () => {
    const s = await slotAt(t.db, '2026-12-01T10:00:00+02:00');
    const { appointmentId, contact } = await bookAsUser(t.db, s.id);
    await runReminderSweep(t.db, { now: at('2026-11-30T23:30:00+02:00'), ...LEAD });
    expect((await reminderOf(t.db, appointmentId))!.state).toBe('scheduled');
    await runReminderSweep(t.db, { now: at('2026-12-01T08:00:00+02:00'), ...LEAD });
    expect(await remindersTo(t.db, [contact.phone])).toHaveLength(1);
  });

  it('none for a booking inside the lead time: the confirmation page says so', async () => {
    const s = await slotAt(t.db, '2026-11-24T09:00:00+02:00');
    const { appointmentId } = await bookAsUser(t.db, s.id, { bindingApproved: true });
    expect(await reminderOf(t.db, appointmentId)).toMatchObject({ state: 'dropped', dropReason: 'insideLead' });
    expect((await reminderNotice(t.db, appointmentId, 'en'))?.reminder).toEqual({ type: 'none', reason: 'insideLead' });
  });

  it('drops the reminder of a cancelled appointment', async () => {
    const s = await slotAt(t.db, '2026-11-28T12:00:00+02:00');
    const { appointmentId, person, contact } = await bookAsUser(t.db, s.id);
    expect(await cancelAppointment(t.db, { personId: person.id, youngWardIds: [], olderWardIds: [] }, appointmentId, NOW)).toBe('success');
    expect(await reminderOf(t.db, appointmentId)).toMatchObject({ state: 'dropped', dropReason: 'cancelled' });
    await runReminderSweep(t.db, { now: at('2026-11-27T12:00:00+02:00'), ...LEAD });
    expect(await remindersTo(t.db, [contact.phone, contact.email])).toHaveLength(0);
  });

  it('checks again at send time: an appointment cancelled by another path gets none', async () => {
    const s = await slotAt(t.db, '2026-11-28T13:00:00+02:00');
    const { appointmentId, contact } = await bookAsUser(t.db, s.id);
    await t.db.update(appointments).set({ cancelledAt: NOW, cancelledBy: 'provider' }).where(eq(appointments.id, appointmentId));
    const summary = await runReminderSweep(t.db, { now: at('2026-11-27T13:00:00+02:00'), ...LEAD });
    expect(summary.dropped).toBeGreaterThanOrEqual(1);
    expect(await remindersTo(t.db, [contact.phone, contact.email])).toHaveLength(0);
    expect(await reminderOf(t.db, appointmentId)).toMatchObject({ state: 'dropped', dropReason: 'cancelled' });
  });

  it('respects a refused SMS consent: the e-mail only, or none without an address', async () => {
    const s1 = await slotAt(t.db, '2026-11-30T10:00:00+02:00');
    const withEmail = await bookAsUser(t.db, s1.id, { allowsSms: false });
    const s2 = await slotAt(t.db, '2026-11-30T10:30:00+02:00');
    const withoutEmail = await bookAsUser(t.db, s2.id, { allowsSms: false });
    // The booking forms ask for an address; a reminder without one (e.g. re-pointed by staff) has only the SMS.
    await t.db.update(appointmentReminders).set({ email: null }).where(eq(appointmentReminders.appointmentId, withoutEmail.appointmentId));
    expect((await reminderNotice(t.db, withEmail.appointmentId, 'fi'))?.reminder).toMatchObject({ type: 'scheduled', channels: ['email'], refusedSms: true });
    expect((await reminderNotice(t.db, withoutEmail.appointmentId, 'fi'))?.reminder).toEqual({ type: 'none', reason: 'refused' });

    await runReminderSweep(t.db, { now: at('2026-11-29T10:30:00+02:00'), ...LEAD });
    const sent = await remindersTo(t.db, [withEmail.contact.phone, withEmail.contact.email, withoutEmail.contact.phone]);
    expect(sent.map((m) => `${m.channel}:${m.recipient}`)).toEqual([`email:${withEmail.contact.email}`]);
    expect(await reminderOf(t.db, withoutEmail.appointmentId)).toMatchObject({ state: 'dropped', dropReason: 'refused' });
  });

  it("the guardian who booked for an 8-year-old gets the reminder, in the guardian's language, without the child's name", async () => {
    const guardian = await patient(t.db, '1980-01-01', { language: 'sv' });
    const ward = await patient(t.db, '2018-05-12', { firstName: 'Eino' });
    await addGuardianship(t.db, guardian.id, ward.id);
    await consent(t.db, ward.id, true, guardian.id);
    const s = await slotAt(t.db, '2026-12-02T14:00:00+02:00');
    const contact = { phone: nextPhone(), email: 'guardian@example.fi' };
    const result = await reserveForWard(t.db, { person: guardian }, ward.id, { slotId: s.id, phone: contact.phone, emailAddress: contact.email }, ctx());
    if (result.type !== 'success') throw new Error(result.type);
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.id, result.appointmentId));
    expect(appointment!.patientId).toBe(ward.id);

    await runReminderSweep(t.db, { now: at('2026-12-01T14:00:00+02:00'), ...LEAD });
    const messages = await remindersTo(t.db, [contact.phone, contact.email]);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(messages.find((m) => m.channel === 'sms')!.body).toContain('Påminnelse');
    expect(messages.find((m) => m.channel === 'email')!.subject).toContain('Påminnelse');
    for (const m of messages) {
      expect(m.language).toBe('sv');
      expect(m.body).not.toContain('Eino');
      expect(m.body).not.toContain(ward.lastName);
    }
  });

  it('follows a moved appointment: scheduleReminder computes it again, and the sweep catches a move it was not told of', async () => {
    const s = await slotAt(t.db, '2026-12-03T10:00:00+02:00');
    const { appointmentId, contact } = await bookAsUser(t.db, s.id);
    // Moved (issue 24 will call scheduleReminder in its transaction).
    await t.db
      .update(appointments)
      .set({ startAt: at('2026-12-04T12:00:00+02:00') })
      .where(eq(appointments.id, appointmentId));
    expect(await scheduleReminder(t.db, appointmentId, { now: NOW, ...LEAD })).toEqual({ type: 'scheduled', dueAt: at('2026-12-03T12:00:00+02:00') });
    expect(await reminderOf(t.db, appointmentId)).toMatchObject({ state: 'scheduled', startAt: at('2026-12-04T12:00:00+02:00'), phone: contact.phone });

    // Moved again without telling: at the old due time the sweep computes it again instead of sending.
    await t.db
      .update(appointments)
      .set({ startAt: at('2026-12-05T11:00:00+02:00') })
      .where(eq(appointments.id, appointmentId));
    const summary = await runReminderSweep(t.db, { now: at('2026-12-03T12:00:00+02:00'), ...LEAD });
    expect(summary.rescheduled).toBeGreaterThanOrEqual(1);
    expect(await remindersTo(t.db, [contact.phone])).toHaveLength(0);
    expect(await reminderOf(t.db, appointmentId)).toMatchObject({ state: 'scheduled', dueAt: at('2026-12-04T11:00:00+02:00') });
    await runReminderSweep(t.db, { now: at('2026-12-04T11:00:00+02:00'), ...LEAD });
    const [sms] = await remindersTo(t.db, [contact.phone]);
    expect(sms!.body).toContain('5.12.2026 11:00');
  });

  it('an anonymous booking reminds the contact typed in the form, in the page language', async () => {
    const p = await patient(t.db);
    const s = await slotAt(t.db, '2026-12-08T10:00:00+02:00');
    const typed = nextPhone();
    const result = await reserveAnonymously(
      t.db,
      {
        slotId: s.id,
        ssn: p.identityCode,
        firstName: p.firstName,
        lastName: p.lastName,
        phone: typed,
        emailAddress: 'typed@example.fi',
        termsApproved: true,
        bindingApproved: false,
      },
      ctx({ lang: 'en', brand: 'children' }),
    );
    if (result.type !== 'success') throw new Error(result.type);
    expect(await reminderOf(t.db, result.appointmentId)).toMatchObject({ phone: typed, email: 'typed@example.fi', language: 'en', brand: 'children' });
    await runReminderSweep(t.db, { now: at('2026-12-07T10:00:00+02:00'), ...LEAD });
    const [sms] = await remindersTo(t.db, [typed]);
    expect(sms).toMatchObject({ brand: 'children', language: 'en' });
    expect(sms!.body).toContain('/en/appointment/');
  });
});

/**
 * Every upcoming appointment, whatever made it (issue 39, ADR 0046): made by staff, seeded or
 * booked before reminders, it has no reminder row from a booking; the sweep gives it one as it
 * comes within reach and writes the reminder to whom the viewer rules say then. These visits are
 * in mid-December, after every sweep of the tests above, so those never see them.
 */
describe.each(databaseKinds())('reminders of appointments the portal did not book, on %s', (kind) => {
  const t = withTestDatabase(kind);
  beforeAll(async () => reference(t.db));

  /** An appointment made by staff (no slot, no booker, no reminder row), as the seed and the clinic make them. */
  const staffVisit = (db: Db, patientId: string, startAt: Date) =>
    createAppointment(db, {
      ...appointmentValues(
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
        startAt,
      ),
      patientId,
      startAt,
    });

  it('reminds the patient at their own contact, in their language, with a link of its own kept only as a hash; once, one reminder per appointment', async () => {
    const p = await patient(t.db, '1985-03-15', { phone: nextPhone(), email: 'oma.yhteys@example.fi', language: 'sv' });
    const { appointment, anonymousCode } = await staffVisit(t.db, p.id, at('2026-12-15T10:00:00+02:00'));
    const to = [p.phone!, p.email!];

    // Within reach: the sweep gives it its row, due 24 hours before; a minute early nothing goes.
    await runReminderSweep(t.db, { now: at('2026-12-14T09:59:00+02:00'), ...LEAD });
    expect(await reminderOf(t.db, appointment.id)).toMatchObject({ state: 'scheduled', dueAt: at('2026-12-14T10:00:00+02:00'), phone: null, brand: null });
    expect(await remindersTo(t.db, to)).toHaveLength(0);
    // /dev/outbox lists it: whom it goes to is decided when it is written.
    expect(await listScheduledReminders(t.db)).toContainEqual({
      appointmentId: appointment.id,
      dueAt: at('2026-12-14T10:00:00+02:00'),
      channels: null,
      refusedSms: false,
    });

    await runReminderSweep(t.db, { now: at('2026-12-14T10:00:30+02:00'), ...LEAD });
    const messages = await remindersTo(t.db, to);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    for (const m of messages) expect(m).toMatchObject({ kind: 'reminder', language: 'sv', brand: 'general' });
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms.body).toContain('15.12.2026 10:00');
    expect(sms.body).toContain('/sv/bokning/');
    const code = codeIn(sms.body);
    expect(code).not.toBe(anonymousCode);
    expect((await findByAnonymousCode(t.db, code))?.appointment.id).toBe(appointment.id);
    // Only the hash of the link's token is kept.
    const links = await t.db.select().from(appointmentLinks).where(eq(appointmentLinks.appointmentId, appointment.id));
    expect(links).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(parseAnonymousCode(code)!.token);

    // Once: a later sweep writes nothing more, and a second reminder row for it is refused.
    await runReminderSweep(t.db, { now: at('2026-12-14T10:05:00+02:00'), ...LEAD });
    expect(await remindersTo(t.db, to)).toHaveLength(2);
    await expect(
      t.db.insert(appointmentReminders).values({ appointmentId: appointment.id, startAt: appointment.startAt, dueAt: NOW, createdAt: NOW }),
    ).rejects.toThrow();
  });

  it('one found inside the lead time is reminded at once but never in the quiet hours; one that has started by the morning gets none', async () => {
    const morning = await patient(t.db, '1986-04-16', { phone: nextPhone() });
    const early = await patient(t.db, '1986-04-17', { phone: nextPhone() });
    const later = await staffVisit(t.db, morning.id, at('2026-12-17T09:00:00+02:00'));
    const tooEarly = await staffVisit(t.db, early.id, at('2026-12-17T07:30:00+02:00'));
    await runReminderSweep(t.db, { now: at('2026-12-16T22:00:00+02:00'), ...LEAD });
    expect(await reminderOf(t.db, later.appointment.id)).toMatchObject({ state: 'scheduled', dueAt: at('2026-12-16T22:00:00+02:00') });
    expect(await remindersTo(t.db, [morning.phone!, early.phone!])).toHaveLength(0);
    await runReminderSweep(t.db, { now: at('2026-12-17T08:00:00+02:00'), ...LEAD });
    expect((await remindersTo(t.db, [morning.phone!])).map((m) => m.channel)).toEqual(['sms']);
    expect(await remindersTo(t.db, [early.phone!])).toHaveLength(0);
    expect(await reminderOf(t.db, tooEarly.appointment.id)).toMatchObject({ state: 'dropped', dropReason: 'past' });
  });

  it("a young child's visit reminds the guardians who may see it, each at their own contact; a teen's only the teen; nobody else when no one who may see it has a contact", async () => {
    const guardianPhone = nextPhone();
    const guardian = await patient(t.db, '1980-01-01', { phone: guardianPhone, email: null, language: 'sv' });
    const other = await patient(t.db, '1982-02-02', { phone: null, email: 'toinen.huoltaja@example.fi', language: 'en' });
    const child = await patient(t.db, '2018-05-12', { firstName: 'Eino', phone: null, email: null });
    const teenPhone = nextPhone();
    const teen = await patient(t.db, '2011-04-04', { phone: teenPhone, email: null });
    const silentTeen = await patient(t.db, '2011-06-06', { phone: null, email: null });
    for (const ward of [child, teen, silentTeen]) await addGuardianship(t.db, guardian.id, ward.id);
    await addGuardianship(t.db, other.id, child.id);
    const childVisit = await staffVisit(t.db, child.id, at('2026-12-20T10:00:00+02:00'));
    await staffVisit(t.db, teen.id, at('2026-12-20T10:30:00+02:00'));
    const silentVisit = await staffVisit(t.db, silentTeen.id, at('2026-12-20T11:00:00+02:00'));

    await runReminderSweep(t.db, { now: at('2026-12-19T11:00:00+02:00'), ...LEAD });
    const toGuardian = await remindersTo(t.db, [guardianPhone]);
    expect(toGuardian.map((m) => [m.channel, m.language])).toEqual([['sms', 'sv']]);
    expect(toGuardian[0]!.body).toContain('20.12.2026 10:00');
    const toOther = await remindersTo(t.db, ['toinen.huoltaja@example.fi']);
    expect(toOther.map((m) => [m.channel, m.language])).toEqual([['email', 'en']]);
    for (const m of [...toGuardian, ...toOther]) {
      expect(m.body).not.toContain('Eino');
      expect((await findByAnonymousCode(t.db, codeIn(m.body)))?.appointment.id).toBe(childVisit.appointment.id);
    }
    // Each guardian's link is their own.
    expect(codeIn(toGuardian[0]!.body)).not.toBe(codeIn(toOther[0]!.body));
    const toTeen = await remindersTo(t.db, [teenPhone]);
    expect(toTeen.map((m) => m.body)).toEqual([expect.stringContaining('20.12.2026 10:30')]);
    expect(await reminderOf(t.db, silentVisit.appointment.id)).toMatchObject({ state: 'dropped', dropReason: 'noContact' });
  });

  it('two sweeps at once find and remind each appointment made by staff once', async () => {
    const phones: string[] = [];
    for (let i = 0; i < 12; i++) {
      const p = await patient(t.db, '1987-07-07', { phone: nextPhone() });
      phones.push(p.phone!);
      await staffVisit(t.db, p.id, at(`2026-12-23T${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00+02:00`));
    }
    // Every one is due (08.00–13.30 the day before).
    const now = at('2026-12-22T14:00:00+02:00');
    const [a, b] = await Promise.all([runReminderSweep(t.db, { now, batchSize: 3, ...LEAD }), runReminderSweep(t.db, { now, batchSize: 3, ...LEAD })]);
    expect(a.found + b.found).toBeGreaterThanOrEqual(12);
    const messages = await remindersTo(t.db, phones);
    expect(messages.map((m) => m.recipient).sort()).toEqual([...phones].sort());
  });

  it('looks for appointments without a reminder through the index of upcoming live appointments', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = upcomingWithoutReminder(tx, NOW, at('2026-11-25T10:00:00+02:00'), { startAt: NOW, id: 1 }, 50);
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('appointments_upcoming_idx');
  });
});
