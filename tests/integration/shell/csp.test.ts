/**
 * The Content-Security-Policy's sources for online payment (ADR 0018, 0043): with
 * PAYMENTS=paytrail the pay page's method logos load from Paytrail's static host and its forms
 * post to PAYMENT_FORM_ORIGINS; with the built-in test provider neither is allowed.
 */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/env.server';
import { contentSecurityPolicy, contentSecurityPolicyFor, nextNonce } from '../../../server';
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

describe('the CSP for practitioners’ profile pictures (ADR 0049)', () => {
  it('allows the content system’s image host when one is configured, and nothing more', () => {
    const env = parseEnv({ DEPLOYMENT_ENV: 'development', PRACTITIONER_PICTURE_ORIGIN: 'https://images.cms.example/some/path' });
    expect(env.PRACTITIONER_PICTURE_ORIGIN).toBe('https://images.cms.example');
    expect(directive(contentSecurityPolicy('n0nce', env, false), 'img-src')).toEqual(["'self'", 'data:', 'https://images.cms.example']);
    expect(() => parseEnv({ DEPLOYMENT_ENV: 'development', PRACTITIONER_PICTURE_ORIGIN: 'http://images.cms.example' })).toThrow(/PRACTITIONER_PICTURE_ORIGIN/);
  });
});

describe('the per-response nonce', () => {
  it('is put into both the script and the style sources of the policy built once', () => {
    const env = parseEnv({ NODE_ENV: 'production', ...PRODUCTION_SETTINGS });
    const policy = contentSecurityPolicyFor(env, false)('abc+/=');
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc+/='"]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'nonce-abc+/='"]);
    expect(policy).toBe(contentSecurityPolicy('abc+/=', env, false));
  });

  it('is 128 random bits, never the same twice, also across refills of its pool', () => {
    const nonces = Array.from({ length: 1000 }, () => nextNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
