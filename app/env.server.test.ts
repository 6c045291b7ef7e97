import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

describe('environment', () => {
  it('has working defaults for a new developer', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, BRAND: 'general', IDENTIFICATION: 'test', PGLITE_DATA_DIR: '.data/pglite' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.FEATURES).toEqual([]);
  });

  it('names every bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', BRAND: 'kids', FEATURES: 'mfa,nope' })).toThrow(
      /PORT: .*\n.*BRAND: .*\n.*FEATURES/s,
    );
  });

  it('refuses a production deployment without a secret, origin and real identification', () => {
    expect(() => parseEnv({ DEPLOYMENT_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*IDENTIFICATION[\s\S]*PUBLIC_ORIGIN/);
  });

  it('requires the OIDC settings when IDENTIFICATION=oidc', () => {
    expect(() => parseEnv({ IDENTIFICATION: 'oidc' })).toThrow(/OIDC_ISSUER[\s\S]*OIDC_CLIENT_ID[\s\S]*OIDC_CLIENT_SECRET/);
  });

  it('parses the feature list', () => {
    expect(parseEnv({ FEATURES: 'mfa, price-details' }).FEATURES).toEqual(['mfa', 'price-details']);
  });
});
