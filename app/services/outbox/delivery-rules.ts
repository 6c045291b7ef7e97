/**
 * The delivery's pure rules (ADR 0029): how long a retry waits, and what a failed try makes of a
 * row. The error classes come from the channels (`./sms/sms-sender.ts`, `./email/email-sender.ts`);
 * here only their names count, so this module stays free of them.
 */

/** Error classes that mean "do not try again". */
export const PERMANENT_ERROR_CLASSES: ReadonlySet<string> = new Set(['SmsPermanentError', 'SmtpPermanentError']);

/** The longest wait between two tries. */
export const MAX_RETRY_DELAY_SECONDS = 3600;

/**
 * Seconds before try number `tries + 1` after `tries` failed ones: base × 3^(tries − 1), at most an
 * hour, spread ±20 % by `random` (0…1) so that messages failing together do not retry together.
 */
export function retryDelaySeconds(tries: number, baseSeconds: number, random: number): number {
  const exact = Math.min(baseSeconds * 3 ** Math.max(0, tries - 1), MAX_RETRY_DELAY_SECONDS);
  const spread = 0.8 + 0.4 * Math.min(Math.max(random, 0), 1);
  return Math.max(1, Math.round(exact * spread));
}

/**
 * The class name stored in `last_error_class` and logged: an error's own class name when it is
 * a plain identifier (never its message, which may quote the message or the provider's reply).
 */
export function errorClassOf(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (typeof name === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name) && name !== 'Error') return name;
  const constructorName = (error as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  if (typeof constructorName === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(constructorName)) return constructorName;
  return 'Error';
}

export type AfterFailure = { state: 'failed' } | { state: 'queued'; retryInSeconds: number };

/**
 * What a failed try makes of the row: `failed` for a permanent error class or when this was the
 * last allowed try, otherwise queued again after the backoff. An unknown error counts as temporary.
 */
export function afterFailure(input: { errorClass: string; tries: number; maxTries: number; baseSeconds: number; random: number }): AfterFailure {
  if (PERMANENT_ERROR_CLASSES.has(input.errorClass) || input.tries >= input.maxTries) return { state: 'failed' };
  return { state: 'queued', retryInSeconds: retryDelaySeconds(input.tries, input.baseSeconds, input.random) };
}
