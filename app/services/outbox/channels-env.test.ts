/** The delivery's configuration (ADR 0029): defaults that need nothing, and production's refusals. */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/env.server';
import { PRODUCTION_SETTINGS } from '../../../tests/fixtures/production-settings';
import { channelsFor, emailSenderFor } from './channels.server';
import { smtpTransportOptions } from './email/smtp.server';

describe('delivery settings', () => {
  it('needs no configuration: test channels, eight tries, five-minute lease', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ EMAIL: 'test', SMS: 'test', OUTBOX_MAX_TRIES: 8, OUTBOX_RETRY_BASE_SECONDS: 30, OUTBOX_LEASE_SECONDS: 300 });
    const channels = channelsFor(env);
    expect([channels.email.name, channels.sms.name]).toEqual(['test', 'test']);
  });

  it('accepts a complete production configuration, with SMTP', () => {
    const env = parseEnv(PRODUCTION_SETTINGS);
    expect(env.EMAIL).toBe('smtp');
    expect(emailSenderFor(env).name).toBe('smtp');
  });

  it('refuses the test e-mail channel in production', () => {
    expect(() => parseEnv({ ...PRODUCTION_SETTINGS, EMAIL: 'test' })).toThrow(/EMAIL: must be "smtp" in production/);
  });

  it('refuses a production start without SMTP_URL or a sender per brand, naming each', () => {
    const { SMTP_URL: _url, MAIL_FROM_GENERAL: _general, MAIL_FROM_CHILDREN: _children, ...rest } = PRODUCTION_SETTINGS;
    expect(() => parseEnv(rest)).toThrow(/SMTP_URL: required[\s\S]*MAIL_FROM_GENERAL: required in production[\s\S]*MAIL_FROM_CHILDREN: required in production/);
    expect(() => parseEnv({ ...PRODUCTION_SETTINGS, SMTP_REQUIRE_TLS: 'false' })).toThrow(/SMTP_REQUIRE_TLS: cannot be turned off in production/);
  });

  it('takes only smtp:// and smtps:// URLs, without query parameters', () => {
    expect(() => parseEnv({ EMAIL: 'smtp' })).toThrow(/SMTP_URL: required when EMAIL=smtp/);
    expect(() => parseEnv({ EMAIL: 'smtp', SMTP_URL: 'http://mail.example.fi' })).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(() => parseEnv({ EMAIL: 'smtp', SMTP_URL: 'smtp://mail.example.fi?ignoreTLS=true' })).toThrow(/SMTP_URL: must not have query parameters/);
    expect(() => parseEnv({ MAIL_FROM_GENERAL: 'not an address' })).toThrow(/MAIL_FROM_GENERAL/);
    expect(parseEnv({ EMAIL: 'smtp', SMTP_URL: 'smtps://mail.example.fi', MAIL_FROM_GENERAL: 'Kaari <a@kaari.fi>' }).SMTP_URL).toBe('smtps://mail.example.fi');
  });

  it('wants the lease to outlast three SMTP timeouts', () => {
    expect(() => parseEnv({ OUTBOX_LEASE_SECONDS: '60', SMTP_TIMEOUT_MS: '30000' })).toThrow(/OUTBOX_LEASE_SECONDS: must be at least three SMTP timeouts/);
  });

  it('requires STARTTLS in production and reads the URL itself (credentials decoded, nothing else taken from it)', () => {
    const env = parseEnv(PRODUCTION_SETTINGS);
    const options = smtpTransportOptions({ url: env.SMTP_URL!, requireTLS: true, timeoutMs: env.SMTP_TIMEOUT_MS });
    expect(options).toMatchObject({ host: 'smtp.example.fi', port: 587, secure: false, requireTLS: true, auth: { user: 'portal', pass: 'smtp-secret' } });
    expect(smtpTransportOptions({ url: 'smtps://u%40x:p%3Aw@mail.example.fi', requireTLS: true, timeoutMs: 1000 })).toMatchObject({
      port: 465,
      secure: true,
      requireTLS: false,
      auth: { user: 'u@x', pass: 'p:w' },
    });
  });
});
