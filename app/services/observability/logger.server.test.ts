import { describe, expect, it } from 'vitest';
import { scrub, scrubText } from './logger.server';

describe('log scrubbing', () => {
  it('masks identity codes of every century, phone numbers and e-mail addresses', () => {
    const text = scrubText('user 150385-9024 and 120518A905L and 020779-913S, tel +358 40 123 4567, 0401234567, a.b@example.fi');
    expect(text).not.toMatch(/150385|120518|020779|4567|a\.b@/);
    expect(text).toContain('[identity-code]');
    expect(text).toContain('[phone]');
    expect(text).toContain('[email]');
  });

  it('scrubs nested objects and errors', () => {
    const out = JSON.stringify(scrub({ a: { b: ['030911A914H'] }, err: new Error('bad 280270-9479') }));
    expect(out).not.toContain('030911A914H');
    expect(out).not.toContain('280270-9479');
  });
});
