/**
 * Invoice notification landing (spec 3 §2): the link in an invoice SMS or e-mail. Anonymous, no
 * navigation or footer. It asks whose visit is being paid: one's own (either brand), or a
 * child's under 18, whose guardianship is checked after strong identification (the pay page
 * shows a ward's invoice only to their guardian). Both lead through login to the pay page.
 * Nothing here says whether the number exists.
 */
import { Link } from 'react-router';
import { authContext, portalContext } from '~/context';
import { LANGUAGES } from '~/i18n/config';
import { useTranslation } from '~/i18n/react';
import { invariantResponse, pageTitle } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import * as styles from '~/styles/billing.css';
import * as ui from '~/styles/ui.css';
import { INVOICE_NUMBER } from '~/models/billing/invoice';
import type { Route } from './+types/notification-landing';

const LANGUAGE_NAMES = { fi: 'Suomeksi', sv: 'På svenska', en: 'In English' } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  invariantResponse(INVOICE_NUMBER.test(params.number));
  const payPath = pagePath('invoicePayment', lang, { number: params.number });
  // Logged in already: straight to the pay page; otherwise through login, back to it.
  const continueHref = context.get(authContext) ? payPath : pagePath('login', lang, {}, new URLSearchParams({ nextPath: payPath }));
  return {
    title: pageTitle(context, 'invoices.landing.title'),
    lang,
    continueHref,
    languages: LANGUAGES.map((l) => ({ lang: l, href: pagePath('invoiceNotificationLanding', l, { number: params.number }) })),
  };
}

export default function InvoiceNotificationLanding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { continueHref, languages, lang } = loaderData;
  return (
    <section className={ui.card}>
      <h1>{t('invoices.landing.title')}</h1>
      <nav aria-label={t('invoices.landing.languages')}>
        <ul className={styles.pagination}>
          {languages.map((l) => (
            <li key={l.lang}>
              <Link to={l.href} lang={l.lang} hrefLang={l.lang} aria-current={l.lang === lang ? 'page' : undefined}>
                {LANGUAGE_NAMES[l.lang]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2>{t('invoices.landing.question')}</h2>
      <ul className={ui.list}>
        <li className={ui.card}>
          <h3>{t('invoices.landing.own')}</h3>
          <p>{t('invoices.landing.ownText')}</p>
          <Link className={ui.button.primary} to={continueHref} aria-label={`${t('invoices.landing.own')}: ${t('invoices.landing.continue')}`}>
            {t('invoices.landing.continue')}
          </Link>
        </li>
        <li className={ui.card}>
          <h3>{t('invoices.landing.child')}</h3>
          <p>{t('invoices.landing.childText')}</p>
          <Link className={ui.button.primary} to={continueHref} aria-label={`${t('invoices.landing.child')}: ${t('invoices.landing.continue')}`}>
            {t('invoices.landing.continue')}
          </Link>
        </li>
      </ul>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
