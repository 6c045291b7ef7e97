/**
 * New customer (/fi/uusi-asiakas): the welcome page after registration, with links to book
 * online or by phone and a log-out button (a plain form post to the log-out page).
 */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { ConfirmForm } from '~/components/ConfirmLink';
import { usePortalEnv } from '~/components/portal-env';
import { portalContext } from '~/context';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/new-customer';

export async function loader({ context }: Route.LoaderArgs) {
  requireAuth(context);
  const { lang } = context.get(portalContext);
  return { title: pageTitle(context, 'reservation.newCustomer.title'), lang };
}

export default function NewCustomer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = loaderData;
  const brand = brandFacts(usePortalEnv().brand);
  return (
    <section className={ui.card} aria-labelledby="welcome-title">
      <h1 id="welcome-title">{t('reservation.newCustomer.title')}</h1>
      <p>{t('reservation.newCustomer.text')}</p>
      <div className={ui.buttonRow}>
        <Link className={ui.button.primary} to={pagePath('bookingLanding', lang)}>
          {t('reservation.newCustomer.bookOnline')}
        </Link>
        <a className={ui.button.secondary} href={`tel:${brand.customerService.tel}`}>
          {t('reservation.newCustomer.bookByPhone')}: {brand.customerService.display}
        </a>
      </div>
      <ConfirmForm secondary action={pagePath('logout', lang)} reloadDocument confirmLabel={t('reservation.newCustomer.logOut')} />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
