/**
 * How an SMS text is encoded and how many messages (segments) it costs (ADR 0030).
 *
 * - **GSM-7** (3GPP TS 23.038, "GSM 03.38"): the default alphabet, 7 bits a character. Every
 *   character of the text must be in the basic table or the extension table; an extension
 *   character (`€ [ ] { } \ ~ ^ |` and form feed) is sent as ESC + character and counts twice.
 *   One message holds 160 septets; a longer text is split into parts of 153 (the user data
 *   header of a concatenated message takes 7), and an ESC pair is never split between parts.
 * - **UCS-2** (UTF-16 on the wire) as soon as one character is outside both tables: 70 code
 *   units in one message, 67 a part when split; a character outside the Basic Multilingual
 *   Plane (an emoji) takes two units, which are never split between parts.
 *
 * Finnish and Swedish letters (ä ö å Ä Ö Å, é, ü) are in the basic table; `š ž` (Finnish
 * loanwords and names) are not, and make the whole message UCS-2. `smsText` replaces only
 * typographic look-alikes (dashes, curly quotes, ellipsis, non-breaking spaces) with their GSM-7
 * forms first, so that a text written with "ma–pe" does not cost twice as much.
 */

/** The basic table of the GSM 7-bit default alphabet (code points 0x00–0x7F, ESC excluded). */
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' + '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The extension table: sent as ESC + character, two septets each. */
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SegmentCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7, extension characters counted twice) or UTF-16 code units (UCS-2). */
  units: number;
  /** Messages the text is sent as: 1 up to 160 septets / 70 units, then parts of 153 / 67. */
  segments: number;
  /** Units that fit in one segment of this text (160 / 70 single, 153 / 67 when split). */
  perSegment: number;
}

export const SINGLE = { gsm7: 160, ucs2: 70 } as const;
export const PART = { gsm7: 153, ucs2: 67 } as const;

/** True when every character can be sent in GSM-7 (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!BASIC.has(char) && !EXTENSION.has(char)) return false;
  return true;
}

/** True when `char` (one character) is in the GSM-7 basic table (letters, digits, punctuation). */
export function isGsm7Basic(char: string): boolean {
  return BASIC.has(char);
}

/** The units each character takes, in order: 1 or 2 septets, or 1 or 2 UTF-16 code units. */
function unitsOf(text: string, encoding: SmsEncoding): number[] {
  const units: number[] = [];
  for (const char of text) units.push(encoding === 'gsm7' ? (EXTENSION.has(char) ? 2 : 1) : char.length);
  return units;
}

export function countSegments(text: string): SegmentCount {
  const encoding: SmsEncoding = isGsm7(text) ? 'gsm7' : 'ucs2';
  const perChar = unitsOf(text, encoding);
  const units = perChar.reduce((sum, n) => sum + n, 0);
  if (units <= SINGLE[encoding]) return { encoding, units, segments: 1, perSegment: SINGLE[encoding] };
  // Fill parts in order; a character that does not fit whole starts the next part.
  const size = PART[encoding];
  let segments = 1;
  let used = 0;
  for (const n of perChar) {
    if (used + n > size) {
      segments += 1;
      used = 0;
    }
    used += n;
  }
  return { encoding, units, segments, perSegment: size };
}

/**
 * Typographic characters and their GSM-7 look-alikes. Only punctuation and spaces: letters are
 * never changed (a name is written as the person writes it, even if that costs UCS-2).
 */
const LOOK_ALIKES: Record<string, string> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2013': '-', // en dash
  '\u2014': '-', // em dash
  '\u2212': '-', // minus sign
  '\u2018': "'", // left single quotation mark
  '\u2019': "'", // right single quotation mark, apostrophe
  '\u201A': "'", // single low-9 quotation mark
  '\u201C': '"', // left double quotation mark
  '\u201D': '"', // right double quotation mark
  '\u201E': '"', // double low-9 quotation mark
  '\u00AB': '"', // «
  '\u00BB': '"', // »
  '\u2026': '...', // horizontal ellipsis
  '\u00A0': ' ', // no-break space
  '\u202F': ' ', // narrow no-break space (Finnish thousands separator)
  '\u2009': ' ', // thin space
  '\u200B': '', // zero-width space
  '\u00AD': '', // soft hyphen
};

/** The text as it is sent: typographic look-alikes replaced by GSM-7 characters, nothing else. */
export function smsText(text: string): string {
  let out = '';
  for (const char of text) out += LOOK_ALIKES[char] ?? char;
  return out;
}
