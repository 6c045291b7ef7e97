/**
 * `npx tsx bench/fhir-sync.ts [--slots N]`: the practice system's first sync (ADR 0051), timed.
 * Starts the local FHIR server (in memory, loopback), writes one location, service, practitioner
 * and schedule and N free slots (default 5 000) into it, and synchronises them into a fresh PGlite
 * database (a temporary directory, removed at the end): the first sync (every slot new), then a
 * second one from the cursors. Prints the times and the slots per second.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Bundle, Resource, Slot } from '@medplum/fhirtypes';
import { count } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { appointmentSlots } from '../db/schema';
import { clock } from '../app/lib/clock.server';
import { createFhirClient } from '../app/services/practice-system/fhir-client';
import { startLocalFhirServer } from '../app/services/practice-system/local-fhir-server';
import { syncPracticeSystem } from '../app/services/practice-system/sync.server';

const arg = process.argv.indexOf('--slots');
const slots = arg > 0 ? Number(process.argv[arg + 1]) : 5000;
if (!Number.isSafeInteger(slots) || slots < 1) throw new Error('usage: npx tsx bench/fhir-sync.ts [--slots N]');

clock.start();
const keys = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const server = await startLocalFhirServer({ clients: new Map([['portal', keys.publicKey]]) });
const dir = mkdtempSync(path.join(tmpdir(), 'fhir-sync-bench-'));
const database = await openDatabase({ pgliteDataDir: dir });
try {
  await applyMigrations(database.db, database.kind);
  const put = (resource: Resource & { id: string }) => server.repo.updateResource(resource);
  await put({ resourceType: 'Location', id: 'BL', name: 'Bench', status: 'active' });
  await put({ resourceType: 'HealthcareService', id: 'BS', name: 'Bench' });
  await put({ resourceType: 'Practitioner', id: 'BP', name: [{ given: ['Bench'], family: 'Practitioner' }] });
  await put({ resourceType: 'Schedule', id: 'BSCH', active: true, actor: [{ reference: 'Practitioner/BP' }, { reference: 'Location/BL' }, { reference: 'HealthcareService/BS' }] });
  const first = clock.nowMs() + 24 * 3_600_000;
  for (let n = 0; n < slots; n++) {
    const start = new Date(first + n * 15 * 60_000);
    await put({ resourceType: 'Slot', id: `B${n}`, status: 'free', schedule: { reference: 'Schedule/BSCH' }, start: start.toISOString(), end: new Date(start.getTime() + 15 * 60_000).toISOString() } as Slot & { id: string });
  }
  const client = createFhirClient({ baseUrl: server.baseUrl, tokenUrl: server.tokenUrl, clientId: 'portal', key: keys.privateKey, timeoutMs: 60_000 });
  const timed = async () => {
    const started = performance.now();
    await syncPracticeSystem(database.db, client, { now: clock.now() });
    return performance.now() - started;
  };
  // Reading the Slot history alone (the practice system's share of the time).
  const readStarted = performance.now();
  let read = 0;
  for (let url: string | undefined = 'Slot/_history?_count=500'; url; ) {
    const page: Bundle = await client.bundle(url);
    read += page.entry?.length ?? 0;
    url = page.link?.find((l) => l.relation === 'next')?.url;
  }
  const readMs = performance.now() - readStarted;
  const firstMs = await timed();
  const [rows] = await database.db.select({ n: count() }).from(appointmentSlots);
  if (Number(rows!.n) !== slots) throw new Error(`expected ${slots} free times, found ${rows!.n}`);
  const secondMs = await timed();
  process.stdout.write(
    `first sync of ${slots} slots: ${(firstMs / 1000).toFixed(1)} s (${Math.round(slots / (firstMs / 1000))} slots/s); the next sync from the cursors: ${(secondMs / 1000).toFixed(1)} s; reading the ${read} history entries alone: ${(readMs / 1000).toFixed(1)} s\n`,
  );
} finally {
  await database.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
