/**
 * OAuth 1.0a signing against the specifications' own examples: RFC 5849 §1.2 (the signed
 * photos request: client dpf43f3p2l4k3l03 / kd94hf93k423kf44, token nnch734d00sl2jdk /
 * pfkkdhi9sl3r4s00, whose signature the RFC prints), §3.4.1.1 (the base string of a request
 * with repeated, encoded and empty parameters and a form body) and OAuth Core 1.0 Appendix A.5
 * (the same photos request with oauth_version, signature tR3+Ty81lMeYAr/Fid0kMTYa/WM=).
 */
import { describe, expect, it } from 'vitest';
import { authorizationHeader, baseStringUri, hmacSha1Signature, oauth1Parameters, percentEncode, signatureBaseString } from './oauth1.server';

describe('OAuth 1.0a HMAC-SHA1 (RFC 5849)', () => {
  it('percent-encodes every byte but the unreserved characters, upper-case (§3.6)', () => {
    expect(percentEncode("AZaz09-._~ !*'()/+=&%")).toBe('AZaz09-._~%20%21%2A%27%28%29%2F%2B%3D%26%25');
    expect(percentEncode('ä€')).toBe('%C3%A4%E2%82%AC');
  });

  it('makes the base string URI (§3.4.1.2)', () => {
    expect(baseStringUri(new URL('HTTP://EXAMPLE.COM:80/r%20v/X?id=123'))).toBe('http://example.com/r%20v/X');
    expect(baseStringUri(new URL('https://www.example.net:8080/?q=1'))).toBe('https://www.example.net:8080/');
    expect(baseStringUri(new URL('https://gatewayapi.eu:443/rest/mtsms'))).toBe('https://gatewayapi.eu/rest/mtsms');
  });

  it("builds §3.4.1.1's base string: query and body parameters, repeated, encoded and empty", () => {
    const url = new URL('http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b');
    const params: [string, string][] = [
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      // The body "c2&a3=2+q".
      ['c2', ''],
      ['a3', '2 q'],
    ];
    expect(signatureBaseString('POST', url, params)).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it("signs §1.2's photos request to the RFC's signature", () => {
    const url = new URL('http://photos.example.net/photos?file=vacation.jpg&size=original');
    const base = signatureBaseString('GET', url, [
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131202'],
      ['oauth_nonce', 'chapoH'],
    ]);
    expect(hmacSha1Signature(base, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00')).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
  });

  it('signs OAuth Core 1.0 A.5, and writes the Authorization header (§3.5.1)', () => {
    const params = oauth1Parameters({
      method: 'GET',
      url: new URL('http://photos.example.net/photos?file=vacation.jpg&size=original'),
      consumerKey: 'dpf43f3p2l4k3l03',
      consumerSecret: 'kd94hf93k423kf44',
      token: { key: 'nnch734d00sl2jdk', secret: 'pfkkdhi9sl3r4s00' },
      timestamp: 1191242096,
      nonce: 'kllo9940pd9333jh',
    });
    expect(Object.fromEntries(params).oauth_signature).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
    expect(authorizationHeader(params)).toBe(
      'OAuth oauth_consumer_key="dpf43f3p2l4k3l03", oauth_nonce="kllo9940pd9333jh", oauth_signature_method="HMAC-SHA1", ' +
        'oauth_timestamp="1191242096", oauth_token="nnch734d00sl2jdk", oauth_version="1.0", oauth_signature="tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D"',
    );
  });

  it('two-legged (no token): the key is "secret&", no oauth_token, and a fresh nonce each time', () => {
    const request = { method: 'POST', url: new URL('https://gatewayapi.eu/rest/mtsms'), consumerKey: 'k', consumerSecret: 's3cr3t', timestamp: 1450124113 };
    const first = Object.fromEntries(oauth1Parameters(request));
    const second = Object.fromEntries(oauth1Parameters(request));
    expect(first).not.toHaveProperty('oauth_token');
    expect(first.oauth_nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(first.oauth_nonce).not.toBe(second.oauth_nonce);
    const base = `POST&https%3A%2F%2Fgatewayapi.eu%2Frest%2Fmtsms&oauth_consumer_key%3Dk%26oauth_nonce%3D${first.oauth_nonce}%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1450124113%26oauth_version%3D1.0`;
    expect(first.oauth_signature).toBe(hmacSha1Signature(base, 's3cr3t'));
  });
});
