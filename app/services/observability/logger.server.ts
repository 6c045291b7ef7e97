/**
 * The project logger (pino, JSON lines). Personal identity codes, phone numbers and e-mail
 * addresses are masked in every string of every log record, and known secret fields are
 * removed, so a careless `logger.info({ body })` cannot leak them.
 */
import pino from 'pino';
import { env } from '~/env.server';

const IDENTITY_CODE = /\b\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]\b/gi;
const PHONE = /(?:\+358|\b0)[\s-]?\d(?:[\s-]?\d){5,11}\b/g;
const EMAIL = /\b[^\s@"'<>]+@[^\s@"'<>]+\.[a-z]{2,}\b/gi;

export function scrubText(value: string): string {
  return value.replace(IDENTITY_CODE, '[identity-code]').replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

/** Deep-copies a value with every string scrubbed (bounded depth). */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    return { type: value.name, message: scrubText(value.message), stack: value.stack && scrubText(value.stack) };
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, depth + 1)]));
}

export const logger = pino({
  level: env().LOG_LEVEL,
  base: { service: 'patient-portal' },
  redact: {
    paths: ['identityCode', '*.identityCode', 'ssn', '*.ssn', 'password', 'cookie', '*.cookie', 'headers.cookie', 'body', '*.body'],
    censor: '[redacted]',
  },
  formatters: {
    log: (record) => scrub(record) as Record<string, unknown>,
  },
  hooks: {
    logMethod(args, method) {
      method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>);
    },
  },
});
