/**
 * Phone numbers in E.164 (`+358401234567`), the form every SMS leaves in (ADR 0030): the one
 * phone rule. Pure: the forms check what a person types with it (`normalizeFinnishPhone`), and
 * the SMS senders check every recipient with it before anything goes to a gateway.
 *
 * What is accepted, after trimming:
 * - an optional leading `+`, then digits with spaces, dashes, dots and one pair of parentheses
 *   as separators (`+358 (0)40 123 4567`, `040-123 4567`, `+46 70.123.45.67`);
 * - `+<country code>…` and `00<country code>…` are international: kept as they are, the `00`
 *   becoming `+`; a `(0)` right after the country code (the trunk prefix written for people
 *   dialling at home) is dropped;
 * - a number that starts with a single `0` is Finnish (the trunk prefix): `0` becomes `+358`;
 * - anything else (digits with no prefix) is refused: it could be a number of any country.
 *
 * Length: E.164 allows at most 15 digits with the country code; we ask for at least 7 (the
 * shortest numbers in use, e.g. Niue's). Finnish numbers (+358) are checked more strictly: the
 * national significant number starts with a non-zero digit and has 5–12 digits, so `+358 040…`
 * is refused (`normalizeFinnishPhone` in `app/models/contact.ts` is this rule for +358).
 */

/** Why a number was refused; the caller turns it into a translated message. */
export type PhoneProblem =
  /** Nothing typed. */
  | 'empty'
  /** Letters or other characters than digits, `+` and the separators. */
  | 'characters'
  /** Digits with neither `+`, `00` nor a Finnish leading `0`: the country is unknown. */
  | 'noCountry'
  /** Too few or too many digits for E.164 (7–15), or a country code starting with 0. */
  | 'length'
  /** A Finnish number (+358) whose national part cannot exist (leading zero, 5–12 digits). */
  | 'finnish';

export type E164Result = { ok: true; e164: string } | { ok: false; problem: PhoneProblem };

const ALLOWED = /^\+?[\d\s().-]+$/;
const FINNISH_NSN = /^[1-9]\d{4,11}$/;
const SEPARATORS = /[\s().-]/g;

export function toE164(input: string): E164Result {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (!ALLOWED.test(trimmed)) return { ok: false, problem: 'characters' };
  // One pair of parentheses at most, holding digits only ("(0)", "(09)").
  const parens = trimmed.match(/[()]/g) ?? [];
  if (parens.length !== 0 && (parens.length !== 2 || !/^[^()]*\(\d+\)[^()]*$/.test(trimmed))) {
    return { ok: false, problem: 'characters' };
  }

  const compact = trimmed.replace(SEPARATORS, '');
  // "+358 (0)40 …": the trunk prefix in parentheses is not part of an international number.
  const international = (prefix: number) => trimmed.replace(/\(0\)/, '').replace(SEPARATORS, '').slice(prefix);
  let digits: string;
  if (trimmed.startsWith('+')) {
    digits = international(1);
  } else if (compact.startsWith('00')) {
    digits = international(2);
  } else if (compact.startsWith('0')) {
    // Domestic: the trunk prefix 0 of a Finnish number.
    const nsn = compact.slice(1);
    return FINNISH_NSN.test(nsn) ? { ok: true, e164: `+358${nsn}` } : { ok: false, problem: 'finnish' };
  } else {
    return { ok: false, problem: 'noCountry' };
  }

  if (!/^[1-9]\d{6,14}$/.test(digits)) return { ok: false, problem: 'length' };
  if (digits.startsWith('358') && !FINNISH_NSN.test(digits.slice(3))) return { ok: false, problem: 'finnish' };
  return { ok: true, e164: `+${digits}` };
}

/** True for a string already in E.164 that `toE164` keeps unchanged (what a sender is given). */
export function isE164(value: string): boolean {
  const result = toE164(value);
  return result.ok && result.e164 === value;
}
