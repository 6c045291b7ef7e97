/**
 * Which SMTP failures are worth another try (ADR 0029), from what nodemailer reports: the
 * server's reply code when there was one (4xx temporary, 5xx permanent, RFC 5321 §4.2.1), else
 * the failure was the connection's (refused, dropped, timed out, TLS): temporary. Pure.
 */
export function smtpFailureIsPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code <= 599;
}
