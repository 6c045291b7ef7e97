/**
 * Which SMS sender this deployment uses (`SMS`, ADR 0030), and the sender name of each brand.
 * The delivery jobs take both from here: `smsSenderFrom(env())` once, `smsSenderNameFor(row.brand,
 * env())` for each message's `from`.
 */
import { BRANDS, type BrandKey } from '~/brands';
import type { Env } from '~/env.server';
import { createGatewayApiSender } from './gatewayapi.server';
import type { SmsSender } from './sms-sender';
import { createTestSmsSender } from './test-sender.server';

type SmsEnv = Pick<Env, 'SMS' | 'SMS_GATEWAYAPI_URL' | 'SMS_GATEWAYAPI_KEY' | 'SMS_GATEWAYAPI_SECRET' | 'SMS_GATEWAYAPI_TIMEOUT_MS' | 'SMS_MAX_SEGMENTS'>;

export function smsSenderFrom(env: SmsEnv): SmsSender {
  switch (env.SMS) {
    case 'test':
      return createTestSmsSender(env.SMS_MAX_SEGMENTS);
    case 'gatewayapi':
      // env.server.ts requires both with SMS=gatewayapi; checked again so a hand-made Env cannot slip.
      if (!env.SMS_GATEWAYAPI_KEY || !env.SMS_GATEWAYAPI_SECRET) throw new Error('SMS=gatewayapi needs SMS_GATEWAYAPI_KEY and SMS_GATEWAYAPI_SECRET');
      return createGatewayApiSender({
        url: env.SMS_GATEWAYAPI_URL,
        key: env.SMS_GATEWAYAPI_KEY,
        secret: env.SMS_GATEWAYAPI_SECRET,
        timeoutMs: env.SMS_GATEWAYAPI_TIMEOUT_MS,
        maxSegments: env.SMS_MAX_SEGMENTS,
      });
  }
}

/** The sender name a brand's SMS go out under: `SMS_SENDER_<BRAND>`, else the brand's own. */
export function smsSenderNameFor(brand: BrandKey, env: Pick<Env, 'SMS_SENDER_GENERAL' | 'SMS_SENDER_CHILDREN'>): string {
  const override = brand === 'general' ? env.SMS_SENDER_GENERAL : env.SMS_SENDER_CHILDREN;
  return override ?? BRANDS[brand].smsSender;
}
