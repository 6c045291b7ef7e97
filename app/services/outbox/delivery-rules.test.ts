import { describe, expect, it } from 'vitest';
import { afterFailure, errorClassOf, MAX_RETRY_DELAY_SECONDS, retryDelaySeconds } from './delivery-rules';
import { SmtpPermanentError, SmtpTemporaryError } from './email/email-sender';
import { SmsPermanentError, SmsTemporaryError } from './sms/sms-sender';

describe('delivery rules', () => {
  it('waits base × 3^(tries − 1), spread ±20 %, at most an hour', () => {
    expect([1, 2, 3, 4].map((tries) => retryDelaySeconds(tries, 30, 0.5))).toEqual([30, 90, 270, 810]);
    expect(retryDelaySeconds(1, 30, 0)).toBe(24);
    expect(retryDelaySeconds(1, 30, 1)).toBe(36);
    expect(retryDelaySeconds(10, 30, 0.5)).toBe(MAX_RETRY_DELAY_SECONDS);
    expect(retryDelaySeconds(10, 30, 1)).toBe(4320);
    expect(retryDelaySeconds(1, 1, 0)).toBe(1);
  });

  it('retries a temporary or unknown error until the last try, and fails a permanent one at once', () => {
    const base = { maxTries: 3, baseSeconds: 30, random: 0.5 };
    expect(afterFailure({ ...base, errorClass: 'SmtpTemporaryError', tries: 1 })).toEqual({ state: 'queued', retryInSeconds: 30 });
    expect(afterFailure({ ...base, errorClass: 'SmsTemporaryError', tries: 2 })).toEqual({ state: 'queued', retryInSeconds: 90 });
    expect(afterFailure({ ...base, errorClass: 'TypeError', tries: 2 })).toEqual({ state: 'queued', retryInSeconds: 90 });
    expect(afterFailure({ ...base, errorClass: 'SmtpTemporaryError', tries: 3 })).toEqual({ state: 'failed' });
    expect(afterFailure({ ...base, errorClass: 'SmtpPermanentError', tries: 1 })).toEqual({ state: 'failed' });
    expect(afterFailure({ ...base, errorClass: 'SmsPermanentError', tries: 1 })).toEqual({ state: 'failed' });
  });

  it('names an error by its class, never by its message', () => {
    expect(errorClassOf(new SmtpTemporaryError('reply 451'))).toBe('SmtpTemporaryError');
    expect(errorClassOf(new SmtpPermanentError('reply 550'))).toBe('SmtpPermanentError');
    expect(errorClassOf(new SmsTemporaryError('x'))).toBe('SmsTemporaryError');
    expect(errorClassOf(new SmsPermanentError('x'))).toBe('SmsPermanentError');
    expect(errorClassOf(new TypeError('Aino +358401234567'))).toBe('TypeError');
    expect(errorClassOf(new Error('secret text'))).toBe('Error');
    expect(errorClassOf({ name: 'has spaces: and text' })).toBe('Object');
    expect(errorClassOf('a string')).toBe('String');
    expect(errorClassOf(null)).toBe('Error');
  });
});
