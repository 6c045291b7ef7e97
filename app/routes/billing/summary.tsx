/**
 * Invoice summary (spec 2 §2–3): buyer, rows (description, count, unit price, date, VAT %),
 * totals and the numbers of the invoices it credits; the seller (name, business ID, address) and
 * the reason when a row has no VAT, as on the receipt PDF (ADR 0043); only the owner's (or their
 * guardian's).
 */
import { Fragment } from 'react';
import { Link } from 'react-router';
import { brand } from '~/brands';
import { sellerAddressLines } from '~/models/billing/seller';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { invariantResponse, requireAuth, serverT, titleWith } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { getInvoiceSummary } from '~/services/billing/invoices.server';
import * as styles from '~/styles/billing.css';
import * as ui from '~/styles/ui.css';
import { idParam } from '~/lib/http/params';
import type { Route } from './+types/summary';

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const id = idParam(params);
  const invoice = await getInvoiceSummary(await getDb(), viewerOf(auth), id, lang, {
    pdf: (row) => `/api/invoices/${row.id}/pdf?lang=${lang}`,
  });
  invariantResponse(invoice);
  const t = serverT(context);
  return {
    title: titleWith(context, t('invoices.summary.title', { label: t(`invoices.labels.${invoice.label}`), number: invoice.invoiceNumber })),
    invoice,
    seller: brand(context.get(portalContext).brand).seller,
    backHref: pagePath('invoices', lang),
  };
}

export default function InvoiceSummary({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { invoice, seller, backHref } = loaderData;
  const cell = styles.cell;
  return (
    <section className={ui.card}>
      <h1>{t('invoices.summary.title', { label: t(`invoices.labels.${invoice.label}`), number: invoice.invoiceNumber })}</h1>
      <p>{invoice.description}</p>
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>{t('invoices.summary.invoiceNumber')}</dt>
        <dd className={styles.factValue}>{invoice.invoiceNumber}</dd>
        <dt className={styles.factTerm}>{t('invoices.summary.created')}</dt>
        <dd className={styles.factValue}>{invoice.creationDate}</dd>
        <dt className={styles.factTerm}>{t('invoices.summary.due')}</dt>
        <dd className={styles.factValue}>{invoice.dueDate}</dd>
        <dt className={styles.factTerm}>{t('invoices.list.status')}</dt>
        <dd className={styles.factValue}>{t(`invoices.statuses.${invoice.status}`)}</dd>
        {invoice.paidDate ? (
          <>
            <dt className={styles.factTerm}>{t('invoices.summary.paid')}</dt>
            <dd className={styles.factValue}>{invoice.paidDate}</dd>
          </>
        ) : null}
        {invoice.creditedInvoiceNumbers.length ? (
          <>
            <dt className={styles.factTerm}>{t('invoices.summary.credited')}</dt>
            <dd className={styles.factValue}>{invoice.creditedInvoiceNumbers.join(', ')}</dd>
          </>
        ) : null}
      </dl>
      <h2>{t('invoices.summary.buyer')}</h2>
      <p>
        {invoice.buyer.name}
        {invoice.buyer.street ? (
          <>
            <br />
            {invoice.buyer.street}
          </>
        ) : null}
        {invoice.buyer.postalCode || invoice.buyer.postOffice ? (
          <>
            <br />
            {[invoice.buyer.postalCode, invoice.buyer.postOffice].filter(Boolean).join(' ')}
          </>
        ) : null}
      </p>
      <h2>{t('invoices.summary.seller')}</h2>
      <p>
        {seller.legalName}
        <br />
        {t('invoices.summary.businessId')}: {seller.businessId}
        {sellerAddressLines(seller).map((line) => (
          <Fragment key={line}>
            <br />
            {line}
          </Fragment>
        ))}
      </p>
      <h2 id="rows-title">{t('invoices.summary.rows')}</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby="rows-title">
          <thead>
            <tr>
              <th scope="col" className={cell}>
                {t('invoices.summary.description')}
              </th>
              <th scope="col" className={cell}>
                {t('invoices.summary.date')}
              </th>
              <th scope="col" className={styles.number}>
                {t('invoices.summary.count')}
              </th>
              <th scope="col" className={styles.number}>
                {t('invoices.summary.unitPrice')}
              </th>
              <th scope="col" className={styles.number}>
                {t('invoices.summary.vat')}
              </th>
              <th scope="col" className={styles.number}>
                {t('invoices.summary.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.rows.map((row, i) => (
              <tr key={i}>
                <td className={cell}>{row.description}</td>
                <td className={cell}>{row.date}</td>
                <td className={styles.number}>{row.count}</td>
                <td className={styles.number}>{row.unitPrice}</td>
                <td className={styles.number}>{row.vat}</td>
                <td className={styles.number}>{row.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5} className={cell}>
                {t('invoices.summary.totalSum')}
              </th>
              <td className={styles.number}>{invoice.sum}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {invoice.vatFree ? <p className={ui.hint}>{t('invoices.summary.vatFree')}</p> : null}
      <p className={styles.links}>
        {invoice.pdfHref ? (
          <a href={invoice.pdfHref} download>
            {t('invoices.summary.download')}
          </a>
        ) : null}
        <Link to={backHref}>{t('invoices.summary.back')}</Link>
      </p>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
