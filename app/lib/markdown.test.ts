import { describe, expect, it } from 'vitest';
import { isSafeUrl, parseInline, parseMarkdown } from './markdown';

describe('announcement markdown', () => {
  it('parses paragraphs, lists, bold, italic and links', () => {
    expect(parseMarkdown('Hello **you** and *me*.\n\n- one\n- [two](https://example.fi)')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Hello ' },
          { type: 'strong', children: [{ type: 'text', text: 'you' }] },
          { type: 'text', text: ' and ' },
          { type: 'em', children: [{ type: 'text', text: 'me' }] },
          { type: 'text', text: '.' },
        ],
      },
      {
        type: 'list',
        items: [[{ type: 'text', text: 'one' }], [{ type: 'link', href: 'https://example.fi', children: [{ type: 'text', text: 'two' }] }]],
      },
    ]);
  });

  it('keeps raw HTML as text and drops unsafe link targets', () => {
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ type: 'text', text: '<script>alert(1)</script>' }]);
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { type: 'text', text: 'click' },
      { type: 'text', text: ')' },
    ]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ type: 'text', text: 'x' }]);
    for (const url of ['https://a.fi', 'http://a.fi/x', 'mailto:a@b.fi', 'tel:+358 10 123']) expect(isSafeUrl(url)).toBe(true);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'vbscript:x']) expect(isSafeUrl(url)).toBe(false);
  });
});
