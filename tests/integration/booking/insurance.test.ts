/**
 * Insurance customers' booking on a real database (issue 13, ADR 0022): concepts
 * (InsertPatientConcept), the insurer step's choice for a free time, what an insurance
 * reservation stores (insurer, concept, permit, the staff's Finnish description) and that a
 * refused treatment chain books nothing (asked before the booking transaction, ADR 0025); the
 * permit application round trip (one-use state, browser binding) with the built-in test
 * insurer; and the gateway protocol (INSURERS=http) against a local fake HTTP server.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClinic, createPerson, createPractitioner, createSlot, createSpecialty } from '~db/factories';
import { appointmentInsurance, appointments, insuranceChoices, outbox, patientConcepts, persons } from '~db/schema';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { makeIdentityCode } from '~/models/identity-code';
import { payerOf, payerOfAppointment } from '~/services/booking/payers/index.server';
import { reserveAsUser } from '~/services/booking/reservation.server';
import type { ReservationContext } from '~/services/booking/reservation/types';
import type { Db } from '~/services/db/db.server';
import { httpInsurer } from '~/services/booking/insurance/http-insurer.server';
import {
  completePermitApplication,
  insertPatientConcept,
  insuranceChoice,
  insurerPost,
  startPermitApplication,
} from '~/services/booking/insurance/insurance.server';
import { completeTestApplication, createTestInsurerCustomer, findTestApplication, testInsurer } from '~/services/booking/insurance/test-insurer.server';
import { clock, dayAhead, today } from '../../fixtures/clock';
import { databaseKinds, postgresUrlFor, testDatabaseUrl, withPostgresClient, withTestDatabase } from '../../fixtures/db';

const APPOINTMENT_ID_SEQUENCE = 'appointments_id_seq';

const DAY = 86_400_000;
const ctx = (extra: Partial<ReservationContext> = {}): ReservationContext => ({
  lang: 'en',
  origin: 'https://portal.test',
  brand: 'general',
  inApp: false,
  payer: 'insurance',
  settings: { maxFutureReservations: 5, bindingConsentHours: 24, cancellationLimitHours: 24 },
  ...extra,
});
const FIELDS = { phone: '+358401231231', emailAddress: 'insured@example.fi' };
const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
};

let individual = 600;
let offset = 0;

describe.each(databaseKinds())('insurance booking on %s', (kind) => {
  const t = withTestDatabase(kind);
  const date = dayAhead;

  beforeAll(async () => {
    await createClinic(t.db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
    await createSpecialty(
      t.db,
      SPECIALTIES.find((s) => s.id === 'YLE')!,
    );
    const title = { fi: 'Lääkäri', sv: 'Läkare', en: 'Doctor' };
    await createPractitioner(t.db, { id: 'P0001', firstName: 'A', lastName: 'B', title, specialtyIds: ['YLE'], clinicIds: ['KA'] });
  });

  async function customer(db: Db, extra: { consent?: boolean; birth?: string } = {}) {
    individual += 2;
    return createPerson(db, {
      identityCode: makeIdentityCode(extra.birth ?? '1984-03-03', individual),
      firstName: 'Vakuutettu',
      lastName: `Asiakas${individual}`,
      phone: FIELDS.phone,
      email: FIELDS.emailAddress,
      patientDataConsentUpdatedAt: extra.consent === false ? null : clock.now(),
    });
  }
  function slot(db: Db, payerTypes = ['insurance']) {
    offset += 60;
    return createSlot(db, {
      clinicId: 'KA',
      practitionerId: 'P0001',
      specialtyId: 'YLE',
      startAt: new Date(clock.nowMs() + 3 * DAY + offset * 60_000),
      payerTypes,
    });
  }

  it('records concepts: Success, conceptNotFound, customerDeniedAccess, customerNotFound, conceptOnlineUpdateNotAllowed', async () => {
    const person = await customer(t.db);
    expect(await insertPatientConcept(t.db, 'general', person.id, '90157')).toBe('Success');
    expect(await insertPatientConcept(t.db, 'general', person.id, '90157')).toBe('Success');
    expect(await insertPatientConcept(t.db, 'general', person.id, '12345')).toBe('conceptNotFound');
    expect(
      await t.db
        .select({ code: patientConcepts.code, direct: patientConcepts.directReimbursementAllowed })
        .from(patientConcepts)
        .where(eq(patientConcepts.personId, person.id)),
    ).toEqual([{ code: '90157', direct: true }]);
    expect(await insertPatientConcept(t.db, 'general', (await customer(t.db, { consent: false })).id, '90157')).toBe('customerDeniedAccess');
    const notPatient = await customer(t.db);
    await t.db.update(persons).set({ isPatient: false }).where(eq(persons.id, notPatient.id));
    expect(await insertPatientConcept(t.db, 'general', notPatient.id, '90157')).toBe('customerNotFound');
    // Staff recorded the code without direct reimbursement: the customer cannot turn it on online.
    const staffRecorded = await customer(t.db);
    await t.db.insert(patientConcepts).values({ personId: staffRecorded.id, code: '90157', directReimbursementAllowed: false });
    expect(await insertPatientConcept(t.db, 'general', staffRecorded.id, '90157')).toBe('conceptOnlineUpdateNotAllowed');
  });

  it('books with IF use-reimbursement: the insurer step first, then the appointment carries insurer, concept and description', async () => {
    const person = await customer(t.db);
    const free = await slot(t.db);
    const adapter = testInsurer(t.db);
    const step = { brand: 'general' as const, slotId: free.id, isRemote: false };
    expect(await reserveAsUser(t.db, { person }, { slotId: free.id, ...FIELDS }, ctx())).toEqual({ type: 'insuranceIncomplete' });
    expect(await insurerPost(t.db, adapter, person, 'insurer-choose', form({ insurer: 'NOPE' }), step)).toEqual({ type: 'refused', reason: 'insurerRequired' });
    await insurerPost(t.db, adapter, person, 'insurer-choose', form({ insurer: 'IF' }), step);
    expect(await insurerPost(t.db, adapter, person, 'if-reimbursement', form({ reimbursement: 'USE_REIMBURSEMENT' }), step)).toEqual({
      type: 'refused',
      reason: 'consentRequired',
    });
    // The company insurance is refused for a remote appointment.
    expect(await insurerPost(t.db, adapter, person, 'if-reimbursement', form({ reimbursement: 'COMPANY_REIMBURSEMENT' }), { ...step, isRemote: true })).toEqual(
      {
        type: 'refused',
        reason: 'reimbursementUnavailable',
      },
    );
    expect(await insurerPost(t.db, adapter, person, 'if-reimbursement', form({ reimbursement: 'USE_REIMBURSEMENT', consent: 'on' }), step)).toEqual({
      type: 'ok',
    });
    expect(await insuranceChoice(t.db, person.id, free.id)).toMatchObject({ insurer: 'IF', reimbursement: 'USE_REIMBURSEMENT', conceptCode: '90157' });

    const booked = await reserveAsUser(t.db, { person }, { slotId: free.id, ...FIELDS }, ctx());
    expect(booked.type).toBe('success');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.slotId, free.id));
    expect(row!.payerType).toBe('insurance');
    const [insurance] = await t.db.select().from(appointmentInsurance).where(eq(appointmentInsurance.appointmentId, row!.id));
    expect(insurance).toMatchObject({ insurer: 'IF', reimbursement: 'USE_REIMBURSEMENT', conceptCode: '90157', dcpContentHash: null });
    expect(insurance!.description).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4}: asiakas ilmoitti vakuutusyhtiökseen If\.$/);
    // The choice is used up; the message names the insurer (in the patient's language, Finnish).
    expect(await t.db.select().from(insuranceChoices).where(eq(insuranceChoices.slotId, free.id))).toEqual([]);
    const sms = await t.db.select().from(outbox).where(eq(outbox.recipient, FIELDS.phone));
    expect(sms.some((m) => m.body.includes('Ilmoittamasi vakuutusyhtiö: If.'))).toBe(true);
  });

  it('the payer registry reads back what the booking wrote (what a move re-checks, ADR 0036): the insurance choice, and nothing for the other payers', async () => {
    const person = await customer(t.db);
    const free = await slot(t.db);
    const adapter = testInsurer(t.db);
    const step = { brand: 'general' as const, slotId: free.id, isRemote: false };
    await insurerPost(t.db, adapter, person, 'insurer-choose', form({ insurer: 'IF' }), step);
    expect(await insurerPost(t.db, adapter, person, 'if-reimbursement', form({ reimbursement: 'COMPANY_REIMBURSEMENT', consent: 'on' }), step)).toEqual({
      type: 'ok',
    });
    expect((await reserveAsUser(t.db, { person }, { slotId: free.id, ...FIELDS }, ctx())).type).toBe('success');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.slotId, free.id));
    const [stored] = await t.db.select().from(appointmentInsurance).where(eq(appointmentInsurance.appointmentId, row!.id));
    const payer = payerOfAppointment(row!.payerType)!;
    const booking = await payer.bookingOf(t.db, row!.id);
    expect(booking).toEqual({
      insurance: {
        insurer: 'IF',
        reimbursement: 'COMPANY_REIMBURSEMENT',
        conceptCode: stored!.conceptCode,
        dcpContentHash: null,
        description: stored!.description,
      },
    });
    // The company insurance pays this clinic time and no remote one.
    expect(payer.timeRefusal(booking, { isRemote: false })).toBeNull();
    expect(payer.timeRefusal(booking, { isRemote: true })).toBe('remoteNotCovered');
    // Only insurance keeps data of its own with a booking.
    for (const key of ['self', 'occupational'] as const) expect(await payerOf(key).bookingOf(t.db, row!.id)).toBeNull();
  });

  it('LähiTapiola: consent, policy check, permit; a refused treatment chain books nothing, another permit books', async () => {
    const person = await customer(t.db);
    await createTestInsurerCustomer(t.db, person.identityCode, {
      insurer: 'LAHITAPIOLA',
      validFrom: date(-10),
      validTo: date(300),
      permits: [
        { symptom: 'Selkäkipu', bodyPart: 'Selkä', validTo: date(60) },
        { symptom: 'Olkakipu', bodyPart: 'Olkapää', validTo: date(60), failsTreatmentChain: true },
      ],
    });
    const free = await slot(t.db);
    const adapter = testInsurer(t.db);
    const step = { brand: 'general' as const, slotId: free.id, isRemote: false };
    await insurerPost(t.db, adapter, person, 'insurer-choose', form({ insurer: 'LAHITAPIOLA' }), step);
    expect(await insurerPost(t.db, adapter, person, 'lt-consent', form({}), step)).toEqual({ type: 'refused', reason: 'consentRequired' });
    await insurerPost(t.db, adapter, person, 'lt-consent', form({ consent: 'on' }), step);
    expect((await insuranceChoice(t.db, person.id, free.id)).dcpState).toBe('insurance_found_with_permits');
    const permits = await adapter.lahiTapiolaPermits(person);
    if (permits.type !== 'success') throw new Error('permits');
    const failing = permits.permits.find((p) => p.symptom === 'Olkakipu')!;
    const good = permits.permits.find((p) => p.symptom === 'Selkäkipu')!;
    expect(await insurerPost(t.db, adapter, person, 'lt-select', form({ permit: 'someone-elses' }), step)).toEqual({
      type: 'refused',
      reason: 'permitRequired',
    });
    await insurerPost(t.db, adapter, person, 'lt-select', form({ permit: failing.contentHash }), step);

    expect(await reserveAsUser(t.db, { person }, { slotId: free.id, ...FIELDS }, ctx())).toEqual({ type: 'treatmentChainCreationFailed' });
    expect(await t.db.select().from(appointments).where(eq(appointments.slotId, free.id))).toEqual([]);
    // The choice survives the rolled-back booking.
    expect(await insuranceChoice(t.db, person.id, free.id)).toMatchObject({ dcpState: 'success', dcpPermitHash: failing.contentHash });

    await insurerPost(t.db, adapter, person, 'lt-remove', form({}), step);
    expect((await insuranceChoice(t.db, person.id, free.id)).dcpState).toBe('insurance_found_with_permits');
    await insurerPost(t.db, adapter, person, 'lt-select', form({ permit: good.contentHash }), step);
    expect((await reserveAsUser(t.db, { person }, { slotId: free.id, ...FIELDS }, ctx())).type).toBe('success');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.slotId, free.id));
    const [insurance] = await t.db.select().from(appointmentInsurance).where(eq(appointmentInsurance.appointmentId, row!.id));
    expect(insurance).toMatchObject({ insurer: 'LAHITAPIOLA', dcpContentHash: good.contentHash });
  });

  // ADR 0025: the insurer is asked before the booking's transaction, never while it holds the person's row lock.
  it('asks the insurer for the treatment chain before the booking transaction: a refusal inserts nothing and waits for no lock', async () => {
    const person = await customer(t.db);
    await createTestInsurerCustomer(t.db, person.identityCode, {
      insurer: 'LAHITAPIOLA',
      validFrom: date(-10),
      validTo: date(300),
      permits: [{ symptom: 'Polvikipu', bodyPart: 'Polvi', validTo: date(60), failsTreatmentChain: true }],
    });
    const free = await slot(t.db);
    const adapter = testInsurer(t.db);
    const step = { brand: 'general' as const, slotId: free.id, isRemote: false };
    await insurerPost(t.db, adapter, person, 'insurer-choose', form({ insurer: 'LAHITAPIOLA' }), step);
    await insurerPost(t.db, adapter, person, 'lt-consent', form({ consent: 'on' }), step);
    const permits = await adapter.lahiTapiolaPermits(person);
    if (permits.type !== 'success') throw new Error('permits');
    await insurerPost(t.db, adapter, person, 'lt-select', form({ permit: permits.permits[0]!.contentHash }), step);

    // The appointment id sequence moves on any insert, even one rolled back: it does not move.
    const sequence = async () => {
      const result = (await t.db.execute(sql.raw(`select last_value::text as value, is_called as called from ${APPOINTMENT_ID_SEQUENCE}`))) as unknown as {
        rows: unknown[];
      };
      return result.rows[0];
    };
    const before = await sequence();
    expect(await reserveAsUser(t.db, { person }, { slotId: free.id, ...FIELDS }, ctx())).toEqual({ type: 'treatmentChainCreationFailed' });
    expect(await sequence()).toEqual(before);

    // PostgreSQL: another connection holds the person's row; the refusal still comes at once.
    const url = testDatabaseUrl();
    if (kind !== 'postgres' || !url) return;
    await withPostgresClient(postgresUrlFor(url, t.database.location), async (client) => {
      await client.query('begin');
      await client.query('select id from persons where id = $1 for update', [person.id]);
      try {
        const answer = await Promise.race([
          reserveAsUser(t.db, { person }, { slotId: free.id, ...FIELDS }, ctx()),
          new Promise((resolve) => setTimeout(() => resolve('waited for the lock'), 3_000)),
        ]);
        expect(answer).toEqual({ type: 'treatmentChainCreationFailed' });
      } finally {
        await client.query('rollback');
      }
    });
  });

  it('LähiTapiola: not found, underage set automatically; OP verification states', async () => {
    const adapter = testInsurer(t.db);
    const nobody = await customer(t.db);
    const free = await slot(t.db);
    const step = { brand: 'general' as const, slotId: free.id, isRemote: false };
    await insurerPost(t.db, adapter, nobody, 'insurer-choose', form({ insurer: 'LAHITAPIOLA' }), step);
    await insurerPost(t.db, adapter, nobody, 'lt-consent', form({ consent: 'on' }), step);
    expect((await insuranceChoice(t.db, nobody.id, free.id)).dcpState).toBe('insurance_not_found');

    const minor = await customer(t.db, { birth: `${Number(today().slice(0, 4)) - 16}-01-01` });
    await insurerPost(t.db, adapter, minor, 'insurer-choose', form({ insurer: 'LAHITAPIOLA' }), step);
    await insurerPost(t.db, adapter, minor, 'lt-consent', form({ consent: 'on' }), step);
    expect((await insuranceChoice(t.db, minor.id, free.id)).dcpState).toBe('underageCustomer');

    await insurerPost(t.db, adapter, nobody, 'insurer-choose', form({ insurer: 'OP' }), step);
    await insurerPost(t.db, adapter, nobody, 'op-verify', form({}), step);
    expect((await insuranceChoice(t.db, nobody.id, free.id)).opState).toBe('not_found');
    await insurerPost(t.db, adapter, nobody, 'op-retry', form({}), step);
    expect((await insuranceChoice(t.db, nobody.id, free.id)).opState).toBe('undefined');
    await createTestInsurerCustomer(t.db, nobody.identityCode, { insurer: 'OP', validFrom: date(-1), validTo: date(10) });
    await insurerPost(t.db, adapter, nobody, 'op-verify', form({}), step);
    expect((await insuranceChoice(t.db, nobody.id, free.id)).opState).toBe('found');
    await insurerPost(t.db, adapter, nobody, 'op-remove', form({}), step);
    expect((await insuranceChoice(t.db, nobody.id, free.id)).opState).toBe('canceled');
    expect(await adapter.pohjolaCheck(nobody, date(5))).toEqual({ type: 'success', hasInsurance: true });
    expect(await adapter.pohjolaCheck(nobody, date(20))).toEqual({ type: 'success', hasInsurance: false });
  });

  it('the permit round trip: bound to the browser and used once; allowed selects the new permit', async () => {
    const person = await customer(t.db);
    await createTestInsurerCustomer(t.db, person.identityCode, { insurer: 'LAHITAPIOLA', validFrom: date(-1), validTo: date(100) });
    const free = await slot(t.db);
    const adapter = testInsurer(t.db);
    const step = { brand: 'general' as const, slotId: free.id, isRemote: false };
    const binding = randomToken();
    const open = { origin: 'https://portal.test', lang: 'fi', channel: 'w' as const, bindingHash: sha256(binding) };
    // Not before the consent and the policy check.
    await insurerPost(t.db, adapter, person, 'insurer-choose', form({ insurer: 'LAHITAPIOLA' }), step);
    expect(await startPermitApplication(t.db, adapter, person, free.id, open)).toEqual({ type: 'notAllowed' });
    await insurerPost(t.db, adapter, person, 'lt-consent', form({ consent: 'on' }), step);
    const started = await startPermitApplication(t.db, adapter, person, free.id, open);
    if (started.type !== 'redirect') throw new Error('not started');
    const application = await findTestApplication(t.db, new URL(started.url, 'https://portal.test').searchParams.get('application')!);
    const back = new URL(
      await completeTestApplication(t.db, application!, 'directcompensationallowed', { symptom: 'Polvikipu', bodyPart: 'Polvi', validTo: date(90) }),
    );
    expect(back.origin + back.pathname).toBe('https://portal.test/api/insurance/lahitapiola-apply-permit/return');
    const params = { state: back.searchParams.get('state'), status: back.searchParams.get('status'), permit: back.searchParams.get('permit') };

    // Another browser's return does nothing.
    expect(await completePermitApplication(t.db, adapter, person, { ...params, binding: randomToken() })).toBeNull();
    expect(await completePermitApplication(t.db, adapter, person, { ...params, binding })).toEqual({ slotId: free.id });
    expect(await insuranceChoice(t.db, person.id, free.id)).toMatchObject({ dcpState: 'success', dcpPermitHash: params.permit });
    // Used once.
    expect(await completePermitApplication(t.db, adapter, person, { ...params, binding })).toBeNull();

    // A denial.
    const again = await startPermitApplication(t.db, adapter, person, free.id, open);
    if (again.type !== 'redirect') throw new Error('not started');
    const second = await findTestApplication(t.db, new URL(again.url, 'https://portal.test').searchParams.get('application')!);
    const denied = new URL(await completeTestApplication(t.db, second!, 'directcompensationdenied', { symptom: 'x', bodyPart: 'y', validTo: date(90) }));
    await completePermitApplication(t.db, adapter, person, {
      state: denied.searchParams.get('state'),
      status: 'directcompensationdenied',
      permit: null,
      binding,
    });
    expect(await insuranceChoice(t.db, person.id, free.id)).toMatchObject({ dcpState: 'denied', dcpPermitHash: null });
  });

  it('the JSON call: the concept must be recorded for the person, the permit theirs', async () => {
    const person = await customer(t.db);
    const free = await slot(t.db);
    const call = (insurance: Record<string, unknown>) => reserveAsUser(t.db, { person }, { slotId: free.id, ...FIELDS, insurance }, ctx());
    expect(await call({ insuranceConceptCode: '758236', dcpContentHash: 'nope' })).toEqual({
      type: 'validation',
      fields: { insuranceConceptCode: ['insurance.errors.conceptNotRecorded'], dcpContentHash: ['insurance.errors.permitRequired'] },
    });
    expect(await insertPatientConcept(t.db, 'general', person.id, '758236')).toBe('Success');
    expect((await call({ insuranceConceptCode: '758236', description: '24.11.2026 asiakas ilmoitti vakuutusyhtiöksi If' })).type).toBe('success');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.slotId, free.id));
    const [insurance] = await t.db.select().from(appointmentInsurance).where(eq(appointmentInsurance.appointmentId, row!.id));
    expect(insurance).toMatchObject({ insurer: 'IF', conceptCode: '758236', description: '24.11.2026 asiakas ilmoitti vakuutusyhtiöksi If' });
  });
});

describe('the insurer gateway protocol (INSURERS=http) against a local fake server', () => {
  let server: Server;
  let base = '';
  const seen: { path: string; headers: IncomingMessage['headers']; body: unknown }[] = [];
  const answers = new Map<string, { status: number; body: unknown; delayMs?: number }>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null });
        const answer = answers.get(req.url ?? '') ?? { status: 404, body: {} };
        // (A gateway that never answers: only the client's timeout ends the call.)
        if (answer.delayMs === Infinity) return;
        setTimeout(() => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway/`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // A timeout far beyond any answer of this server, even on a loaded machine (300 ms failed the
  // answered calls on CI's two cores); the timeout case below has one of its own.
  const client = (timeoutMs = 10_000) => httpInsurer({ baseUrl: base, clientId: 'portal', apiKey: 'k'.repeat(32), timeoutMs });
  const person = { identityCode: '170486-914V' };

  it('asks with the credentials in headers and the identity code only in the body', async () => {
    answers.set('/gateway/lahitapiola/policy-check', { status: 200, body: { hasHealthcarePolicy: true } });
    expect(await client().lahiTapiolaPolicyCheck(person)).toEqual({ type: 'success', hasHealthcarePolicy: true });
    const request = seen.at(-1)!;
    expect(request.path).toBe('/gateway/lahitapiola/policy-check');
    expect(request.headers['x-client-id']).toBe('portal');
    expect(request.headers['x-api-key']).toBe('k'.repeat(32));
    expect(request.body).toEqual({ identityCode: '170486-914V' });
  });

  it('maps permits, the application, the treatment chain, OP and Pohjola', async () => {
    const permit = { symptom: 'Selkäkipu', bodyPart: 'Selkä', validTo: '2027-01-31', contentHash: 'abc' };
    answers.set('/gateway/lahitapiola/permits', { status: 200, body: { permits: [permit] } });
    answers.set('/gateway/lahitapiola/permit-applications', { status: 200, body: { redirectUrl: 'https://insurer.example/apply?x=1' } });
    answers.set('/gateway/lahitapiola/treatment-chains', { status: 409, body: { error: 'refused' } });
    answers.set('/gateway/op/personal-insurance', { status: 200, body: { found: false } });
    answers.set('/gateway/pohjola/insurance-check', { status: 200, body: { hasInsurance: true } });
    expect(await client().lahiTapiolaPermits(person)).toEqual({ type: 'success', permits: [permit] });
    expect(await client().startPermitApplication(person, { returnUrl: 'https://portal.test/r', channel: 'm' })).toEqual({
      type: 'redirect',
      url: 'https://insurer.example/apply?x=1',
    });
    expect(seen.at(-1)!.body).toEqual({ identityCode: person.identityCode, returnUrl: 'https://portal.test/r', channel: 'm' });
    expect(await client().createTreatmentChain(person, { contentHash: 'abc', startAt: new Date('2026-12-01T08:00:00Z') })).toEqual({ type: 'failed' });
    expect(await client().opPersonalInsurance(person)).toEqual({ type: 'not_found' });
    expect(await client().pohjolaCheck(person, '2026-12-01')).toEqual({ type: 'success', hasInsurance: true });
    expect(seen.at(-1)!.body).toEqual({ identityCode: person.identityCode, date: '2026-12-01' });
  });

  it('answers error on a server error, an unexpected body, a timeout or no server', async () => {
    answers.set('/gateway/lahitapiola/policy-check', { status: 500, body: {} });
    expect(await client().lahiTapiolaPolicyCheck(person)).toEqual({ type: 'error' });
    answers.set('/gateway/lahitapiola/policy-check', { status: 200, body: { hasHealthcarePolicy: 'yes' } });
    expect(await client().lahiTapiolaPolicyCheck(person)).toEqual({ type: 'error' });
    answers.set('/gateway/op/personal-insurance', { status: 200, body: { found: true }, delayMs: Infinity });
    expect(await client(300).opPersonalInsurance(person)).toEqual({ type: 'error' });
    const nowhere = httpInsurer({ baseUrl: 'http://127.0.0.1:1/', clientId: 'p', apiKey: 'k'.repeat(32), timeoutMs: 300 });
    expect(await nowhere.pohjolaCheck(person, '2026-12-01')).toEqual({ type: 'error' });
  });
});
