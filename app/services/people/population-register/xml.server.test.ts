import { describe, expect, it } from 'vitest';
import { child, childrenNamed, escapeXml, parseXml, textAt, XmlParseError } from './xml.server';

describe('the XML reader of the register answers', () => {
  it('reads elements without their namespace prefixes, attributes, entities and CDATA', () => {
    const doc = parseXml(
      `<?xml version="1.0"?><!-- c --><a:Root xmlns:a="urn:x"><a:Item koodi='1'>A &amp; B &#228;&#x00e4;</a:Item><Item><![CDATA[<raw>]]></Item><Empty/></a:Root>`,
    );
    expect(doc.name).toBe('Root');
    expect(childrenNamed(doc, 'Item').map((i) => i.text)).toEqual(['A & B ää', '<raw>']);
    expect(child(doc, 'Item')?.attributes).toEqual({ koodi: '1' });
    expect(textAt(doc, 'Empty')).toBeNull();
  });

  it.each([
    ['a DTD', '<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>'],
    ['an unknown entity', '<r>&x;</r>'],
    ['a wrong end tag', '<r><a></b></r>'],
    ['an unclosed element', '<r><a></r>'],
    ['two roots', '<r/><s/>'],
    ['no XML at all', 'Service Unavailable'],
  ])('refuses %s', (_name, source) => {
    expect(() => parseXml(source)).toThrow(XmlParseError);
  });

  it('escapes what it writes', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
