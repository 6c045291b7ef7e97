/**
 * The payment provider's terms text (ADR 0043). Paytrail's create-payment answer gives it as
 * HTML with a link to its payment service terms, e.g.
 * `Valitsemalla maksutavan hyväksyt <a href="https://www.paytrail.com/…" target="_blank">maksupalveluehdot</a>`.
 * The page never renders the provider's HTML: it is read into text and links here, and the pay
 * page renders them as its own text and `<a>` elements. Only https links survive; every other
 * tag is dropped (its text kept) and character references decoded. Pure, client-safe.
 */

export type TermsPart = { text: string } | { text: string; href: string };

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Text of an HTML fragment: tags removed, references decoded, white space collapsed (ends kept). */
function textOf(html: string): string {
  return decode(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ');
}

/** An https URL, or null (javascript:, data:, relative and malformed links are not links). */
function safeHref(raw: string): string | null {
  try {
    const url = new URL(decode(raw.trim()));
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The terms as text and links, in order; adjacent text joined, the whole trimmed. */
export function parseTerms(html: string): TermsPart[] {
  const parts: TermsPart[] = [];
  const push = (part: TermsPart) => {
    const last = parts.at(-1);
    if (!('href' in part) && last && !('href' in last)) last.text += part.text;
    else parts.push(part);
  };
  const anchor = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi;
  let at = 0;
  for (const m of html.matchAll(anchor)) {
    push({ text: textOf(html.slice(at, m.index)) });
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[1]!);
    const url = href ? safeHref(href[1] ?? href[2] ?? href[3] ?? '') : null;
    const text = textOf(m[2]!).trim();
    if (url && text) push({ text, href: url });
    else push({ text: textOf(m[2]!) });
    at = m.index! + m[0].length;
  }
  push({ text: textOf(html.slice(at)) });
  const kept = parts.filter((p) => p.text !== '');
  if (kept.length) {
    const first = kept[0]!;
    const last = kept.at(-1)!;
    if (!('href' in first)) first.text = first.text.trimStart();
    if (!('href' in last)) last.text = last.text.trimEnd();
  }
  return kept.filter((p) => p.text !== '');
}
