import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePortalNow, portalNowProblem } from './clock.server';

describe('PORTAL_NOW', () => {
  it('is an ISO 8601 instant with an offset', () => {
    expect(parsePortalNow('2027-03-28T02:30:00+02:00')?.toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(parsePortalNow('2027-10-31T03:30+03:00')?.toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(parsePortalNow('2028-02-29T07:55:00.250Z')?.toISOString()).toBe('2028-02-29T07:55:00.250Z');
    for (const bad of ['2027-03-28T02:30:00', '2027-03-28', 'tomorrow', '2027-02-29T10:00:00+02:00', '2027-13-01T00:00Z', '2027-01-01T25:00Z']) {
      expect(parsePortalNow(bad), bad).toBeNull();
    }
  });

  it('is refused in production and when malformed', () => {
    expect(portalNowProblem({ PORTAL_NOW: '2027-03-28T02:30:00+02:00', DEPLOYMENT_ENV: 'test' })).toBeNull();
    expect(portalNowProblem({ DEPLOYMENT_ENV: 'production' })).toBeNull();
    expect(portalNowProblem({ PORTAL_NOW: '2027-03-28T02:30:00+02:00', DEPLOYMENT_ENV: 'production' })).toMatch(/not allowed in production/);
    expect(portalNowProblem({ PORTAL_NOW: '28.3.2027 2:30' })).toMatch(/ISO 8601/);
  });
});

describe('the clock', () => {
  const saved = {
    PORTAL_NOW: process.env.PORTAL_NOW,
    PORTAL_CLOCK_OFFSET_MS: process.env.PORTAL_CLOCK_OFFSET_MS,
    PORTAL_CLOCK_FOR: process.env.PORTAL_CLOCK_FOR,
  };
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  /** A fresh copy of the module, as a new process would load it. */
  async function freshClock(env: { PORTAL_NOW?: string; PORTAL_CLOCK_OFFSET_MS?: string; PORTAL_CLOCK_FOR?: string }) {
    delete process.env.PORTAL_NOW;
    delete process.env.PORTAL_CLOCK_OFFSET_MS;
    delete process.env.PORTAL_CLOCK_FOR;
    Object.assign(process.env, env);
    vi.resetModules();
    return (await import('./clock.server')).clock;
  }

  it('starts at PORTAL_NOW and then runs at normal speed, and tells the processes it starts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:30:00Z'));
    const clock = await freshClock({ PORTAL_NOW: '2026-12-31T23:50:00+02:00' });
    expect(clock.start().toISOString()).toBe('2026-12-31T21:50:00.000Z');
    vi.advanceTimersByTime(15 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-12-31T22:05:00.000Z');
    expect(process.env.PORTAL_CLOCK_OFFSET_MS).toBe(String(Date.parse('2026-12-31T21:50:00Z') - Date.parse('2026-11-24T09:30:00Z')));
  });

  it('continues the timeline of the process that started it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:40:00Z'));
    // The parent started ten minutes earlier, at 09:30 wall time = 23:50 on the clock.
    const offset = String(Date.parse('2026-12-31T21:50:00Z') - Date.parse('2026-11-24T09:30:00Z'));
    const clock = await freshClock({ PORTAL_NOW: '2026-12-31T23:50:00+02:00', PORTAL_CLOCK_OFFSET_MS: offset, PORTAL_CLOCK_FOR: '2026-12-31T23:50:00+02:00' });
    expect(clock.now().toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });

  it('starts anew when given another PORTAL_NOW than its parent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:40:00Z'));
    const clock = await freshClock({
      PORTAL_NOW: '2028-02-29T07:55:00+02:00',
      PORTAL_CLOCK_OFFSET_MS: '123456',
      PORTAL_CLOCK_FOR: '2026-12-31T23:50:00+02:00',
    });
    expect(clock.now().toISOString()).toBe('2028-02-29T05:55:00.000Z');
  });

  it('is the wall clock without PORTAL_NOW', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:30:00Z'));
    const clock = await freshClock({});
    expect(clock.now().toISOString()).toBe('2026-11-24T09:30:00.000Z');
  });
});
