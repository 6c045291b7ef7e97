import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '~db/schema';
import { parseEnv } from '~/env.server';
import { runRetention } from '~/services/jobs/retention.server';
import { hitRateLimit } from '~/services/security/rate-limit.server';
import { databaseKinds, withTestDatabase } from '../fixtures/db';

const T0 = new Date('2026-03-02T08:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

describe.each(databaseKinds())('rate limits on %s', (kind) => {
  const t = withTestDatabase(kind);

  it('allows hits up to the limit and refuses the ones above it', async () => {
    const key = 'identification:192.0.2.1';
    for (let i = 1; i <= 3; i++) {
      expect(await hitRateLimit(t.db, key, 3, 60, at(i - 1))).toEqual({
        allowed: true,
        count: i,
        retryAfterSeconds: 60 - (i - 1),
      });
    }
    const refused = await hitRateLimit(t.db, key, 3, 60, at(10));
    expect(refused).toEqual({ allowed: false, count: 4, retryAfterSeconds: 50 });
    expect(await hitRateLimit(t.db, key, 3, 60, at(20))).toEqual({ allowed: false, count: 5, retryAfterSeconds: 40 });
    // Another key has its own counter.
    expect(await hitRateLimit(t.db, 'identification:192.0.2.2', 3, 60, at(20))).toMatchObject({
      allowed: true,
      count: 1,
    });
  });

  it('restarts the window after windowSeconds', async () => {
    const key = 'posts:198.51.100.7';
    for (let i = 0; i < 3; i++) await hitRateLimit(t.db, key, 2, 60, at(i));
    expect((await hitRateLimit(t.db, key, 2, 60, at(59))).allowed).toBe(false);

    const restarted = await hitRateLimit(t.db, key, 2, 60, at(61));
    expect(restarted).toEqual({ allowed: true, count: 1, retryAfterSeconds: 60 });
    expect(await hitRateLimit(t.db, key, 2, 60, at(62))).toMatchObject({ allowed: true, count: 2 });
    expect(await hitRateLimit(t.db, key, 2, 60, at(63))).toEqual({ allowed: false, count: 3, retryAfterSeconds: 58 });
    // The new window counts from its own start (61 s), not from the first hit.
    expect(await hitRateLimit(t.db, key, 2, 60, at(121))).toMatchObject({ allowed: true, count: 1 });
  });

  it('counts several hits at once (the files of one upload), also when a new window starts', async () => {
    const key = 'uploads:person-1';
    expect(await hitRateLimit(t.db, key, 5, 60, at(0), 2)).toEqual({ allowed: true, count: 2, retryAfterSeconds: 60 });
    expect(await hitRateLimit(t.db, key, 5, 60, at(1), 3)).toMatchObject({ allowed: true, count: 5 });
    expect(await hitRateLimit(t.db, key, 5, 60, at(2), 2)).toMatchObject({ allowed: false, count: 7 });
    expect(await hitRateLimit(t.db, key, 5, 60, at(61), 4)).toEqual({ allowed: true, count: 4, retryAfterSeconds: 60 });
  });

  it('stores keys hashed, never the raw key', async () => {
    const key = 'login:203.0.113.99';
    await hitRateLimit(t.db, key, 5, 60, T0);
    const rows = await t.db.select().from(rateLimits);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.99');
    expect(rows.map((r) => r.key)).toContain(sha256(key));
  });

  it('counts concurrent hits exactly', async () => {
    const key = 'concurrent:192.0.2.50';
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(t.db, key, 10, 600, T0)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    const next = await hitRateLimit(t.db, key, 10, 600, at(1));
    expect(next.count).toBe(21);
  });

  it('the nightly retention deletes windows that ended long ago (ADR 0040) and keeps a day-long one that is open', async () => {
    await hitRateLimit(t.db, 'old:192.0.2.77', 5, 60, at(-3 * 86_400));
    await hitRateLimit(t.db, 'fresh:192.0.2.78', 5, 86_400, at(-86_000));
    await runRetention(t.db, parseEnv({}), { now: T0 });
    const keys = (await t.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain(sha256('old:192.0.2.77'));
    expect(keys).toContain(sha256('fresh:192.0.2.78'));
  });
});
