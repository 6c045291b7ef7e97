/**
 * Reserving, registration and the patient data consent on a real database: what a reservation
 * copies and sends, the per-person limit, a taken slot (sequentially and racing), anonymous
 * bookers who are not (recognisably) patients, identification-only slots, the binding consent,
 * the logged-in steps (registration, consent, creditworthiness) and what the logs record.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppointment, createClinic, createPerson, createPractitioner, createSlot, createSpecialty, type NewSlot } from '~db/factories';
import { accessLog, analyticsEvents, appointments, outbox, patientDataConsents, persons, registrations } from '~db/schema';
import { appointmentValues } from '~db/seed';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { priceFor } from '~/models/booking/price-list';
import { normalizeFinnishPhone } from '~/models/contact';
import { makeIdentityCode } from '~/models/identity-code';
import { getAnonymousAppointment } from '~/services/appointments/appointments.server';
import { reserveAnonymously, reserveAsUser } from '~/services/booking/reservation.server';
import type { ReservationSettings } from '~/services/booking/reservation/settings.server';
import { getSlotForReservation } from '~/services/booking/reservation/slot.server';
import type { ReservationContext } from '~/services/booking/reservation/types';
import type { Db } from '~/services/db/db.server';
import { currentConsent, giveConsent, registerPatient } from '~/services/account/registration.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

const MINUTE = 60_000;
const DAY = 24 * 60;
const NOW = new Date('2026-11-23T08:00:00.000Z');
const ORIGIN = 'https://portal.test';
const SETTINGS: ReservationSettings = { maxFutureReservations: 5, bindingConsentHours: 24, cancellationLimitHours: 24 };
const ctx = (extra: Partial<ReservationContext> = {}): ReservationContext => ({
  lang: 'fi',
  origin: ORIGIN,
  brand: 'general',
  inApp: false,
  now: NOW,
  settings: SETTINGS,
  ...extra,
});

let individual = 500;
let phoneSuffix = 1000;

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

function slot(db: Db, startInMinutes = 3 * DAY, extra: Partial<NewSlot> = {}) {
  const startAt = new Date(NOW.getTime() + startInMinutes * MINUTE);
  return createSlot(db, { clinicId: 'KA', practitionerId: 'P0001', specialtyId: 'YLE', startAt, ...extra });
}

async function patient(db: Db, extra: Partial<typeof persons.$inferInsert> = {}) {
  individual += 2;
  return createPerson(db, {
    identityCode: makeIdentityCode('1985-03-15', individual),
    firstName: 'Aino Maria',
    lastName: `Virtanen${individual}`,
    phone: '+358401111111',
    email: 'stored@example.fi',
    ...extra,
  });
}

function anonymousInput(slotId: number, person: { identityCode: string; lastName: string }, extra: Record<string, unknown> = {}) {
  phoneSuffix += 1;
  return {
    slotId,
    ssn: person.identityCode.toLowerCase(),
    firstName: 'aino',
    lastName: person.lastName,
    phone: `040 555 ${phoneSuffix}`,
    emailAddress: `booker${phoneSuffix}@example.fi`,
    termsApproved: true,
    bindingApproved: false,
    ...extra,
  };
}

const byRecipient = (db: Db, recipients: string[]) => db.select().from(outbox).where(inArray(outbox.recipient, recipients));
const slotAppointments = (db: Db, slotId: number) => db.select().from(appointments).where(eq(appointments.slotId, slotId));

describe.each(databaseKinds())('reservation on %s', (kind) => {
  const t = withTestDatabase(kind);
  beforeAll(async () => reference(t.db));

  it('books anonymously for the matching patient: copies the slot, queues the SMS and the e-mail with the link and the calendar file', async () => {
    const p = await patient(t.db);
    const s = await slot(t.db);
    const input = anonymousInput(s.id, p);
    const result = await reserveAnonymously(t.db, input, ctx());
    expect(result.type).toBe('success');
    if (result.type !== 'success') return;

    const [row] = await slotAppointments(t.db, s.id);
    expect(row).toMatchObject({
      id: result.appointmentId,
      patientId: p.id,
      bookedById: null,
      bookedVia: 'web-anonymous',
      payerType: 'self',
      startAt: s.startAt,
      durationMinutes: 30,
      clinicId: 'KA',
      practitionerId: 'P0001',
      specialtyId: 'YLE',
      kindId: 'VAS',
      locationType: 'physicalLocation',
      price: priceFor('YLE', 'physicalLocation'),
      cancelledAt: null,
    });
    expect(row!.kindName.fi).toBe('Vastaanottokäynti');

    const link = `${ORIGIN}/fi/varaus/${result.anonymousCode}`;
    expect(result.reservationDetails).toMatchObject({ appointmentId: row!.id, anonymousLink: link, specialty: 'Yleislääketiede' });
    const messages = await byRecipient(t.db, [normalizeFinnishPhone(input.phone)!, input.emailAddress]);
    const sms = messages.find((m) => m.channel === 'sms')!;
    const email = messages.find((m) => m.channel === 'email')!;
    expect(sms.body).toContain(link);
    expect(sms.body).toContain('Kamppi, Urho Kekkosen katu 1, 00100 Helsinki');
    expect(sms.body).not.toContain(p.identityCode);
    expect(email.subject).toBe('Ajanvarauksen vahvistus – Kaari');
    expect(email.body).toContain(link);
    const [attachment] = email.attachments!;
    expect(attachment).toMatchObject({ fileName: `ajanvaraus-${row!.id}.ics`, contentType: expect.stringContaining('text/calendar') });
    const ics = Buffer.from(attachment!.content, 'base64').toString('utf8');
    expect(ics).toContain('DTSTART;TZID=Europe/Helsinki:');
    expect(ics).toContain('SUMMARY:Yleislääketiede – Kaari');

    // The link in the message opens the appointment; the anonymous booker changed nothing of the patient.
    expect((await getAnonymousAppointment(t.db, result.anonymousCode, 'fi'))?.id).toBe(row!.id);
    const [stored] = await t.db.select().from(persons).where(eq(persons.id, p.id));
    expect(stored).toMatchObject({ phone: '+358401111111', email: 'stored@example.fi' });

    const log = await t.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.resourceId, String(row!.id)));
    expect(log).toContainEqual(
      expect.objectContaining({ actorPersonId: null, subjectPersonId: p.id, action: 'create', resource: 'appointment:anonymous-reservation' }),
    );
    const events = await t.db.select().from(analyticsEvents).where(gt(analyticsEvents.id, 0));
    expect(events.filter((e) => e.properties?.slotId === s.id).map((e) => e.name)).toEqual(['reservationStart', 'reservationSuccess']);
  });

  it('a taken slot answers appointmentNotAvailable and changes nothing', async () => {
    const first = await patient(t.db);
    const second = await patient(t.db);
    const s = await slot(t.db);
    expect((await reserveAnonymously(t.db, anonymousInput(s.id, first), ctx())).type).toBe('success');
    const input = anonymousInput(s.id, second);
    expect(await reserveAnonymously(t.db, input, ctx())).toEqual({ type: 'appointmentNotAvailable' });
    expect(await slotAppointments(t.db, s.id)).toHaveLength(1);
    expect(await byRecipient(t.db, [input.emailAddress])).toHaveLength(0);
    expect(await getSlotForReservation(t.db, s.id, 'fi', { now: NOW, settings: SETTINGS })).toEqual({ state: 'reserved' });
    const errors = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'reservationError'));
    expect(errors.map((e) => e.properties)).toContainEqual({ slotId: s.id, anonymous: true, type: 'appointmentNotAvailable' });
  });

  it('of racing reservations exactly one wins; the losers roll back whole', async () => {
    const racers = await Promise.all(Array.from({ length: 6 }, () => patient(t.db)));
    const s = await slot(t.db);
    const inputs = racers.map((p) => anonymousInput(s.id, p));
    const results = await Promise.all(inputs.map((input) => reserveAnonymously(t.db, input, ctx())));
    expect(results.filter((r) => r.type === 'success')).toHaveLength(1);
    expect(results.filter((r) => r.type === 'appointmentNotAvailable')).toHaveLength(5);
    expect(await slotAppointments(t.db, s.id)).toHaveLength(1);
    expect(
      await byRecipient(
        t.db,
        inputs.map((i) => i.emailAddress),
      ),
    ).toHaveLength(1);
  });

  it('a cancelled appointment frees its slot again', async () => {
    const p = await patient(t.db);
    const s = await slot(t.db);
    const first = await reserveAnonymously(t.db, anonymousInput(s.id, p), ctx());
    if (first.type !== 'success') throw new Error(first.type);
    await t.db.update(appointments).set({ cancelledAt: NOW, cancelledBy: 'patient' }).where(eq(appointments.id, first.appointmentId));
    expect((await reserveAnonymously(t.db, anonymousInput(s.id, p), ctx())).type).toBe('success');
  });

  it('refuses past and missing slots', async () => {
    const p = await patient(t.db);
    const past = await slot(t.db, -30);
    expect(await reserveAnonymously(t.db, anonymousInput(past.id, p), ctx())).toEqual({ type: 'appointmentNotAvailable' });
    expect(await reserveAnonymously(t.db, anonymousInput(987_654_321, p), ctx())).toEqual({ type: 'appointmentNotAvailable' });
    expect(await getSlotForReservation(t.db, past.id, 'fi', { now: NOW })).toEqual({ state: 'notFound' });
  });

  it('limits future online reservations per person; staff bookings, cancelled and past ones do not count', async () => {
    const p = await patient(t.db);
    const staffBooked = appointmentValues(
      {
        person: 'aino',
        description: 'phone booking',
        startInMinutes: DAY,
        kindId: 'VAS',
        specialtyId: 'YLE',
        clinicId: 'KA',
        practitionerId: 'P0001',
        locationType: 'physicalLocation',
      },
      NOW,
    );
    await createAppointment(t.db, { ...staffBooked, patientId: p.id });
    await createAppointment(t.db, { ...staffBooked, patientId: p.id, bookedVia: 'web', startAt: new Date(NOW.getTime() - DAY * MINUTE) });
    await createAppointment(t.db, { ...staffBooked, patientId: p.id, bookedVia: 'web', cancelledAt: NOW, cancelledBy: 'patient' });
    for (let i = 0; i < SETTINGS.maxFutureReservations; i++) {
      const s = await slot(t.db, (4 + i) * DAY);
      expect((await reserveAnonymously(t.db, anonymousInput(s.id, p), ctx())).type).toBe('success');
    }
    const extra = await slot(t.db, 10 * DAY);
    const input = anonymousInput(extra.id, p);
    expect(await reserveAnonymously(t.db, input, ctx())).toEqual({ type: 'tooManyReservations' });
    expect(await slotAppointments(t.db, extra.id)).toHaveLength(0);
    expect(await byRecipient(t.db, [input.emailAddress])).toHaveLength(0);
  });

  it('answers noPatient alike for an unknown code, a non-patient and wrong names, and writes nothing', async () => {
    const s = await slot(t.db);
    const known = await patient(t.db);
    const nonPatient = await patient(t.db, { isPatient: false });
    const cases = [
      anonymousInput(s.id, { identityCode: makeIdentityCode('1970-07-07', 998), lastName: 'Tuntematon' }),
      anonymousInput(s.id, nonPatient),
      anonymousInput(s.id, known, { lastName: 'Joku Muu' }),
    ];
    for (const input of cases) expect(await reserveAnonymously(t.db, input, ctx())).toEqual({ type: 'noPatient' });
    expect(await slotAppointments(t.db, s.id)).toHaveLength(0);
    expect(
      await byRecipient(
        t.db,
        cases.map((c) => c.emailAddress),
      ),
    ).toHaveLength(0);
  });

  it('validates the input: identity code, phone, e-mail, terms and the binding consent inside the window', async () => {
    const p = await patient(t.db);
    const s = await slot(t.db);
    const invalid = await reserveAnonymously(
      t.db,
      anonymousInput(s.id, p, { ssn: '150385-9025', phone: '12345', emailAddress: 'x@', termsApproved: false }),
      ctx(),
    );
    expect(invalid).toEqual({
      type: 'validation',
      fields: {
        ssn: ['validation.identityCode'],
        phone: ['validation.phone'],
        emailAddress: ['validation.email'],
        termsApproved: ['reservation.validation.terms'],
      },
    });

    const soon = await slot(t.db, 5 * 60);
    expect(await getSlotForReservation(t.db, soon.id, 'fi', { now: NOW, settings: SETTINGS })).toMatchObject({
      state: 'open',
      bindingRequired: true,
    });
    expect(await reserveAnonymously(t.db, anonymousInput(soon.id, p), ctx())).toEqual({
      type: 'validation',
      fields: { bindingApproved: ['reservation.validation.binding'] },
    });
    expect((await reserveAnonymously(t.db, anonymousInput(soon.id, p, { bindingApproved: true }), ctx())).type).toBe('success');
  });

  it('sends anonymous visitors of identification-only slots, and billing-blocked patients, to identify', async () => {
    const p = await patient(t.db);
    const blocked = await patient(t.db, { creditBlocked: true });
    const strong = await slot(t.db, 3 * DAY, { requiresAuth: true });
    expect(await reserveAnonymously(t.db, anonymousInput(strong.id, p), ctx())).toEqual({ type: 'requiresAuthentication' });
    const open = await slot(t.db);
    expect(await reserveAnonymously(t.db, anonymousInput(open.id, blocked), ctx())).toEqual({ type: 'requiresAuthentication' });

    const consented = await patient(t.db, { patientDataConsentUpdatedAt: NOW });
    const result = await reserveAsUser(t.db, { person: consented }, { slotId: strong.id, phone: '0401234567', emailAddress: 'a@example.fi' }, ctx());
    expect(result.type).toBe('success');
  });

  it('a logged-in user must be a patient with the consent given, and creditworthy', async () => {
    const s = await slot(t.db);
    const contact = { slotId: s.id, phone: '+358 50 765 4321', emailAddress: 'new@example.fi' };
    const nonPatient = await patient(t.db, { isPatient: false });
    expect(await reserveAsUser(t.db, { person: nonPatient }, contact, ctx())).toEqual({ type: 'noPatient' });
    const noConsent = await patient(t.db);
    expect(await reserveAsUser(t.db, { person: noConsent }, contact, ctx())).toEqual({ type: 'patientDataConsentRequired' });
    const blocked = await patient(t.db, { patientDataConsentUpdatedAt: NOW, creditBlocked: true });
    expect(await reserveAsUser(t.db, { person: blocked }, contact, ctx())).toEqual({ type: 'notCreditworthy' });
    expect(await slotAppointments(t.db, s.id)).toHaveLength(0);
  });

  it("books for a logged-in user: writes to the contact given, in their language, and leaves the record's contact as it is (ADR 0047)", async () => {
    const user = await patient(t.db, { patientDataConsentUpdatedAt: NOW, language: 'sv' });
    const s = await slot(t.db);
    const result = await reserveAsUser(
      t.db,
      { person: user },
      { slotId: s.id, phone: '+358 50 765 4321', emailAddress: 'new@example.fi' },
      ctx({ lang: 'en' }),
    );
    if (result.type !== 'success') throw new Error(result.type);
    const [row] = await slotAppointments(t.db, s.id);
    expect(row).toMatchObject({ patientId: user.id, bookedById: user.id, bookedVia: 'web' });
    // A phone or e-mail changes only on my information (a recent identification, a notice to the old one).
    const [stored] = await t.db.select().from(persons).where(eq(persons.id, user.id));
    expect(stored).toMatchObject({ phone: user.phone, email: user.email });
    const messages = await byRecipient(t.db, ['+358507654321', 'new@example.fi']);
    expect(messages.find((m) => m.channel === 'sms')?.body).toContain(`${ORIGIN}/sv/bokning/${result.anonymousCode}`);
    expect(messages.find((m) => m.channel === 'email')?.subject).toBe('Bekräftelse av tidsbokning – Kaari');
    // The page's own answer is in the page language.
    expect(result.reservationDetails.anonymousLink).toBe(`${ORIGIN}/en/appointment/${result.anonymousCode}`);
    const log = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, user.id), eq(accessLog.actorPersonId, user.id)));
    expect(log.map((l) => l.resource)).toContain('appointment:reservation');
    expect(log.map((l) => l.resource)).not.toContain('person:contact');
  });
});

describe.each(databaseKinds())('registration and consent on %s', (kind) => {
  const t = withTestDatabase(kind);
  const registration = {
    firstName: ' Pekka ',
    lastName: 'Heikkinen',
    streetAddress: 'Kotikatu 1 A 2',
    zipCode: '00100',
    postOffice: 'Helsinki',
    phoneNumber: '050 123 4567',
    emailAddress: 'pekka@example.fi',
  };

  it('registers a strongly identified non-patient once', async () => {
    const person = await createPerson(t.db, { identityCode: '280270-9479', firstName: '', lastName: '', isPatient: false });
    expect(await registerPatient(t.db, { person }, { ...registration, zipCode: '123' }, { lang: 'sv', inApp: false })).toEqual({
      type: 'validation',
      fields: { zipCode: ['validation.postalCode'] },
    });
    expect(await registerPatient(t.db, { person }, registration, { lang: 'sv', inApp: false })).toEqual({ type: 'success' });
    const [stored] = await t.db.select().from(persons).where(eq(persons.id, person.id));
    expect(stored).toMatchObject({
      isPatient: true,
      firstName: 'Pekka',
      lastName: 'Heikkinen',
      streetAddress: 'Kotikatu 1 A 2',
      postalCode: '00100',
      postOffice: 'Helsinki',
      phone: '+358501234567',
      email: 'pekka@example.fi',
      language: 'sv',
    });
    expect(await registerPatient(t.db, { person }, registration, { lang: 'fi', inApp: false })).toEqual({ type: 'alreadyPatient' });
    const rows = await t.db.select().from(registrations).where(eq(registrations.personId, person.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ registeredById: person.id, channel: 'web' });
    const log = await t.db.select().from(accessLog).where(eq(accessLog.subjectPersonId, person.id));
    expect(log.map((l) => l.resource)).toContain('person:registration');
  });

  it('records the consent: read confirmation the first time, history rows, general-brand-only occupational consent', async () => {
    const person = await createPerson(t.db, { identityCode: makeIdentityCode('1990-02-02', 640), firstName: 'Kaisa', lastName: 'Laine' });
    const choices = {
      allowsCommonRegistry: true,
      allowsViewingOccupationalInformation: true,
      allowsMarketingMail: false,
      allowsTreatmentInstructionsMail: true,
      allowsBookingSms: true,
    };
    expect(await giveConsent(t.db, { person }, choices, { brand: 'general', now: NOW })).toEqual({
      type: 'validation',
      fields: { readConfirmation: ['reservation.validation.readConfirmation'] },
    });
    expect(await currentConsent(t.db, person.id)).toBeNull();
    expect(await giveConsent(t.db, { person }, { ...choices, readConfirmation: true }, { brand: 'general', now: NOW })).toEqual({
      type: 'success',
    });
    const [stored] = await t.db.select().from(persons).where(eq(persons.id, person.id));
    expect(stored!.patientDataConsentUpdatedAt).toEqual(NOW);
    expect(await currentConsent(t.db, person.id)).toEqual({ ...choices, givenAt: NOW });

    // Afterwards the read confirmation is not asked again; the children's brand has no occupational consent.
    const later = new Date(NOW.getTime() + MINUTE);
    expect(await giveConsent(t.db, { person: stored! }, choices, { brand: 'children', now: later })).toEqual({ type: 'success' });
    expect(await currentConsent(t.db, person.id)).toMatchObject({ allowsViewingOccupationalInformation: false, givenAt: later });
    expect(await t.db.select().from(patientDataConsents).where(eq(patientDataConsents.personId, person.id))).toHaveLength(2);
  });
});
