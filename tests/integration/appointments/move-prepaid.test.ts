/**
 * Moving a remote visit whose fee was paid online in advance (issue 39, ADR 0048), on a real
 * database with the built-in test payment provider: to a clinic time the prepayment is refunded
 * in the move's transaction (the invoice `refundInProgress`, a refund ordered) and sent to the
 * provider after the commit (then `refunded`); to a remote time of the same price it carries over;
 * a fee approved but not paid is credited; a failed move changes nothing; the visit moved back to
 * a remote time gets a new fee invoice of its own; a refund the provider did not answer is sent
 * again by the reconciliation, a refusal is left to billing, and a `pending` one is finished by
 * the provider's signed callback.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClinic, createPerson, createPractitioner, createSlot, createSpecialty } from '~db/factories';
import { accessLog, appointments, invoices, payments, refunds, testProviderPayments } from '~db/schema';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { priceFor } from '~/models/booking/price-list';
import { makeIdentityCode } from '~/models/identity-code';
import { moveAppointment, previewMove, type MoveOptions } from '~/services/appointments/move.server';
import { createPaytrailClient } from '~/services/billing/paytrail-client.server';
import { calculateHmac } from '~/services/billing/paytrail-signature.server';
import { handleProviderReturn, paymentClient, preparePayment } from '~/services/billing/payments.server';
import { priceTotalCents } from '~/services/billing/prepayment-rules';
import { receiveRefundCallback, sendRefund, settlePrepaymentOnMove } from '~/services/billing/refunds.server';
import { runReconcileJob } from '~/services/billing/reconcile-job.server';
import { completeTestBankPayment, findTestBankPayment, TEST_MERCHANT } from '~/services/billing/test-provider.server';
import { approveVisitPayment, getVisitPayment } from '~/services/billing/visit-payment.server';
import { reserveAsUser } from '~/services/booking/reservation.server';
import type { ReservationSettings } from '~/services/booking/reservation/settings.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import type { Viewer } from '~/services/people/viewer.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

const ORIGIN = 'https://portal.test';
const HOUR = 3_600_000;
const SETTINGS: ReservationSettings = { maxFutureReservations: 50, bindingConsentHours: 24, cancellationLimitHours: 24 };
const PAYER = { name: 'Etä Potilas', street: null, postalCode: null, postOffice: null };
const REMOTE_TOTAL = priceTotalCents(priceFor('PSY', 'videoAppointment'));
const CLINIC_TOTAL = priceTotalCents(priceFor('PSY', 'physicalLocation'));

let individual = 400;
let minutes = 0;

async function reference(db: Db) {
  await createClinic(db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
  await createClinic(db, { ...CLINICS.find((c) => c.id === 'RMT')!, isRemote: true });
  await createSpecialty(
    db,
    SPECIALTIES.find((s) => s.id === 'PSY')!,
  );
  const title = { fi: 'Psykologi', sv: 'Psykolog', en: 'Psychologist' };
  await createPractitioner(db, { id: 'P0001', firstName: 'Pia', lastName: 'Psykologi', title, specialtyIds: ['PSY'], clinicIds: ['KA', 'RMT'] });
}

/** A free psychology time three days or more ahead: a video appointment, or a visit at the Kamppi clinic. */
function slot(db: Db, where: 'remote' | 'clinic', days = 3) {
  minutes += 45;
  const startAt = new Date(clock.nowMs() + days * 24 * HOUR + minutes * 60_000);
  return createSlot(
    db,
    where === 'remote'
      ? { clinicId: 'RMT', practitionerId: 'P0001', specialtyId: 'PSY', startAt, kindId: 'VETA', isRemote: true, locationType: 'videoAppointment' }
      : { clinicId: 'KA', practitionerId: 'P0001', specialtyId: 'PSY', startAt },
  );
}

describe.each(databaseKinds())('moving a prepaid remote visit on %s', (kind) => {
  const t = withTestDatabase(kind);
  beforeAll(async () => {
    await reference(t.db);
  });

  /** A patient who books a video appointment online; with `pay`, its fee approved and paid through the test provider. */
  async function remoteVisit(pay: 'paid' | 'approved' | 'none' = 'paid') {
    individual += 2;
    const person = await createPerson(t.db, {
      identityCode: makeIdentityCode('1986-04-04', individual),
      firstName: 'Etä',
      lastName: `Potilas${individual}`,
      email: 'eta.potilas@example.fi',
      patientDataConsentUpdatedAt: clock.now(),
    });
    const viewer: Viewer = { personId: person.id, youngWardIds: [], olderWardIds: [] };
    const free = await slot(t.db, 'remote');
    const booked = await reserveAsUser(
      t.db,
      { person },
      { slotId: free.id, phone: '+358401234567', emailAddress: 'eta.potilas@example.fi' },
      { lang: 'fi', origin: ORIGIN, brand: 'general', inApp: false, now: clock.now(), settings: SETTINGS, payer: 'self' },
    );
    if (booked.type !== 'success') throw new Error(booked.type);
    const appointmentId = booked.appointmentId;
    if (pay === 'none') return { person, viewer, appointmentId, invoiceNumber: null };
    const approved = await approveVisitPayment(t.db, viewer, PAYER, appointmentId);
    if (approved.type !== 'invoice') throw new Error(approved.type);
    if (pay === 'paid') {
      const client = paymentClient(t.db, ORIGIN);
      const prepared = await preparePayment(t.db, client, {
        viewer,
        payer: { email: 'eta.potilas@example.fi', firstName: 'Etä', lastName: 'Potilas' },
        invoiceNumber: approved.invoiceNumber,
        lang: 'fi',
        origin: ORIGIN,
        returnUrl: `${ORIGIN}/fi/maksu/${approved.invoiceNumber}`,
        callbackUrl: `${ORIGIN}/api/payments/callback`,
        browserBindingHash: 'binding',
      });
      if (prepared.type !== 'ready') throw new Error(prepared.type);
      const method = prepared.methods[0]!;
      const field = (name: string) => method.parameters.find((p) => p.name === name)!.value;
      const bank = await findTestBankPayment(
        t.db,
        { transaction: field('transaction'), method: field('method'), signature: field('bank-signature') },
        TEST_MERCHANT.secret,
      );
      const done = await completeTestBankPayment(t.db, bank!, method.id, 'pay', TEST_MERCHANT.secret);
      expect((await handleProviderReturn(t.db, client, new URL(done.callbackUrl!).searchParams, 'callback')).result).toBe('success');
    }
    return { person, viewer, appointmentId, invoiceNumber: approved.invoiceNumber };
  }

  const invoiceOf = async (invoiceNumber: string) => (await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, invoiceNumber)))[0]!;
  const refundsOf = async (invoiceId: number) => t.db.select().from(refunds).where(eq(refunds.invoiceId, invoiceId));
  const move = (viewer: Viewer, appointmentId: number, slotId: number, inTransaction?: MoveOptions['inTransaction']) =>
    moveAppointment(t.db, { actor: { kind: 'viewer', viewer, appointmentId }, slotId }, { now: clock.now(), settings: SETTINGS, inTransaction });

  it('to a clinic time: the prepayment is refunded through the provider, the invoice says so, the visit is no longer paid', async () => {
    const visit = await remoteVisit('paid');
    expect(await getVisitPayment(t.db, visit.viewer, visit.appointmentId, 'fi')).toMatchObject({ paid: true });
    const paid = await invoiceOf(visit.invoiceNumber!);
    expect(paid).toMatchObject({ status: 'paid', sumCents: REMOTE_TOTAL, appointmentId: visit.appointmentId });
    const clinic = await slot(t.db, 'clinic');

    // The confirm step says what happens to the payment before the patient confirms.
    const preview = await previewMove(t.db, { kind: 'viewer', viewer: visit.viewer, appointmentId: visit.appointmentId }, clinic.id, 'fi', {
      now: clock.now(),
      settings: SETTINGS,
    });
    expect(preview).toMatchObject({ type: 'ready', prepayment: { outcome: 'refund', sum: expect.stringContaining('106,40') } });

    const moved = await move(visit.viewer, visit.appointmentId, clinic.id);
    expect(moved).toMatchObject({ type: 'moved', prepayment: 'refund' });
    const [appointment] = await t.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId));
    expect(appointment).toMatchObject({ slotId: clinic.id, isRemote: false, clinicId: 'KA' });
    expect(priceTotalCents(appointment!.price)).toBe(CLINIC_TOTAL);

    // Refunded at the provider after the commit: the whole sum, once, for the settled payment.
    const [refund] = await refundsOf(paid.id);
    const [settled] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, paid.id), eq(payments.status, 'settled')));
    expect(refund).toMatchObject({ status: 'refunded', amountCents: REMOTE_TOTAL, paymentId: settled!.id, reason: 'visitMoved', refundedAt: expect.any(Date) });
    const [books] = await t.db.select().from(testProviderPayments).where(eq(testProviderPayments.transactionId, settled!.transactionId!));
    expect(books!.refunds).toEqual([{ stamp: refund!.stamp, transactionId: refund!.providerTransactionId, amountCents: REMOTE_TOTAL }]);
    expect(await invoiceOf(visit.invoiceNumber!)).toMatchObject({ status: 'refunded', appointmentId: visit.appointmentId, paidAt: paid.paidAt });
    // The visit's pages no longer say it is paid (a clinic visit is paid at the clinic).
    expect(await getVisitPayment(t.db, visit.viewer, visit.appointmentId, 'fi')).toBeNull();
    // Billing's changes of the invoice are in the patient's access log (the system, for billing).
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'invoice'), eq(accessLog.resourceId, String(paid.id)), eq(accessLog.actorKind, 'system')));
    expect(logged.map((row) => row.reason)).toEqual(['billing', 'billing', 'billing']);

    // Sent again (the reconciliation): the same refund, not a second one.
    expect(await sendRefund(t.db, paymentClient(t.db, ORIGIN), refund!.id)).toBeNull();
    await runReconcileJob(t.db, ORIGIN);
    expect((await t.db.select().from(testProviderPayments).where(eq(testProviderPayments.transactionId, settled!.transactionId!)))[0]!.refunds).toHaveLength(1);
  });

  it('to a remote time of the same price: the prepayment carries over, nothing is refunded', async () => {
    const visit = await remoteVisit('paid');
    const later = await slot(t.db, 'remote', 5);
    const preview = await previewMove(t.db, { kind: 'viewer', viewer: visit.viewer, appointmentId: visit.appointmentId }, later.id, 'fi', {
      now: clock.now(),
      settings: SETTINGS,
    });
    expect(preview).toMatchObject({ type: 'ready', prepayment: null });
    expect(await move(visit.viewer, visit.appointmentId, later.id)).toMatchObject({ type: 'moved', prepayment: 'carried' });
    const invoice = await invoiceOf(visit.invoiceNumber!);
    expect(invoice).toMatchObject({ status: 'paid', appointmentId: visit.appointmentId });
    expect(await refundsOf(invoice.id)).toEqual([]);
    expect(await getVisitPayment(t.db, visit.viewer, visit.appointmentId, 'fi')).toMatchObject({ paid: true });
  });

  it('the refund is ordered in the move’s transaction: a move that fails changes neither the visit nor its payment', async () => {
    const visit = await remoteVisit('paid');
    const clinic = await slot(t.db, 'clinic');
    await expect(
      move(visit.viewer, visit.appointmentId, clinic.id, async () => {
        throw new Error('the caller’s step failed');
      }),
    ).rejects.toThrow('the caller’s step failed');
    const invoice = await invoiceOf(visit.invoiceNumber!);
    expect(invoice.status).toBe('paid');
    expect(await refundsOf(invoice.id)).toEqual([]);
    expect((await t.db.select().from(appointments).where(eq(appointments.id, visit.appointmentId)))[0]).toMatchObject({ isRemote: true, clinicId: 'RMT' });
  });

  it('a fee approved but not paid is credited; moved back to a remote time, the visit gets a fee invoice of its own', async () => {
    const visit = await remoteVisit('approved');
    const clinic = await slot(t.db, 'clinic');
    const preview = await previewMove(t.db, { kind: 'viewer', viewer: visit.viewer, appointmentId: visit.appointmentId }, clinic.id, 'fi', {
      now: clock.now(),
      settings: SETTINGS,
    });
    expect(preview).toMatchObject({ type: 'ready', prepayment: { outcome: 'credit' } });
    expect(await move(visit.viewer, visit.appointmentId, clinic.id)).toMatchObject({ type: 'moved', prepayment: 'credit' });
    const credited = await invoiceOf(visit.invoiceNumber!);
    expect(credited.status).toBe('refunded');
    expect(await refundsOf(credited.id)).toEqual([]);
    // Nothing left to pay for a remote visit it no longer is.
    const client = paymentClient(t.db, ORIGIN);
    const payAttempt = await preparePayment(t.db, client, {
      viewer: visit.viewer,
      payer: { email: 'eta.potilas@example.fi', firstName: 'Etä', lastName: 'Potilas' },
      invoiceNumber: credited.invoiceNumber,
      lang: 'fi',
      origin: ORIGIN,
      returnUrl: `${ORIGIN}/r`,
      callbackUrl: `${ORIGIN}/c`,
      browserBindingHash: 'binding',
    });
    expect(payAttempt.type).toBe('notPayable');

    const remoteAgain = await slot(t.db, 'remote', 6);
    expect(await move(visit.viewer, visit.appointmentId, remoteAgain.id)).toMatchObject({ type: 'moved', prepayment: 'none' });
    expect(await getVisitPayment(t.db, visit.viewer, visit.appointmentId, 'fi')).toMatchObject({ paid: false, invoiceNumber: null });
    const again = await approveVisitPayment(t.db, visit.viewer, PAYER, visit.appointmentId);
    expect(again).toEqual({ type: 'invoice', invoiceNumber: `${credited.invoiceNumber}1` });
    expect(await invoiceOf(`${credited.invoiceNumber}1`)).toMatchObject({ status: 'open', sumCents: REMOTE_TOTAL, appointmentId: visit.appointmentId });
  });

  it('a refund the provider did not answer stays ordered and the reconciliation sends it; a refusal is left to billing', async () => {
    const visit = await remoteVisit('paid');
    const invoice = await invoiceOf(visit.invoiceNumber!);
    const [settled] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'settled')));
    // The provider's books say it was refunded already (e.g. by hand in its merchant panel): it refuses another.
    await t.db
      .update(testProviderPayments)
      .set({ refunds: [{ stamp: 'by-hand', transactionId: randomUUID(), amountCents: REMOTE_TOTAL }] })
      .where(eq(testProviderPayments.transactionId, settled!.transactionId!));
    expect(await move(visit.viewer, visit.appointmentId, (await slot(t.db, 'clinic')).id)).toMatchObject({ type: 'moved', prepayment: 'refund' });
    expect(await refundsOf(invoice.id)).toMatchObject([{ status: 'manual', refundedAt: null }]);
    expect((await invoiceOf(visit.invoiceNumber!)).status).toBe('refundInProgress');

    // No answer at all (the network down): still ordered, tried once more; the job then sends it.
    const other = await remoteVisit('paid');
    const otherInvoice = await invoiceOf(other.invoiceNumber!);
    const unreachable = createPaytrailClient({
      kind: 'test',
      merchantId: TEST_MERCHANT.merchantId,
      secret: TEST_MERCHANT.secret,
      apiUrl: 'https://unreachable.invalid',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    // Ordered as the move's transaction orders it, then sent to a provider that does not answer.
    const ordered = await withTransaction(t.db, (tx) =>
      settlePrepaymentOnMove(tx, {
        appointmentId: other.appointmentId,
        before: { isRemote: true, payerType: 'self' },
        after: { isRemote: false, price: priceFor('PSY', 'physicalLocation') },
      }),
    );
    expect(ordered.outcome).toBe('refund');
    expect(await sendRefund(t.db, unreachable, ordered.refundId!)).toBe('requested');
    expect(await refundsOf(otherInvoice.id)).toMatchObject([{ status: 'requested', tries: 1 }]);
    expect((await invoiceOf(other.invoiceNumber!)).status).toBe('refundInProgress');
    const summary = await runReconcileJob(t.db, ORIGIN);
    expect(summary.refunded).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(otherInvoice.id)).toMatchObject([{ status: 'refunded' }]);
    expect((await invoiceOf(other.invoiceNumber!)).status).toBe('refunded');
  });

  it('a refund the provider finishes later is completed by its signed callback; a forged or mismatching one changes nothing', async () => {
    const visit = await remoteVisit('paid');
    const invoice = await invoiceOf(visit.invoiceNumber!);
    const ordered = await withTransaction(t.db, (tx) =>
      settlePrepaymentOnMove(tx, {
        appointmentId: visit.appointmentId,
        before: { isRemote: true, payerType: 'self' },
        after: { isRemote: false, price: null },
      }),
    );
    // What Paytrail answers for a bank that refunds later: `pending`, with the refund's transaction id.
    const refundTransaction = randomUUID();
    await t.db.update(refunds).set({ status: 'pending', providerTransactionId: refundTransaction }).where(eq(refunds.id, ordered.refundId!));
    const client = paymentClient(t.db, ORIGIN);
    const report = (params: Record<string, string>, secret: string = TEST_MERCHANT.secret) =>
      new URLSearchParams({ ...params, signature: calculateHmac(secret, params, '') });
    const base = {
      'checkout-account': TEST_MERCHANT.merchantId,
      'checkout-algorithm': 'sha256',
      'checkout-amount': String(REMOTE_TOTAL),
      'checkout-transaction-id': refundTransaction,
      'checkout-status': 'ok',
    };
    const callback = (params: URLSearchParams) => receiveRefundCallback(t.db, client, { params, clientIp: '192.0.2.77' });
    expect(await callback(report(base, 'wrong-secret'))).toEqual({ result: 'invalidSignature' });
    expect(await callback(report({ ...base, 'checkout-amount': '1' }))).toEqual({ result: 'notFound' });
    expect(await callback(report({ ...base, 'checkout-transaction-id': randomUUID() }))).toEqual({ result: 'notFound' });
    expect(await refundsOf(invoice.id)).toMatchObject([{ status: 'pending' }]);
    expect((await invoiceOf(visit.invoiceNumber!)).status).toBe('refundInProgress');

    expect(await callback(report(base))).toEqual({ result: 'applied' });
    expect(await refundsOf(invoice.id)).toMatchObject([{ status: 'refunded', refundedAt: expect.any(Date) }]);
    expect((await invoiceOf(visit.invoiceNumber!)).status).toBe('refunded');
    // A repeated callback changes nothing.
    expect(await callback(report({ ...base, 'checkout-status': 'fail' }))).toEqual({ result: 'applied' });
    expect(await refundsOf(invoice.id)).toMatchObject([{ status: 'refunded' }]);
  });
});
