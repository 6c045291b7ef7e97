/**
 * Just enough HTML parsing for the benchmark: start tags and their attributes (React's server
 * rendering produces regular markup, so no full parser is needed).
 */

export interface StartTag {
  name: string;
  attributes: Map<string, string>;
  /** Offset of the tag's `<` in the document. */
  index: number;
}

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/** Start tags with one of the given names (lower case), in document order. */
function startTags(html: string, names: readonly string[]): StartTag[] {
  const wanted = new Set(names);
  const tags: StartTag[] = [];
  for (const match of html.matchAll(TAG)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!wanted.has(name)) continue;
    const attributes = new Map<string, string>();
    for (const attribute of (match[2] ?? '').matchAll(ATTRIBUTE)) {
      const key = (attribute[1] ?? '').toLowerCase();
      const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      if (!attributes.has(key)) attributes.set(key, decodeEntities(value));
    }
    tags.push({ name, attributes, index: match.index });
  }
  return tags;
}

export interface HtmlForm {
  /** The form's action attribute (undefined when absent: the page's own URL). */
  action: string | undefined;
  method: string;
  /** name → value of the form's hidden inputs. */
  hiddenFields: Map<string, string>;
}

/** The first form with the given method (e.g. `post`), with its hidden inputs. */
export function findForm(html: string, method: string): HtmlForm | null {
  const form = startTags(html, ['form']).find((tag) => (tag.attributes.get('method') ?? 'get').toLowerCase() === method.toLowerCase());
  if (!form) return null;
  const end = html.indexOf('</form>', form.index);
  const body = html.slice(form.index, end < 0 ? undefined : end);
  const hiddenFields = new Map<string, string>();
  for (const input of startTags(body, ['input'])) {
    const name = input.attributes.get('name');
    if (name && input.attributes.get('type')?.toLowerCase() === 'hidden') {
      hiddenFields.set(name, input.attributes.get('value') ?? '');
    }
  }
  return { action: form.attributes.get('action'), method: method.toLowerCase(), hiddenFields };
}

export interface PageAssets {
  /** `<script src>` and `<link rel="modulepreload" href>` URLs. */
  js: URL[];
  /** `<link rel="stylesheet" href>` URLs. */
  css: URL[];
}

/** The page's same-origin script and stylesheet URLs, each once, in document order. */
export function sameOriginAssets(html: string, pageUrl: URL): PageAssets {
  const js = new Map<string, URL>();
  const css = new Map<string, URL>();
  const add = (into: Map<string, URL>, reference: string | undefined) => {
    if (!reference) return;
    const url = new URL(reference, pageUrl);
    url.hash = '';
    if (url.origin === pageUrl.origin && !into.has(url.href)) into.set(url.href, url);
  };
  for (const tag of startTags(html, ['script', 'link'])) {
    if (tag.name === 'script') {
      add(js, tag.attributes.get('src'));
      continue;
    }
    const rel = (tag.attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload')) add(js, tag.attributes.get('href'));
    if (rel.includes('stylesheet')) add(css, tag.attributes.get('href'));
  }
  return { js: [...js.values()], css: [...css.values()] };
}
