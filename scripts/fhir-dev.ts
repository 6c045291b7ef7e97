/**
 * `npm run fhir:dev` (ADR 0051): the demo against a practice system over FHIR R4. Starts the local
 * FHIR server (medplum's router and in-memory repository on 127.0.0.1, with its token endpoint),
 * makes a fresh demo database (its own PGlite directory, `.data/pglite-fhir`, unless
 * `PGLITE_DATA_DIR` or `DATABASE_URL` says otherwise), loads the seeded calendar into the FHIR
 * server as its resources and then starts the portal with `PRACTICE_SYSTEM=fhir` and a client key
 * made for this run. The FHIR server keeps its data in memory: every start is a fresh demo.
 * Never in production (the local server refuses it).
 *
 * `FHIR_DEV_PORT` fixes the FHIR server's port (default: a free one); `FHIR_DEV_STAFF_KEY` (the
 * PEM of an EC P-384 public key) registers a second backend client, `staff`: the clerk's system,
 * which writes appointments into the practice system beside the portal (the e2e spec of the FHIR
 * backend books as staff with it).
 */
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { rmSync } from 'node:fs';

process.env.NODE_ENV ??= 'production';
process.env.DEPLOYMENT_ENV ??= 'development';
if (process.env.DEPLOYMENT_ENV === 'production') {
  process.stderr.write('npm run fhir:dev is a demo: it does not run in production.\n');
  process.exit(1);
}
const fresh = !process.env.DATABASE_URL && !process.env.PGLITE_DATA_DIR;
process.env.PGLITE_DATA_DIR ??= '.data/pglite-fhir';
if (fresh) rmSync(process.env.PGLITE_DATA_DIR, { recursive: true, force: true });

const { clock } = await import('../app/lib/clock.server');
clock.start();
const { startLocalFhirServer } = await import('../app/services/practice-system/local-fhir-server');
const keys = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const clients = new Map<string, KeyObject>([['portal', keys.publicKey]]);
const { pemFromEnv } = await import('../app/services/practice-system/smart-auth');
if (process.env.FHIR_DEV_STAFF_KEY) clients.set('staff', createPublicKey(pemFromEnv(process.env.FHIR_DEV_STAFF_KEY)));
const fhir = await startLocalFhirServer({ clients, port: Number(process.env.FHIR_DEV_PORT ?? 0) });
Object.assign(process.env, {
  PRACTICE_SYSTEM: 'fhir',
  FHIR_BASE_URL: fhir.baseUrl,
  FHIR_TOKEN_URL: fhir.tokenUrl,
  FHIR_CLIENT_ID: 'portal',
  FHIR_CLIENT_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
});

// The demo data, seeded as `npm start` does, then published as the practice system's calendar.
const { parseEnv } = await import('../app/env.server');
const env = parseEnv(process.env);
const { openDatabase } = await import('../db/client');
const { prepareDatabase } = await import('./prepare-database');
const { databaseConfig } = await import('../app/services/db/db.server');
const { practiceSystemCursors } = await import('../db/schema');
const database = await openDatabase(databaseConfig());
await prepareDatabase(database, env, clock.now());
const [synced] = await database.db.select().from(practiceSystemCursors).limit(1);
if (synced) {
  process.stderr.write('This database was synchronised with another FHIR server before; use an empty one (unset PGLITE_DATA_DIR for a fresh one).\n');
  process.exit(1);
}
const { publishDemoCalendar } = await import('../app/services/practice-system/demo-calendar.server');
const slots = await publishDemoCalendar(database.db, fhir.repo);
await database.close();
process.stdout.write(
  `Practice system (FHIR R4, local): ${fhir.baseUrl} with the demo calendar (${slots} slots); the portal synchronises from it every minute.\n`,
);

process.argv.push('--demo');
await import('./start');
