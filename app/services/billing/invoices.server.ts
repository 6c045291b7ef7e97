/**
 * Invoices and receipts: the one service behind the invoices list, the invoice summary, the
 * PDF and the pay page's invoice. A customer sees their own invoices and their wards' as the
 * viewer module says (ADR 0034: a ward of 12–17's only when addressed to them; a confidential
 * visit's without its service, which is then not even read); anyone else's id or number is "not
 * found". Every view is written to the access log.
 */
import { and, count, desc, eq, asc, getTableColumns, sql } from 'drizzle-orm';
import { invoiceRows, invoices, persons, type Localized } from '~db/schema';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import { formatDate, formatMoney } from '~/lib/format';
import type { InvoiceListItem, InvoiceSummaryView } from '~/models/billing/invoice';
import { hasVatFreeRow } from '~/models/billing/seller';
import { textsIn } from '~/i18n/i18n.server';
import { invoiceServiceHidden, invoiceVisibility, type Viewer } from '~/services/people/viewer.server';
import { logAccess, logAccesses } from '~/services/audit/access-log.server';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { INVOICES_PER_PAGE, invoiceLabel, paymentArea } from './invoice-rules';

/**
 * An invoice as a viewer may see it: `description` is null (never read from the database) when
 * its service is hidden from them — a ward's invoice for a visit hidden from guardians (ADR 0034).
 */
export type InvoiceRow = Omit<typeof invoices.$inferSelect, 'description'> & { description: Localized | null };

/**
 * The invoice columns a viewer may read: the description only where the service is not hidden
 * from them (`invoiceServiceHidden`, the viewer module's condition).
 */
function visibleColumns(viewer: Viewer) {
  return {
    ...getTableColumns(invoices),
    description: sql<Localized | null>`case when ${invoiceServiceHidden(viewer)} then null else ${invoices.description} end`.mapWith(invoices.description),
  };
}

/** What an invoice (or one of its rows) is for, in `lang`: its own text, or the neutral one when hidden. */
export async function serviceText(description: Localized | null, lang: Language): Promise<string> {
  return description ? description[lang] : (await textsIn(lang))('confidential.invoiceService');
}

/** The rows of a visible invoice; their texts only when the invoice's service is not hidden. */
async function rowsOf(db: Db, invoice: InvoiceRow) {
  const rows = await db
    .select({
      ...getTableColumns(invoiceRows),
      description:
        invoice.description === null ? sql<Localized | null>`null` : sql<Localized | null>`${invoiceRows.description}`.mapWith(invoiceRows.description),
    })
    .from(invoiceRows)
    .where(eq(invoiceRows.invoiceId, invoice.id))
    .orderBy(asc(invoiceRows.position));
  return rows;
}

export type VisibleInvoiceRow = Awaited<ReturnType<typeof rowsOf>>[number];

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
export async function listInvoices(db: Db, viewer: Viewer, lang: Language, page: number, links: InvoiceLinks, now = clock.now()): Promise<InvoicePage> {
  const [totalRow] = await db.select({ n: count() }).from(invoices).where(invoiceVisibility(viewer));
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / INVOICES_PER_PAGE));
  const current = Math.min(page, pageCount);
  const rows = await db
    .select({ invoice: visibleColumns(viewer), firstName: persons.firstName, lastName: persons.lastName })
    .from(invoices)
    .innerJoin(persons, eq(persons.id, invoices.personId))
    .where(invoiceVisibility(viewer))
    .orderBy(desc(invoices.creationDate), desc(invoices.id))
    .limit(INVOICES_PER_PAGE)
    .offset((current - 1) * INVOICES_PER_PAGE);
  const subjects = [...new Set(rows.map((r) => r.invoice.personId))];
  await logAccesses(
    db,
    subjects.map((subject) => ({ actorPersonId: viewer.personId, subjectPersonId: subject, action: 'view' as const, resource: 'invoices' })),
  );
  const neutral = await serviceText(null, lang);
  return {
    page: current,
    pageCount,
    total,
    items: rows.map(({ invoice, firstName, lastName }) => {
      const area = paymentArea(invoice.source, invoice, now, env().ONLINE_PAYMENT_DAYS);
      return {
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        description: invoice.description ? invoice.description[lang] : neutral,
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

/**
 * The invoice with this id or number when the viewer may see it (own; a ward's by the viewer
 * module's rule, ADR 0034), else null; its description only when its service is not hidden.
 */
export async function findVisibleInvoice(db: Db, viewer: Viewer, by: { id: number } | { invoiceNumber: string }): Promise<InvoiceRow | null> {
  const [row] = await db
    .select(visibleColumns(viewer))
    .from(invoices)
    .where(and('id' in by ? eq(invoices.id, by.id) : eq(invoices.invoiceNumber, by.invoiceNumber), invoiceVisibility(viewer)))
    .limit(1);
  return row ?? null;
}

/** The access-log row of the viewer seeing an invoice (its summary, the pay page, a payment's result). */
export async function logInvoiceView(db: Db, viewer: Viewer, invoice: Pick<InvoiceRow, 'id' | 'personId'>): Promise<void> {
  await logAccess(db, {
    actorPersonId: viewer.personId,
    subjectPersonId: invoice.personId,
    action: 'view',
    resource: 'invoice',
    resourceId: String(invoice.id),
  });
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
  const rows = await rowsOf(db, invoice);
  await logInvoiceView(db, viewer, invoice);
  return summaryView(invoice, rows, lang, links, await serviceText(null, lang));
}

export function summaryView(
  invoice: InvoiceRow,
  rows: VisibleInvoiceRow[],
  lang: Language,
  links: Pick<InvoiceLinks, 'pdf'>,
  /** The neutral text of a hidden service (`serviceText(null, lang)`). */
  neutral: string,
): InvoiceSummaryView {
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    label: invoiceLabel(invoice.source, invoice.status),
    status: invoice.status,
    description: invoice.description ? invoice.description[lang] : neutral,
    buyer: {
      name: invoice.buyerName,
      street: invoice.buyerStreet,
      postalCode: invoice.buyerPostalCode,
      postOffice: invoice.buyerPostOffice,
    },
    rows: rows.map((row) => ({
      description: row.description ? row.description[lang] : neutral,
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
    vatFree: hasVatFreeRow(rows),
    pdfHref: invoice.hasPdf && invoice.status !== 'notAvailable' ? links.pdf(invoice) : null,
  };
}

/** The invoice and its rows for the PDF, logged as a view; null when not the viewer's. */
export async function invoiceForPdf(db: Db, viewer: Viewer, id: number) {
  const invoice = await findVisibleInvoice(db, viewer, { id });
  if (!invoice || !invoice.hasPdf || invoice.status === 'notAvailable') return null;
  const rows = await rowsOf(db, invoice);
  await logAccesses(db, [
    { actorPersonId: viewer.personId, subjectPersonId: invoice.personId, action: 'view', resource: 'invoice-pdf', resourceId: String(invoice.id) },
  ]);
  return { invoice, rows };
}
