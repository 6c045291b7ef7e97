/**
 * A small, strict-enough XML reader for the register's SOAP answers: elements (namespace
 * prefixes dropped), attributes and text, with the five predefined entities, numeric character
 * references and CDATA. No DTDs (refused: no entity expansion from the wire).
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlParseError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const value = ENTITIES[ref];
    if (value === undefined) throw new XmlParseError(`unknown entity ${whole}`);
    return value;
  });
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

export function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!/g;
  let at = 0;
  for (let m = tag.exec(source); m; m = tag.exec(source)) {
    const current = stack[stack.length - 1]!;
    current.text += decode(source.slice(at, m.index));
    at = tag.lastIndex;
    if (m[0] === '<!') throw new XmlParseError('DTDs are not accepted');
    if (m[5] !== undefined) {
      current.text += m[5];
      continue;
    }
    if (!m[2]) continue; // declaration or comment
    const name = localName(m[2]);
    if (m[1]) {
      if (current.name !== name || stack.length === 1) throw new XmlParseError(`unexpected </${m[2]}>`);
      stack.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of (m[3] ?? '').matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes[localName(a[1]!)] = decode(a[2] ?? a[3] ?? '');
    }
    const element: XmlElement = { name, attributes, children: [], text: '' };
    current.children.push(element);
    if (!m[4]) stack.push(element);
  }
  if (stack.length !== 1) throw new XmlParseError('unclosed element');
  if (source.slice(at).includes('<')) throw new XmlParseError('malformed markup');
  const [document] = root.children;
  if (!document || root.children.length !== 1) throw new XmlParseError('no single root element');
  return document;
}

/** The first child with this name (anywhere below, depth first, with `deep`). */
export function child(element: XmlElement | undefined, name: string, deep = false): XmlElement | undefined {
  if (!element) return undefined;
  for (const c of element.children) {
    if (c.name === name) return c;
    if (deep) {
      const found = child(c, name, true);
      if (found) return found;
    }
  }
  return undefined;
}

export const childrenNamed = (element: XmlElement | undefined, name: string) => element?.children.filter((c) => c.name === name) ?? [];

/** The trimmed text of a path of children, or null. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | null {
  let at = element;
  for (const name of path) at = child(at, name);
  const text = at?.text.trim();
  return text ? text : null;
}

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}
