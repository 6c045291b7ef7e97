import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';
import { FEATURE_FLAGS } from './models/features';
import { PRODUCTION_SETTINGS } from '../tests/fixtures/production-settings';

describe('environment', () => {
  it('has working defaults for a new developer', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, BRAND: 'general', IDENTIFICATION: 'test', PGLITE_DATA_DIR: '.data/pglite' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('turns every feature flag on outside production unless FEATURES names them (issue 26)', () => {
    expect(parseEnv({}).FEATURES).toEqual([...FEATURE_FLAGS]);
    expect(parseEnv({ DEPLOYMENT_ENV: 'test' }).FEATURES).toEqual([...FEATURE_FLAGS]);
    // An empty value counts as unset, like every other variable.
    expect(parseEnv({ FEATURES: '' }).FEATURES).toEqual([...FEATURE_FLAGS]);
    expect(parseEnv({ FEATURES: 'mfa' }).FEATURES).toEqual(['mfa']);
    expect(parseEnv({ FEATURES: 'none' }).FEATURES).toEqual([]);
    expect(() => parseEnv({ FEATURES: 'none,mfa' })).toThrow(/FEATURES/);
  });

  it('keeps production flags explicit: none unless FEATURES names them', () => {
    expect(parseEnv({ ...PRODUCTION_SETTINGS }).FEATURES).toEqual([]);
    expect(parseEnv({ ...PRODUCTION_SETTINGS, FEATURES: 'mfa,pikkutsatti' }).FEATURES).toEqual(['mfa', 'pikkutsatti']);
  });

  it('names every bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', BRAND: 'kids', FEATURES: 'mfa,nope' })).toThrow(/PORT: .*\n.*BRAND: .*\n.*FEATURES/s);
  });

  it('refuses a production deployment without a secret, origin and real identification', () => {
    expect(() => parseEnv({ DEPLOYMENT_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*IDENTIFICATION[\s\S]*PUBLIC_ORIGIN/);
  });

  it('takes a production build (NODE_ENV=production) without DEPLOYMENT_ENV for production, and says so', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /^DEPLOYMENT_ENV is not set: with NODE_ENV=production this is a production start[\s\S]*npm start[\s\S]*SESSION_SECRET: required in production/,
    );
    // The demo says so itself; outside a production build development stays the default.
    expect(parseEnv({ NODE_ENV: 'production', DEPLOYMENT_ENV: 'development' }).DEPLOYMENT_ENV).toBe('development');
    expect(parseEnv({ NODE_ENV: 'test' }).DEPLOYMENT_ENV).toBe('development');
    // An explicit production start with a missing setting gets no assumption line.
    expect(() => parseEnv({ NODE_ENV: 'production', DEPLOYMENT_ENV: 'production' })).toThrow(/^Invalid environment configuration:/);
  });

  it("refuses Paytrail's public test merchants in production only", () => {
    const production = PRODUCTION_SETTINGS;
    expect(parseEnv(production).PAYTRAIL_MERCHANT_ID).toBe('123456');
    // Production runs PostgreSQL: the embedded PGlite is refused there (and only there).
    const { DATABASE_URL: _database, ...embedded } = production;
    expect(() => parseEnv(embedded)).toThrow(/DATABASE_URL: required in production/);
    expect(parseEnv({ ...embedded, DEPLOYMENT_ENV: 'test' }).DATABASE_URL).toBeUndefined();
    for (const merchantId of ['375917', '695861', '695874']) {
      expect(() => parseEnv({ ...production, PAYTRAIL_MERCHANT_ID: merchantId })).toThrow(/PAYTRAIL_MERCHANT_ID: must be our own merchant/);
      expect(parseEnv({ ...production, DEPLOYMENT_ENV: 'test', PAYTRAIL_MERCHANT_ID: merchantId }).PAYTRAIL_MERCHANT_ID).toBe(merchantId);
    }
    for (const secret of ['SAIPPUAKAUPPIAS', 'MONISAIPPUAKAUPPIAS']) {
      expect(() => parseEnv({ ...production, PAYTRAIL_SECRET: secret })).toThrow(/PAYTRAIL_SECRET: must not be a published Paytrail test secret/);
    }
  });

  it('pays with the test provider by default, never in production, and needs Paytrail credentials', () => {
    expect(parseEnv({})).toMatchObject({ PAYMENTS: 'test', ONLINE_PAYMENT_DAYS: 4, TEST_PAYMENTS_CALLBACK_REPEAT: 2 });
    expect(() => parseEnv({ DEPLOYMENT_ENV: 'production' })).toThrow(/PAYMENTS: must be "paytrail" in production/);
    expect(() => parseEnv({ PAYMENTS: 'paytrail' })).toThrow(/PAYTRAIL_MERCHANT_ID[\s\S]*PAYTRAIL_SECRET/);
    expect(parseEnv({ PAYMENTS: 'paytrail', PAYTRAIL_MERCHANT_ID: '375917', PAYTRAIL_SECRET: 'SAIPPUAKAUPPIAS' }).PAYTRAIL_API_URL).toBe(
      'https://services.paytrail.com',
    );
  });

  it('uses the built-in population register by default, never in production, and needs the VTJ settings', () => {
    expect(parseEnv({}).POPULATION_REGISTER).toBe('builtin');
    expect(() => parseEnv({ DEPLOYMENT_ENV: 'production' })).toThrow(/POPULATION_REGISTER: must be "vtj" in production/);
    expect(() => parseEnv({ POPULATION_REGISTER: 'vtj' })).toThrow(/VTJ_XROAD_URL[\s\S]*VTJ_XROAD_CLIENT[\s\S]*VTJ_USERNAME[\s\S]*VTJ_PASSWORD/);
    const vtj = parseEnv({
      POPULATION_REGISTER: 'vtj',
      VTJ_XROAD_URL: 'https://xroad-ss.example.fi/',
      VTJ_XROAD_CLIENT: 'FI/COM/1234567-8/portal',
      VTJ_USERNAME: 'portal',
      VTJ_PASSWORD: 'secret',
    });
    expect(vtj).toMatchObject({ VTJ_PRODUCT_CODE: 'Huoltaja-Huollettavat', VTJ_TIMEOUT_MS: 5000 });
    expect(() => parseEnv({ VTJ_XROAD_CLIENT: 'FI/COM' })).toThrow(/VTJ_XROAD_CLIENT/);
  });

  it('uses the built-in e-Authorizations test service by default, never in production, and needs the Web API settings', () => {
    expect(parseEnv({})).toMatchObject({ E_AUTHORIZATIONS: 'test', VALTUUDET_TIMEOUT_MS: 5000, VALTUUDET_RECHECK_SECONDS: 0 });
    // The re-check's memory: whole seconds, at most a minute.
    expect(parseEnv({ VALTUUDET_RECHECK_SECONDS: '30' })).toMatchObject({ VALTUUDET_RECHECK_SECONDS: 30 });
    for (const bad of ['-1', '61', '1.5', 'soon']) expect(() => parseEnv({ VALTUUDET_RECHECK_SECONDS: bad }), bad).toThrow(/VALTUUDET_RECHECK_SECONDS/);
    expect(() => parseEnv({ DEPLOYMENT_ENV: 'production' })).toThrow(/E_AUTHORIZATIONS: must be "webapi" in production/);
    expect(() => parseEnv({ E_AUTHORIZATIONS: 'webapi' })).toThrow(
      /VALTUUDET_URL[\s\S]*VALTUUDET_CLIENT_ID[\s\S]*VALTUUDET_API_KEY[\s\S]*VALTUUDET_OAUTH_SECRET/,
    );
  });

  it('asks the test insurer by default, never in production, and needs the gateway settings for http', () => {
    expect(parseEnv({})).toMatchObject({ INSURERS: 'test', INSURER_GATEWAY_TIMEOUT_MS: 8000 });
    expect(() => parseEnv({ DEPLOYMENT_ENV: 'production' })).toThrow(/INSURERS: must be "http" in production/);
    expect(() => parseEnv({ INSURERS: 'http' })).toThrow(/INSURER_GATEWAY_URL[\s\S]*INSURER_GATEWAY_CLIENT_ID[\s\S]*INSURER_GATEWAY_API_KEY/);
  });

  it('keeps the built-in calendar by default; FHIR needs its settings, and TLS in production', () => {
    expect(parseEnv({})).toMatchObject({ PRACTICE_SYSTEM: 'builtin' });
    expect(() => parseEnv({ PRACTICE_SYSTEM: 'fhir' })).toThrow(/FHIR_BASE_URL[\s\S]*FHIR_TOKEN_URL[\s\S]*FHIR_CLIENT_ID[\s\S]*FHIR_CLIENT_KEY/);
    const fhir = {
      PRACTICE_SYSTEM: 'fhir',
      FHIR_BASE_URL: 'http://127.0.0.1:4630/fhir/R4',
      FHIR_TOKEN_URL: 'http://127.0.0.1:4630/oauth2/token',
      FHIR_CLIENT_ID: 'portal',
      FHIR_CLIENT_KEY: 'pem',
    };
    expect(parseEnv(fhir)).toMatchObject({ FHIR_TIMEOUT_MS: 5000 });
    expect(() => parseEnv({ ...fhir, DEPLOYMENT_ENV: 'production' })).toThrow(/FHIR_BASE_URL: must be https in production[\s\S]*FHIR_TOKEN_URL: must be https/);
  });

  it('requires the OIDC settings when IDENTIFICATION=oidc', () => {
    expect(() => parseEnv({ IDENTIFICATION: 'oidc' })).toThrow(/OIDC_ISSUER[\s\S]*OIDC_CLIENT_ID[\s\S]*OIDC_CLIENT_SECRET/);
  });

  it('parses the feature list', () => {
    expect(parseEnv({ FEATURES: 'mfa, price-details' }).FEATURES).toEqual(['mfa', 'price-details']);
  });

  it('keeps files in the database by default and needs a bucket for S3', () => {
    expect(parseEnv({}).STORAGE).toBe('embedded');
    expect(() => parseEnv({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => parseEnv({ STORAGE: 'disk' })).toThrow(/STORAGE/);
    const s3 = parseEnv({ STORAGE: 's3', S3_BUCKET: 'portal-files', S3_FORCE_PATH_STYLE: 'true' });
    expect(s3).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'portal-files', S3_REGION: 'eu-north-1', S3_FORCE_PATH_STYLE: true });
  });

  it('wants both S3 keys or neither, and a long enough signing secret', () => {
    expect(() => parseEnv({ S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/S3_SECRET_ACCESS_KEY: set both/);
    expect(() => parseEnv({ S3_SECRET_ACCESS_KEY: 'x' })).toThrow(/S3_ACCESS_KEY_ID: set both/);
    expect(() => parseEnv({ STORAGE_SIGNING_SECRET: 'short' })).toThrow(/STORAGE_SIGNING_SECRET/);
  });
});

describe('health record settings', () => {
  it('defaults renewal and questionnaires on, accepts maintenance, and refuses anything else', () => {
    expect(parseEnv({})).toMatchObject({ PRESCRIPTION_RENEWAL: 'on', QUESTIONNAIRES: 'on' });
    expect(parseEnv({ PRESCRIPTION_RENEWAL: 'maintenance', QUESTIONNAIRES: 'maintenance' })).toMatchObject({
      PRESCRIPTION_RENEWAL: 'maintenance',
      QUESTIONNAIRES: 'maintenance',
    });
    expect(parseEnv({ PRESCRIPTION_RENEWAL: 'off' }).PRESCRIPTION_RENEWAL).toBe('off');
    expect(() => parseEnv({ PRESCRIPTION_RENEWAL: 'paused' })).toThrow(/PRESCRIPTION_RENEWAL/);
    expect(() => parseEnv({ QUESTIONNAIRES: 'off' })).toThrow(/QUESTIONNAIRES/);
  });
});

describe('retention settings (ADR 0040)', () => {
  it('has the ADR’s defaults and a nightly time outside the hour the clocks change', () => {
    expect(parseEnv({})).toMatchObject({
      RETENTION_DAILY_AT: '02:17',
      RETENTION_BATCH_SIZE: 1000,
      RETENTION_RATE_LIMIT_HOURS: 48,
      RETENTION_LOGIN_HOURS: 24,
      RETENTION_SESSION_DAYS: 30,
      RETENTION_OUTBOX_DAYS: 30,
      RETENTION_REMINDER_DAYS: 30,
      RETENTION_EARLIER_TIME_DAYS: 30,
      RETENTION_PAYMENT_EVENT_DAYS: 730,
      RETENTION_ANALYTICS_DAYS: 400,
      RETENTION_ACCESSIBILITY_FEEDBACK_DAYS: 730,
    });
    expect(parseEnv({ RETENTION_DAILY_AT: '04:45' }).RETENTION_DAILY_AT).toBe('04:45');
    expect(() => parseEnv({ RETENTION_DAILY_AT: '3:17' })).toThrow(/RETENTION_DAILY_AT: must be a time of day/);
    expect(() => parseEnv({ RETENTION_DAILY_AT: '24:00' })).toThrow(/RETENTION_DAILY_AT/);
  });

  it('refuses periods shorter than what the rows are still read for', () => {
    // A rate-limit window is open for up to a day.
    expect(() => parseEnv({ RETENTION_RATE_LIMIT_HOURS: '12' })).toThrow(/RETENTION_RATE_LIMIT_HOURS/);
    expect(() => parseEnv({ RETENTION_RATE_LIMIT_HOURS: '24', ANON_CHECK_IN_LOCK_MINUTES: '1500' })).toThrow(
      /RETENTION_RATE_LIMIT_HOURS: must cover the anonymous check-in lock/,
    );
    expect(() => parseEnv({ RETENTION_LOGIN_HOURS: '1', MFA_ONBOARDING_WINDOW_MINUTES: '120' })).toThrow(
      /RETENTION_LOGIN_HOURS: must cover the SMS onboarding window/,
    );
    expect(() => parseEnv({ RETENTION_SESSION_DAYS: '0' })).toThrow(/RETENTION_SESSION_DAYS/);
    expect(() => parseEnv({ RETENTION_EARLIER_TIME_DAYS: '0' })).toThrow(/RETENTION_EARLIER_TIME_DAYS/);
  });
});
