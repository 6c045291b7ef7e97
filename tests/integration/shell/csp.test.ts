/**
 * The Content-Security-Policy's sources for online payment (ADR 0018, 0043): with
 * PAYMENTS=paytrail the pay page's method logos load from Paytrail's static host and its forms
 * post to PAYMENT_FORM_ORIGINS; with the built-in test provider neither is allowed.
 */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/env.server';
import { contentSecurityPolicy } from '../../../server';
import { PRODUCTION_SETTINGS } from '../../fixtures/production-settings';

function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((d) => d.split(' ')[0] === name);
  return found ? found.split(' ').slice(1) : [];
}

describe('the CSP for online payment', () => {
  it("allows exactly Paytrail's static host for images when Paytrail is in use", () => {
    const policy = contentSecurityPolicy('n0nce', parseEnv({ NODE_ENV: 'production', ...PRODUCTION_SETTINGS }), false);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'https://resources.paytrail.com']);
    expect(directive(policy, 'form-action')).toEqual(["'self'", 'https://services.paytrail.com', 'https://pay.paytrail.com']);
  });

  it('allows no outside image host with the built-in test provider', () => {
    const policy = contentSecurityPolicy('n0nce', parseEnv({ DEPLOYMENT_ENV: 'development' }), false);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:']);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
  });
});
