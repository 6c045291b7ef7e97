import { describe, expect, it } from 'vitest';
import { createPaytrailClient, PaymentProviderError } from './paytrail-client.server';
import { calculateHmac, checkoutParams, verifyHmac } from './paytrail-signature.server';

const SECRET = 'SAIPPUAKAUPPIAS';

/** A provider that checks our request's signature and answers `body`, signed or not. */
function provider(body: unknown, { sign = true, status = 200 } = {}) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request.clone());
    const text = JSON.stringify(body);
    const headers: Record<string, string> = { 'checkout-account': '375917', 'checkout-algorithm': 'sha256', 'checkout-request-id': 'r1' };
    return new Response(text, { status, headers: { ...headers, signature: sign ? calculateHmac(SECRET, headers, text) : 'f'.repeat(64) } });
  };
  const client = createPaytrailClient({ kind: 'paytrail', merchantId: '375917', secret: SECRET, apiUrl: 'https://services.paytrail.com/', fetch });
  return { client, seen };
}

const request = {
  stamp: 's1',
  reference: '2026001',
  amount: 7790,
  currency: 'EUR' as const,
  language: 'FI' as const,
  items: [{ unitPrice: 7790, units: 1, vatPercentage: 0, productCode: '2026001' }],
  customer: { email: 'a@example.fi' },
  redirectUrls: { success: 'https://portal.test/r', cancel: 'https://portal.test/r' },
  callbackUrls: { success: 'https://portal.test/c', cancel: 'https://portal.test/c' },
};

describe('Paytrail client', () => {
  it('signs create-payment over the checkout headers and the exact body, and reads the providers', async () => {
    const { client, seen } = provider({
      transactionId: 'tx-1',
      terms: '<a href="https://www.paytrail.com">terms</a>',
      providers: [
        { id: 'op', name: 'OP', url: 'https://pay.paytrail.com/op', svg: 'https://x/op.svg', parameters: [{ name: 'A', value: '1' }] },
        { id: 'broken', name: 'No URL' },
      ],
    });
    const answer = await client.createPayment(request);
    expect(answer).toEqual({
      transactionId: 'tx-1',
      terms: '<a href="https://www.paytrail.com">terms</a>',
      providers: [{ id: 'op', name: 'OP', url: 'https://pay.paytrail.com/op', svg: 'https://x/op.svg', parameters: [{ name: 'A', value: '1' }] }],
    });
    const sent = seen[0]!;
    expect(sent.url).toBe('https://services.paytrail.com/payments');
    expect(sent.method).toBe('POST');
    const body = await sent.text();
    expect(JSON.parse(body)).toEqual(request);
    const headers = checkoutParams(sent.headers.entries());
    expect(headers).toMatchObject({ 'checkout-account': '375917', 'checkout-algorithm': 'sha256', 'checkout-method': 'POST' });
    expect(headers['checkout-nonce']).toBeTruthy();
    expect(verifyHmac(SECRET, headers, body, sent.headers.get('signature'))).toBe(true);
  });

  it('refuses an answer with a bad signature, and error statuses', async () => {
    await expect(provider({ transactionId: 'tx' }, { sign: false }).client.createPayment(request)).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(provider({ status: 'error' }, { status: 400 }).client.createPayment(request)).rejects.toThrow(/HTTP 400/);
  });

  it('reads a payment status with a signed GET (empty body)', async () => {
    const { client, seen } = provider({ transactionId: 'tx-2', status: 'ok', amount: 7790, stamp: 's1', reference: '2026001', provider: 'op' });
    expect(await client.getPayment('tx-2')).toEqual({ transactionId: 'tx-2', status: 'ok', amount: 7790, stamp: 's1', reference: '2026001', provider: 'op' });
    const sent = seen[0]!;
    expect(sent.url).toBe('https://services.paytrail.com/payments/tx-2');
    const headers = checkoutParams(sent.headers.entries());
    expect(headers['checkout-transaction-id']).toBe('tx-2');
    expect(verifyHmac(SECRET, headers, '', sent.headers.get('signature'))).toBe(true);
    await expect(provider({ status: 'weird' }).client.getPayment('tx')).rejects.toThrow(/unknown status/);
  });

  it('refunds with a signed POST to the payment’s refund address and reads the refund’s status', async () => {
    const { client, seen } = provider({ provider: 'nordea', status: 'pending', transactionId: 'rf-1' }, { status: 201 });
    const refund = {
      amount: 10640,
      refundStamp: 'r1',
      refundReference: '3000000013',
      callbackUrls: { success: 'https://portal.test/rc', cancel: 'https://portal.test/rc' },
    };
    expect(await client.refundPayment('tx-2', refund)).toEqual({ status: 'pending', transactionId: 'rf-1' });
    const sent = seen[0]!;
    expect(sent.url).toBe('https://services.paytrail.com/payments/tx-2/refund');
    expect(sent.method).toBe('POST');
    const body = await sent.text();
    expect(JSON.parse(body)).toEqual(refund);
    const headers = checkoutParams(sent.headers.entries());
    expect(headers['checkout-transaction-id']).toBe('tx-2');
    expect(verifyHmac(SECRET, headers, body, sent.headers.get('signature'))).toBe(true);
    await expect(provider({ status: 'maybe', transactionId: 'rf' }).client.refundPayment('tx', refund)).rejects.toThrow(/unknown status/);
    // A refusal answers with its HTTP status, so a caller can tell it from no answer at all.
    await expect(provider({ status: 'error' }, { status: 400 }).client.refundPayment('tx', refund)).rejects.toMatchObject({ status: 400 });
  });

  it('believes a redirect or callback only with our merchant id and a valid signature', () => {
    const { client } = provider({});
    const params = { 'checkout-account': '375917', 'checkout-algorithm': 'sha256', 'checkout-status': 'ok', 'checkout-stamp': 's1', 'checkout-amount': '7790' };
    const signed = new URLSearchParams({ ...params, signature: calculateHmac(SECRET, params, '') });
    expect(client.verifyReturn(signed)).toEqual(params);
    const otherMerchant = { ...params, 'checkout-account': '695861' };
    expect(client.verifyReturn(new URLSearchParams({ ...otherMerchant, signature: calculateHmac(SECRET, otherMerchant, '') }))).toBeNull();
    signed.set('checkout-status', 'fail');
    expect(client.verifyReturn(signed)).toBeNull();
  });
});
