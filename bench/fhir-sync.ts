/**
 * `npx tsx bench/fhir-sync.ts [--slots N] [--appointments M] [--database pglite|postgresql]`: the
 * practice system's first sync (ADR 0051), timed. Starts the local FHIR server (in memory,
 * loopback), writes one location, service, practitioner and schedule and N slots (default 5 000)
 * into it, and synchronises them into a fresh database (PGlite in a temporary directory, the
 * default, or a PostgreSQL database on BENCH_DATABASE_URL's server, named by BENCH_DATABASE_PREFIX;
 * removed at the end): the first sync (every slot new). With M appointments (default 0), the first
 * M slots are busy and, after the slots' sync, M Appointments of M / 5 patients (persons of the
 * portal, matched by the identity code) holding them are written and synchronised (every
 * appointment new). Then a last sync from the cursors. Prints the times and the rates.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Appointment, Bundle, Resource, Slot } from '@medplum/fhirtypes';
import { count } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { appointments, appointmentSlots, persons } from '../db/schema';
import { clock } from '../app/lib/clock.server';
import { createFhirClient } from '../app/services/practice-system/fhir-client';
import { startLocalFhirServer } from '../app/services/practice-system/local-fhir-server';
import { IDENTITY_CODE_SYSTEM, syncPracticeSystem } from '../app/services/practice-system/sync.server';
import { createPgliteDatabase, createPostgresDatabase, DEFAULT_ADMIN_URL } from './database';

const USAGE = 'usage: npx tsx bench/fhir-sync.ts [--slots N] [--appointments M] [--database pglite|postgresql]';
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const slots = Number(option('--slots') ?? 5000);
const appointmentCount = Number(option('--appointments') ?? 0);
const kind = option('--database') ?? 'pglite';
if (!Number.isSafeInteger(slots) || slots < 1) throw new Error(USAGE);
if (!Number.isSafeInteger(appointmentCount) || appointmentCount < 0 || appointmentCount > slots) throw new Error(`${USAGE} (M ≤ N)`);
if (kind !== 'pglite' && kind !== 'postgresql') throw new Error(USAGE);
const patients = Math.ceil(appointmentCount / 5);

clock.start();
const keys = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const server = await startLocalFhirServer({ clients: new Map([['portal', keys.publicKey]]) });
const bench = kind === 'pglite' ? await createPgliteDatabase() : await createPostgresDatabase(process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL);
const database = await openDatabase(bench.env.DATABASE_URL ? { url: bench.env.DATABASE_URL } : { pgliteDataDir: bench.env.PGLITE_DATA_DIR! });
try {
  await applyMigrations(database.db, database.kind);
  const put = (resource: Resource & { id: string }) => server.repo.updateResource(resource);
  await put({ resourceType: 'Location', id: 'BL', name: 'Bench', status: 'active' });
  await put({ resourceType: 'HealthcareService', id: 'BS', name: 'Bench' });
  await put({ resourceType: 'Practitioner', id: 'BP', name: [{ given: ['Bench'], family: 'Practitioner' }] });
  await put({
    resourceType: 'Schedule',
    id: 'BSCH',
    active: true,
    actor: [{ reference: 'Practitioner/BP' }, { reference: 'Location/BL' }, { reference: 'HealthcareService/BS' }],
  });
  const first = clock.nowMs() + 24 * 3_600_000;
  for (let n = 0; n < slots; n++) {
    const start = new Date(first + n * 15 * 60_000);
    await put({
      resourceType: 'Slot',
      id: `B${n}`,
      status: n < appointmentCount ? 'busy' : 'free',
      schedule: { reference: 'Schedule/BSCH' },
      start: start.toISOString(),
      end: new Date(start.getTime() + 15 * 60_000).toISOString(),
    } as Slot & { id: string });
  }
  // The patients: persons of the portal and Patients of the practice system, by the identity code.
  const code = (n: number) => `bench-${n}`;
  for (let n = 0; n < patients; n += 1000) {
    const rows = Array.from({ length: Math.min(1000, patients - n) }, (_, i) => ({
      identityCode: code(n + i),
      firstName: 'Bench',
      lastName: `Patient ${n + i}`,
      birthDate: '1990-01-01',
    }));
    await database.db.insert(persons).values(rows);
  }
  for (let n = 0; n < patients; n++) {
    await put({ resourceType: 'Patient', id: `BPAT${n}`, identifier: [{ system: IDENTITY_CODE_SYSTEM, value: code(n) }], name: [{ family: `Patient ${n}` }] });
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
  for (let url: string | undefined = 'Slot/_history?_count=500'; url;) {
    const page: Bundle = await client.bundle(url);
    read += page.entry?.length ?? 0;
    url = page.link?.find((l) => l.relation === 'next')?.url;
  }
  const readMs = performance.now() - readStarted;
  const firstMs = await timed();
  const [rows] = await database.db.select({ n: count() }).from(appointmentSlots);
  const free = slots - appointmentCount;
  if (Number(rows!.n) !== free) throw new Error(`expected ${free} free times, found ${rows!.n}`);
  let report = `${bench.description}: first sync of ${slots} slots (${free} free): ${(firstMs / 1000).toFixed(1)} s (${Math.round(slots / (firstMs / 1000))} slots/s); reading the ${read} Slot history entries alone: ${(readMs / 1000).toFixed(1)} s\n`;
  if (appointmentCount > 0) {
    for (let n = 0; n < appointmentCount; n++) {
      const start = new Date(first + n * 15 * 60_000);
      await put({
        resourceType: 'Appointment',
        id: `BA${n}`,
        status: 'booked',
        start: start.toISOString(),
        end: new Date(start.getTime() + 15 * 60_000).toISOString(),
        slot: [{ reference: `Slot/B${n}` }],
        participant: [
          { actor: { reference: `Patient/BPAT${n % patients}` }, status: 'accepted' },
          { actor: { reference: 'Practitioner/BP' }, status: 'accepted' },
          { actor: { reference: 'Location/BL' }, status: 'accepted' },
          { actor: { reference: 'HealthcareService/BS' }, status: 'accepted' },
        ],
      } as Appointment & { id: string });
    }
    const appointmentsMs = await timed();
    const [made] = await database.db.select({ n: count() }).from(appointments);
    if (Number(made!.n) !== appointmentCount) throw new Error(`expected ${appointmentCount} appointments, found ${made!.n}`);
    report += `then the sync of ${appointmentCount} new appointments (${patients} patients): ${(appointmentsMs / 1000).toFixed(1)} s (${Math.round(appointmentCount / (appointmentsMs / 1000))} appointments/s)\n`;
  }
  const lastMs = await timed();
  process.stdout.write(`${report}the next sync from the cursors: ${(lastMs / 1000).toFixed(1)} s\n`);
} finally {
  await database.close();
  await server.close();
  await bench.dispose();
}
