/**
 * The client address every per-address limit counts (identification starts, anonymous posts,
 * check-in attempts, SMS codes) is Express's `req.ip` under `app.set('trust proxy',
 * env.TRUST_PROXY)`, exactly as server.ts sets it. A client can put anything into
 * X-Forwarded-For; only the entries our own proxies appended may count. Each case runs a small
 * Express app with that one setting, behind which the test is the proxy (127.0.0.1), and a real
 * rate limit on a real database.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '~/env.server';
import { hitRateLimit } from '~/services/security/rate-limit.server';
import { databaseKinds, withTestDatabase } from '../fixtures/db';

/** What our proxy appends: the address the client's connection came from. */
const CLIENT = '203.0.113.10';
const LIMIT = 3;

describe.each(databaseKinds())('the address a per-address limit sees, on %s', (kind) => {
  const t = withTestDatabase(kind);
  const servers: Array<{ close(): void }> = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  /** An app with the server's setting and a limit of LIMIT hits per address; answers the address it counted. */
  async function portal(trustProxy: string | undefined, scope: string): Promise<string> {
    const app = express();
    app.set('trust proxy', parseEnv({ TRUST_PROXY: trustProxy }).TRUST_PROXY);
    app.get('/', (req, res, next) => {
      // server.ts: clientIp = req.ip ?? req.socket.remoteAddress
      const clientIp = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      hitRateLimit(t.db, `${scope}:${clientIp}`, LIMIT, 600)
        .then((hit) => res.status(hit.allowed ? 200 : 429).json({ clientIp }))
        .catch(next);
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  async function get(url: string, forwardedFor?: string) {
    const response = await fetch(url, { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} });
    return { status: response.status, clientIp: ((await response.json()) as { clientIp: string }).clientIp };
  }

  it.each([
    ['a hop count', '1'],
    ['the proxy’s address', '127.0.0.1'],
    ['the proxy’s network and a name', '127.0.0.0/8, 10.0.0.0/8'],
    ['a proxy-addr name', 'loopback'],
  ])('counts the address our proxy saw, whatever the client forges, with %s (TRUST_PROXY=%s)', async (_label, setting) => {
    const url = await portal(setting, `forged-${setting}`);
    const answers = [];
    for (let i = 1; i <= LIMIT + 1; i++) {
      // The client sends its own choice (one or several entries); our proxy appends CLIENT.
      answers.push(await get(url, `198.51.100.${i}, 192.0.2.${i}, ${CLIENT}`));
    }
    expect(answers.map((a) => a.clientIp)).toEqual(Array(LIMIT + 1).fill(CLIENT));
    // Forging a new address each time did not reset the count: the last request is refused.
    expect(answers.map((a) => a.status)).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, and by default', async () => {
    for (const setting of ['10.0.0.0/8', undefined, 'false', '0']) {
      const url = await portal(setting, `direct-${String(setting)}`);
      const answers = [];
      for (let i = 1; i <= LIMIT + 1; i++) answers.push(await get(url, `198.51.100.${i}`));
      expect(answers.map((a) => a.clientIp)).toEqual(Array(LIMIT + 1).fill('127.0.0.1'));
      expect(answers.at(-1)?.status).toBe(429);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true (every hop trusted), naming the alternatives', () => {
    for (const value of ['true', 'TRUE']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*every hop.*number of proxies.*e\.g\. 1.*addresses/);
    }
  });

  it('takes a hop count or a list of addresses, networks and proxy-addr names', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8 ,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const value of ['yes', '-1', '1.5', 'proxy.example.fi', '10.0.0.0/33', 'fd00::/129', ',', '300.1.1.1']) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: /);
    }
  });
});
