/**
 * The HTML part of an outbox e-mail: the row's plain text, escaped, its paragraphs and lines kept,
 * its web addresses made links, under the brand's name in the brand's colour, with a footer; `lang`
 * is the message's language. Templates in code, texts from the i18n resources (the caller passes
 * them translated). Pure: no server module, tested in email-html.test.ts.
 */

export interface EmailHtmlInput {
  lang: string;
  subject: string;
  /** The plain-text body (the outbox row's `body`). */
  text: string;
  brandName: string;
  /** The brand colour (a CSS hex colour). */
  brandColour: string;
  /** The footer line, translated ("This message was sent automatically by …"). */
  footer: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** http(s) addresses up to white space; punctuation that ends a sentence is not part of the link. */
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** One line of text as HTML: escaped, with its addresses as links. */
export function linkify(line: string): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    const url = raw.slice(0, raw.length - trailing.length);
    const start = match.index;
    out += escapeHtml(line.slice(last, start));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(line.slice(last));
}

/** Paragraphs at blank lines, line breaks within them. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph.split('\n').map(linkify).join('<br>\n')}</p>`)
    .join('\n');
}

const HEX_COLOUR = /^#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?$/;

export function emailHtml(input: EmailHtmlInput): string {
  const colour = HEX_COLOUR.test(input.brandColour) ? input.brandColour : '#000000';
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(input.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(input.subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:600px;margin:0 auto;padding:24px">',
    `<div style="border-bottom:4px solid ${colour};padding-bottom:8px;margin-bottom:24px;font-size:22px;font-weight:bold;color:${colour}">${escapeHtml(input.brandName)}</div>`,
    textToHtml(input.text),
    `<p style="margin:32px 0 0;font-size:13px;color:#555555">${escapeHtml(input.footer)}</p>`,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
