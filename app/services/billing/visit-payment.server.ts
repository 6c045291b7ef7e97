/**
 * Paying a remote visit (spec 1 §2 pay-visit, the additional-payment approval and success pages):
 * a self-paid video or phone appointment's fee is paid online before the visit or within a day
 * after it. Approving the fee creates the visit's invoice (one per appointment: the partial
 * unique index `invoices_appointment_idx`), which is then paid through the same payment service
 * as any invoice. A visit's invoice paid (this way, or an invoice of any visit, e.g. a guardian
 * paying a ward's) ends on the visit's success page for whoever may see the visit: every query
 * here asks the appointment page's rule (`appointmentVisibility`).
 */
import { and, asc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { appointments, invoiceRows, invoices, persons } from '~db/schema';
import type { Language } from '~/i18n/config';
import { formatDateTime, formatMoney } from '~/lib/format';
import { appointmentVisibility, type Viewer } from '~/services/people/viewer.server';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { addDays, helsinkiDate } from '~/lib/dates';
import { liveInvoice } from './refunds.server';

/** A visit can be paid online until this long after its start ("right after it"). */
const PAY_AFTER_VISIT_MS = 24 * 60 * 60_000;

export interface PayableVisit {
  appointmentId: number;
  title: string;
  when: string;
  locationType: string;
  sum: string;
  patientName: string | null;
  invoiceNumber: string | null;
  paid: boolean;
}

type AppointmentRow = typeof appointments.$inferSelect;

const totalCents = (a: AppointmentRow) => (a.price ? a.price.cents + a.price.additionalFees.reduce((s, f) => s + f.cents, 0) : 0);

/** SQL: a visit whose fee can be paid online now: self-paid, live, remote, started at most a day ago. */
const payableNow = (now: Date) =>
  and(
    eq(appointments.isRemote, true),
    eq(appointments.payerType, 'self'),
    isNull(appointments.cancelledAt),
    gte(appointments.startAt, new Date(now.getTime() - PAY_AFTER_VISIT_MS)),
  )!;

/**
 * The viewer's visits (and their invoice, if any) by the appointment page's own rule
 * (`appointmentVisibility`, ADR 0034): what a visit's payment pages may show is what the
 * appointment page shows.
 */
function visitQuery(db: Db, viewer: Viewer, now: Date, ...extra: SQL[]) {
  return (
    db
      .select({
        appointment: appointments,
        firstName: persons.firstName,
        lastName: persons.lastName,
        invoice: invoices,
        payableNow: sql<boolean>`${payableNow(now)}`,
      })
      .from(appointments)
      .innerJoin(persons, eq(persons.id, appointments.patientId))
      // The visit's live invoice: a refunded one (the visit was moved, ADR 0048) is no longer its fee.
      .leftJoin(invoices, and(eq(invoices.appointmentId, appointments.id), liveInvoice()))
      .where(and(appointmentVisibility(viewer), ...extra))
      .orderBy(asc(appointments.startAt))
  );
}

function view(
  row: { appointment: AppointmentRow; firstName: string; lastName: string; invoice: typeof invoices.$inferSelect | null },
  viewer: Viewer,
  lang: Language,
): PayableVisit {
  const paid = row.invoice?.status === 'paid';
  return {
    appointmentId: row.appointment.id,
    title: row.appointment.kindName[lang],
    when: formatDateTime(row.appointment.startAt, lang),
    locationType: row.appointment.locationType,
    // A paid visit shows what was paid (its invoice), one still to pay its price.
    sum: formatMoney(paid ? row.invoice!.sumCents : totalCents(row.appointment), lang),
    patientName: row.appointment.patientId === viewer.personId ? null : `${row.firstName} ${row.lastName}`,
    invoiceNumber: row.invoice?.invoiceNumber ?? null,
    paid,
  };
}

/** The viewer's (and wards') remote visits with a fee still to pay, soonest first. */
export async function listPayableVisits(db: Db, viewer: Viewer, lang: Language, now = clock.now()): Promise<PayableVisit[]> {
  const rows = await visitQuery(db, viewer, now, payableNow(now)).limit(20);
  return rows.filter((r) => totalCents(r.appointment) > 0 && r.invoice?.status !== 'paid').map((r) => view(r, viewer, lang));
}

/**
 * One visit's payment for the viewer, the one question of both visit payment pages: its invoice
 * paid (`paid: true`, the success page: any visit the viewer may see, however and by whom it was
 * paid), its fee still to pay online (`paid: false`, the approval page), or null (not found).
 */
export async function getVisitPayment(db: Db, viewer: Viewer, appointmentId: number, lang: Language, now = clock.now()): Promise<PayableVisit | null> {
  const [row] = await visitQuery(db, viewer, now, eq(appointments.id, appointmentId));
  const payable = row !== undefined && row.payableNow && totalCents(row.appointment) > 0;
  if (!row || (row.invoice?.status !== 'paid' && !payable)) return null;
  await logAccess(db, {
    actorPersonId: viewer.personId,
    subjectPersonId: row.appointment.patientId,
    action: 'view',
    resource: 'appointment',
    resourceId: String(appointmentId),
  });
  return view(row, viewer, lang);
}

export interface Payer {
  name: string;
  street: string | null;
  postalCode: string | null;
  postOffice: string | null;
}

export type VisitInvoiceResult = { type: 'invoice'; invoiceNumber: string } | { type: 'paid'; invoiceNumber: string } | { type: 'notFound' };

/**
 * The fee approved: the visit's invoice (created once, with the price estimate's rows; the same
 * one again on a repeated approval), ready for the pay page.
 */
export async function approveVisitPayment(db: Db, viewer: Viewer, payer: Payer, appointmentId: number, now = clock.now()): Promise<VisitInvoiceResult> {
  return withTransaction(db, async (tx) => {
    const [row] = await visitQuery(tx, viewer, now, eq(appointments.id, appointmentId), payableNow(now));
    if (!row || !row.appointment.price || totalCents(row.appointment) <= 0) return { type: 'notFound' };
    if (row.invoice) return { type: row.invoice.status === 'paid' ? 'paid' : 'invoice', invoiceNumber: row.invoice.invoiceNumber };
    const price = row.appointment.price;
    // The visit's first fee invoice is 3 and its id; a later one (after a refund, ADR 0048) adds its ordinal.
    const [{ earlier }] = (await tx
      .select({ earlier: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.appointmentId, row.appointment.id))) as [{ earlier: number }];
    const [created] = await tx
      .insert(invoices)
      .values({
        invoiceNumber: `3${String(row.appointment.id).padStart(9, '0')}${earlier > 0 ? String(earlier) : ''}`,
        personId: row.appointment.patientId,
        source: 'CustomerInvoice',
        status: 'open',
        description: row.appointment.kindName,
        sumCents: totalCents(row.appointment),
        creationDate: now,
        dueDate: addDays(helsinkiDate(now), 14),
        buyerName: payer.name,
        buyerStreet: payer.street,
        buyerPostalCode: payer.postalCode,
        buyerPostOffice: payer.postOffice,
        deliveryMethod: 'Email',
        appointmentId: row.appointment.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // Approved at the same moment in another tab: that invoice is the one.
      const [existing] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.appointmentId, row.appointment.id), liveInvoice()));
      return { type: existing!.status === 'paid' ? 'paid' : 'invoice', invoiceNumber: existing!.invoiceNumber };
    }
    const date = helsinkiDate(row.appointment.startAt);
    await tx.insert(invoiceRows).values(
      [{ name: price.name, cents: price.cents }, ...price.additionalFees].map((line, i) => ({
        invoiceId: created.id,
        position: i + 1,
        description: line.name,
        count: 1,
        unitPriceCents: line.cents,
        date,
        vatPermille: 0,
      })),
    );
    await logAccess(tx, {
      actorPersonId: viewer.personId,
      subjectPersonId: row.appointment.patientId,
      action: 'create',
      resource: 'invoice',
      resourceId: String(created.id),
    });
    return { type: 'invoice', invoiceNumber: created.invoiceNumber };
  });
}
