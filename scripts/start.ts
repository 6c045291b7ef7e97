/**
 * `npm start` / `npm run serve` / `npm run dev`: validate the configuration, apply migrations,
 * seed an empty database outside production (scripts/prepare-database.ts), then start the server
 * (production build, or Vite in development with --dev).
 *
 * Configuration fails closed (app/env.server.ts): without --dev this is a production build, and
 * a production build is a production deployment unless DEPLOYMENT_ENV says otherwise, so
 * `npm run serve` with a forgotten variable stops with a message naming it. The demo is a choice
 * the command states: `npm start` passes --demo, which means DEPLOYMENT_ENV=development (test
 * identification, test payments, /dev/outbox, demo data) unless DEPLOYMENT_ENV is set.
 */
import { fatalLine } from '../app/services/observability/safe-error';

process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';
if (process.argv.includes('--demo') && !process.env.DEPLOYMENT_ENV) process.env.DEPLOYMENT_ENV = 'development';

// A failure nothing caught (also a failed start-up step) stops the process as Node.js would, but
// is written without its message: Node prints an error whole, and a database error's message and
// properties hold the query's parameters, i.e. what a user typed (issue 21).
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    process.stderr.write(fatalLine(event === 'uncaughtException' ? 'uncaught exception' : 'unhandled rejection', error));
    const flushed = process.env.SENTRY_DSN
      ? import('../app/services/observability/sentry.server').then((m) => m.flushServerErrorReports()).catch(() => undefined)
      : Promise.resolve();
    void flushed.finally(() => process.exit(1));
  });
}

// Node.js 24 (ADR 0001): the project brings its own (node_modules/.bin/node), which npm's
// scripts run first; started some other way on an older Node, say how to start it instead.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 24) {
  process.stderr.write(
    `The portal runs on Node.js 24; this is ${process.version}. Start it with \`npm start\` (the demo) or \`npm run serve\` (a configured deployment), which use the Node.js 24 that \`npm install\` put in node_modules/.bin.\n`,
  );
  process.exit(1);
}

const { parseEnv } = await import('../app/env.server');
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

// The app's one clock (PORTAL_NOW outside production), started before anything reads it.
const { clock } = await import('../app/lib/clock.server');
const startedAt = clock.start();
if (env.PORTAL_NOW) process.stdout.write(`Clock: PORTAL_NOW=${env.PORTAL_NOW} (now ${startedAt.toISOString()}).\n`);

const { openDatabase } = await import('../db/client');
const { prepareDatabase } = await import('./prepare-database');
const { databaseConfig } = await import('../app/services/db/db.server');

const database = await openDatabase(databaseConfig());
// Under the migration lock (ADR 0039): one line per migration this instance applied.
const links = await prepareDatabase(database, env, clock.now(), {
  onWait: () => process.stdout.write('Waiting for another instance to finish migrating…\n'),
  onApplied: (tag) => process.stdout.write(`Migration applied: ${tag}\n`),
});
// PGlite allows one opener per data directory: close before the app opens it.
await database.close();
process.stdout.write(`Database ready (${database.kind}${links ? ', demo data seeded' : ''}).\n`);
if (env.DEPLOYMENT_ENV !== 'production') {
  process.stdout.write(`Demo (DEPLOYMENT_ENV=${env.DEPLOYMENT_ENV}): test identification, test adapters and /dev/outbox are on; not for real patients.\n`);
  // Outside production an unset FEATURES turns every flag on (ADR 0005): say which are on.
  process.stdout.write(`Feature flags on: ${env.FEATURES.length ? env.FEATURES.join(', ') : 'none'}${process.env.FEATURES ? '' : ' (FEATURES unset: all)'}.\n`);
}
if (links && env.DEPLOYMENT_ENV !== 'production') {
  const origin = env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
  process.stdout.write('Anonymous appointment links of the demo data:\n');
  for (const link of links) {
    process.stdout.write(`  ${link.person.padEnd(6)} ${link.description}: ${origin}/fi/varaus/${link.code}\n`);
  }
}

const { main } = await import('../server');
await main();
export {};
