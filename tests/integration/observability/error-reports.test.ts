/**
 * No user text in logs or error reports (issue 21): real database errors — drizzle's
 * DrizzleQueryError around the driver's error, from real queries on PGlite (and PostgreSQL) —
 * whose message, detail and parameters carry a sentinel text, are logged through the project's
 * logger and reported through the error reporter's real client with the project's options; the
 * sentinel is in no log line and no report, while the class and the SQLSTATE are.
 */
import { Writable } from 'node:stream';
import * as Sentry from '@sentry/react-router';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons } from '~db/schema';
import { createLogger } from '~/services/observability/logger.server';
import { serverReportingOptions } from '~/services/observability/sentry.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

/** What a patient might type; only ASCII, so that no JSON escaping hides it from the search. */
const SENTINEL = 'Masennus itsetuhoisia ajatuksia SENTINEL7c1e';
const FOUND = /SENTINEL7c1e|Masennus|itsetuhoisia/;

/** A logger with the project's options writing to memory. */
function memoryLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger(destination, 'debug'), lines };
}

/** Runs a query that must fail and returns its error. */
async function failure(query: Promise<unknown>): Promise<Error> {
  const error = await query.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe.each(databaseKinds())('database errors in logs and error reports on %s', (kind) => {
  const t = withTestDatabase(kind);
  const errors: Record<string, Error> = {};
  const envelopes: string[] = [];

  beforeAll(async () => {
    const person = { identityCode: `ID ${SENTINEL}`, firstName: 'Aino', lastName: 'Virtanen', birthDate: '1985-03-15' };
    const [row] = await t.db.insert(persons).values(person).returning();
    // A NUL in a text parameter (the arrival reason of the issue): 22021, the whole text is a parameter.
    errors.nul = await failure(
      t.db
        .update(persons)
        .set({ firstName: `${SENTINEL}\u0000` })
        .where(eq(persons.id, row!.id)),
    );
    // A unique violation: 23505, the detail quotes the value ("Key (identity_code)=(…) already exists").
    errors.unique = await failure(t.db.insert(persons).values({ ...person, firstName: 'Toinen' }));
    // A bad value for a typed column: 22P02, the message itself quotes the value.
    errors.syntax = await failure(t.db.select().from(persons).where(eq(persons.id, SENTINEL)));

    Sentry.init({
      ...serverReportingOptions('https://public@errors.example.invalid/1', 'test'),
      transport: (options: Parameters<typeof Sentry.createTransport>[0]) =>
        Sentry.createTransport(options, async (request) => {
          envelopes.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body));
          return { statusCode: 200 };
        }),
    });
  });

  afterAll(async () => {
    await Sentry.close(2000);
  });

  it('the errors do carry the text (so the tests below can fail)', () => {
    for (const error of Object.values(errors)) {
      const everything = [error.message, error.stack, (error.cause as Error | undefined)?.message, JSON.stringify(error.cause ?? {})].join('\n');
      expect(everything).toMatch(FOUND);
    }
    expect(errors.nul!.constructor.name).toBe('DrizzleQueryError');
  });

  it('no log line holds the text, however the error is logged; the class and SQLSTATE are there', () => {
    const { logger, lines } = memoryLogger();
    for (const [name, error] of Object.entries(errors)) {
      logger.error({ err: error, name }, 'query failed');
      logger.error({ err: error });
      logger.error(error);
      logger.warn({
        error,
        nested: { list: [error] },
        url: `https://oma.example.fi/fi/ajanvaraus?q=${encodeURIComponent(SENTINEL)}`,
        path: `/fi/x?reason=${SENTINEL.replaceAll(' ', '+')}`,
      });
      logger.error({ err: new Error('wrapped', { cause: error }) }, 'unhandled error');
    }
    expect(lines.length).toBe(15);
    for (const line of lines) expect(line).not.toMatch(FOUND);

    const logged = lines.map(
      (line) =>
        JSON.parse(line) as { err?: { type: string; cause?: { type: string; code?: string }; stack?: string }; url?: string; path?: string; msg?: string },
    );
    const first = logged[0]!;
    expect(first.msg).toBe('query failed');
    expect(first.err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '22021' } });
    expect(first.err!.stack).toMatch(/^at /);
    expect(logged[1]!.msg).toBe('error');
    expect(logged.find((l) => l.err?.cause?.code === '23505')?.err?.cause).toMatchObject({ constraint: 'persons_identity_code_unique', table: 'persons' });
    expect(logged.some((l) => l.err?.cause?.code === '22P02')).toBe(true);
    expect(logged[3]!).toMatchObject({ url: 'https://oma.example.fi/fi/ajanvaraus', path: '/fi/x' });
  });

  it('no error report holds the text, the request body, query string or cookies; the class and SQLSTATE are there', async () => {
    envelopes.length = 0;
    for (const error of Object.values(errors)) {
      Sentry.withIsolationScope((scope) => {
        scope.setSDKProcessingMetadata({
          normalizedRequest: {
            method: 'POST',
            url: `https://oma.example.fi/fi/ajanvaraukset/1?reason=${encodeURIComponent(SENTINEL)}`,
            query_string: `reason=${encodeURIComponent(SENTINEL)}`,
            data: `arrivalReason=${encodeURIComponent(SENTINEL)}`,
            cookies: { portal_session: SENTINEL },
            headers: {
              referer: `https://oma.example.fi/fi/haku?q=${encodeURIComponent(SENTINEL)}`,
              cookie: `portal_session=${SENTINEL}`,
              'user-agent': 'test',
            },
          },
        });
        scope.setUser({ id: SENTINEL });
        scope.setExtra('submitted', { arrivalReason: SENTINEL, error });
        scope.addBreadcrumb({ category: 'console', message: `failed: ${SENTINEL}` });
        scope.addBreadcrumb({ category: 'http', data: { url: `https://insurer.example.fi/check?who=${encodeURIComponent(SENTINEL)}` } });
        Sentry.captureException(error);
      });
    }
    expect(await Sentry.flush(5000)).toBe(true);
    expect(envelopes.length).toBe(3);
    for (const envelope of envelopes) {
      expect(envelope).not.toMatch(FOUND);
      expect(decodeURIComponent(envelope)).not.toMatch(FOUND);
    }
    const all = envelopes.join('\n');
    expect(all).toContain('DrizzleQueryError');
    for (const code of ['22021', '23505', '22P02']) expect(all).toContain(`code=${code}`);
    expect(all).toContain('"url":"https://oma.example.fi/fi/ajanvaraukset/1"');
  });
});
