/** The re-check's memory (ADR 0050): a yes kept for the configured seconds, a no never. */
import { describe, expect, it } from 'vitest';
import { createRecheck } from './recheck';

/** An answer of Suomi.fi that counts the times it was asked. */
function service(answer: boolean) {
  const asked = { count: 0, answer };
  return { asked, ask: () => Promise.resolve((asked.count += 1) > 0 && asked.answer) };
}

describe('the mandate re-check', () => {
  it('asks on every request with 0 seconds (the default)', async () => {
    const recheck = createRecheck(0, () => 1_000);
    const s = service(true);
    for (let i = 0; i < 3; i++) expect(await recheck.stillInForce('a', s.ask)).toBe(true);
    expect(s.asked.count).toBe(3);
    s.asked.answer = false;
    expect(await recheck.stillInForce('a', s.ask)).toBe(false);
  });

  it('keeps a yes for the seconds given, per mandate, and asks again after them', async () => {
    let now = 1_000_000;
    const recheck = createRecheck(30, () => now);
    const s = service(true);
    expect(await recheck.stillInForce('a', s.ask)).toBe(true);
    // Withdrawn meanwhile: within the 30 seconds the kept yes answers, without a Web API call.
    s.asked.answer = false;
    now += 29_999;
    expect(await recheck.stillInForce('a', s.ask)).toBe(true);
    expect(s.asked.count).toBe(1);
    // Another mandate (another Web API session or choice) is asked on its own.
    expect(await recheck.stillInForce('b', s.ask)).toBe(false);
    expect(s.asked.count).toBe(2);
    now += 1;
    expect(await recheck.stillInForce('a', s.ask)).toBe(false);
    expect(s.asked.count).toBe(3);
  });

  it('never keeps a no: the next request asks again', async () => {
    const recheck = createRecheck(30, () => 5_000);
    const s = service(false);
    expect(await recheck.stillInForce('a', s.ask)).toBe(false);
    s.asked.answer = true;
    expect(await recheck.stillInForce('a', s.ask)).toBe(true);
    expect(s.asked.count).toBe(2);
  });
});
