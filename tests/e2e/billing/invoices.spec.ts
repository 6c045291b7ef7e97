/**
 * Invoices and online payment, with JavaScript on and off: every status with the spec's labels,
 * the receipt PDF, paying through the built-in test provider (success; the callback arrives
 * before the redirect and twice; cancel; card declined), the e-mail-required notice, the invoice
 * notification landing leading a guardian to pay her child's invoice, and 404 for someone else's.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Language } from '../../../app/i18n/config';
import invoiceTexts from '../../../app/i18n/resources/billing';
import { pagePath } from '../../../app/route-table';
import { DEMO_INVOICES } from '../../../db/seed-invoices';
import { bookFixture, csrfToken, expect, identifyAtTestBank, jsEnabled, login, test } from '../fixtures';
import { confidentialFamily } from '../appointments/confidential-fixtures';
import { bankConfirms, inspectInvoice, invoiceFixture, payAtTestBank, recordProviderReturn } from './invoice-fixtures';

const en = invoiceTexts.en;
const fi = invoiceTexts.fi;

/**
 * The list row of an invoice: other tests add Aino's invoices (newest first), so a seeded one may
 * be on any page. Opens the pages in turn (a document load each, so no stale list is read) until
 * the row shows or there is no next page.
 */
async function invoiceRow(page: Page, lang: Language, number: string) {
  const row = page.locator(`li[data-invoice="${number}"]`);
  const next = page.getByRole('navigation', { name: invoiceTexts[lang].list.pagination }).getByRole('link', { name: invoiceTexts[lang].list.next });
  for (let n = 1; n <= 100; n++) {
    await page.goto(pagePath('invoices', lang, {}, n === 1 ? undefined : `page=${n}`));
    if ((await row.count()) > 0 || (await next.count()) === 0) break;
  }
  return row;
}

test.describe('invoices and receipts', () => {
  test('Aino sees every status with its label, sum and payment area; ten per page', async ({ page }) => {
    // Eight rows, each found by paging from the first page, in a list that other tests' invoices
    // lengthen as the run goes on: late in a busy CI run it took 31 s of the 30 s allowed.
    test.slow();
    await login(page, 'aino');
    await page.goto(pagePath('front', 'en'));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoices and receipts' }).click();
    await expect(page).toHaveURL(/\/en\/invoices$/);
    await expect(page.getByRole('heading', { level: 1, name: en.list.title })).toBeVisible();
    await expect(page.locator('li[data-invoice]')).toHaveCount(10);
    // The pages are links (they work without JS too).
    await page.getByRole('navigation', { name: en.list.pagination }).getByRole('link', { name: en.list.next }).click();
    await expect(page).toHaveURL(/\/en\/invoices\?page=2$/);
    await expect(page.locator('li[data-invoice]').first()).toBeVisible();
    const showRow = (number: string) => invoiceRow(page, 'en', number);
    const expectations: [string, string, string, string | null][] = [
      [DEMO_INVOICES.ainoOpen, en.labels.summary, en.statuses.open, null],
      [DEMO_INVOICES.ainoOverdue, en.labels.invoice, en.statuses.overdue, en.area.overdue.trim()],
      [DEMO_INVOICES.ainoPaid, en.labels.receipt, en.statuses.paid, null],
      [DEMO_INVOICES.ainoPaper, en.labels.invoice, en.statuses.paper, en.area.sentByMail],
      [DEMO_INVOICES.ainoRefunded, en.labels.refundedInvoice, en.statuses.refunded, en.area.refundReceiptByMail],
      [DEMO_INVOICES.ainoNotAvailable, en.labels.notAvailable, en.statuses.notAvailable, en.area.billingEmail.trim()],
    ];
    for (const [number, label, status, area] of expectations) {
      const found = await showRow(number);
      await expect(found.getByRole('heading', { level: 2 })).toHaveText(`${label} ${number}`);
      await expect(found.locator('[data-status]')).toHaveText(status);
      if (area) await expect(found).toContainText(area);
    }
    const open = await showRow(DEMO_INVOICES.ainoOpen);
    await expect(open).toContainText('€77.90');
    await expect(open.getByRole('link', { name: `Pay online: invoice ${DEMO_INVOICES.ainoOpen}` })).toBeVisible();
    const notAvailable = await showRow(DEMO_INVOICES.ainoNotAvailable);
    await expect(notAvailable.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(notAvailable.getByRole('link', { name: /PDF/ })).toHaveCount(0);
    // The oldest receipt is on the last page, which has no invoice of Eino's either.
    await expect(await showRow('2025108')).toBeVisible();
    await expect(page.locator(`li[data-invoice="${DEMO_INVOICES.einoOpen}"]`)).toHaveCount(0);
  });

  test('the invoice summary shows buyer, rows and totals; the receipt downloads as a PDF with its number', async ({ page }) => {
    await login(page, 'aino', { lang: 'fi' });
    const paid = await invoiceRow(page, 'fi', DEMO_INVOICES.ainoPaid);
    const downloading = page.waitForEvent('download');
    await paid.getByRole('link', { name: `${fi.labels.receipt} ${DEMO_INVOICES.ainoPaid} (PDF)` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Kaari-Kuitti-${DEMO_INVOICES.ainoPaid}.pdf`);
    const bytes = readFileSync((await download.path())!).toString('latin1');
    expect(bytes.startsWith('%PDF-')).toBe(true);
    expect(bytes).toContain(`Kuitti ${DEMO_INVOICES.ainoPaid}`);

    await paid.getByRole('link', { name: `Laskun ${DEMO_INVOICES.ainoPaid} yhteenveto` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${fi.labels.receipt} ${DEMO_INVOICES.ainoPaid}` })).toBeVisible();
    await expect(page.getByRole('main').getByText('Aino Virtanen')).toContainText('Mannerheimintie 12 B 7');
    const table = page.getByRole('table', { name: fi.summary.rows });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table).toContainText('Yleislääkärin vastaanotto');
    await expect(table.locator('tfoot')).toContainText('77,90');
    // The seller with its business ID and address, and why there is no VAT (ADR 0043).
    await expect(page.getByRole('heading', { level: 2, name: fi.summary.seller })).toBeVisible();
    await expect(page.getByRole('main').getByText('Kaari Terveys Oy')).toContainText('Y-tunnus: 3217845-2');
    await expect(page.getByRole('main').getByText('Kaari Terveys Oy')).toContainText('00250 Helsinki');
    await expect(page.getByText(fi.summary.vatFree)).toBeVisible();
  });

  test('Aino pays an open invoice: success, the invoice shows paid, the early and repeated callback change nothing', async ({ page }) => {
    await login(page, 'aino');
    const invoice = await invoiceFixture(page, 'aino', { sumCents: '4990' });
    await page.goto(pagePath('invoices', 'en'));
    await page
      .locator(`li[data-invoice="${invoice.invoiceNumber}"]`)
      .getByRole('link', { name: /online/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: en.pay.title })).toBeVisible();
    await expect(page.getByText('€49.90')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay with Nordea' })).toBeVisible();
    // The provider's terms arrive as HTML with a link: shown as our own text and link (ADR 0043).
    await expect(page.getByText("By continuing with your payment, you agree to the test provider's")).toBeVisible();
    await expect(page.getByRole('link', { name: 'payment service terms' })).toHaveAttribute('href', 'https://www.paytrail.com/kuluttaja/maksupalveluehdot');
    await expect(page.getByRole('link', { name: 'payment service terms' })).not.toHaveAttribute('target');
    // Every method of the test provider posts to an allowed origin: no note of hidden ones.
    await expect(page.locator('[data-hidden-methods]')).toHaveCount(0);

    await payAtTestBank(page, 'en', invoice.invoiceNumber, 'pay');
    await expect(page.getByText(en.result.success.replace('{{number}}', invoice.invoiceNumber))).toBeVisible();
    await expect(page.getByRole('link', { name: en.result.frontPage })).toBeVisible();

    // The callback came before the redirect, and again after it: one settled payment, paid once.
    await expect.poll(async () => (await inspectInvoice(page, invoice.invoiceNumber)).events.filter((e) => e.via === 'callback').length).toBe(2);
    const inspected = await inspectInvoice(page, invoice.invoiceNumber);
    expect(inspected).toMatchObject({ status: 'paid', paid: true, settledPayments: 1 });
    const settling = inspected.events.filter((e) => e.outcome === 'success');
    expect(settling).toEqual([{ via: 'callback', outcome: 'success' }]);
    expect(inspected.events.filter((e) => e.via === 'redirect')).toEqual([{ via: 'redirect', outcome: 'alreadyFinal' }]);

    await page.goto(pagePath('invoices', 'en'));
    await expect(page.locator(`li[data-invoice="${invoice.invoiceNumber}"] [data-status]`)).toHaveText(en.statuses.paid);
    // The pay page now says it is paid, with no payment methods.
    await page.goto(pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber }));
    await expect(page.locator('[data-state="paid"]')).toContainText('This invoice was paid on');
    await expect(page.getByRole('button', { name: /Pay with/ })).toHaveCount(0);
  });

  test('pressing a payment method re-checks the invoice: paid meanwhile in another tab, the page reloads with its state', async ({ page, context }) => {
    await login(page, 'aino');
    const invoice = await invoiceFixture(page, 'aino');
    await page.goto(pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber }));
    await expect(page.getByRole('button', { name: 'Pay with Nordea' })).toBeVisible();
    const other = await context.newPage();
    await payAtTestBank(other, 'en', invoice.invoiceNumber, 'pay');
    await other.close();
    await page.getByRole('button', { name: 'Pay with Nordea' }).click();
    await expect(page).toHaveURL(new RegExp(`${pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber })}$`));
    await expect(page.locator('[data-state="paid"]')).toContainText('This invoice was paid on');
    expect((await inspectInvoice(page, invoice.invoiceNumber)).settledPayments).toBe(1);
  });

  test('cancelling at the bank: "You have not been charged", unpaid, try again', async ({ page }) => {
    await login(page, 'aino');
    const invoice = await invoiceFixture(page, 'aino');
    await payAtTestBank(page, 'en', invoice.invoiceNumber, 'cancel');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(en.result.interrupted);
    await expect(alert).toContainText('You have not been charged');
    await expect(page.getByText(en.result.unpaid)).toBeVisible();
    await expect(page.getByText('€49.90')).toBeVisible();
    await page.getByRole('link', { name: en.result.tryAgain }).click();
    await expect(page.getByRole('button', { name: 'Pay with OP' })).toBeVisible();
    expect((await inspectInvoice(page, invoice.invoiceNumber)).status).toBe('open');
  });

  test('a declined card is reported with its own message', async ({ page }) => {
    await login(page, 'aino', { lang: 'sv' });
    const invoice = await invoiceFixture(page, 'aino');
    await payAtTestBank(page, 'sv', invoice.invoiceNumber, 'card-declined');
    await expect(page.getByRole('alert')).toContainText(invoiceTexts.sv.result.messages.cardDeclined);
    expect((await inspectInvoice(page, invoice.invoiceNumber)).status).toBe('open');
  });

  test('without a valid e-mail the pay page sends her to my information, and saving brings her back to pay', async ({ page }) => {
    const invoice = await invoiceFixture(page, 'new', { email: 'invalid' });
    await login(page, { identityCode: invoice.identityCode! });
    await page.goto(pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber }));
    await expect(page.getByRole('heading', { name: en.pay.emailRequiredTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: /Pay with/ })).toHaveCount(0);

    await page.getByRole('link', { name: en.pay.emailRequiredLink }).click();
    await expect(page).toHaveURL(/\/en\/my-information\?saveAction=/);
    await page.getByRole('link', { name: 'Edit contact information' }).click();
    await page.getByLabel('E-mail').fill('maksaja@example.fi');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber })}$`));
    await expect(page.getByRole('button', { name: 'Pay with OP' })).toBeVisible();
  });

  test('the invoice notification link leads Laura through login to pay Eino’s invoice', async ({ page }) => {
    const invoice = await invoiceFixture(page, 'eino');
    await page.goto(pagePath('invoiceNotificationLanding', 'fi', { number: invoice.invoiceNumber }));
    await expect(page.getByRole('heading', { level: 1, name: fi.landing.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Päävalikko' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'På svenska' })).toHaveAttribute('href', `/sv/fakturameddelande/${invoice.invoiceNumber}`);
    await page.getByRole('link', { name: `${fi.landing.child}: ${fi.landing.continue}` }).click();
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=/);
    const next = new URL(page.url()).searchParams.get('nextPath')!;
    expect(next).toBe(pagePath('invoicePayment', 'fi', { number: invoice.invoiceNumber }));
    // Through the identification's pages: the callback lands on the page the link asked for.
    await page.goto(await identifyAtTestBank(page, 'laura', { lang: 'fi', next }));
    await expect(page).toHaveURL(next);
    await payAtTestBank(page, 'fi', invoice.invoiceNumber, 'pay');
    await expect(page.getByText(fi.result.success.replace('{{number}}', invoice.invoiceNumber))).toBeVisible();
    await expect.poll(async () => (await inspectInvoice(page, invoice.invoiceNumber)).status).toBe('paid');
  });

  test("Aino gets 404 for Laura's child's invoice: pay page, summary and PDF", async ({ page }) => {
    const invoice = await invoiceFixture(page, 'eino');
    await login(page, 'aino');
    expect((await page.goto(pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber })))!.status()).toBe(404);
    expect((await page.goto(pagePath('invoiceSummary', 'en', { id: String(invoice.id) })))!.status()).toBe(404);
    expect((await page.request.get(`/api/invoices/${invoice.id}/pdf`)).status()).toBe(404);
  });

  test(
    'the bank confirms later: the result page waits, then shows the invoice paid (polling with JS, Refresh without)',
    { tag: '@no-js' },
    async ({ page }, testInfo) => {
      await login(page, 'aino');
      const invoice = await invoiceFixture(page, 'aino');
      const resultPath = pagePath('paymentResult', 'en', { number: invoice.invoiceNumber });
      const returned = recordProviderReturn(page, 'en', invoice.invoiceNumber);
      await payAtTestBank(page, 'en', invoice.invoiceNumber, 'delayed');
      await expect(page.getByText(en.result.pending)).toBeVisible();
      const outcome = page.locator('#payment-outcome');
      await expect(outcome).toHaveAttribute('data-outcome', 'pending');
      await expect(outcome).toHaveAttribute('data-poll-ms', /^\d+$/);
      const js = jsEnabled(testInfo.project.name);
      if (js) {
        // The page script asks again, marked as a poll (it does not keep the session alive), and
        // changes nothing while the payment is still pending.
        const poll = await page.waitForRequest((request) => new URL(request.url()).pathname === resultPath && request.headers()['x-portal-poll'] === '1');
        expect(poll.method()).toBe('GET');
        await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      }

      await bankConfirms(page, returned());

      if (!js) await page.getByRole('link', { name: en.result.refresh }).click();
      await expect(page.getByText(en.result.success.replace('{{number}}', invoice.invoiceNumber))).toBeVisible({ timeout: 10_000 });
      await expect(outcome).toHaveAttribute('data-outcome', 'ok');
      await expect(outcome).not.toHaveAttribute('data-poll-ms');
      await expect(page.getByRole('link', { name: en.result.frontPage })).toBeVisible();
      // With JS the region was replaced in place: the same document, no reload.
      if (js) expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect((await inspectInvoice(page, invoice.invoiceNumber)).status).toBe('paid');
    },
  );

  test('a forged return from the provider changes nothing', async ({ page }) => {
    await login(page, 'aino');
    const invoice = await invoiceFixture(page, 'aino');
    const forged = new URLSearchParams({
      'checkout-account': '375917',
      'checkout-algorithm': 'sha256',
      'checkout-amount': '4990',
      'checkout-stamp': 'forged',
      'checkout-status': 'ok',
      signature: '0'.repeat(64),
    });
    const response = await page.goto(`${pagePath('paymentResult', 'en', { number: invoice.invoiceNumber })}?${forged}`);
    expect(response!.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText(en.result.wrongBrowser);
    expect((await page.request.get(`/api/payments/callback?${forged}`)).status()).toBe(400);
    expect((await inspectInvoice(page, invoice.invoiceNumber)).status).toBe('open');
  });
});

test.describe('plain HTML (ADR 0009)', () => {
  // With JavaScript on (a browser without it loads no script whatever the page says).
  test('the invoice pages are plain HTML: a browser with JavaScript loads no script file', async ({ page }) => {
    const invoice = await invoiceFixture(page, 'aino');
    await login(page, 'aino');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const paths = [
      pagePath('invoices', 'en'),
      pagePath('invoiceSummary', 'en', { id: String(invoice.id) }),
      pagePath('invoicePayment', 'en', { number: invoice.invoiceNumber }),
      pagePath('payVisit', 'en'),
      pagePath('invoiceNotificationLanding', 'en', { number: invoice.invoiceNumber }),
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveAttribute('data-static', 'true');
    }
    expect(scripts).toEqual([]);
  });
});

test.describe('pay a visit', () => {
  test('Aino approves her video visit’s fee, pays it and lands on the visit’s success page', async ({ page }) => {
    await login(page, 'aino');
    const visit = await bookFixture(page, 'aino', 2 * 60, { locationType: 'videoAppointment' });
    await page.goto(pagePath('payVisit', 'en'));
    const row = page.locator(`li[data-appointment="${visit.id}"]`);
    await expect(row).toContainText(en.visit.fee);
    await row.getByRole('link', { name: new RegExp(`^${en.visit.pay} `) }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.visit.approvalTitle })).toBeVisible();
    await page.getByRole('button', { name: en.visit.approve }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.pay.title })).toBeVisible();
    const number = /\/(\d+)$/.exec(new URL(page.url()).pathname)![1]!;
    const success = pagePath('visitPaymentSuccess', 'en', { id: String(visit.id) });
    await payAtTestBank(page, 'en', number, 'pay', new RegExp(`${success}$`));
    await expect(page.getByRole('heading', { level: 1, name: en.visit.successTitle })).toBeVisible();
    // Paid: no longer offered, and approving again leads to the success page.
    await page.goto(pagePath('payVisit', 'en'));
    await expect(page.locator(`li[data-appointment="${visit.id}"]`)).toHaveCount(0);
    await page.goto(pagePath('visitPaymentApproval', 'en', { id: String(visit.id) }));
    await expect(page).toHaveURL(new RegExp(`${success}$`));
  });

  // With JS on and off: the return from the provider is a plain redirect either way (issue 39).
  test('a guardian pays the invoice of the visit she booked for her ward of 15 and lands on the visit’s success page', { tag: '@no-js' }, async ({ page }) => {
    const family = await confidentialFamily(page);
    await login(page, family.guardian);
    const success = pagePath('visitPaymentSuccess', 'en', { id: String(family.teenVisitId) });
    await payAtTestBank(page, 'en', family.invoice.invoiceNumber, 'pay', new RegExp(`${success}$`));
    await expect(page.getByRole('heading', { level: 1, name: en.visit.successTitle })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('€98.00');
    expect((await inspectInvoice(page, family.invoice.invoiceNumber)).paid).toBe(true);
    await page.getByRole('link', { name: en.visit.toAppointment }).click();
    await expect(page).toHaveURL(new RegExp(`${pagePath('appointment', 'en', { ids: String(family.teenVisitId) })}$`));
    await expect(page.getByRole('main')).toContainText(`${family.teen.firstName} ${family.teen.lastName}`);
  });

  test(
    'the bank confirms a visit’s fee later: with JS the waiting result page says paid and links to the visit; without, Refresh leads to the success page',
    { tag: '@no-js' },
    async ({ page }, testInfo) => {
      await login(page, 'aino');
      const visit = await bookFixture(page, 'aino', 2 * 60, { locationType: 'videoAppointment' });
      await page.goto(pagePath('visitPaymentApproval', 'en', { id: String(visit.id) }));
      await page.getByRole('button', { name: en.visit.approve }).click();
      await expect(page.getByRole('heading', { level: 1, name: en.pay.title })).toBeVisible();
      const number = /\/(\d+)$/.exec(new URL(page.url()).pathname)![1]!;
      const returned = recordProviderReturn(page, 'en', number);
      await payAtTestBank(page, 'en', number, 'delayed');
      await expect(page.getByText(en.result.pending)).toBeVisible();
      await bankConfirms(page, returned());
      if (jsEnabled(testInfo.project.name)) {
        // A poll cannot follow the redirect to the success page: the region says paid, with the visit's link.
        await expect(page.getByText(en.result.success.replace('{{number}}', number))).toBeVisible({ timeout: 10_000 });
        await page.getByRole('link', { name: en.visit.toAppointment }).click();
        await expect(page).toHaveURL(new RegExp(`${pagePath('appointment', 'en', { ids: String(visit.id) })}$`));
      } else {
        await page.getByRole('link', { name: en.result.refresh }).click();
        await expect(page).toHaveURL(new RegExp(`${pagePath('visitPaymentSuccess', 'en', { id: String(visit.id) })}$`));
        await expect(page.getByRole('heading', { level: 1, name: en.visit.successTitle })).toBeVisible();
      }
    },
  );
});

test.describe('invoices and payment JSON API', () => {
  test('the same services answer JSON: list, summary, pay-page invoice, payment creation; others’ are 404', async ({ page, baseURL }) => {
    const eino = await invoiceFixture(page, 'eino');
    await login(page, 'aino');
    const own = await invoiceFixture(page, 'aino', { sumCents: '2500' });
    const list = await (await page.request.get('/api/payments/invoices-list?lang=en')).json();
    expect(list.invoices).toHaveLength(10);
    expect(list.invoices.find((i: { invoiceNumber: string }) => i.invoiceNumber === own.invoiceNumber)).toMatchObject({
      invoiceNumber: own.invoiceNumber,
      label: 'summary',
      sum: '€25.00',
      paymentArea: 'payOnline',
    });
    expect((await page.request.get(`/api/invoices/invoice-summary?invoiceId=${own.id}&lang=fi`)).status()).toBe(200);
    expect((await page.request.get(`/api/invoices/invoice-summary?invoiceId=${eino.id}`)).status()).toBe(404);
    const payInvoice = await (await page.request.get(`/api/payments/good-sign-invoice?invoiceNumber=${own.invoiceNumber}`)).json();
    expect(payInvoice.invoice).toMatchObject({ invoiceNumber: own.invoiceNumber, state: 'open', sumCents: 2500 });
    expect((await page.request.get(`/api/payments/good-sign-invoice?invoiceNumber=${eino.invoiceNumber}`)).status()).toBe(404);

    const token = await csrfToken(page);
    const post = (body: Record<string, unknown>) => page.request.post(`/api/payments?csrfToken=${token}`, { data: body, headers: { Origin: baseURL! } });
    expect((await post({ reference: own.invoiceNumber, amount: 1 })).status()).toBe(400);
    expect((await post({ reference: eino.invoiceNumber, amount: 4990 })).status()).toBe(404);
    const created = await post({ reference: own.invoiceNumber, amount: 2500, language: 'EN' });
    expect(created.status()).toBe(200);
    const body = await created.json();
    expect(body.providers.map((p: { name: string }) => p.name)).toEqual(['OP', 'Nordea', 'Visa / Mastercard']);
    expect(body.providers[0].parameters.map((p: { name: string }) => p.name)).toEqual(['transaction', 'method', 'bank-signature']);
    expect(body.terms).toContain('terms');
  });
});
