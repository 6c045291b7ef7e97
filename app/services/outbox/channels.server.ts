/**
 * The channels the delivery sends through, chosen by the environment (ADR 0029): `EMAIL=test|smtp`
 * and `SMS=test|<provider>` (the provider is ADR 0030's, in ./sms/).
 */
import type { Env } from '~/env.server';
import type { EmailSender } from './email/email-sender';
import { smtpEmailSender } from './email/smtp.server';
import type { SmsSender } from './sms/sms-sender';
import { testEmailSender, testSmsSender } from './test-senders.server';

export interface Channels {
  email: EmailSender;
  sms: SmsSender;
}

export type ChannelEnv = Pick<Env, 'EMAIL' | 'SMTP_URL' | 'SMTP_REQUIRE_TLS' | 'SMTP_TIMEOUT_MS' | 'SMS' | 'DEPLOYMENT_ENV'>;

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

/** The SMS channel; a gateway provider (ADR 0030) plugs in here as another case. */
export function smsSenderFor(env: ChannelEnv): SmsSender {
  switch (env.SMS) {
    case 'test':
      return testSmsSender;
  }
}

export function channelsFor(env: ChannelEnv): Channels {
  return { email: emailSenderFor(env), sms: smsSenderFor(env) };
}
