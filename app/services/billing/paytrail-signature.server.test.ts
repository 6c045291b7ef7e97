import { describe, expect, it } from 'vitest';
import { calculateHmac, signaturePayload, verifyHmac } from './paytrail-signature.server';

/**
 * The example of Paytrail's public API documentation ("HMAC calculation", the same in every
 * official SDK's tests): test merchant 375917 with secret SAIPPUAKAUPPIAS.
 */
const SECRET = 'SAIPPUAKAUPPIAS';
const headers = {
  'checkout-account': '375917',
  'checkout-algorithm': 'sha256',
  'checkout-method': 'POST',
  'checkout-nonce': '564635208570151',
  'checkout-timestamp': '2018-07-06T10:01:31.904Z',
};
const body = {
  stamp: 'unique-identifier-for-merchant',
  reference: '3759170',
  amount: 1525,
  currency: 'EUR',
  language: 'FI',
  items: [{ unitPrice: 1525, units: 1, vatPercentage: 24, productCode: '#1234', deliveryDate: '2018-09-01' }],
  customer: { email: 'test.customer@example.com' },
  redirectUrls: { success: 'https://ecom.example.com/cart/success', cancel: 'https://ecom.example.com/cart/cancel' },
};

describe('Paytrail HMAC', () => {
  it("matches the documented example's signature", () => {
    expect(calculateHmac(SECRET, headers, JSON.stringify(body))).toBe('3708f6497ae7cc55a2e6009fc90aa10c3ad0ef125260ee91b19168750f6d74f6');
  });

  it('sorts the checkout-* keys, ignores other keys and ends with the body line', () => {
    const shuffled = { 'checkout-timestamp': 't', signature: 'x', 'content-type': 'json', 'checkout-account': 'a' };
    expect(signaturePayload(shuffled, '')).toBe('checkout-account:a\ncheckout-timestamp:t\n');
    expect(calculateHmac(SECRET, { ...headers, 'content-type': 'application/json', signature: 'abc' }, JSON.stringify(body))).toBe(
      '3708f6497ae7cc55a2e6009fc90aa10c3ad0ef125260ee91b19168750f6d74f6',
    );
  });

  it('verifies a redirect (empty body) and refuses any change', () => {
    const params = {
      'checkout-account': '375917',
      'checkout-algorithm': 'sha256',
      'checkout-amount': '5900',
      'checkout-stamp': 'stamp-1',
      'checkout-reference': '1001',
      'checkout-transaction-id': 'tx-1',
      'checkout-status': 'ok',
      'checkout-provider': 'nordea',
    };
    const signature = calculateHmac(SECRET, params, '');
    expect(verifyHmac(SECRET, params, '', signature)).toBe(true);
    expect(verifyHmac(SECRET, { ...params, 'checkout-amount': '1' }, '', signature)).toBe(false);
    expect(verifyHmac(SECRET, { ...params, 'checkout-status': 'fail' }, '', signature)).toBe(false);
    expect(verifyHmac('another-secret', params, '', signature)).toBe(false);
    expect(verifyHmac(SECRET, params, '', null)).toBe(false);
    expect(verifyHmac(SECRET, params, '', 'not-hex')).toBe(false);
    expect(verifyHmac(SECRET, { ...params, 'checkout-algorithm': 'md5' }, '', signature)).toBe(false);
  });

  it('supports sha512 when the parameters name it', () => {
    const params = { ...headers, 'checkout-algorithm': 'sha512' };
    const signature = calculateHmac(SECRET, params, '', 'sha512');
    expect(signature).toHaveLength(128);
    expect(verifyHmac(SECRET, params, '', signature)).toBe(true);
  });
});
