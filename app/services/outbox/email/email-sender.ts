/**
 * The interface between the outbox's delivery jobs and an e-mail channel (ADR 0029), the
 * counterpart of `../sms/sms-sender.ts`. The delivery side composes the message
 * (`./compose.server.ts`) and calls `send` once per try; what it does next depends on the error
 * class alone: `SmtpTemporaryError` is retried with backoff, `SmtpPermanentError` ends the row
 * `failed`. Neither error's message holds the server's reply, the address or the content.
 */

export interface EmailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface EmailMessage {
  /** The outbox row's id (the Message-ID is made from it, so a repeated try keeps it). */
  outboxId: number;
  from: string;
  to: string;
  subject: string;
  /** The row's body as written: the plain-text part. */
  text: string;
  /** The simple HTML part (./email-html.ts). */
  html: string;
  /** The language of the message (Content-Language). */
  language: string;
  /** `<outbox-<id>@<sender's domain>>`. */
  messageId: string;
  attachments: EmailAttachment[];
}

export interface EmailSender {
  /** `test` or `smtp`, as configured (EMAIL). */
  readonly name: string;
  /**
   * The test channel: it sends nothing, so the outbox row is the recipient's only copy (read at
   * /dev/outbox) and keeps its text once sent. A real channel's row keeps no bearer link (ADR 0029).
   */
  readonly outboxIsMailbox?: boolean;
  /** Sends one message; resolves with the provider's id of it (the Message-ID), or throws one of the two errors. */
  send(message: EmailMessage): Promise<{ providerId: string }>;
  /** Closes connections (at shutdown). */
  close(): void;
}

/** Retry later: a 4xx reply, a refused or dropped connection, a timeout, a TLS handshake that failed. */
export class SmtpTemporaryError extends Error {
  override name = 'SmtpTemporaryError';
}

/** Do not retry: a 5xx reply (unknown mailbox, refused message, rejected credentials). */
export class SmtpPermanentError extends Error {
  override name = 'SmtpPermanentError';
}
