/**
 * The FHIR backend for the benches (ADR 0051; `--practice-system fhir` of bench/reserve.ts and
 * bench/run.ts): the local FHIR server in the bench's process with the demo calendar published into
 * it as `npm run fhir:dev` does, and the wait for the portal's first sync.
 */
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { practiceSystemCursors } from '../db/schema';
import { clock } from '../app/lib/clock.server';
import { publishDemoCalendar } from '../app/services/practice-system/demo-calendar.server';
import { startLocalFhirServer } from '../app/services/practice-system/local-fhir-server';
import { prepareDatabase } from '../scripts/prepare-database';
import { progress, type BenchRun } from './harness';

/**
 * The FHIR backend: seeds the demo data as the portal's start would, starts the local FHIR server
 * with the demo calendar as its resources (and the links to them), and returns the portal's settings.
 */
export async function startPracticeSystem(run: BenchRun, database: Database): Promise<Record<string, string>> {
  clock.start();
  const keys = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
  const fhir = await startLocalFhirServer({ clients: new Map([['portal', keys.publicKey]]) });
  run.cleanups.push(() => fhir.close());
  progress('seeding the demo data and publishing its calendar to the local FHIR server');
  await prepareDatabase(database, { DEPLOYMENT_ENV: 'development' }, clock.now());
  const slots = await publishDemoCalendar(database.db, fhir.repo);
  progress(`the local FHIR server ${fhir.baseUrl} holds the demo calendar (${slots} slots)`);
  return {
    PRACTICE_SYSTEM: 'fhir',
    FHIR_BASE_URL: fhir.baseUrl,
    FHIR_TOKEN_URL: fhir.tokenUrl,
    FHIR_CLIENT_ID: 'portal',
    FHIR_CLIENT_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
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
