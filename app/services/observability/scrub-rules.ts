/**
 * What a log line or an error report may not carry: the one definition of the patterns (pure and
 * client-safe). The server's logger (`logger.server.ts`) and the server's error reports
 * (`sentry.server.ts`) scrub their text with
 * `scrubText`; the outbox masks the bearer links of a delivered message with `scrubBearerLinks`.
 *
 * - Query strings and fragments are cut from every URL (csrfToken, next/nextPath, OAuth code
 *   and state, tokens …): no line or report needs them.
 * - Secret path parameters are masked: every page whose path has a `:code` or `:token`
 *   parameter (the route table's anonymous appointment link and the earlier-time offer, in
 *   each language's path and in any letter case) and the signed file
 *   tokens of `/files/…`; any other long random-looking path segment too.
 * - `name=value` and JSON `"name": value` pairs of secret names (code, pin, ssnEndPart, phone …)
 *   lose their value; identity codes, phone numbers and e-mail addresses are masked.
 */
import type * as Sentry from '@sentry/react-router';
import { PAGES, type PageKey } from '~/route-table';

type Options = NonNullable<Parameters<typeof Sentry.init>[0]>;
export type ReportEvent = Parameters<NonNullable<Options['beforeSend']>>[0];
export type ReportBreadcrumb = Parameters<NonNullable<Options['beforeBreadcrumb']>>[0];

/** Path parameters that are bearer secrets: whoever has the URL may use it. */
const SECRET_PARAM = /(?:^|\/):(?:code|token)(?:\/|$)/;
/** The pages with such a parameter in any language's path (the anonymous link, the offer). */
export const SECRET_PAGES = (Object.keys(PAGES) as PageKey[]).filter((key) =>
  Object.values(PAGES[key].paths as Record<string, string>).some((path) => SECRET_PARAM.test(path)),
);
/** Resource routes with secret parameters (app/routes.ts): the signed file URLs. */
const SECRET_ROUTES = ['files/upload/:token', 'files/messages/:token', 'files/:token'];

/** Names whose values are secret or personal wherever they appear as name=value or JSON. */
const SECRET_NAMES = [
  'csrf',
  'csrfToken',
  'token',
  'code',
  'pin',
  'state',
  'nonce',
  'next',
  'nextPath',
  'redirectTo',
  'ssnEndPart',
  'phone',
  'phoneNumber',
  'email',
  'identityCode',
  'hetu',
  'password',
  'secret',
  'authorization',
];
const SECRET_NAME = new RegExp(`^(?:${SECRET_NAMES.join('|')})$`, 'i');
const NAME_VALUE = new RegExp(`\\b(${SECRET_NAMES.join('|')})=[^&\\s"'<>#),;\\]]*`, 'gi');
const JSON_VALUE = new RegExp(`"(${SECRET_NAMES.join('|')})"\\s*:\\s*(?:"(?:[^"\\\\]|\\\\.)*"|-?\\d+(?:\\.\\d+)?)`, 'gi');

const IDENTITY_CODE = /\b\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]\b/gi;
/** Finnish phone numbers and e-mail addresses. */
const PHONE = /(?:\+358|\b0)[\s-]?\d(?:[\s-]?\d){5,11}\b/g;
const EMAIL = /\b[^\s@"'<>]+@[^\s@"'<>]+\.[a-z]{2,}\b/gi;
/** A query string or fragment after a path: from `?` or `#` to the end of the URL. */
const QUERY = /(\/[^\s?#"'<>]*)[?#][^\s"'<>]*/g;
/** A path segment of 24+ URL-safe characters (a random token, id or code). */
const LONG_SEGMENT = /\/([A-Za-z0-9_-]{24,})(?=$|[/?#.\s"'<>),;\]])/g;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `fi/varaus/:code` → a regex finding that path in any letter case and its replacement, which
 * keeps the static parts as written and puts `[code]` in place of the parameter.
 */
function secretPathPattern(path: string): { regex: RegExp; replace: string } {
  const parts = path.split('/');
  let group = 0;
  const source: string[] = [];
  const replace: string[] = [];
  for (const [index, part] of parts.entries()) {
    if (part.startsWith(':')) {
      // A code is base64url (the `.data` suffix of React Router's data requests stays); a signed
      // token holds dots. A last parameter is the last segment (so `files/:token` leaves
      // `files/upload/…` to its own pattern); a parameter within the path ends at its `/`.
      const value = part === ':token' ? '[A-Za-z0-9_.%-]+' : '[A-Za-z0-9_%-]+';
      source.push(index === parts.length - 1 ? `(?![A-Za-z0-9_.%-]*/)${value}` : value);
      replace.push(`[${part.slice(1)}]`);
    } else {
      source.push(`(${escape(part)})`);
      replace.push(`$${(group += 1)}`);
    }
  }
  return { regex: new RegExp(`/${source.join('/')}`, 'gi'), replace: `/${replace.join('/')}` };
}

const SECRET_PATHS = [
  ...SECRET_PAGES.flatMap((key) => Object.entries(PAGES[key].paths).map(([lang, path]) => secretPathPattern(`${lang}/${path}`))),
  ...SECRET_ROUTES.map((path) => secretPathPattern(path)),
];

/**
 * The secret path parameters of URLs in a text masked (`https://…/fi/varaus/[code]`), and long
 * random-looking path segments, nothing else changed: what the outbox keeps of a delivered
 * message (ADR 0029), and a part of `scrubText`.
 */
export function scrubBearerLinks(text: string): string {
  let out = text;
  for (const { regex, replace } of SECRET_PATHS) out = out.replace(regex, replace);
  return out.replace(LONG_SEGMENT, (match, run: string) => (/\d/.test(run) || run.length >= 32 ? '/[token]' : match));
}

/** Removes secrets from free text, URLs among it (or a URL alone). */
export function scrubText(text: string): string {
  return scrubBearerLinks(text.replace(QUERY, '$1'))
    .replace(NAME_VALUE, '$1=[redacted]')
    .replace(JSON_VALUE, '"$1":"[redacted]"')
    .replace(IDENTITY_CODE, '[identity-code]')
    .replace(EMAIL, '[email]')
    .replace(PHONE, '[phone]');
}

/** Every string of a value (objects and arrays walked), values under secret names dropped. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 8) return '[…]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_NAME.test(key) ? '[redacted]' : scrubValue(item, depth + 1)]));
}

const scrubRecord = <T>(value: T): T => scrubValue(value) as T;

/** The browser's `beforeSend`: the event without personal data or bearer secrets. */
export function scrubBrowserEvent(event: ReportEvent): ReportEvent {
  const request = event.request;
  if (request) {
    if (request.url) request.url = scrubText(request.url);
    delete request.query_string;
    delete request.data;
    delete request.cookies;
    if (request.headers) {
      request.headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'cookie' && name.toLowerCase() !== 'authorization')
          .map(([name, value]) => [name, scrubText(value)]),
      );
    }
  }
  delete event.user;
  if (event.transaction) event.transaction = scrubText(event.transaction);
  if (event.message) event.message = scrubText(event.message);
  if (event.logentry) event.logentry = scrubRecord(event.logentry);
  if (event.tags) event.tags = scrubRecord(event.tags);
  if (event.extra) event.extra = scrubRecord(event.extra);
  if (event.contexts) event.contexts = scrubRecord(event.contexts);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) {
      // An inline script's frame is named by the page's URL.
      if (frame.filename) frame.filename = scrubText(frame.filename);
      if (frame.abs_path) frame.abs_path = scrubText(frame.abs_path);
      delete frame.vars;
      if (frame.context_line) frame.context_line = scrubText(frame.context_line);
      if (frame.pre_context) frame.pre_context = frame.pre_context.map(scrubText);
      if (frame.post_context) frame.post_context = frame.post_context.map(scrubText);
    }
  }
  if (event.breadcrumbs) {
    event.breadcrumbs = event.breadcrumbs.flatMap((crumb) => {
      const scrubbed = scrubBrowserBreadcrumb(crumb);
      return scrubbed ? [scrubbed] : [];
    });
  }
  return event;
}

/** The browser's `beforeBreadcrumb`: typed input never; URLs, messages and data scrubbed. */
export function scrubBrowserBreadcrumb(crumb: ReportBreadcrumb): ReportBreadcrumb | null {
  if (crumb.category === 'ui.input') return null;
  if (crumb.message) crumb.message = scrubText(crumb.message);
  if (crumb.data) crumb.data = scrubRecord(crumb.data);
  return crumb;
}
