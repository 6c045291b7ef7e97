/** `SMS` and its settings (app/env.server.ts), the sender they choose, and the sender names. */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/env.server';
import { PRODUCTION_SETTINGS } from '../../../../tests/fixtures/production-settings';
import { SmsPermanentError } from './sms-sender';
import { smsSenderFrom, smsSenderNameFor } from './sms-senders.server';

describe('SMS settings', () => {
  it('uses the test sender by default, with the EU endpoint, 10 s and 10 parts', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ SMS: 'test', SMS_GATEWAYAPI_URL: 'https://gatewayapi.eu/rest/mtsms', SMS_GATEWAYAPI_TIMEOUT_MS: 10_000, SMS_MAX_SEGMENTS: 10 });
    expect(smsSenderFrom(env).name).toBe('test');
  });

  it('needs the key and the secret for gatewayapi', () => {
    expect(() => parseEnv({ SMS: 'gatewayapi' })).toThrow(
      /SMS_GATEWAYAPI_KEY: required when SMS=gatewayapi[\s\S]*SMS_GATEWAYAPI_SECRET: required when SMS=gatewayapi/,
    );
    const env = parseEnv({
      SMS: 'gatewayapi',
      SMS_GATEWAYAPI_KEY: 'k',
      SMS_GATEWAYAPI_SECRET: 'secret-01',
      SMS_GATEWAYAPI_URL: 'http://127.0.0.1:9/rest/mtsms',
    });
    expect(smsSenderFrom(env).name).toBe('gatewayapi');
    expect(() => parseEnv({ SMS: 'sms.example' })).toThrow(/SMS: /);
    expect(() => parseEnv({ SMS_MAX_SEGMENTS: '256' })).toThrow(/SMS_MAX_SEGMENTS/);
  });

  it('production refuses the test sender and a plain-http gateway', () => {
    expect(parseEnv(PRODUCTION_SETTINGS).SMS).toBe('gatewayapi');
    const { SMS: _sms, SMS_GATEWAYAPI_KEY: _key, SMS_GATEWAYAPI_SECRET: _secret, ...withoutSms } = PRODUCTION_SETTINGS;
    expect(() => parseEnv(withoutSms)).toThrow(/SMS: must be "gatewayapi" in production/);
    expect(() => parseEnv({ ...PRODUCTION_SETTINGS, SMS: 'test' })).toThrow(/SMS: must be "gatewayapi" in production/);
    expect(() => parseEnv({ ...PRODUCTION_SETTINGS, SMS_GATEWAYAPI_SECRET: '' })).toThrow(/SMS_GATEWAYAPI_SECRET: required when SMS=gatewayapi/);
    expect(() => parseEnv({ ...PRODUCTION_SETTINGS, SMS_GATEWAYAPI_URL: 'http://gatewayapi.eu/rest/mtsms' })).toThrow(
      /SMS_GATEWAYAPI_URL: must be https in production/,
    );
    // Outside production the test sender and a local gateway are fine.
    expect(parseEnv({ ...PRODUCTION_SETTINGS, DEPLOYMENT_ENV: 'test', SMS: 'test' }).SMS).toBe('test');
  });

  it('takes a sender name per brand, and refuses one that does not fit, with a proposal', () => {
    const env = parseEnv({ SMS_SENDER_CHILDREN: 'PikkuKaari', SMS_SENDER_GENERAL: '+358942420000' });
    expect(smsSenderNameFor('children', env)).toBe('PikkuKaari');
    expect(smsSenderNameFor('general', env)).toBe('+358942420000');
    const defaults = parseEnv({});
    expect(smsSenderNameFor('general', defaults)).toBe('Kaari');
    expect(smsSenderNameFor('children', defaults)).toBe('Pikku Kaari');
    expect(() => parseEnv({ SMS_SENDER_GENERAL: 'Lastenklinikka Kaari' })).toThrow(
      /SMS_SENDER_GENERAL: cannot be an SMS sender \(tooLong\)[^\n]*e\.g\. "Lastenklini"/,
    );
    expect(() => parseEnv({ SMS_SENDER_CHILDREN: 'Šakki' })).toThrow(/SMS_SENDER_CHILDREN: cannot be an SMS sender \(characters\)[^\n]*e\.g\. "Sakki"/);
  });
});

describe('the test sender', () => {
  it('sends nothing, answers an id made of the reference, and refuses what the gateway would', async () => {
    const sender = smsSenderFrom(parseEnv({ SMS_MAX_SEGMENTS: '1' }));
    await expect(sender.send({ to: '+358401234567', from: 'Kaari', text: 'Koodi 123456', reference: '77' })).resolves.toEqual({ providerId: 'test-77' });
    await expect(sender.send({ to: '0401234567', from: 'Kaari', text: 'x', reference: '78' })).rejects.toBeInstanceOf(SmsPermanentError);
    await expect(sender.send({ to: '+358401234567', from: 'Kaari', text: 'a'.repeat(161), reference: '79' })).rejects.toBeInstanceOf(SmsPermanentError);
  });
});
