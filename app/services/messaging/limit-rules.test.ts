import { describe, expect, it } from 'vitest';
import { isTooManyMessages } from './limit-rules';

describe('a service’s refusal over the per-person limit of messages', () => {
  it('is the too-many refusal with its wait, and nothing else', () => {
    expect(isTooManyMessages({ ok: false, reason: 'too-many', retryAfterSeconds: 120 } as { ok: boolean })).toBe(true);
    expect(isTooManyMessages({ ok: true, reason: 'too-many', retryAfterSeconds: 120 } as { ok: boolean })).toBe(false);
    expect(isTooManyMessages({ ok: false, reason: 'not-found' } as { ok: boolean })).toBe(false);
    expect(isTooManyMessages({ ok: false, reason: 'too-many' } as { ok: boolean })).toBe(false);
    expect(isTooManyMessages({ ok: false, reason: 'empty-message', retryAfterSeconds: 120 } as { ok: boolean })).toBe(false);
  });
});
