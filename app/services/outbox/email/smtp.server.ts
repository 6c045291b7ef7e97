/**
 * E-mail over SMTP with nodemailer (ADR 0029). `SMTP_URL` names the server: `smtp://` speaks
 * STARTTLS (required in production: a server that does not offer it is refused), `smtps://` TLS
 * from the start. One pooled transport per process; each message is one SMTP transaction. A
 * failure becomes `SmtpTemporaryError` or `SmtpPermanentError` (./smtp-rules.ts) whose message
 * is only the reply code or the connection's error code: never the server's text, which may quote
 * the address or the content.
 */
import nodemailer from 'nodemailer';
import { SmtpPermanentError, SmtpTemporaryError, type EmailMessage, type EmailSender } from './email-sender';
import { smtpFailureIsPermanent } from './smtp-rules';

export interface SmtpSettings {
  url: string;
  /** Refuse a server without STARTTLS (smtp:// only; smtps:// is TLS anyway). */
  requireTLS: boolean;
  timeoutMs: number;
}

/** The transport's options from the URL, read here (not by nodemailer) so nothing in it can weaken TLS. */
export function smtpTransportOptions(settings: SmtpSettings) {
  const url = new URL(settings.url);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && settings.requireTLS,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    pool: true,
    maxConnections: 4,
    // nodemailer logs nothing of ours: no addresses or content in any log (issue 22).
    logger: false,
    debug: false,
  };
}

function classify(error: unknown): Error {
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  const code = (error as { code?: unknown } | null)?.code;
  const detail = typeof responseCode === 'number' ? `reply ${responseCode}` : typeof code === 'string' && /^[A-Z_]{1,32}$/.test(code) ? code : 'no reply';
  return smtpFailureIsPermanent(error) ? new SmtpPermanentError(detail) : new SmtpTemporaryError(detail);
}

export function smtpEmailSender(settings: SmtpSettings): EmailSender {
  const transport = nodemailer.createTransport(smtpTransportOptions(settings));
  return {
    name: 'smtp',
    async send(message: EmailMessage) {
      try {
        const info = await transport.sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          headers: { 'Content-Language': message.language, 'Auto-Submitted': 'auto-generated' },
          attachments: message.attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        return { providerId: info.messageId || message.messageId };
      } catch (error) {
        throw classify(error);
      }
    },
    close: () => transport.close(),
  };
}
