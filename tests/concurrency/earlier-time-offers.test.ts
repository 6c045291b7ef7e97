/**
 * Earlier-time offers under contention (issue 24, ADR 0037), through two app server processes on
 * one PostgreSQL database: 50 patients wait for an earlier time (and a 51st who asked last); a
 * patient cancels a matching appointment on one server, and its time goes out at once as offers
 * to the 50 first in line (batch size 50 here); all 50 press "take it" at the same moment, on the
 * server their link points to. Exactly one appointment moves; the 49 others see "already taken"
 * and stay on the list; no time holds two appointments; the winner's old time is free and offered
 * onward (the 51st, whose appointment is the latest, among those it goes to).
 *
 * Needs TEST_DATABASE_URL and a production build (`BUILD_DIR`, default build/; built when missing).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppointment, createPerson, createSlot } from '~db/factories';
import { appointments, earlierTimeOffers, earlierTimeRequests, outbox } from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import { CookieJar } from '../../bench/cookie-jar';
import { findForm } from '../../bench/html';
import { send } from '../../bench/http';
import { loginDemoPerson } from '../../bench/login';
import { findFreePort, startServer, type ServerProcess } from '../../bench/server-process';
import { ensureBuild } from '../fixtures/build';
import { clock } from '../fixtures/clock';
import { createTestDatabase, postgresUrlFor, testDatabaseUrl, type TestDatabase } from '../fixtures/db';
import { REPO_ROOT } from '../fixtures/portal-process';

const TAKERS = 50;
const READY_TIMEOUT_MS = 120_000;
const HOUR = 3_600_000;
/**
 * The chat clinic: the demo data has no free times there, so the servers' sweep (every minute)
 * has nothing else to offer these patients while the test runs.
 */
const PLACE = 'CHA';

interface Patient {
  appointmentId: number;
  slotId: number;
  phone: string;
  server: ServerProcess;
}

describe.skipIf(!testDatabaseUrl())('one freed time offered to 50 waiting patients, 50 simultaneous "take it", two server processes', () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  const patients: Patient[] = [];
  let last: Patient;
  let freed: { slotId: number; appointmentId: number; identityCode: string };

  beforeAll(async () => {
    ensureBuild(REPO_ROOT);
    database = await createTestDatabase('postgres');
    const env = {
      DATABASE_URL: postgresUrlFor(testDatabaseUrl()!, database.location),
      DATABASE_POOL_SIZE: '10',
      RATE_LIMIT_ANONYMOUS_POSTS_PER_10_MIN: '10000',
      RATE_LIMIT_IDENTIFICATION_PER_10_MIN: '10000',
      EARLIER_TIME_BATCH_SIZE: String(TAKERS),
    };
    for (let i = 0; i < 2; i++) {
      const server = startServer({ cwd: REPO_ROOT, port: await findFreePort(), env });
      servers.push(server);
      await server.waitUntilReady(READY_TIMEOUT_MS);
    }
    const db = database.db;
    const now = clock.nowMs();
    /** A patient (with their own phone on record: where their offers go) booked at `startAt`. */
    const book = async (personIndex: number, startAt: Date, phone: string | null = null) => {
      const identityCode = makeIdentityCode('1971-03-03', 100 + personIndex);
      const person = await createPerson(db, {
        identityCode,
        firstName: 'Jonottaja',
        lastName: `Potilas${personIndex}`,
        patientDataConsentUpdatedAt: clock.now(),
        phone,
      });
      const slot = await createSlot(db, { clinicId: PLACE, practitionerId: 'P0001', specialtyId: 'YLE', startAt });
      const { appointment } = await createAppointment(db, {
        patientId: person.id,
        slotId: slot.id,
        bookedById: person.id,
        bookedVia: 'web',
        kindId: 'VAS',
        kindName: { fi: 'Vastaanotto', sv: 'Mottagning', en: 'Appointment' },
        startAt,
        durationMinutes: 30,
        clinicId: PLACE,
        practitionerId: 'P0001',
        specialtyId: 'YLE',
      });
      return { person, slot, appointment, identityCode };
    };

    // 51 waiting: appointments 10 days ahead, an hour apart; requests in the same order (the 51st
    // asked last and has the latest appointment). Each request's links point to one of the servers.
    for (let i = 0; i <= TAKERS; i++) {
      const phone = `+35840${String(6_000_000 + i)}`;
      const { person, slot, appointment } = await book(i, new Date(now + 10 * 24 * HOUR + i * HOUR), phone);
      const server = servers[i % servers.length]!;
      await db.insert(earlierTimeRequests).values({
        appointmentId: appointment.id,
        patientId: person.id,
        requestedById: person.id,
        specialtyId: 'YLE',
        practitionerId: null,
        clinicIds: [PLACE],
        latestDate: '2999-12-31',
        language: 'fi',
        brand: 'general',
        origin: server.origin,
        requestedAt: new Date(now - (TAKERS + 1 - i) * 60_000),
      });
      const patient = { appointmentId: appointment.id, slotId: slot.id, phone, server };
      if (i < TAKERS) patients.push(patient);
      else last = patient;
    }
    // The appointment whose cancellation frees the time: three days ahead.
    const leaving = await book(500, new Date(now + 3 * 24 * HOUR));
    freed = { slotId: leaving.slot.id, appointmentId: leaving.appointment.id, identityCode: leaving.identityCode };
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('a cancellation sends the time to the 50 first in line; one "take it" wins, 49 are told it is taken; the old time goes onward', async () => {
    const db = database.db;
    // The patient cancels on the first server (logged in, the confirmation page's form).
    const server = servers[0]!;
    const jar = await loginDemoPerson(server.origin, freed.identityCode);
    const cancelUrl = new URL(`/fi/ajanvaraukset/${freed.appointmentId}/peru`, server.origin);
    const cancelPage = await send(cancelUrl, jar);
    expect(cancelPage.status).toBe(200);
    const token = findForm(await cancelPage.text(), 'post')?.hiddenFields.get('csrf');
    expect(token).toBeTruthy();
    const cancelled = await send(cancelUrl, jar, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin },
      body: new URLSearchParams({ csrf: token! }),
    });
    expect(cancelled.status).toBeGreaterThanOrEqual(300);
    expect(cancelled.status).toBeLessThan(400);

    // The offers were written in the cancellation's after-commit step: 50, to the first 50 in line.
    const offers = await db.select().from(earlierTimeOffers).where(eq(earlierTimeOffers.slotId, freed.slotId));
    expect(offers.map((o) => o.appointmentId).sort((a, b) => a - b)).toEqual(patients.map((p) => p.appointmentId).sort((a, b) => a - b));
    expect(offers.every((o) => o.state === 'open')).toBe(true);

    // Each patient opens the link from their SMS (on the server it points to) as a browser would.
    const takers = await Promise.all(
      patients.map(async (p) => {
        const [sms] = await db
          .select()
          .from(outbox)
          .where(and(eq(outbox.kind, 'earlierTimeOffer'), eq(outbox.recipient, p.phone)));
        const link = /https?:\/\/\S+\/fi\/aikaisempi-aika\/[A-Za-z0-9_-]+/.exec(sms?.body ?? '')?.[0];
        expect(link, `an offer link to ${p.phone}`).toBeTruthy();
        const url = new URL(link!);
        expect(url.origin).toBe(p.server.origin);
        const takerJar = new CookieJar();
        const page = await send(url, takerJar);
        expect(page.status).toBe(200);
        const csrf = findForm(await page.text(), 'post')?.hiddenFields.get('csrf');
        expect(csrf).toBeTruthy();
        return { patient: p, url, jar: takerJar, csrf: csrf! };
      }),
    );

    // All 50 at once.
    await Promise.all(
      takers.map(async (taker) => {
        const response = await send(taker.url, taker.jar, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: taker.url.origin },
          body: new URLSearchParams({ csrf: taker.csrf }),
        });
        expect(response.status).toBe(303);
      }),
    );

    // What each of them now sees on their link.
    const seen = await Promise.all(
      takers.map(async (taker) => {
        const text = await (await send(taker.url, taker.jar)).text();
        return { taker, yours: text.includes('Aika on sinun'), taken: text.includes('Joku ehti ottaa ajan ensin') };
      }),
    );
    const winners = seen.filter((s) => s.yours);
    expect(winners).toHaveLength(1);
    expect(seen.filter((s) => s.taken)).toHaveLength(TAKERS - 1);
    const winner = winners[0]!.taker.patient;

    // Exactly one move: the winner holds the time; no time holds two live appointments.
    const holders = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.slotId, freed.slotId), isNull(appointments.cancelledAt)));
    expect(holders.map((a) => a.id)).toEqual([winner.appointmentId]);
    const doubled = await db.execute(
      sql`select slot_id from appointments where cancelled_at is null and slot_id is not null group by slot_id having count(*) > 1`,
    );
    expect((doubled as unknown as { rows: unknown[] }).rows).toEqual([]);
    for (const p of patients.filter((q) => q !== winner)) {
      const [row] = await db.select().from(appointments).where(eq(appointments.id, p.appointmentId));
      expect(row!.slotId).toBe(p.slotId);
    }

    // The winner's request is fulfilled; the 49 stay on the list; their offers say "taken".
    const requests = await db
      .select()
      .from(earlierTimeRequests)
      .where(
        inArray(
          earlierTimeRequests.appointmentId,
          patients.map((p) => p.appointmentId),
        ),
      );
    expect(requests.filter((r) => r.state === 'fulfilled').map((r) => r.appointmentId)).toEqual([winner.appointmentId]);
    expect(requests.filter((r) => r.state === 'active')).toHaveLength(TAKERS - 1);
    const after = await db.select().from(earlierTimeOffers).where(eq(earlierTimeOffers.slotId, freed.slotId));
    expect(after.filter((o) => o.state === 'accepted').map((o) => o.appointmentId)).toEqual([winner.appointmentId]);
    expect(after.filter((o) => o.state === 'taken')).toHaveLength(TAKERS - 1);

    // The winner's old time is free again, and offered onward to those waiting whose appointment is
    // later — the 51st among them — in order of request.
    expect(
      await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.slotId, winner.slotId), isNull(appointments.cancelledAt))),
    ).toEqual([]);
    const onward = await db.select().from(earlierTimeOffers).where(eq(earlierTimeOffers.slotId, winner.slotId));
    const laterOnes = [...patients, last].filter((p) => p.slotId > winner.slotId && p !== winner);
    expect(onward.map((o) => o.appointmentId).sort((a, b) => a - b)).toEqual(laterOnes.map((p) => p.appointmentId).sort((a, b) => a - b));
    expect(onward.map((o) => o.appointmentId)).toContain(last.appointmentId);
  });
});
