/**
 * Invoices and receipts: the one service behind the invoices list, the invoice summary, the
 * PDF and the pay page's invoice. A customer sees their own invoices and their wards'; anyone
 * else's id or number is "not found". Every view is written to the access log.
 */
import { and, count, desc, eq, inArray, asc } from 'drizzle-orm';
import { invoiceRows, invoices, persons } from '~db/schema';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { formatDate, formatMoney } from '~/lib/format';
import type { InvoiceListItem, InvoiceSummaryView } from '~/models/billing/invoice';
import { visiblePersonIds, type Viewer } from '~/services/people/viewer.server';
import { logAccesses } from '~/services/audit/access-log.server';
import type { Db } from '~/services/db/db.server';
import { INVOICES_PER_PAGE, invoiceLabel, paymentArea } from './invoice-rules';
import { clock } from '~/lib/clock.server';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Links the list and summary rows carry (built by the caller from the route table). */
export interface InvoiceLinks {
  pdf: (invoice: InvoiceRow) => string;
  pay: (invoice: InvoiceRow) => string;
  summary: (invoice: InvoiceRow) => string;
}


export interface InvoicePage {
  items: InvoiceListItem[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of the viewer's (and their wards') invoices, newest first. */
export async function listInvoices(
  db: Db,
  viewer: Viewer,
  lang: Language,
  page: number,
  links: InvoiceLinks,
  now = clock.now(),
): Promise<InvoicePage> {
  const owners = visiblePersonIds(viewer);
  const [totalRow] = await db.select({ n: count() }).from(invoices).where(inArray(invoices.personId, owners));
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / INVOICES_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select({ invoice: invoices, firstName: persons.firstName, lastName: persons.lastName })
    .from(invoices)
    .innerJoin(persons, eq(persons.id, invoices.personId))
    .where(inArray(invoices.personId, owners))
    .orderBy(desc(invoices.creationDate), desc(invoices.id))
    .limit(INVOICES_PER_PAGE)
    .offset((current - 1) * INVOICES_PER_PAGE);
  const subjects = [...new Set(rows.map((r) => r.invoice.personId))];
  await logAccesses(
    db,
    subjects.map((subject) => ({ actorPersonId: viewer.personId, subjectPersonId: subject, action: 'view' as const, resource: 'invoices' })),
  );
  return {
    page: current,
    pageCount,
    total,
    items: rows.map(({ invoice, firstName, lastName }) => {
      const area = paymentArea(invoice.source, invoice, now, env().ONLINE_PAYMENT_DAYS);
      return {
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        description: invoice.description[lang],
        status: invoice.status,
        label: invoiceLabel(invoice.source, invoice.status),
        paymentArea: area,
        sum: formatMoney(invoice.sumCents, lang),
        creationDate: formatDate(invoice.creationDate, lang),
        dueDate: formatDate(`${invoice.dueDate}T12:00:00Z`, lang),
        patientName: invoice.personId === viewer.personId ? null : `${firstName} ${lastName}`,
        pdfHref: invoice.hasPdf && invoice.status !== 'notAvailable' ? links.pdf(invoice) : null,
        payHref: area === 'payOnline' ? links.pay(invoice) : null,
        summaryHref: links.summary(invoice),
      };
    }),
  };
}

/** The invoice with this id or number when the viewer may see it (own or a ward's), else null. */
export async function findVisibleInvoice(db: Db, viewer: Viewer, by: { id: number } | { invoiceNumber: string }) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        'id' in by ? eq(invoices.id, by.id) : eq(invoices.invoiceNumber, by.invoiceNumber),
        inArray(invoices.personId, visiblePersonIds(viewer)),
      ),
    )
    .limit(1);
  return row ?? null;
}

function vatText(permille: number, lang: Language): string {
  const value = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fi-FI', { maximumFractionDigits: 1 }).format(permille / 10);
  return lang === 'en' ? `${value}%` : `${value} %`;
}

/** The invoice summary (buyer, rows, totals, credited numbers), logged as a view. */
export async function getInvoiceSummary(
  db: Db,
  viewer: Viewer,
  id: number,
  lang: Language,
  links: Pick<InvoiceLinks, 'pdf'>,
): Promise<InvoiceSummaryView | null> {
  const invoice = await findVisibleInvoice(db, viewer, { id });
  if (!invoice) return null;
  const rows = await db.select().from(invoiceRows).where(eq(invoiceRows.invoiceId, invoice.id)).orderBy(asc(invoiceRows.position));
  await logAccesses(db, [
    { actorPersonId: viewer.personId, subjectPersonId: invoice.personId, action: 'view', resource: 'invoice', resourceId: String(invoice.id) },
  ]);
  return summaryView(invoice, rows, lang, links);
}

export function summaryView(
  invoice: InvoiceRow,
  rows: (typeof invoiceRows.$inferSelect)[],
  lang: Language,
  links: Pick<InvoiceLinks, 'pdf'>,
): InvoiceSummaryView {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    label: invoiceLabel(invoice.source, invoice.status),
    status: invoice.status,
    description: invoice.description[lang],
    buyer: {
      name: invoice.buyerName,
      street: invoice.buyerStreet,
      postalCode: invoice.buyerPostalCode,
      postOffice: invoice.buyerPostOffice,
    },
    rows: rows.map((row) => ({
      description: row.description[lang],
      count: row.count,
      unitPrice: formatMoney(row.unitPriceCents, lang),
      date: formatDate(`${row.date}T12:00:00Z`, lang),
      vat: vatText(row.vatPermille, lang),
      total: formatMoney(row.unitPriceCents * row.count, lang),
    })),
    sum: formatMoney(invoice.sumCents, lang),
    creationDate: formatDate(invoice.creationDate, lang),
    dueDate: formatDate(`${invoice.dueDate}T12:00:00Z`, lang),
    paidDate: invoice.paidAt ? formatDate(invoice.paidAt, lang) : null,
    creditedInvoiceNumbers: (invoice.creditedInvoiceNumbers ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
    pdfHref: invoice.hasPdf && invoice.status !== 'notAvailable' ? links.pdf(invoice) : null,
  };
}

/** The invoice and its rows for the PDF, logged as a view; null when not the viewer's. */
export async function invoiceForPdf(db: Db, viewer: Viewer, id: number) {
  const invoice = await findVisibleInvoice(db, viewer, { id });
  if (!invoice || !invoice.hasPdf || invoice.status === 'notAvailable') return null;
  const rows = await db.select().from(invoiceRows).where(eq(invoiceRows.invoiceId, invoice.id)).orderBy(asc(invoiceRows.position));
  await logAccesses(db, [
    { actorPersonId: viewer.personId, subjectPersonId: invoice.personId, action: 'view', resource: 'invoice-pdf', resourceId: String(invoice.id) },
  ]);
  return { invoice, rows };
}

