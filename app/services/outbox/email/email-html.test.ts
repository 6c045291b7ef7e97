import { describe, expect, it } from 'vitest';
import { emailHtml, linkify, textToHtml } from './email-html';

describe('e-mail HTML part', () => {
  const html = emailHtml({
    lang: 'sv',
    subject: 'Bokning <bekräftad>',
    text: 'Hej!\n\nDin tid: 1.12. kl. 10.00 & mer.\nLänk: https://oma.example.fi/sv/bokning/abc?x=1&y=2.\n\nVälkommen.',
    brandName: 'Kaari',
    brandColour: '#0b5a6e',
    footer: 'Skickat av Kaari.',
  });

  it('is a document in the message language, with the brand and its colour', () => {
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="sv">/);
    expect(html).toContain('<title>Bokning &lt;bekräftad&gt;</title>');
    expect(html).toContain('color:#0b5a6e">Kaari</div>');
    expect(html).toContain('>Skickat av Kaari.</p>');
  });

  it('escapes the text, keeps paragraphs and lines, and makes addresses links without the sentence end', () => {
    expect(html).toContain('<p style="margin:0 0 16px">Hej!</p>');
    expect(html).toContain(
      'Din tid: 1.12. kl. 10.00 &amp; mer.<br>\nLänk: <a href="https://oma.example.fi/sv/bokning/abc?x=1&amp;y=2">https://oma.example.fi/sv/bokning/abc?x=1&amp;y=2</a>.</p>',
    );
  });

  it('never lets the text write markup', () => {
    expect(textToHtml('<script>alert(1)</script> "x" \'y\'')).toBe(
      '<p style="margin:0 0 16px">&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot; &#39;y&#39;</p>',
    );
    expect(linkify('https://a.example/"onmouseover="x')).toBe('<a href="https://a.example/">https://a.example/</a>&quot;onmouseover=&quot;x');
    expect(linkify('javascript:alert(1) (https://a.example/b)')).toBe('javascript:alert(1) (<a href="https://a.example/b">https://a.example/b</a>)');
    expect(emailHtml({ lang: 'fi', subject: 's', text: 't', brandName: 'B', brandColour: 'red;background:url(x)', footer: 'f' })).toContain('color:#000000');
  });
});
