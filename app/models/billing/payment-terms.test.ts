import { describe, expect, it } from 'vitest';
import { parseTerms } from './payment-terms';

describe("the provider's terms", () => {
  it("keeps Paytrail's link to its terms as a link, the rest as text", () => {
    const html = 'Valitsemalla maksutavan hyväksyt <a href="https://www.paytrail.com/kuluttaja/maksupalveluehdot" target="_blank">maksupalveluehdot</a>';
    expect(parseTerms(html)).toEqual([
      { text: 'Valitsemalla maksutavan hyväksyt ' },
      { text: 'maksupalveluehdot', href: 'https://www.paytrail.com/kuluttaja/maksupalveluehdot' },
    ]);
  });

  it('decodes character references and drops other tags, keeping their text', () => {
    expect(parseTerms("By paying you accept <b>our</b> <a href='https://www.paytrail.com/en/terms?a=1&amp;b=2'>terms &amp; conditions</a>.&nbsp;")).toEqual([
      { text: 'By paying you accept our ' },
      { text: 'terms & conditions', href: 'https://www.paytrail.com/en/terms?a=1&b=2' },
      { text: '.' },
    ]);
  });

  it('never makes a link of anything but https', () => {
    for (const href of ['javascript:alert(1)', 'http://www.paytrail.com/terms', '/terms', 'data:text/html,x', '']) {
      expect(parseTerms(`Read the <a href="${href}" onclick="x()">terms</a>`)).toEqual([{ text: 'Read the terms' }]);
    }
    expect(parseTerms('<script>alert(1)</script><img src=x onerror=alert(1)>Terms')).toEqual([{ text: 'alert(1) Terms' }]);
  });

  it('is plain text when there is no link, and nothing when empty', () => {
    expect(parseTerms('By continuing with your payment, you agree to the terms.')).toEqual([
      { text: 'By continuing with your payment, you agree to the terms.' },
    ]);
    expect(parseTerms('')).toEqual([]);
  });
});
