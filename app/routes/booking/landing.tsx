/**
 * Reservation landing (/fi/ajanvaraus, spec 3 §2): the visitor picks how the visit is paid.
 * The brand decides the customer types (occupational only on the general brand). Private
 * customers go to their appointment list, insurance customers to theirs (it asks anonymous
 * visitors to identify strongly), employees (flag ohc-appointment-search) to the
 * occupational list, with the query string carried over (e.g. a practitioner link from
 * elsewhere; the occupational list asks anonymous visitors to identify and keeps it through
 * sign-in). The types not yet bookable online are shown with the customer-service number
 * instead of a link that would lead nowhere.
 *
 * Links only: plain HTML for everyone (no framework JavaScript, ADR 0009); the page script keeps
 * a logged-in visitor's session timer and the app's link bridge.
 */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { authContext, portalContext } from '~/context';
import { env } from '~/env.server';
import { pageTitle } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { evaluateFeatures } from '~/services/features/features.server';
import * as s from '~/styles/booking-search.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/landing';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, brand } = context.get(portalContext);
  const facts = brandFacts(brand);
  const features = context.get(authContext)?.features ?? evaluateFeatures(env().FEATURES);
  return {
    occupationalOnline: features['ohc-appointment-search'],
    title: pageTitle(context, 'search.landingTitle'),
    lang,
    query: new URL(request.url).search,
    customerTypes: facts.customerTypes,
    customerService: { tel: facts.customerService.tel, display: facts.customerService.display },
  };
}

export default function BookingLanding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, query, customerTypes, customerService, occupationalOnline } = loaderData;
  return (
    <>
      <h1>{t('search.landingTitle')}</h1>
      <p>{t('search.landingIntro')}</p>
      <ul className={s.customerTypes}>
        {customerTypes.map((type) => (
          <li key={type}>
            <section className={`${ui.card} ${s.customerType}`} aria-labelledby={`customer-type-${type}`}>
              <h2 id={`customer-type-${type}`}>{t(`search.customerTypes.${type}.title`)}</h2>
              <p>{t(`search.customerTypes.${type}.text`)}</p>
              {type === 'private' ? (
                <Link className={ui.button.primary} to={pagePath('privateSearch', lang, {}, query)}>
                  {t('search.customerTypes.private.link')}
                </Link>
              ) : type === 'insurance' ? (
                <Link className={ui.button.primary} to={pagePath('insuranceSearch', lang, {}, query)}>
                  {t('search.customerTypes.insurance.link')}
                </Link>
              ) : type === 'occupational' && occupationalOnline ? (
                <Link className={ui.button.primary} to={pagePath('occupationalSearch', lang, {}, query)}>
                  {t('search.customerTypes.occupational.link')}
                </Link>
              ) : (
                <p>
                  {t('search.notOnlineYet')} <a href={`tel:${customerService.tel}`}>{customerService.display}</a>
                </p>
              )}
            </section>
          </li>
        ))}
      </ul>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
