/**
 * What a person may type into a text field (issue 21). Control characters — NUL, the other C0
 * controls, DEL and the C1 controls (Unicode category Cc) — and unpaired UTF-16 surrogates are
 * refused: PostgreSQL cannot store a NUL (SQLSTATE 22021), an unpaired surrogate would be stored
 * as U+FFFD (the text would change), and the others are invisible in every view of the text.
 * Multi-line fields (messages, the reason for the visit, answers) keep tab, line feed and
 * carriage return.
 *
 * Plain and zod-free, so pages that validate in the browser without zod (ADR 0009) share the
 * rule; the forms' schemas apply it through `refuseControlCharacters` (./schemas.ts).
 */

export interface TextRules {
  /** Tab, line feed and carriage return are allowed (a textarea). */
  multiline?: boolean;
}

const SINGLE_LINE = /\p{Cc}|\p{Cs}/u;
const MULTI_LINE = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

export function hasControlCharacters(value: string, { multiline = false }: TextRules = {}): boolean {
  return (multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

/** The text with every control character (and unpaired surrogate) removed: for search text, which nothing stores. */
export function withoutControlCharacters(value: string): string {
  return value.replace(/\p{Cc}|\p{Cs}/gu, '');
}
