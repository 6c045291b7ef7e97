/**
 * The sender an SMS shows (its originator address, ADR 0030): an alphanumeric name of at most 11
 * characters, or a number of at most 15 digits. A name must be letters and digits of the GSM-7
 * basic table (so `Kaari`, `Pikku Kaari`, `Lääkäri24`), spaces between words, and the
 * punctuation operators pass (`- . &`); it needs one letter (digits only is a number).
 *
 * A name that does not fit is never cut or changed on the way out: the recipient would see a
 * sender that is not ours, and a changed sender looks like phishing. The configuration is
 * refused at start-up instead (`SMS_SENDER_<BRAND>`), with `suggestSenderName`'s proposal in the
 * message, and the brands' own names are checked by a unit test.
 */
import { isGsm7Basic } from './segments';

export const SENDER_NAME_MAX = 11;
export const SENDER_NUMBER_MAX = 15;

export type SenderProblem =
  /** Nothing, or only spaces. */
  | 'empty'
  /** A name of more than 11 characters. */
  | 'tooLong'
  /** A character outside the GSM-7 letters and digits, space and `- . &`. */
  | 'characters'
  /** Spaces at either end, or two in a row (operators collapse or drop them). */
  | 'spaces'
  /** A number of more than 15 digits, or a `+` not followed by digits only. */
  | 'number';

const PUNCTUATION = new Set([' ', '-', '.', '&']);

function isNameCharacter(char: string): boolean {
  return PUNCTUATION.has(char) || (/^[\p{L}\p{N}]$/u.test(char) && isGsm7Basic(char));
}

/** Why `sender` cannot be an SMS sender, or null when it can. */
export function senderProblem(sender: string): SenderProblem | null {
  if (sender.trim() === '') return 'empty';
  const numeric = /^\+?\d+$/.test(sender);
  if (numeric || sender.startsWith('+')) {
    return numeric && sender.replace('+', '').length <= SENDER_NUMBER_MAX ? null : 'number';
  }
  if (sender !== sender.trim() || sender.includes('  ')) return 'spaces';
  if (![...sender].every(isNameCharacter)) return 'characters';
  if ([...sender].length > SENDER_NAME_MAX) return 'tooLong';
  return null;
}

/**
 * A sender name that fits, made from `name`, for the start-up message that refuses it: letters
 * outside GSM-7 lose their accents where that gives a GSM-7 letter (`š` → `s`), other
 * characters go, spaces are collapsed, and the result is cut to 11 characters at a word end when
 * one is near. Never used to send: a person chooses the name (see the module comment).
 */
export function suggestSenderName(name: string): string {
  const letters = [...name.normalize('NFC')]
    .map((char) => {
      if (isNameCharacter(char)) return char;
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      return [...base].every(isNameCharacter) ? base : ' ';
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  if ([...letters].length <= SENDER_NAME_MAX) return letters;
  const cut = [...letters].slice(0, SENDER_NAME_MAX + 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace >= 5 ? cut.slice(0, lastSpace) : [...cut].slice(0, SENDER_NAME_MAX).join('')).trim();
}
