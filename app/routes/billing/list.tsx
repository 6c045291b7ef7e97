/**
 * Invoices and receipts (spec 2 §2, §4): the logged-in user's and their wards' invoices, ten per
 * page (page links work without JS), each with its label and status as the spec names them, the
 * sum, the PDF and the payment area. A load failure shows the error view with retry.
 */
import { Link } from 'react-router';
import { portalContext } from '~/context';
import { brand } from '~/brands';
import { useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import type { InvoiceListItem } from '~/models/billing/invoice';
import { pagePath } from '~/route-table';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { pageNumber } from '~/models/paging';
import { listInvoices } from '~/services/billing/invoices.server';
import * as styles from '~/styles/billing.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/list';

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang, brand: brandKey } = context.get(portalContext);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const result = await listInvoices(await getDb(), viewerOf(auth), lang, page, {
    pdf: (invoice) => `/api/invoices/${invoice.id}/pdf?lang=${lang}`,
    pay: (invoice) => pagePath('invoicePayment', lang, { number: invoice.invoiceNumber }),
    summary: (invoice) => pagePath('invoiceSummary', lang, { id: String(invoice.id) }),
  });
  return {
    title: pageTitle(context, 'invoices.list.title'),
    ...result,
    billing: brand(brandKey).billing.email,
    pageHrefs: Array.from({ length: result.pageCount }, (_, i) =>
      pagePath('invoices', lang, {}, i === 0 ? undefined : new URLSearchParams({ page: String(i + 1) })),
    ),
  };
}

function PaymentArea({ item, billing }: { item: InvoiceListItem; billing: string }) {
  const { t } = useTranslation();
  const mail = <a href={`mailto:${billing}`}>{billing}</a>;
  switch (item.paymentArea) {
    case 'payOnline':
      return (
        <Link className={ui.button.primary} to={item.payHref!} aria-label={t('invoices.area.payOnlineLabel', { number: item.invoiceNumber })}>
          {t('invoices.area.payOnline')}
        </Link>
      );
    case 'billingEmail':
      return (
        <p>
          {t('invoices.area.billingEmail')}
          {mail}
        </p>
      );
    case 'overdue':
      return (
        <p>
          {t('invoices.area.overdue')}
          {mail}
        </p>
      );
    case 'sentByMail':
      return <p>{t('invoices.area.sentByMail')}</p>;
    case 'refundReceiptByMail':
      return <p>{t('invoices.area.refundReceiptByMail')}</p>;
    case 'none':
      return null;
  }
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, page, pageCount, pageHrefs, billing } = loaderData;
  return (
    <>
      <h1>{t('invoices.list.title')}</h1>
      <p>{t('invoices.list.intro')}</p>
      {items.length === 0 ? (
        <p className={ui.card}>{t('invoices.list.empty')}</p>
      ) : (
        <ul className={ui.list} aria-label={t('invoices.list.caption', { page, count: pageCount })}>
          {items.map((item) => (
            <li key={item.id} className={ui.card} data-invoice={item.invoiceNumber}>
              <h2>
                {t(`invoices.labels.${item.label}`)} {item.invoiceNumber}
              </h2>
              <dl className={styles.facts}>
                <dt className={styles.factTerm}>{t('invoices.list.number')}</dt>
                <dd className={styles.factValue}>{item.invoiceNumber}</dd>
                <dt className={styles.factTerm}>{t('invoices.list.product')}</dt>
                <dd className={styles.factValue}>
                  {item.description}
                  {item.patientName ? (
                    <>
                      <br />
                      {t('invoices.list.patient', { name: item.patientName })}
                    </>
                  ) : null}
                </dd>
                <dt className={styles.factTerm}>{t('invoices.list.status')}</dt>
                <dd className={styles.factValue} data-status={item.status}>
                  {t(`invoices.statuses.${item.status}`)}
                </dd>
                <dt className={styles.factTerm}>{t('invoices.list.sum')}</dt>
                <dd className={styles.factValue}>{item.sum}</dd>
              </dl>
              <p className={styles.links}>
                <Link to={item.summaryHref}>{t('invoices.list.summaryLink', { number: item.invoiceNumber })}</Link>
                {item.pdfHref ? (
                  <a href={item.pdfHref} download>
                    {t('invoices.list.pdfLink', { label: t(`invoices.labels.${item.label}`), number: item.invoiceNumber })}
                  </a>
                ) : null}
              </p>
              <PaymentArea item={item} billing={billing} />
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label={t('invoices.list.pagination')}>
          <ul className={styles.pagination}>
            {page > 1 ? (
              <li>
                <Link className={styles.pageLink} to={pageHrefs[page - 2]!}>
                  {t('invoices.list.previous')}
                </Link>
              </li>
            ) : null}
            {pageHrefs.map((href, i) => (
              <li key={href}>
                <Link
                  className={styles.pageLink}
                  to={href}
                  aria-current={i + 1 === page ? 'page' : undefined}
                  aria-label={t('invoices.list.pageLink', { page: i + 1 })}
                >
                  {i + 1}
                </Link>
              </li>
            ))}
            {page < pageCount ? (
              <li>
                <Link className={styles.pageLink} to={pageHrefs[page]!}>
                  {t('invoices.list.next')}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
