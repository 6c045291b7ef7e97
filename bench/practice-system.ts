/**
 * The FHIR backend for the benches (ADR 0051; `--practice-system fhir` of bench/reserve.ts,
 * bench/run.ts and bench/scale.ts): the local FHIR server in the bench's process with the demo (or
 * the scale bench's) calendar published into it as `npm run fhir:dev` does, and the first sync.
 */
import { generateKeyPairSync } from 'node:crypto';
import { count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appointments, appointmentSlots, practiceSystemCursors } from '../db/schema';
import { clock } from '../app/lib/clock.server';
import { publishDemoCalendar } from '../app/services/practice-system/demo-calendar.server';
import { createFhirClient } from '../app/services/practice-system/fhir-client';
import { startLocalFhirServer } from '../app/services/practice-system/local-fhir-server';
import { syncPracticeSystem } from '../app/services/practice-system/sync.server';
import { prepareDatabase } from '../scripts/prepare-database';
import { progress, type BenchRun } from './harness';

/** The local FHIR server in this process, with the portal registered as its backend client, and the portal's settings for it. */
async function startLocalPracticeSystem(run: BenchRun) {
  clock.start();
  const keys = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
  const fhir = await startLocalFhirServer({ clients: new Map([['portal', keys.publicKey]]) });
  run.cleanups.push(() => fhir.close());
  const env = {
    PRACTICE_SYSTEM: 'fhir',
    FHIR_BASE_URL: fhir.baseUrl,
    FHIR_TOKEN_URL: fhir.tokenUrl,
    FHIR_CLIENT_ID: 'portal',
    FHIR_CLIENT_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  return {
    fhir,
    env,
    client: () => createFhirClient({ baseUrl: fhir.baseUrl, tokenUrl: fhir.tokenUrl, clientId: 'portal', key: keys.privateKey, timeoutMs: 120_000 }),
  };
}

/**
 * The FHIR backend: seeds the demo data as the portal's start would, starts the local FHIR server
 * with the demo calendar as its resources (and the links to them), and returns the portal's settings.
 */
export async function startPracticeSystem(run: BenchRun, database: Database): Promise<Record<string, string>> {
  const { fhir, env } = await startLocalPracticeSystem(run);
  progress('seeding the demo data and publishing its calendar to the local FHIR server');
  await prepareDatabase(database, { DEPLOYMENT_ENV: 'development' }, clock.now());
  const slots = await publishDemoCalendar(database.db, fhir.repo);
  progress(`the local FHIR server ${fhir.baseUrl} holds the demo calendar (${slots} slots)`);
  return env;
}

/** The portal's calendar rows: what the search reads. */
async function calendarRows(database: Database) {
  const [slots] = await database.db.select({ n: count() }).from(appointmentSlots);
  const [booked] = await database.db.select({ n: count() }).from(appointments).where(isNull(appointments.cancelledAt));
  return { slots: Number(slots!.n), liveAppointments: Number(booked!.n) };
}

export interface ResyncReport {
  /** The calendar the database was generated with. */
  generated: { slots: number; liveAppointments: number };
  /** What the sync made of it (the free times; a busy Slot is a row only with its appointment). */
  synced: { slots: number; liveAppointments: number };
  publishSeconds: number;
  syncSeconds: number;
  /** Changes read per type. */
  changes: Record<string, number>;
}

/**
 * The scale bench's calendar through the practice system (`npm run bench -- --scale
 * --practice-system fhir`): the calendar generated in the database is published into the local
 * FHIR server as its resources (as the demo's is), the portal's calendar and read-model links are
 * emptied, and the first sync builds them again from the server's history — so the search is then
 * measured on tables the FHIR backend filled. Returns the portal's settings and the sync's report.
 */
export async function resyncThroughPracticeSystem(run: BenchRun, database: Database): Promise<{ env: Record<string, string>; report: ResyncReport }> {
  const { fhir, env, client } = await startLocalPracticeSystem(run);
  const generated = await calendarRows(database);
  progress(`publishing the calendar (${generated.slots} slots) to the local FHIR server`);
  let started = performance.now();
  await publishDemoCalendar(database.db, fhir.repo, { linkRows: false });
  const publishSeconds = (performance.now() - started) / 1000;
  progress(`emptying the portal's calendar and its links to the practice system`);
  await database.db.execute(
    sql.raw(
      'TRUNCATE appointment_slots, appointments, practice_system_slots, practice_system_appointments, practice_system_schedules, practice_system_roles, practice_system_patients, practice_system_cursors CASCADE',
    ),
  );
  progress('the first sync from the local FHIR server');
  started = performance.now();
  const changes = await syncPracticeSystem(database.db, client(), { now: clock.now() });
  const syncSeconds = (performance.now() - started) / 1000;
  await database.db.execute(sql.raw('ANALYZE'));
  const synced = await calendarRows(database);
  progress(`synchronised in ${syncSeconds.toFixed(1)} s: ${synced.slots} slots, ${synced.liveAppointments} live appointments`);
  return { env, report: { generated, synced, publishSeconds, syncSeconds, changes } };
}

/** The portal synchronises once at its start: the run measures after it read every type. */
export async function waitForFirstSync(database: Database): Promise<void> {
  progress('waiting for the first sync');
  const started = performance.now();
  for (;;) {
    const [done] = await database.db.select().from(practiceSystemCursors).where(eq(practiceSystemCursors.resourceType, 'Appointment'));
    if (done) break;
    if (performance.now() - started > 600_000) throw new Error('the first sync did not finish in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  progress(`first sync done after ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
