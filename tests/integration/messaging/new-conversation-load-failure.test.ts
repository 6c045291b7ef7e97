/**
 * The new-conversation page when its data cannot be read (spec 1 §8, ADR 0041): the loader reads
 * the customer's care team from the database, and when that query fails the page answers with
 * spec 1 §8's "Failed to fetch messages. Please try again later." in an alert (no form) and the
 * error is logged. Through the real loader: a portal started as an operator starts it (the
 * production build, scripts/start.ts) on a PostgreSQL test database, a demo person logged in
 * through the test identification, and the care team's table taken away under the running
 * portal, as a database failing one query would. PostgreSQL only: PGlite is one process, so
 * nothing else can change its database while the portal has it open.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONS } from '~db/seed-data';
import { pagePath } from '~/route-table';
import { send } from '../../../bench/http';
import { loginDemoPerson } from '../../../bench/login';
import { ensureBuild } from '../../fixtures/build';
import { createTestDatabase, postgresUrlFor, testDatabaseUrl, withPostgresClient, type TestDatabase } from '../../fixtures/db';
import { REPO_ROOT, freePort, startPortal, type PortalProcess } from '../../fixtures/portal-process';

/** Spec 1 §8: the thread load failure of the new-conversation flow. */
const LOAD_FAILURE = 'Failed to fetch messages. Please try again later.';

let portal: PortalProcess | undefined;
let database: TestDatabase | undefined;
afterAll(async () => {
  await portal?.kill();
  await database?.close();
});

describe.skipIf(!testDatabaseUrl())('the new-conversation page when the care team cannot be read', () => {
  it("shows spec 1 §8's load failure instead of the form, logs the error, and recovers", { timeout: 300_000 }, async () => {
    ensureBuild(REPO_ROOT);
    database = await createTestDatabase('postgres');
    const url = postgresUrlFor(testDatabaseUrl()!, database.location);
    // A test deployment on an empty database: migrated and seeded with the demo data at start.
    portal = startPortal({ port: await freePort(), env: { DATABASE_URL: url, DATABASE_POOL_SIZE: '2' } });
    await portal.waitUntilReady();
    // Mikko: an occupational customer with messaging, whose contract has the demo care team.
    const mikko = await loginDemoPerson(portal.origin, DEMO_PERSONS.mikko.identityCode);
    const newConversation = async () => {
      const response = await send(`${portal!.origin}${pagePath('conversationNew', 'en')}`, mikko);
      return { status: response.status, html: await response.text() };
    };
    const alerts = (html: string) => [...html.matchAll(/<p [^>]*role="alert"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);

    const before = await newConversation();
    expect(before.status).toBe(200);
    expect(before.html).toContain('name="recipientId"');
    expect(before.html).not.toContain(LOAD_FAILURE);

    await withPostgresClient(url, (client) => client.query('alter table occupational_care_team rename to occupational_care_team_away'));
    try {
      const failed = await newConversation();
      expect(failed.status).toBe(200);
      expect(alerts(failed.html)).toEqual([LOAD_FAILURE]);
      expect(failed.html).toContain('<h1>New conversation</h1>');
      expect(failed.html).not.toContain('name="recipientId"');
      expect(failed.html).not.toContain('name="idempotencyKey"');
      // And the error is logged for reporting.
      expect(portal.output()).toContain('new conversation failed to load');
    } finally {
      await withPostgresClient(url, (client) => client.query('alter table occupational_care_team_away rename to occupational_care_team'));
    }

    const after = await newConversation();
    expect(after.status).toBe(200);
    expect(after.html).toContain('name="recipientId"');
    expect(after.html).not.toContain(LOAD_FAILURE);
  });
});
