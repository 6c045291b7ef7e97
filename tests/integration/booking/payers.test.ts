/**
 * Occupational health reservations on a real database (issue 13): the agreement decides who may
 * book which free time, the confirmation the form asks, and what the appointment and the
 * messages carry (employer pays: no price, occupational wording).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, createClinic, createOccupationalContract, createPerson, createPractitioner, createSlot, createSpecialty } from '~db/factories';
import { accessLog, appointments, occupationalContractSpecialties, outbox, persons, registrations } from '~db/schema';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { makeIdentityCode } from '~/models/identity-code';
import { contractOf } from '~/services/booking/occupational.server';
import { guardianFacts } from '~/services/booking/guardian-facts.server';
import { occupationalTerms } from '~/services/booking/payers/occupational.server';
import { reserveAsUser, reserveForWard } from '~/services/booking/reservation.server';
import type { ReservationSettings } from '~/services/booking/reservation/settings.server';
import { getSlotForReservation } from '~/services/booking/reservation/slot.server';
import type { ReservationContext } from '~/services/booking/reservation/types';
import type { Db } from '~/services/db/db.server';
import { registerPatient } from '~/services/account/registration.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

const NOW = new Date('2026-11-23T08:00:00.000Z');
const SETTINGS: ReservationSettings = { maxFutureReservations: 5, bindingConsentHours: 24, cancellationLimitHours: 24 };
const ctx = (extra: Partial<ReservationContext> = {}): ReservationContext => ({
  lang: 'fi',
  origin: 'https://portal.test',
  brand: 'general',
  inApp: false,
  now: NOW,
  settings: SETTINGS,
  payer: 'occupational',
  ...extra,
});

let individual = 700;
let startOffset = 0;

async function person(db: Db, contractId: string | null) {
  individual += 2;
  return createPerson(db, {
    identityCode: makeIdentityCode('1980-01-20', individual),
    firstName: 'Työ',
    lastName: `Tekijä${individual}`,
    phone: '+358401111111',
    email: 'employee@example.fi',
    occupationalContractId: contractId,
    patientDataConsentUpdatedAt: NOW,
  });
}

function slot(db: Db, specialtyId: string, payerTypes: string[]) {
  startOffset += 60;
  const startAt = new Date(NOW.getTime() + 3 * 86_400_000 + startOffset * 60_000);
  return createSlot(db, { clinicId: 'KA', practitionerId: specialtyId === 'FYS' ? 'P0002' : 'P0001', specialtyId, startAt, payerTypes });
}

const FIELDS = { phone: '+358401234567', emailAddress: 'employee@example.fi' };

describe.each(databaseKinds())('occupational reservation on %s', (kind) => {
  const t = withTestDatabase(kind);
  let contractId = '';
  let noWebId = '';

  beforeAll(async () => {
    await createClinic(t.db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
    for (const id of ['YLE', 'FYS', 'IHO', 'PSY'])
      await createSpecialty(
        t.db,
        SPECIALTIES.find((s) => s.id === id)!,
      );
    const title = { fi: 'Lääkäri', sv: 'Läkare', en: 'Doctor' };
    await createPractitioner(t.db, { id: 'P0001', firstName: 'A', lastName: 'B', title, specialtyIds: ['YLE', 'IHO', 'PSY'], clinicIds: ['KA'] });
    await createPractitioner(t.db, { id: 'P0002', firstName: 'C', lastName: 'D', title, specialtyIds: ['FYS'], clinicIds: ['KA'] });
    const contract = await createOccupationalContract(t.db, { employerName: 'Testi Oy', allowsWebReservation: true, contractType: 'Comprehensive' });
    contractId = contract.id;
    await t.db.insert(occupationalContractSpecialties).values([
      { contractId, specialtyId: 'YLE', confirmation: 'contractOnly' },
      { contractId, specialtyId: 'FYS', confirmation: 'contractAndDoctorReferral' },
      { contractId, specialtyId: 'PSY', confirmation: 'contractAndReferral' },
    ]);
    noWebId = (await createOccupationalContract(t.db, { employerName: 'Ei Verkkoa Oy', allowsWebReservation: false })).id;
  });

  it('reads the agreement with its products and covered specialties', async () => {
    const employee = await person(t.db, contractId);
    const contract = await contractOf(t.db, employee.id);
    expect(contract).toMatchObject({ employerName: 'Testi Oy', contractType: 'Comprehensive', productIds: ['internetBookingAllowed'] });
    expect([...contract!.specialties.entries()]).toEqual([
      ['YLE', 'contractOnly'],
      ['FYS', 'contractAndDoctorReferral'],
      ['PSY', 'contractAndReferral'],
    ]);
    expect(await contractOf(t.db, (await person(t.db, null)).id)).toBeNull();
  });

  it('books on the agreement: the confirmation is required, the employer pays, the message says so', async () => {
    const employee = await person(t.db, contractId);
    const free = await slot(t.db, 'FYS', ['occupationalHealthCare']);
    expect(await occupationalTerms(t.db, employee.id, 'FYS')).toEqual({ type: 'ok', confirmation: 'contractAndDoctorReferral' });

    const unconfirmed = await reserveAsUser(t.db, { person: employee }, { slotId: free.id, ...FIELDS }, ctx());
    expect(unconfirmed).toEqual({ type: 'validation', fields: { contractConfirmed: ['occupational.confirmation.required'] } });

    const booked = await reserveAsUser(t.db, { person: employee }, { slotId: free.id, ...FIELDS, contractConfirmed: true }, ctx());
    expect(booked.type).toBe('success');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.slotId, free.id));
    expect(row).toMatchObject({ payerType: 'occupationalHealthCare', price: null, patientId: employee.id });
    const messages = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, FIELDS.phone), eq(outbox.channel, 'sms')));
    expect(messages.some((m) => m.body.includes('Käynti kuuluu työnantajasi sopimukseen.'))).toBe(true);
  });

  it('the SMS of an occupational psychology booking says no more than needed: no service, in any language', async () => {
    for (const lang of ['fi', 'sv', 'en'] as const) {
      // The messages are in the patient's language.
      const employee = { ...(await person(t.db, contractId)), language: lang };
      await t.db.update(persons).set({ language: lang }).where(eq(persons.id, employee.id));
      const free = await slot(t.db, 'PSY', ['occupationalHealthCare']);
      const phone = `+35840777000${['fi', 'sv', 'en'].indexOf(lang)}`;
      const emailAddress = `psykologia-${lang}@example.fi`;
      const booked = await reserveAsUser(t.db, { person: employee }, { slotId: free.id, phone, emailAddress, contractConfirmed: true }, ctx({ lang }));
      expect(booked.type).toBe('success');
      const [sms] = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')));
      // The time, the place, the employer's agreement and the link; never what the visit is for.
      expect(sms!.body).toContain('Kamppi');
      expect(sms!.body).toMatch(/\/(varaus|bokning|appointment)\//);
      for (const name of Object.values(SPECIALTIES.find((s) => s.id === 'PSY')!.name)) expect(sms!.body).not.toContain(name);
      expect(sms!.body).not.toMatch(/psyk|psych|mieli|mental/i);
      // The e-mail (with the calendar file) still names it: an e-mail is read after opening it.
      const [email] = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, emailAddress), eq(outbox.channel, 'email')));
      expect(email!.body).toContain(SPECIALTIES.find((s) => s.id === 'PSY')!.name[lang]);
    }
  });

  it('refuses without an agreement, without web reservation, and for a specialty or a time outside it', async () => {
    const free = await slot(t.db, 'YLE', ['self', 'occupationalHealthCare']);
    const nobody = await person(t.db, null);
    expect(await reserveAsUser(t.db, { person: nobody }, { slotId: free.id, ...FIELDS, contractConfirmed: true }, ctx())).toEqual({
      type: 'noOccupationalHealthcare',
    });
    const noWeb = await person(t.db, noWebId);
    expect(await reserveAsUser(t.db, { person: noWeb }, { slotId: free.id, ...FIELDS, contractConfirmed: true }, ctx())).toEqual({
      type: 'noWebReservation',
    });
    const employee = await person(t.db, contractId);
    const uncovered = await slot(t.db, 'IHO', ['self', 'occupationalHealthCare']);
    expect(await reserveAsUser(t.db, { person: employee }, { slotId: uncovered.id, ...FIELDS, contractConfirmed: true }, ctx())).toEqual({
      type: 'appointmentNotAvailable',
    });
    const privateOnly = await slot(t.db, 'YLE', ['self']);
    expect(await reserveAsUser(t.db, { person: employee }, { slotId: privateOnly.id, ...FIELDS, contractConfirmed: true }, ctx())).toEqual({
      type: 'appointmentNotAvailable',
    });
    expect(await getSlotForReservation(t.db, privateOnly.id, 'fi', { payer: 'occupational', now: NOW, settings: SETTINGS })).toEqual({
      state: 'notFound',
    });
    // An occupational-only time is not a private customer's either.
    const occupationalOnly = await slot(t.db, 'YLE', ['occupationalHealthCare']);
    expect(await reserveAsUser(t.db, { person: employee }, { slotId: occupationalOnly.id, ...FIELDS }, ctx({ payer: 'self' }))).toEqual({
      type: 'appointmentNotAvailable',
    });
    expect(await t.db.select().from(appointments).where(eq(appointments.patientId, employee.id))).toEqual([]);
  });
});

describe.each(databaseKinds())('a guardian books for their child on %s', (kind) => {
  const t = withTestDatabase(kind);
  const self = (extra: Partial<ReservationContext> = {}) => ctx({ payer: 'self', ...extra });

  beforeAll(async () => {
    await createClinic(t.db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
    await createSpecialty(
      t.db,
      SPECIALTIES.find((s) => s.id === 'YLE')!,
    );
    const title = { fi: 'Lääkäri', sv: 'Läkare', en: 'Doctor' };
    await createPractitioner(t.db, { id: 'P0001', firstName: 'A', lastName: 'B', title, specialtyIds: ['YLE'], clinicIds: ['KA'] });
  });

  async function family() {
    individual += 2;
    const guardian = await createPerson(t.db, {
      identityCode: makeIdentityCode('1985-06-01', individual),
      firstName: 'Huol',
      lastName: `Taja${individual}`,
      phone: '+358405555555',
      email: 'guardian@example.fi',
      language: 'sv',
    });
    const child = (birth: string, extra: Partial<typeof persons.$inferInsert> = {}) => {
      individual += 2;
      return createPerson(t.db, { identityCode: makeIdentityCode(birth, individual), firstName: 'Lapsi', lastName: `L${individual}`, ...extra });
    };
    const young = await child('2018-05-12', { patientDataConsentUpdatedAt: NOW });
    const unregistered = await child('2020-01-01', { isPatient: false });
    const older = await child('2012-01-01', { patientDataConsentUpdatedAt: NOW });
    for (const ward of [young, unregistered, older]) await addGuardianship(t.db, guardian.id, ward.id);
    return { guardian, young, unregistered, older };
  }

  it('lists the wards of 11 or younger and tells the chosen one apart', async () => {
    const { guardian, young, unregistered, older } = await family();
    const facts = await guardianFacts(t.db, guardian.id, young.id, NOW);
    expect(facts.wards.map((w) => w.id).sort()).toEqual([young.id, unregistered.id].sort());
    expect(facts).toMatchObject({ chosen: 'ok', ward: { id: young.id } });
    expect((await guardianFacts(t.db, guardian.id, unregistered.id, NOW)).chosen).toBe('notRegistered');
    // A 14-year-old books themself; someone else's child is no choice at all.
    expect((await guardianFacts(t.db, guardian.id, older.id, NOW)).chosen).toBe('none');
    const other = await family();
    expect(await guardianFacts(t.db, guardian.id, other.young.id, NOW)).toMatchObject({ chosen: 'none', ward: null });
  });

  it("books the child's appointment: the child is the patient, the guardian booked it and gets the message", async () => {
    const { guardian, young } = await family();
    const free = await slot(t.db, 'YLE', ['self']);
    const result = await reserveForWard(
      t.db,
      { person: guardian },
      young.id,
      { slotId: free.id, phone: '+358406666666', emailAddress: 'g@example.fi' },
      self(),
    );
    expect(result.type).toBe('success');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.slotId, free.id));
    expect(row).toMatchObject({ patientId: young.id, bookedById: guardian.id, payerType: 'self' });
    const [sms] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, '+358406666666'), eq(outbox.channel, 'sms')));
    expect(sms?.body).toContain('Kaari');
    const [log] = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resourceId, String(row!.id)), eq(accessLog.action, 'create')));
    expect(log).toMatchObject({ actorPersonId: guardian.id, subjectPersonId: young.id });
    // The child's own contact details are untouched.
    const [child] = await t.db.select().from(persons).where(eq(persons.id, young.id));
    expect(child).toMatchObject({ phone: null, email: null });
  });

  it('refuses a child who is not theirs, too old, or not yet registered; books nothing', async () => {
    const { guardian, unregistered, older } = await family();
    const other = await family();
    const free = await slot(t.db, 'YLE', ['self']);
    const input = { slotId: free.id, phone: '+358407777777', emailAddress: 'g@example.fi' };
    expect(await reserveForWard(t.db, { person: guardian }, other.young.id, input, self())).toEqual({ type: 'wardNotAllowed' });
    expect(await reserveForWard(t.db, { person: guardian }, older.id, input, self())).toEqual({ type: 'wardNotAllowed' });
    expect(await reserveForWard(t.db, { person: guardian }, unregistered.id, input, self())).toEqual({ type: 'wardNotReady' });
    expect(await t.db.select().from(appointments).where(eq(appointments.slotId, free.id))).toEqual([]);
  });
});

describe.each(databaseKinds())('health-portal registration on %s', (kind) => {
  const t = withTestDatabase(kind);

  it('records the channel hpa', async () => {
    individual += 2;
    const person = await createPerson(t.db, { identityCode: makeIdentityCode('1990-02-02', individual), firstName: 'H', lastName: 'P', isPatient: false });
    const result = await registerPatient(
      t.db,
      { person },
      {
        firstName: 'Heli',
        lastName: 'Portaali',
        streetAddress: 'Kotikatu 1',
        zipCode: '00100',
        postOffice: 'Helsinki',
        phoneNumber: '+358401234567',
        emailAddress: 'h@example.fi',
      },
      { lang: 'fi', inApp: false, channel: 'hpa' },
    );
    expect(result).toEqual({ type: 'success' });
    expect(await t.db.select({ channel: registrations.channel }).from(registrations).where(eq(registrations.personId, person.id))).toEqual([
      { channel: 'hpa' },
    ]);
  });
});
