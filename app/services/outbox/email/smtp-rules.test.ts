import { describe, expect, it } from 'vitest';
import { smtpFailureIsPermanent } from './smtp-rules';

describe('SMTP failures', () => {
  it('are permanent for a 5xx reply only (RFC 5321 §4.2.1)', () => {
    expect(smtpFailureIsPermanent({ responseCode: 550 })).toBe(true);
    expect(smtpFailureIsPermanent({ responseCode: 554, code: 'EENVELOPE' })).toBe(true);
    expect(smtpFailureIsPermanent({ responseCode: 451 })).toBe(false);
    expect(smtpFailureIsPermanent({ responseCode: 421 })).toBe(false);
    expect(smtpFailureIsPermanent({ code: 'ECONNECTION' })).toBe(false);
    expect(smtpFailureIsPermanent({ code: 'ETIMEDOUT' })).toBe(false);
    expect(smtpFailureIsPermanent(new Error('x'))).toBe(false);
  });
});
