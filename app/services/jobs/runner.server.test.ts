/**
 * The in-process runner's daily schedule (PGlite, one process): once per Helsinki date from the
 * configured time of day, by the app's clock, and the cron expression pg-boss gets for it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock } from '~/lib/clock.server';
import { dailyCron, startJobRunner } from './runner.server';

afterEach(() => {
  vi.useRealTimers();
});

/** Fakes the timers and puts the app's clock at `instant` (whatever PORTAL_NOW's offset is). */
function clockAt(instant: string) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(0);
  const offset = clock.nowMs();
  vi.setSystemTime(new Date(instant).getTime() - offset);
}

describe('daily jobs', () => {
  it('gives pg-boss the cron expression of a Helsinki time of day', () => {
    expect(dailyCron('02:17')).toBe('17 2 * * *');
    expect(dailyCron('00:05')).toBe('5 0 * * *');
    expect(() => dailyCron('2:17')).toThrow(/HH:MM/);
  });

  it('runs in process once a night from the time of day, by the app clock in Helsinki', async () => {
    // Helsinki is UTC+2 on 24 November 2026.
    clockAt('2026-11-24T02:10:00+02:00');
    const runner = await startJobRunner({ DATABASE_URL: undefined });
    const runs: string[] = [];
    await runner.work('nightly', async () => {
      runs.push(clock.now().toISOString());
    });
    await runner.scheduleDaily('nightly', '02:17');
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual(['2026-11-24T00:17:00.000Z']);
    // The rest of the day: no second run.
    await vi.advanceTimersByTimeAsync(23 * 60 * 60_000);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toEqual(['2026-11-24T00:17:00.000Z', '2026-11-25T00:17:00.000Z']);
    await runner.stop();
  });

  it('started after the time of day, runs first the next night (as cron would)', async () => {
    clockAt('2026-11-24T09:00:00+02:00');
    const runner = await startJobRunner({ DATABASE_URL: undefined });
    const runs: string[] = [];
    await runner.work('nightly', async () => {
      runs.push(clock.now().toISOString());
    });
    await runner.scheduleDaily('nightly', '02:17');
    await vi.advanceTimersByTimeAsync(17 * 60 * 60_000 + 17 * 60_000);
    expect(runs).toEqual(['2026-11-25T00:17:00.000Z']);
    await runner.stop();
  });
});
