/**
 * The pay page's payment methods with the real Paytrail (PAYMENTS=paytrail, ADR 0043), on a
 * real database (PGlite, and PostgreSQL with TEST_DATABASE_URL). Paytrail is stood in for by a
 * signed answer in the shape its API documents (terms as HTML with a link, logos on its static
 * host): methods whose forms post outside PAYMENT_FORM_ORIGINS are not offered but counted and
 * logged without personal data, never redirected to; logos from anywhere but Paytrail's static
 * host are dropped.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createInvoice, createPerson } from '~db/factories';
import { makeIdentityCode } from '~/models/identity-code';
import type { Viewer } from '~/services/people/viewer.server';
import { createPaytrailClient } from '~/services/billing/paytrail-client.server';
import { calculateHmac } from '~/services/billing/paytrail-signature.server';
import { goToProvider, preparePayment } from '~/services/billing/payments.server';
import { logger } from '~/services/observability/logger.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

const ORIGIN = 'https://portal.test';
const MERCHANT = { merchantId: '375917', secret: 'SAIPPUAKAUPPIAS' };
const TERMS = 'Valitsemalla maksutavan hyväksyt <a href="https://www.paytrail.com/kuluttaja/maksupalveluehdot" target="_blank">maksupalveluehdot</a>';
const LOGOS = 'https://resources.paytrail.com/images/payment-method-logos';

/** Paytrail's create-payment answer (signed): two methods on services.paytrail.com, one elsewhere. */
function paytrail() {
  return createPaytrailClient({
    kind: 'paytrail',
    ...MERCHANT,
    apiUrl: 'https://services.paytrail.com',
    fetch: async () => {
      const transactionId = randomUUID();
      const on = (id: string) => `https://services.paytrail.com/payments/${transactionId}/${id}/loading-and-redirect`;
      const fields = [{ name: 'checkout-transaction-id', value: transactionId }];
      const body = JSON.stringify({
        transactionId,
        href: `https://pay.paytrail.com/pay/${transactionId}`,
        terms: TERMS,
        providers: [
          {
            id: 'osuuspankki',
            name: 'OP',
            group: 'bank',
            url: on('osuuspankki'),
            icon: `${LOGOS}/osuuspankki.png`,
            svg: `${LOGOS}/osuuspankki.svg`,
            parameters: fields,
          },
          { id: 'nordea', name: 'Nordea', group: 'bank', url: on('nordea'), svg: 'https://logos.example/nordea.svg', parameters: fields },
          { id: 'mobilepay', name: 'MobilePay', group: 'mobile', url: 'https://mobilepay.example/pay', svg: `${LOGOS}/mobilepay.svg`, parameters: fields },
        ],
      });
      const headers = { 'checkout-account': MERCHANT.merchantId, 'checkout-algorithm': 'sha256', 'checkout-request-id': randomUUID() };
      return new Response(body, { status: 201, headers: { ...headers, signature: calculateHmac(MERCHANT.secret, headers, body) } });
    },
  });
}

let individual = 420;

describe.each(databaseKinds())('Paytrail payment methods on %s', (kind) => {
  const t = withTestDatabase(kind);
  let viewer: Viewer;

  beforeAll(async () => {
    individual += 2;
    const person = await createPerson(t.db, {
      identityCode: makeIdentityCode('1979-03-08', individual),
      firstName: 'Ilmari',
      lastName: 'Ilmanen',
      email: 'ilmari.ilmanen@example.fi',
    });
    viewer = { personId: person.id, youngWardIds: [], olderWardIds: [] };
  });

  it('offers only methods posting to PAYMENT_FORM_ORIGINS, logos only from Paytrail’s static host; the rest are counted and logged without personal data', async () => {
    const invoice = await createInvoice(t.db, {
      invoiceNumber: String(600_000_000 + Math.floor(Math.random() * 99_999_999)),
      personId: viewer.personId,
      source: 'CustomerInvoice',
      status: 'open',
      sumCents: 6800,
      creationDate: clock.now(),
    });
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const load = () =>
      preparePayment(t.db, paytrail(), {
        viewer,
        payer: { email: 'ilmari.ilmanen@example.fi', firstName: 'Ilmari', lastName: 'Ilmanen' },
        invoiceNumber: invoice.invoiceNumber,
        lang: 'fi',
        origin: ORIGIN,
        returnUrl: `${ORIGIN}/fi/maksu/${invoice.invoiceNumber}`,
        callbackUrl: `${ORIGIN}/api/payments/callback`,
        browserBindingHash: 'browser-a',
      });
    try {
      const first = await load();
      if (first.type !== 'ready') throw new Error(`not ready: ${first.type}`);
      expect(first.methods.map((m) => [m.id, m.svg])).toEqual([
        ['osuuspankki', `${LOGOS}/osuuspankki.svg`],
        ['nordea', ''],
      ]);
      expect(first.hiddenMethods).toBe(1);
      // The terms are stored as the provider sent them; the page reads them into text and links.
      expect(first.terms).toBe(TERMS);

      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual([
        { methods: ['mobilepay'], origins: ['https://mobilepay.example'] },
        'payment methods outside PAYMENT_FORM_ORIGINS not offered',
      ]);
      const logged = JSON.stringify(warn.mock.calls);
      for (const secret of ['Ilmari', 'ilmari.ilmanen@example.fi', invoice.invoiceNumber, 'checkout-transaction-id']) expect(logged).not.toContain(secret);

      // Shown again in the same browser: the same methods, the same count, no new warning.
      const again = await load();
      expect(again).toMatchObject({ type: 'ready', paymentId: first.paymentId, hiddenMethods: 1 });
      expect(warn).toHaveBeenCalledTimes(1);

      // A hidden method is never redirected to, even when its id is posted.
      const input = { invoiceNumber: invoice.invoiceNumber, paymentId: first.paymentId };
      expect(await goToProvider(t.db, viewer, { ...input, methodId: 'mobilepay' })).toEqual({ type: 'notOpen' });
      expect(await goToProvider(t.db, viewer, { ...input, methodId: 'osuuspankki' })).toEqual({
        type: 'redirect',
        url: first.methods[0]!.url,
      });
    } finally {
      warn.mockRestore();
    }
  });
});
