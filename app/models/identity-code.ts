/**
 * Finnish personal identity code (henkilötunnus, "HETU") helpers.
 *
 * Shared by client and server: plain TypeScript, no Node-only APIs.
 *
 * Layout (11 characters):
 *
 *   D D M M Y Y  C  N N N  K
 *   └─ date ──┘  │  └ind.┘ └ check character
 *                └ century sign
 *
 * - The check character is `(DDMMYYNNN as a 9-digit number) mod 31`, used as
 *   an index into {@link IDENTITY_CODE_CHECK_CHARS}.
 * - The individual number NNN is even for women and odd for men. Numbers
 *   900–999 are used for temporary/test codes; they are ordinary digits for
 *   this validator and always accepted (the demo persons use them).
 * - Development form: see {@link parseIdentityCode}.
 */

/** Check characters, indexed by the remainder mod 31 (G, I, O, Q, Z are left out). */
export const IDENTITY_CODE_CHECK_CHARS = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/** Century sign → first year of the century. */
const CENTURY_BY_SIGN: Readonly<Record<string, number>> = {
  '+': 1800,
  '-': 1900,
  Y: 1900,
  X: 1900,
  W: 1900,
  V: 1900,
  U: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
};

/** The sign {@link makeIdentityCode} uses for each century. */
const PRIMARY_SIGN_BY_CENTURY: Readonly<Record<number, string>> = {
  1800: '+',
  1900: '-',
  2000: 'A',
};

const CHECK_CHAR_CLASS = `[${IDENTITY_CODE_CHECK_CHARS}]`;
/** Ordinary form: 6 digits, any single char (century sign checked separately), 3 digits, check char. */
const NORMAL_FORM = new RegExp(`^(\\d{6})(.)(\\d{3})(${CHECK_CHAR_CLASS})$`);
/** Development form: 6 digits, century sign, two letters + a digit, check char (not verified). */
const DEVELOPMENT_FORM = new RegExp(`^(\\d{6})(.)([A-Z]{2}\\d)(${CHECK_CHAR_CLASS})$`);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type IdentityCodeFailureReason = 'length' | 'format' | 'century' | 'date' | 'checksum';

export type ParsedIdentityCode =
  | {
      ok: true;
      /** The normalised code (trimmed, upper-case). */
      code: string;
      /** Birth date as YYYY-MM-DD. */
      birthDate: string;
      /** From the individual number's parity; null for the development form. */
      sex: 'female' | 'male' | null;
      /** True when the code was accepted in the development form. */
      development: boolean;
    }
  | { ok: false; reason: IdentityCodeFailureReason };

export interface IdentityCodeOptions {
  /** Accept the development form (see {@link parseIdentityCode}). Default true. */
  allowDevelopmentForm?: boolean;
}

/** Trims surrounding whitespace and upper-cases the input. */
export function normalizeIdentityCode(input: string): string {
  return input.trim().toUpperCase();
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month of the Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function toIsoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Check character for the 6 date digits + 3 individual-number digits. */
function checkCharFor(dateDigits: string, individualDigits: string): string {
  // 9 digits fit comfortably in a double (max 999 999 999), no BigInt needed.
  const n = Number(dateDigits + individualDigits);
  return IDENTITY_CODE_CHECK_CHARS.charAt(n % 31);
}

/**
 * Parses and validates a personal identity code. The input is normalised
 * first ({@link normalizeIdentityCode}).
 *
 * Checks, in order (the first failure is reported):
 * 1. `length`   – exactly 11 characters.
 * 2. `format`   – DDMMYY digits, 3 digits, a character from the check
 *                 alphabet (or the development form, when allowed).
 * 3. `century`  – a known century sign.
 * 4. `date`     – DDMMYY + century form a real calendar date (leap years
 *                 included). Future dates are not rejected.
 * 5. `checksum` – the check character matches (ordinary form only).
 *
 * Development form (our reading of the spec's "two letters and a digit in
 * place of the end part"): the three individual-number characters are
 * replaced by two upper-case letters followed by a digit, e.g.
 * `010190-AB1X`. The date and century sign are validated as usual, but the
 * check character cannot be computed from letters, so it only has to belong
 * to the check alphabet and is not verified. Sex is unknown (`null`).
 * Accepted by default; pass `{ allowDevelopmentForm: false }` to reject it
 * (it then fails with `format`).
 */
export function parseIdentityCode(input: string, opts: IdentityCodeOptions = {}): ParsedIdentityCode {
  const allowDevelopmentForm = opts.allowDevelopmentForm ?? true;
  const code = normalizeIdentityCode(input);

  if (code.length !== 11) return { ok: false, reason: 'length' };

  let match = NORMAL_FORM.exec(code);
  let development = false;
  if (!match && allowDevelopmentForm) {
    match = DEVELOPMENT_FORM.exec(code);
    development = match !== null;
  }
  if (!match) return { ok: false, reason: 'format' };

  const [, dateDigits = '', sign = '', individual = '', checkChar = ''] = match;

  const century = CENTURY_BY_SIGN[sign];
  if (century === undefined) return { ok: false, reason: 'century' };

  const day = Number(dateDigits.slice(0, 2));
  const month = Number(dateDigits.slice(2, 4));
  const year = century + Number(dateDigits.slice(4, 6));
  if (!isRealDate(year, month, day)) return { ok: false, reason: 'date' };

  if (!development && checkCharFor(dateDigits, individual) !== checkChar) {
    return { ok: false, reason: 'checksum' };
  }

  return {
    ok: true,
    code,
    birthDate: toIsoDate(year, month, day),
    sex: development ? null : Number(individual) % 2 === 0 ? 'female' : 'male',
    development,
  };
}

/** True when {@link parseIdentityCode} accepts the input. */
export function isValidIdentityCode(input: string, opts?: IdentityCodeOptions): boolean {
  return parseIdentityCode(input, opts).ok;
}

/** A YYYY-MM-DD date as numbers; throws RangeError (naming `name`) for malformed or impossible dates. */
export function parseIsoDate(value: string, name: string): { year: number; month: number; day: number } {
  const m = ISO_DATE.exec(value);
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  const day = Number(m?.[3]);
  if (!m || !isRealDate(year, month, day)) {
    throw new RangeError(`${name} must be a valid YYYY-MM-DD date, got "${value}"`);
  }
  return { year, month, day };
}

/**
 * Display mask hiding the end part, e.g. `150385-9024` → `150385-****`.
 * The input is normalised first. Anything that is not 11 characters long is
 * masked completely, so a malformed value never leaks through.
 */
export function maskIdentityCode(code: string): string {
  const normalized = normalizeIdentityCode(code);
  if (normalized.length !== 11) return '*'.repeat(normalized.length);
  return `${normalized.slice(0, 7)}****`;
}

/**
 * True when `s` (after normalisation) looks like the last four characters of
 * an identity code: three digits and a digit or check character, e.g. `9024`
 * or `913S`. Only the shape is checked; the checksum needs the full code.
 */
export function isPossibleLastFour(s: string): boolean {
  return new RegExp(`^\\d{3}${CHECK_CHAR_CLASS}$`).test(normalizeIdentityCode(s));
}

/**
 * Builds a valid identity code in the ordinary form from a birth date
 * (YYYY-MM-DD, years 1800–2099) and an individual number (integer 0–999,
 * even = female, odd = male). Uses the century sign `+`, `-` or `A`.
 * Throws RangeError on invalid input.
 */
export function makeIdentityCode(birthDate: string, individual: number): string {
  const { year, month, day } = parseIsoDate(birthDate, 'birthDate');
  const century = Math.floor(year / 100) * 100;
  const sign = PRIMARY_SIGN_BY_CENTURY[century];
  if (sign === undefined) {
    throw new RangeError(`birthDate year must be 1800–2099, got ${year}`);
  }
  if (!Number.isInteger(individual) || individual < 0 || individual > 999) {
    throw new RangeError(`individual must be an integer 0–999, got ${individual}`);
  }
  const dateDigits = pad(day, 2) + pad(month, 2) + pad(year % 100, 2);
  const individualDigits = pad(individual, 3);
  return dateDigits + sign + individualDigits + checkCharFor(dateDigits, individualDigits);
}
