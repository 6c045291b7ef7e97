/**
 * The channels the delivery sends through, chosen by the environment (ADR 0029): `EMAIL=test|smtp`
 * and `SMS=test|<provider>` (the provider is ADR 0030's, in ./sms/).
 */
import type { Env } from '~/env.server';
import type { EmailSender } from './email/email-sender';
import { smtpEmailSender } from './email/smtp.server';
import type { SmsSender } from './sms/sms-sender';
import { smsSenderFrom } from './sms/sms-senders.server';
import { testEmailSender } from './test-senders.server';

export interface Channels {
  email: EmailSender;
  sms: SmsSender;
}

export type ChannelEnv = Pick<
  Env,
  | 'EMAIL'
  | 'SMTP_URL'
  | 'SMTP_REQUIRE_TLS'
  | 'SMTP_TIMEOUT_MS'
  | 'DEPLOYMENT_ENV'
  | 'SMS'
  | 'SMS_GATEWAYAPI_URL'
  | 'SMS_GATEWAYAPI_KEY'
  | 'SMS_GATEWAYAPI_SECRET'
  | 'SMS_GATEWAYAPI_TIMEOUT_MS'
  | 'SMS_MAX_SEGMENTS'
>;

export function emailSenderFor(env: ChannelEnv): EmailSender {
  switch (env.EMAIL) {
    case 'test':
      return testEmailSender;
    case 'smtp':
      return smtpEmailSender({
        url: env.SMTP_URL!,
        // STARTTLS is required in production whatever the setting (env.server.ts refuses turning it off).
        requireTLS: env.DEPLOYMENT_ENV === 'production' || (env.SMTP_REQUIRE_TLS ?? false),
        timeoutMs: env.SMTP_TIMEOUT_MS,
      });
  }
}

/** The SMS channel: the test sender or the gateway (ADR 0030, ./sms/sms-senders.server.ts). */
function smsSenderFor(env: ChannelEnv): SmsSender {
  return smsSenderFrom(env);
}

export function channelsFor(env: ChannelEnv): Channels {
  return { email: emailSenderFor(env), sms: smsSenderFor(env) };
}
