/**
 * The project logger (pino, JSON lines). Every string of every log record is scrubbed with the
 * error reports' own patterns (`scrubText` of ./scrub-rules.ts, the one definition): identity
 * codes, phone numbers and e-mail addresses are masked, URLs lose their query strings, bearer
 * codes in paths (the anonymous appointment link's, the earlier-time offer's, signed file
 * tokens) become `[code]`/`[token]`, secret `name=value` pairs lose their value; and known secret
 * fields are removed, so a careless `logger.info({ body })` or `{ path }` cannot leak them.
 *
 * Errors are logged safe by construction (./safe-error.ts, issue 21): wherever an error sits in
 * a record it is replaced by its class, codes and stack frames, never its message (a database
 * error's message carries the query's parameters, i.e. what the user typed). A record's message
 * is the literal the code passes: pino would otherwise take an error's message for it, and
 * format arguments (`%s`) are dropped.
 */
import pino from 'pino';
import { env } from '~/env.server';
import { isErrorLike, safeError } from './safe-error';
import { scrubText } from './scrub-rules';

/** Deep-copies a value with every string scrubbed and every error made safe (bounded depth). */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (isErrorLike(value)) return safeError(value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, depth + 1)]));
}

/** The logger's options; `createLogger` with another destination is how the tests read its lines. */
export function createLogger(destination?: pino.DestinationStream, level = env().LOG_LEVEL) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'patient-portal' },
    redact: {
      paths: ['identityCode', '*.identityCode', 'ssn', '*.ssn', 'password', 'cookie', '*.cookie', 'headers.cookie', 'body', '*.body'],
      censor: '[redacted]',
    },
    serializers: {
      err: (value: unknown) => (isErrorLike(value) ? safeError(value) : value),
      error: (value: unknown) => (isErrorLike(value) ? safeError(value) : value),
    },
    formatters: {
      log: (record) => scrub(record) as Record<string, unknown>,
    },
    hooks: {
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        const message = typeof second === 'string' ? scrubText(second) : undefined;
        if (first instanceof Error) {
          // pino would log `first.message` as the message.
          method.apply(this, [{ err: first }, message ?? 'error'] as unknown as Parameters<typeof method>);
        } else if (typeof first === 'object' && first !== null) {
          const record = first as Record<string, unknown>;
          // Given `{ err }` and no message, pino would log the error's message as the message.
          const fallback = record.err !== undefined || record.error !== undefined ? 'error' : undefined;
          const chosen = message ?? fallback;
          method.apply(this, (chosen === undefined ? [first] : [first, chosen]) as unknown as Parameters<typeof method>);
        } else {
          method.apply(this, [typeof first === 'string' ? scrubText(first) : first] as unknown as Parameters<typeof method>);
        }
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();
