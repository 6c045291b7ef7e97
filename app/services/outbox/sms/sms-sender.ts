/**
 * The one interface between the outbox's delivery jobs and an SMS provider (issue 22).
 * The delivery side (app/services/outbox/, app/services/jobs/) calls `send` once per try and
 * decides what to do from the error class alone: a `SmsTemporaryError` is retried with backoff,
 * a `SmsPermanentError` ends the row `failed`. Neither error's message ever holds the number
 * or the text (they are not logged, but they are stored as the row's last error class).
 *
 * Implementations: `smsSenderFrom(env)` in `./sms-sender-factory.server.ts` (ADR 0030).
 */

export interface SmsMessage {
  /** The recipient in E.164 (`+358401234567`); normalise with `toE164` from `./phone-rules`. */
  to: string;
  /** Sender: an alphanumeric name (≤ 11 GSM-7 characters) or a number; see `./sender-rules`. */
  from: string;
  text: string;
  /** Our outbox id: the provider's idempotency/reference field and the key of delivery reports. */
  reference: string;
}

export interface SmsSender {
  /** The provider's name as configured (`SMS=<name>`), e.g. for the outbox row and logs. */
  readonly name: string;
  /**
   * The test channel: it sends nothing, so the outbox row is the recipient's only copy (read at
   * /dev/outbox) and keeps its text once sent. A real channel's row keeps no bearer link (ADR 0029).
   */
  readonly outboxIsMailbox?: boolean;
  /** Sends one message; resolves with the provider's id of it, or throws one of the two errors. */
  send(message: SmsMessage): Promise<{ providerId: string }>;
}

/** Retry later: timeouts, network errors, HTTP 5xx and 429. */
export class SmsTemporaryError extends Error {
  override name = 'SmsTemporaryError';
}

/** Do not retry: invalid number, rejected credentials, a request the provider refuses (4xx). */
export class SmsPermanentError extends Error {
  override name = 'SmsPermanentError';
}
