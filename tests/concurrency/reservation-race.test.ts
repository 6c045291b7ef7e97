/**
 * 100 visitors reserve the same free time at once through two app server processes sharing one
 * PostgreSQL database: exactly one reservation succeeds, the 99 others answer
 * appointmentNotAvailable, and nothing else changes (one appointment on the slot, the
 * confirmation messages and log rows of the winner only).
 *
 * The same for an occupational free time (issue 13): 100 logged-in employees on one agreement
 * reserve it at once through the logged-in reservation call; one wins, with the employer as payer.
 * Then the same employees race for an insurance time (issue 13, ADR 0022).
 *
 * Needs TEST_DATABASE_URL and a production build (`BUILD_DIR`, default build/; built here when
 * missing). Each visitor first opens the reserve page on its server for the anonymous CSRF
 * cookie and token, as a browser would.
 */
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOccupationalContract, createPerson, createSlot } from '~db/factories';
import { accessLog, analyticsEvents, appointmentInsurance, appointments, occupationalContractSpecialties, outbox } from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import type { CookieJar } from '../../bench/cookie-jar';
import { findForm } from '../../bench/html';
import { send } from '../../bench/http';
import { loginDemoPerson } from '../../bench/login';
import { findFreePort, startServer, type ServerProcess } from '../../bench/server-process';
import { openReservation, reserveAnonymously, type AnonymousVisitor } from '../fixtures/anonymous-reservation';
import { ensureBuild } from '../fixtures/build';
import { createTestDatabase, postgresUrlFor, testDatabaseUrl, type TestDatabase } from '../fixtures/db';
import { clock } from '../fixtures/clock';
import { REPO_ROOT } from '../fixtures/portal-process';

const VISITORS = 100;
const READY_TIMEOUT_MS = 120_000;

interface Visitor extends AnonymousVisitor {
  server: ServerProcess;
}

describe.skipIf(!testDatabaseUrl())('one free time, 100 concurrent reservations, two server processes', () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  let slotId: number;
  const visitors: Visitor[] = [];

  beforeAll(async () => {
    ensureBuild(REPO_ROOT);
    database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: postgresUrlFor(testDatabaseUrl()!, database.location),
      DATABASE_POOL_SIZE: '10',
      RATE_LIMIT_ANONYMOUS_POSTS_PER_10_MIN: '10000',
    };
    // One after the other: the first migrates and seeds, the second finds both done.
    for (let i = 0; i < 2; i++) {
      const server = startServer({ cwd: REPO_ROOT, port: await findFreePort(), env });
      servers.push(server);
      await server.waitUntilReady(READY_TIMEOUT_MS);
    }

    const slot = await createSlot(database.db, {
      clinicId: 'KA',
      practitionerId: 'P0001',
      specialtyId: 'YLE',
      startAt: new Date(clock.nowMs() + 3 * 24 * 3_600_000),
    });
    slotId = slot.id;

    for (let i = 0; i < VISITORS; i++) {
      const identityCode = makeIdentityCode('1975-06-15', 100 + i);
      const person = await createPerson(database.db, { identityCode, firstName: 'Kilpa', lastName: `Varaaja${i}` });
      const server = servers[i % servers.length]!;
      const visitor = await openReservation(server.origin, slotId, {
        identityCode,
        firstName: 'Kilpa',
        lastName: person.lastName,
        phone: `+35840${String(7_000_000 + i)}`,
        email: `kilpa${i}@example.fi`,
      });
      visitors.push({ ...visitor, server });
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('exactly one succeeds; the others are told the time is taken; nothing else changes', async () => {
    const db = database.db;
    const newest = async (table: typeof appointments | typeof outbox | typeof accessLog | typeof analyticsEvents) => {
      const [row] = await db.select({ n: max(table.id) }).from(table);
      return Number(row?.n ?? 0);
    };
    const before = {
      appointment: await newest(appointments),
      outbox: await newest(outbox),
      access: await newest(accessLog),
      events: await newest(analyticsEvents),
    };

    const answers = await Promise.all(visitors.map(async (v) => ({ visitor: v, ...(await reserveAnonymously(v, slotId)) })));

    const winners = answers.filter((a) => a.type === 'success');
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.type === 'appointmentNotAvailable' && a.status === 409)).toHaveLength(VISITORS - 1);
    // Both processes took part in the race.
    for (const server of servers) expect(answers.filter((a) => a.visitor.server === server)).toHaveLength(VISITORS / 2);
    const winner = winners[0]!.visitor;

    const created = await db.select().from(appointments).where(gt(appointments.id, before.appointment));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ slotId, bookedVia: 'web-anonymous', cancelledAt: null });
    expect(await db.select().from(appointments).where(eq(appointments.slotId, slotId))).toHaveLength(1);

    const messages = await db.select().from(outbox).where(gt(outbox.id, before.outbox));
    expect(messages.map((m) => `${m.channel}:${m.recipient}`).sort()).toEqual([`email:${winner.email}`, `sms:${winner.phone}`]);

    const logged = await db
      .select()
      .from(accessLog)
      .where(and(gt(accessLog.id, before.access), eq(accessLog.resource, 'appointment:anonymous-reservation')));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.subjectPersonId).toBe(created[0]!.patientId);

    const events = await db.select().from(analyticsEvents).where(gt(analyticsEvents.id, before.events));
    const count = (name: string, type?: string) => events.filter((e) => e.name === name && (type === undefined || e.properties?.type === type)).length;
    expect(count('reservationStart')).toBe(VISITORS);
    expect(count('reservationSuccess')).toBe(1);
    expect(count('reservationError', 'appointmentNotAvailable')).toBe(VISITORS - 1);
  });
});

describe.skipIf(!testDatabaseUrl())('one occupational free time, 100 concurrent employees, two server processes', () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  let slotId: number;
  const employees: { server: ServerProcess; jar: CookieJar; token: string; phone: string }[] = [];

  beforeAll(async () => {
    ensureBuild(REPO_ROOT);
    database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: postgresUrlFor(testDatabaseUrl()!, database.location),
      DATABASE_POOL_SIZE: '10',
      RATE_LIMIT_IDENTIFICATION_PER_10_MIN: '10000',
      RATE_LIMIT_ANONYMOUS_POSTS_PER_10_MIN: '10000',
    };
    for (let i = 0; i < 2; i++) {
      const server = startServer({ cwd: REPO_ROOT, port: await findFreePort(), env });
      servers.push(server);
      await server.waitUntilReady(READY_TIMEOUT_MS);
    }
    const contract = await createOccupationalContract(database.db, { employerName: 'Kilpailu Oy', allowsWebReservation: true });
    await database.db.insert(occupationalContractSpecialties).values({ contractId: contract.id, specialtyId: 'TTH', confirmation: 'contractOnly' });
    const slot = await createSlot(database.db, {
      clinicId: 'TA',
      practitionerId: 'P0045',
      specialtyId: 'TTH',
      startAt: new Date(clock.nowMs() + 3 * 24 * 3_600_000),
      payerTypes: ['occupationalHealthCare'],
    });
    slotId = slot.id;

    // Logged in one after the other, as the employees would have been before the race.
    for (let i = 0; i < VISITORS; i++) {
      const identityCode = makeIdentityCode('1978-09-20', 100 + i);
      await createPerson(database.db, {
        identityCode,
        firstName: 'Työ',
        lastName: `Kilpailija${i}`,
        occupationalContractId: contract.id,
        patientDataConsentUpdatedAt: clock.now(),
      });
      const server = servers[i % servers.length]!;
      const jar = await loginDemoPerson(server.origin, identityCode);
      const logout = await send(new URL('/fi/kirjaudu-ulos', server.origin), jar);
      const token = findForm(await logout.text(), 'post')?.hiddenFields.get('csrf');
      expect(token).toBeTruthy();
      employees.push({ server, jar, token: token!, phone: `+35840${String(8_000_000 + i)}` });
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('exactly one employee gets it, on the agreement; the others are told it is taken', async () => {
    const db = database.db;
    const answers = await Promise.all(
      employees.map(async (e) => {
        const response = await send(new URL('/api/reserve-appointment', e.server.origin), e.jar, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': e.token, origin: e.server.origin },
          body: JSON.stringify({
            appointmentId: slotId,
            phone: e.phone,
            emailAddress: 'kilpailija@example.fi',
            isOccupationalHealthcare: true,
            contractConfirmed: true,
          }),
        });
        const body = (await response.json()) as { type: string };
        return { employee: e, status: response.status, type: body.type };
      }),
    );
    expect(answers.filter((a) => a.type === 'success')).toHaveLength(1);
    expect(answers.filter((a) => a.type === 'appointmentNotAvailable' && a.status === 409)).toHaveLength(VISITORS - 1);
    for (const server of servers) expect(answers.filter((a) => a.employee.server === server)).toHaveLength(VISITORS / 2);
    const held = await db.select().from(appointments).where(eq(appointments.slotId, slotId));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ payerType: 'occupationalHealthCare', price: null, bookedVia: 'web', cancelledAt: null });
  });

  it('the same 100 race for an insurance time (ADR 0022): one books with the declared insurer, the rest are told it is taken', async () => {
    const db = database.db;
    const insuranceSlot = await createSlot(db, {
      clinicId: 'TA',
      practitionerId: 'P0045',
      specialtyId: 'TTH',
      startAt: new Date(clock.nowMs() + 4 * 24 * 3_600_000),
      payerTypes: ['insurance'],
    });
    const answers = await Promise.all(
      employees.map(async (e) => {
        const response = await send(new URL('/api/reserve-appointment', e.server.origin), e.jar, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': e.token, origin: e.server.origin },
          body: JSON.stringify({ appointmentId: insuranceSlot.id, phone: e.phone, emailAddress: 'kilpailija@example.fi', isInsuranceCustomer: true }),
        });
        return { status: response.status, type: ((await response.json()) as { type: string }).type };
      }),
    );
    expect(answers.filter((a) => a.type === 'success')).toHaveLength(1);
    expect(answers.filter((a) => a.type === 'appointmentNotAvailable' && a.status === 409)).toHaveLength(VISITORS - 1);
    const held = await db.select().from(appointments).where(eq(appointments.slotId, insuranceSlot.id));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ payerType: 'insurance', cancelledAt: null });
    const [declared] = await db.select().from(appointmentInsurance).where(eq(appointmentInsurance.appointmentId, held[0]!.id));
    expect(declared).toMatchObject({ insurer: null, conceptCode: null });
  });
});
