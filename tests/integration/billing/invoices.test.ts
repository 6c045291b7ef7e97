/**
 * Invoices and online payment on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * who sees which invoice, the list's pages and labels, the PDF; a payment through the built-in
 * test provider end to end (create, bank page, signed redirect and callback in any order and
 * number), tampered and mismatching reports, cancel, a second payment of a paid invoice, the
 * reconciliation job, and 20 concurrent callbacks + redirects for one payment.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, createAppointment, createInvoice, createPerson } from '~db/factories';
import { accessLog, appointments, invoices, paymentEvents, payments, persons } from '~db/schema';
import { DEMO_INVOICES } from '~db/seed-invoices';
import { DEMO_PERSONS } from '~db/seed-data';
import { appointmentValues } from '~db/seed';
import { helsinkiDate } from '~/lib/dates';
import { makeIdentityCode } from '~/models/identity-code';
import { setHiddenFromGuardians } from '~/services/appointments/appointments.server';
import { viewerOf, type Viewer } from '~/services/people/viewer.server';
import type { Db } from '~/services/db/db.server';
import { renderInvoicePdf } from '~/services/billing/invoice-pdf.server';
import { approveVisitPayment, getVisitPayment, listPayableVisits } from '~/services/billing/visit-payment.server';
import { findVisibleInvoice, getInvoiceSummary, invoiceForPdf, listInvoices, summaryView } from '~/services/billing/invoices.server';
import { calculateHmac } from '~/services/billing/paytrail-signature.server';
import {
  goToProvider,
  handleProviderReturn,
  paymentClient,
  paymentResult,
  preparePayment,
  reconcilePayments,
  settledPaymentCount,
} from '~/services/billing/payments.server';
import { completeTestBankPayment, findTestBankPayment, TEST_MERCHANT, type TestBankOutcome } from '~/services/billing/test-provider.server';
import { brand } from '~/brands';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { readPdf } from '../../fixtures/pdf-text';
import { clock } from '../../fixtures/clock';

const ORIGIN = 'https://portal.test';
const links = {
  pdf: (i: { id: number }) => `/pdf/${i.id}`,
  pay: (i: { invoiceNumber: string }) => `/pay/${i.invoiceNumber}`,
  summary: (i: { id: number }) => `/summary/${i.id}`,
};

async function personId(db: Db, key: keyof typeof DEMO_PERSONS) {
  const [row] = await db.select().from(persons).where(eq(persons.identityCode, DEMO_PERSONS[key].identityCode));
  return row!;
}

describe.each(databaseKinds())('invoices and payment on %s', (kind) => {
  const t = withTestDatabase(kind, { seed: true });
  let aino: Viewer;
  let laura: Viewer;
  let ainoPerson: typeof persons.$inferSelect;

  beforeAll(async () => {
    ainoPerson = await personId(t.db, 'aino');
    const lauraPerson = await personId(t.db, 'laura');
    const eino = await personId(t.db, 'eino');
    aino = { personId: ainoPerson.id, youngWardIds: [], olderWardIds: [] };
    laura = { personId: lauraPerson.id, youngWardIds: [eino.id], olderWardIds: [] };
  });

  /** A fresh open invoice of Aino's, and a payment of it created at the test provider. */
  async function startPayment(sumCents = 4990, viewer?: Viewer) {
    const invoice = await createInvoice(t.db, {
      invoiceNumber: String(800_000_000 + Math.floor(Math.random() * 99_999_999)),
      personId: ainoPerson.id,
      source: 'CustomerInvoice',
      status: 'open',
      sumCents,
      creationDate: clock.now(),
    });
    const client = paymentClient(t.db, ORIGIN);
    const prepared = await preparePayment(t.db, client, {
      viewer: viewer ?? aino,
      payer: { email: 'aino.virtanen@example.fi', firstName: 'Aino', lastName: 'Virtanen' },
      invoiceNumber: invoice.invoiceNumber,
      lang: 'fi',
      origin: ORIGIN,
      returnUrl: `${ORIGIN}/fi/maksu/${invoice.invoiceNumber}`,
      callbackUrl: `${ORIGIN}/api/payments/callback`,
      browserBindingHash: 'binding-hash',
    });
    if (prepared.type !== 'ready') throw new Error(`not ready: ${prepared.type}`);
    return { invoice, client, prepared };
  }

  /** The tester's choice at the bank: the signed redirect and callback query strings. */
  async function atBank(prepared: Awaited<ReturnType<typeof startPayment>>['prepared'], outcome: TestBankOutcome) {
    const method = prepared.methods[0]!;
    const field = (name: string) => method.parameters.find((p) => p.name === name)!.value;
    const bankPayment = await findTestBankPayment(
      t.db,
      { transaction: field('transaction'), method: field('method'), signature: field('bank-signature') },
      TEST_MERCHANT.secret,
    );
    expect(bankPayment).not.toBeNull();
    const done = await completeTestBankPayment(t.db, bankPayment!, method.id, outcome, TEST_MERCHANT.secret);
    return { redirect: new URL(done.redirectUrl).searchParams, callback: done.callbackUrl ? new URL(done.callbackUrl).searchParams : null };
  }

  it('lists own invoices ten per page, newest first, with the spec labels; the guardian sees the ward’s', async () => {
    const first = await listInvoices(t.db, aino, 'en', 1, links);
    expect(first.total).toBe(14);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(10);
    const second = await listInvoices(t.db, aino, 'en', 2, links);
    expect(second.items).toHaveLength(4);
    const byNumber = Object.fromEntries(first.items.map((i) => [i.invoiceNumber, i]));
    expect(byNumber[DEMO_INVOICES.ainoOpen]).toMatchObject({ label: 'summary', paymentArea: 'payOnline', sum: '€77.90' });
    expect(byNumber[DEMO_INVOICES.ainoOverdue]).toMatchObject({ label: 'invoice', paymentArea: 'overdue' });
    expect(byNumber[DEMO_INVOICES.ainoPaid]).toMatchObject({ label: 'receipt', paymentArea: 'none' });
    expect(byNumber[DEMO_INVOICES.ainoPaper]).toMatchObject({ label: 'invoice', paymentArea: 'sentByMail' });
    expect(byNumber[DEMO_INVOICES.ainoRefunded]).toMatchObject({ label: 'refundedInvoice', paymentArea: 'refundReceiptByMail' });
    expect(byNumber[DEMO_INVOICES.ainoNotAvailable]).toMatchObject({ label: 'notAvailable', paymentArea: 'billingEmail', pdfHref: null });
    expect(first.items.map((i) => i.invoiceNumber)).not.toContain(DEMO_INVOICES.einoOpen);

    const guardian = await listInvoices(t.db, laura, 'sv', 1, links);
    expect(guardian.items.map((i) => [i.invoiceNumber, i.patientName])).toEqual([[DEMO_INVOICES.einoOpen, 'Eino Nieminen']]);
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorPersonId, laura.personId), eq(accessLog.resource, 'invoices')));
    expect(logged.map((l) => l.subjectPersonId)).toContain(laura.youngWardIds[0]);
  });

  it("never shows someone else's invoice: summary, PDF and pay page are not found", async () => {
    const eino = await findVisibleInvoice(t.db, laura, { invoiceNumber: DEMO_INVOICES.einoOpen });
    expect(eino).not.toBeNull();
    expect(await findVisibleInvoice(t.db, aino, { invoiceNumber: DEMO_INVOICES.einoOpen })).toBeNull();
    expect(await getInvoiceSummary(t.db, aino, eino!.id, 'fi', links)).toBeNull();
    expect(await invoiceForPdf(t.db, aino, eino!.id)).toBeNull();
    const prepared = await preparePayment(t.db, paymentClient(t.db, ORIGIN), {
      viewer: aino,
      payer: { email: 'aino.virtanen@example.fi', firstName: 'Aino', lastName: 'Virtanen' },
      invoiceNumber: DEMO_INVOICES.einoOpen,
      lang: 'fi',
      origin: ORIGIN,
      returnUrl: `${ORIGIN}/r`,
      callbackUrl: `${ORIGIN}/c`,
      browserBindingHash: 'x',
    });
    expect(prepared.type).toBe('invoiceNotFound');
  });

  it('makes the receipt PDF with the invoice number and summary rows', async () => {
    const paid = await findVisibleInvoice(t.db, aino, { invoiceNumber: DEMO_INVOICES.ainoPaid });
    const found = await invoiceForPdf(t.db, aino, paid!.id);
    const view = summaryView(found!.invoice, found!.rows, 'fi', links, 'Terveydenhuollon palvelu');
    expect(view.rows).toHaveLength(2);
    expect(view.sum).toMatch(/^77,90\s€$/);
    const bytes = await renderInvoicePdf(
      view,
      {
        label: 'Kuitti',
        invoiceNumber: 'Laskun numero',
        created: 'Päiväys',
        due: 'Eräpäivä',
        paid: 'Maksettu',
        buyer: 'Ostaja',
        description: 'Kuvaus',
        count: 'Määrä',
        unitPrice: 'Hinta',
        date: 'Päivä',
        vat: 'ALV',
        total: 'Yhteensä',
        credited: 'Hyvittää',
        seller: 'Myyjä',
        businessId: 'Y-tunnus',
        vatFree: 'ALV 0 %: AVL 34 §',
      },
      'Kaari',
      brand('general').seller,
      'fi',
    );
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(`Kuitti ${DEMO_INVOICES.ainoPaid}`);
    // The demo rows are VAT-free health care: the receipt says so, under the seller's facts (ADR 0043).
    expect(view.vatFree).toBe(true);
    const reading = readPdf(bytes);
    expect(reading.text).toContain('Y-tunnus: 3217845-2');
    expect(reading.text).toContain('ALV 0 %: AVL 34 §');
    expect(reading.tags.untaggedTexts).toEqual([]);
  });

  it('asks for an e-mail address first, and does not offer paid or mailed invoices', async () => {
    const client = paymentClient(t.db, ORIGIN);
    const base = { viewer: aino, lang: 'en' as const, origin: ORIGIN, returnUrl: `${ORIGIN}/r`, callbackUrl: `${ORIGIN}/c`, browserBindingHash: 'x' };
    const noEmail = await preparePayment(t.db, client, {
      ...base,
      payer: { email: 'not-an-address', firstName: 'A', lastName: 'V' },
      invoiceNumber: DEMO_INVOICES.ainoOpen,
    });
    expect(noEmail.type).toBe('emailRequired');
    const paid = await preparePayment(t.db, client, {
      ...base,
      payer: { email: 'a@example.fi', firstName: 'A', lastName: 'V' },
      invoiceNumber: DEMO_INVOICES.ainoPaid,
    });
    expect(paid).toMatchObject({ type: 'notPayable', invoice: { state: 'paid' } });
    const paper = await preparePayment(t.db, client, {
      ...base,
      payer: { email: 'a@example.fi', firstName: 'A', lastName: 'V' },
      invoiceNumber: DEMO_INVOICES.ainoPaper,
    });
    expect(paper).toMatchObject({ type: 'notPayable', invoice: { state: 'mail' } });
  });

  it('pays through the test provider: callback twice and before the redirect, the invoice is paid once', async () => {
    const { invoice, client, prepared } = await startPayment();
    expect(prepared.methods.map((m) => m.name)).toContain('OP');
    expect(prepared.methods[0]!.url).toBe(`${ORIGIN}/test-payments/pay`);
    expect(await goToProvider(t.db, aino, { invoiceNumber: invoice.invoiceNumber, paymentId: prepared.paymentId, methodId: 'osuuspankki' })).toEqual({
      type: 'redirect',
      url: `${ORIGIN}/test-payments/pay`,
    });

    const { redirect, callback } = await atBank(prepared, 'pay');
    expect((await handleProviderReturn(t.db, client, callback!, 'callback')).result).toBe('success');
    expect((await handleProviderReturn(t.db, client, callback!, 'callback')).result).toBe('success');
    expect((await handleProviderReturn(t.db, client, redirect, 'redirect')).result).toBe('success');

    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: 'paid' });
    expect(row!.paidAt).not.toBeNull();
    expect(await settledPaymentCount(t.db, invoice.id)).toBe(1);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, prepared.paymentId));
    expect(events.map((e) => e.outcome).filter((o) => o === 'success')).toHaveLength(1);
    expect(await paymentResult(t.db, aino, invoice.invoiceNumber, prepared.paymentId, 'en')).toMatchObject({ outcome: 'ok', invoicePaid: true });
    // Pressing a method on a stale pay page now reloads it.
    expect((await goToProvider(t.db, aino, { invoiceNumber: invoice.invoiceNumber, paymentId: prepared.paymentId, methodId: 'nordea' })).type).toBe('notOpen');
  });

  it('refuses a tampered report, and a mismatching sum even when signed', async () => {
    const { invoice, client, prepared } = await startPayment();
    const { callback } = await atBank(prepared, 'pay');
    const tampered = new URLSearchParams(callback!);
    tampered.set('checkout-amount', '1');
    expect((await handleProviderReturn(t.db, client, tampered, 'callback')).result).toBe('invalidSignature');
    const noSignature = new URLSearchParams(callback!);
    noSignature.delete('signature');
    expect((await handleProviderReturn(t.db, client, noSignature, 'callback')).result).toBe('invalidSignature');
    expect((await t.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.status).toBe('open');

    // Signed (someone holding the secret) but for another sum: invoiceSumNotValid, nothing paid.
    const params = Object.fromEntries([...callback!.entries()].filter(([k]) => k.startsWith('checkout-')));
    params['checkout-amount'] = '100';
    const resigned = new URLSearchParams({ ...params, signature: calculateHmac(TEST_MERCHANT.secret, params, '') });
    expect((await handleProviderReturn(t.db, client, resigned, 'callback')).result).toBe('invoiceSumNotValid');
    expect((await t.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.status).toBe('open');
    expect((await t.db.select().from(payments).where(eq(payments.id, prepared.paymentId)))[0]!.status).toBe('rejected');
  });

  it('cancel and card declined: nothing charged, the reason on the result page', async () => {
    for (const [outcome, message] of [
      ['cancel', 'cancelled'],
      ['card-declined', 'cardDeclined'],
      ['insufficient-funds', 'insufficientFunds'],
    ] as const) {
      const { invoice, client, prepared } = await startPayment();
      const { redirect } = await atBank(prepared, outcome);
      expect((await handleProviderReturn(t.db, client, redirect, 'redirect')).result).toBe('failed');
      expect(await paymentResult(t.db, aino, invoice.invoiceNumber, prepared.paymentId, 'en')).toMatchObject({
        outcome: 'fail',
        message,
        invoicePaid: false,
      });
    }
  });

  it('a second payment of a paid invoice is kept apart for a refund (invoiceAlreadyPaid)', async () => {
    const first = await startPayment();
    const second = await preparePayment(t.db, first.client, {
      viewer: aino,
      payer: { email: 'a@example.fi', firstName: 'A', lastName: 'V' },
      invoiceNumber: first.invoice.invoiceNumber,
      lang: 'fi',
      origin: ORIGIN,
      returnUrl: `${ORIGIN}/r`,
      callbackUrl: `${ORIGIN}/c`,
      browserBindingHash: 'y',
    });
    if (second.type !== 'ready') throw new Error('second payment not ready');
    const one = await atBank(first.prepared, 'pay');
    const two = await atBank(second, 'pay');
    expect((await handleProviderReturn(t.db, first.client, one.callback!, 'callback')).result).toBe('success');
    expect((await handleProviderReturn(t.db, first.client, two.callback!, 'callback')).result).toBe('invoiceAlreadyPaid');
    expect(await settledPaymentCount(t.db, first.invoice.id)).toBe(1);
    expect((await t.db.select().from(payments).where(eq(payments.id, second.paymentId)))[0]!.status).toBe('duplicate');
  });

  it('the reconciliation job settles a delayed payment by asking the provider', async () => {
    const { invoice, client, prepared } = await startPayment();
    const { redirect, callback } = await atBank(prepared, 'delayed');
    expect(callback).toBeNull();
    expect((await handleProviderReturn(t.db, client, redirect, 'redirect')).result).toBe('pending');
    expect(await paymentResult(t.db, aino, invoice.invoiceNumber, prepared.paymentId, 'en')).toMatchObject({ outcome: 'pending' });
    // Too early: not asked yet.
    expect((await reconcilePayments(t.db, client, { now: clock.now(), afterMinutes: 15 })).settled).toBe(0);
    const later = new Date(clock.nowMs() + 20 * 60_000);
    const summary = await reconcilePayments(t.db, client, { now: later, afterMinutes: 15 });
    expect(summary.settled).toBeGreaterThanOrEqual(1);
    expect(summary.errors).toBe(0);
    expect((await t.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.status).toBe('paid');
    expect(await settledPaymentCount(t.db, invoice.id)).toBe(1);
  });

  it('20 concurrent callbacks and redirects for one payment: one settled payment, the invoice paid once', async () => {
    const { invoice, client, prepared } = await startPayment(12_345);
    const { redirect, callback } = await atBank(prepared, 'pay');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => handleProviderReturn(t.db, client, i % 2 ? redirect : callback!, i % 2 ? 'redirect' : 'callback')),
    );
    expect(results.map((r) => r.result)).toEqual(Array(20).fill('success'));
    expect(await settledPaymentCount(t.db, invoice.id)).toBe(1);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, prepared.paymentId));
    expect(events.filter((e) => e.outcome === 'success')).toHaveLength(1);
    expect(events.filter((e) => e.outcome === 'alreadyFinal')).toHaveLength(19);
    const changes = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'invoice'), eq(accessLog.action, 'change'), eq(accessLog.resourceId, String(invoice.id))));
    expect(changes).toHaveLength(1);
    // A tampered one among them changed nothing either.
    const tampered = new URLSearchParams(callback!);
    tampered.set('checkout-status', 'fail');
    expect((await handleProviderReturn(t.db, client, tampered, 'callback')).result).toBe('invalidSignature');
    expect((await t.db.select().from(payments).where(eq(payments.id, prepared.paymentId)))[0]!.status).toBe('settled');
  });

  it('two payments of one invoice settling at once: one settles, the other is kept for a refund', async () => {
    const first = await startPayment(2_000);
    const second = await preparePayment(t.db, first.client, {
      viewer: aino,
      payer: { email: 'a@example.fi', firstName: 'A', lastName: 'V' },
      invoiceNumber: first.invoice.invoiceNumber,
      lang: 'fi',
      origin: ORIGIN,
      returnUrl: `${ORIGIN}/r`,
      callbackUrl: `${ORIGIN}/c`,
      browserBindingHash: 'z',
    });
    if (second.type !== 'ready') throw new Error('second payment not ready');
    const a = await atBank(first.prepared, 'pay');
    const b = await atBank(second, 'pay');
    const results = await Promise.all([
      handleProviderReturn(t.db, first.client, a.callback!, 'callback'),
      handleProviderReturn(t.db, first.client, b.callback!, 'callback'),
    ]);
    expect(results.map((r) => r.result).sort()).toEqual(['invoiceAlreadyPaid', 'success']);
    expect(await settledPaymentCount(t.db, first.invoice.id)).toBe(1);
  });

  it('pay a visit: approving a remote visit’s fee creates its invoice once, with the price rows; others get nothing', async () => {
    const [video] = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.patientId, ainoPerson.id), eq(appointments.locationType, 'videoAppointment')));
    const listed = await listPayableVisits(t.db, aino, 'en');
    expect(listed.map((v) => v.appointmentId)).toContain(video!.id);
    const payer = { name: 'Aino Virtanen', street: null, postalCode: null, postOffice: null };
    const [one, two] = await Promise.all([approveVisitPayment(t.db, aino, payer, video!.id), approveVisitPayment(t.db, aino, payer, video!.id)]);
    expect(one).toEqual(two);
    expect(one.type).toBe('invoice');
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.appointmentId, video!.id));
    const price = video!.price!;
    expect(invoice!.sumCents).toBe(price.cents + price.additionalFees.reduce((sum, f) => sum + f.cents, 0));
    expect(await approveVisitPayment(t.db, laura, payer, video!.id)).toEqual({ type: 'notFound' });
    expect(await getVisitPayment(t.db, laura, video!.id, 'en')).toBeNull();

    // Paid through the same payment service: then the visit is no longer offered.
    const client = paymentClient(t.db, ORIGIN);
    const prepared = await preparePayment(t.db, client, {
      viewer: aino,
      payer: { email: 'aino.virtanen@example.fi', firstName: 'Aino', lastName: 'Virtanen' },
      invoiceNumber: invoice!.invoiceNumber,
      lang: 'en',
      origin: ORIGIN,
      returnUrl: `${ORIGIN}/r`,
      callbackUrl: `${ORIGIN}/c`,
      browserBindingHash: 'v',
    });
    if (prepared.type !== 'ready') throw new Error(prepared.type);
    const { callback } = await atBank(prepared, 'pay');
    expect((await handleProviderReturn(t.db, client, callback!, 'callback')).result).toBe('success');
    expect(await paymentResult(t.db, aino, invoice!.invoiceNumber, prepared.paymentId, 'en')).toMatchObject({ outcome: 'ok', appointmentId: video!.id });
    expect((await listPayableVisits(t.db, aino, 'en')).map((v) => v.appointmentId)).not.toContain(video!.id);
    expect(await getVisitPayment(t.db, aino, video!.id, 'en')).toMatchObject({ paid: true });
    expect(await approveVisitPayment(t.db, aino, payer, video!.id)).toEqual({ type: 'paid', invoiceNumber: invoice!.invoiceNumber });
  });

  it('a guardian pays the invoice of the in-person visit she booked for her ward of 15: the result and the visit’s success page answer her by the appointment page’s rule', async () => {
    const [y, m, d] = helsinkiDate(clock.now()).split('-').map(Number) as [number, number, number];
    const teenBirth = new Date(Date.UTC(y - 15, m - 1, d - 3)).toISOString().slice(0, 10);
    const serial = 602;
    const guardian = await createPerson(t.db, {
      identityCode: makeIdentityCode('1981-03-03', serial),
      firstName: 'Huoltaja',
      lastName: 'Maksaja',
      email: 'huoltaja@example.fi',
    });
    const teen = await createPerson(t.db, { identityCode: makeIdentityCode(teenBirth, serial), firstName: 'Nuori', lastName: 'Maksaja' });
    await addGuardianship(t.db, guardian.id, teen.id);
    const guardianView = viewerOf({ person: { id: guardian.id }, wards: [{ id: teen.id, birthDate: teen.birthDate }] });
    const teenView = viewerOf({ person: { id: teen.id }, wards: [] });
    const { appointment } = await createAppointment(t.db, {
      ...appointmentValues(
        {
          person: 'sanni',
          description: 'test',
          startInMinutes: 3 * 24 * 60,
          kindId: 'VAS',
          specialtyId: 'PSY',
          clinicId: 'JP',
          practitionerId: 'P0026',
          locationType: 'physicalLocation',
          durationMinutes: 45,
        },
        clock.now(),
      ),
      patientId: teen.id,
      bookedById: guardian.id,
      bookedVia: 'web',
    });
    const invoice = await createInvoice(t.db, {
      invoiceNumber: String(800_000_000 + Math.floor(Math.random() * 99_999_999)),
      personId: teen.id,
      addresseeId: guardian.id,
      appointmentId: appointment.id,
      source: 'CustomerInvoice',
      status: 'open',
      sumCents: 9800,
      creationDate: clock.now(),
    });
    const client = paymentClient(t.db, ORIGIN);
    const prepared = await preparePayment(t.db, client, {
      viewer: guardianView,
      payer: { email: 'huoltaja@example.fi', firstName: 'Huoltaja', lastName: 'Maksaja' },
      invoiceNumber: invoice.invoiceNumber,
      lang: 'en',
      origin: ORIGIN,
      returnUrl: `${ORIGIN}/r`,
      callbackUrl: `${ORIGIN}/c`,
      browserBindingHash: 'g',
    });
    if (prepared.type !== 'ready') throw new Error(prepared.type);
    const { callback } = await atBank(prepared, 'pay');
    expect((await handleProviderReturn(t.db, client, callback!, 'callback')).result).toBe('success');

    // The payer may see the visit (she booked it): the result leads to the visit, whose success page answers her.
    expect(await paymentResult(t.db, guardianView, invoice.invoiceNumber, prepared.paymentId, 'en')).toMatchObject({
      outcome: 'ok',
      appointmentId: appointment.id,
    });
    expect(await getVisitPayment(t.db, guardianView, appointment.id, 'en')).toMatchObject({
      appointmentId: appointment.id,
      paid: true,
      sum: '€98.00',
      patientName: 'Nuori Maksaja',
    });
    // So does the ward's own (the visit is hers); a stranger's is not found.
    expect(await getVisitPayment(t.db, teenView, appointment.id, 'en')).toMatchObject({ paid: true, patientName: null });
    expect(await getVisitPayment(t.db, aino, appointment.id, 'en')).toBeNull();

    // Hidden from the guardian (ADR 0034): the result no longer names the visit, and its page is not found.
    expect(await setHiddenFromGuardians(t.db, teenView, appointment.id, true)).toBe('hidden');
    expect(await paymentResult(t.db, guardianView, invoice.invoiceNumber, prepared.paymentId, 'en')).toMatchObject({ outcome: 'ok', appointmentId: null });
    expect(await getVisitPayment(t.db, guardianView, appointment.id, 'en')).toBeNull();
  });
});
