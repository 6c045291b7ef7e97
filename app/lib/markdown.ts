/**
 * A small, safe markdown subset for announcements (spec 1 §3: description is markdown):
 * paragraphs, "- " lists, **bold**, *italic* and [links](url). No raw HTML ever: the result is a
 * tree of plain nodes rendered by React as text, and a link's URL is kept only when it is
 * http(s), mailto or tel (anything else becomes plain text). Pure and client-safe.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block = { type: 'paragraph'; children: Inline[] } | { type: 'list'; items: Inline[][] };

const SAFE_URL = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9()\-\s]+)$/i;

export function isSafeUrl(url: string): boolean {
  return SAFE_URL.test(url.trim());
}

/** Inline markup of one line or paragraph. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    if (link) {
      flush();
      const children = parseInline(link[1]!);
      out.push(isSafeUrl(link[2]!) ? { type: 'link', href: link[2]!.trim(), children } : { type: 'text', text: link[1]! });
      i += link[0].length;
      continue;
    }
    const strong = /^\*\*([^*]+)\*\*/.exec(rest);
    if (strong) {
      flush();
      out.push({ type: 'strong', children: parseInline(strong[1]!) });
      i += strong[0].length;
      continue;
    }
    const em = /^\*([^*]+)\*/.exec(rest);
    if (em) {
      flush();
      out.push({ type: 'em', children: parseInline(em[1]!) });
      i += em[0].length;
      continue;
    }
    text += source[i];
    i += 1;
  }
  flush();
  return out;
}

/** Blocks separated by blank lines; a block whose lines all start with "- " or "* " is a list. */
export function parseMarkdown(source: string): Block[] {
  return source
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): Block => {
      const lines = block.split('\n');
      if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
        return { type: 'list', items: lines.map((line) => parseInline(line.replace(/^\s*[-*]\s+/, ''))) };
      }
      return { type: 'paragraph', children: parseInline(lines.join(' ')) };
    });
}
