/**
 * Occupational vaccinations (/fi/ajanvaraus/tyoterveys/rokotukset, spec 3 §2, §4 "Vaccination
 * page"): an anonymous entry with four states. Unauthorized: a sign-in prompt returning here.
 * No occupational health agreement: contract not found, with the customer service's number.
 * No vaccinations in the agreement: said so, with a back link. Ok: the influenza vaccine
 * products of the agreement are listed as included vaccines, and "book an influenza
 * vaccination" opens the occupational list with the vaccination specialties as repeated
 * `specialtyIds`. The page exists only with the flag ohc-appointment-search (checked here, so
 * anonymous visitors see the prompt).
 */
import { Link } from 'react-router';
import { brand as brandFacts } from '~/brands';
import { authContext, portalContext } from '~/context';
import { env } from '~/env.server';
import { notFound } from '~/lib/http/responses';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { pagePath } from '~/route-table';
import { INFLUENZA_SPECIALTY_IDS, OCCUPATIONAL_SERVICE_PHONE, VACCINATION_SPECIALTY_IDS, vaccinationState } from '~/services/booking/occupational-rules';
import { contractOf, includedVaccines } from '~/services/booking/occupational.server';
import { getDb } from '~/services/db/db.server';
import { evaluateFeatures } from '~/services/features/features.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/vaccination';

export async function loader({ request, context, url: routedUrl }: Route.LoaderArgs) {
  requirePage({ context, url: routedUrl }, 'occupationalVaccination');
  const { lang, brand } = context.get(portalContext);
  const auth = context.get(authContext);
  const features = auth?.features ?? evaluateFeatures(env().FEATURES);
  if (!features['ohc-appointment-search']) throw notFound();
  const title = pageTitle(context, 'occupational.vaccination.title');
  const url = new URL(request.url);
  const db = await getDb();
  const contract = auth ? await contractOf(db, auth.person.id) : null;
  const state = vaccinationState(auth !== null, contract);
  const specialtyIds = new URLSearchParams([...VACCINATION_SPECIALTY_IDS, ...INFLUENZA_SPECIALTY_IDS].map((id) => ['specialtyIds', id]));
  return {
    title,
    state,
    // The occupational number serves Finnish and English; Swedish gets the brand's customer service.
    phone: lang === 'sv' ? brandFacts(brand).customerService : OCCUPATIONAL_SERVICE_PHONE,
    loginHref: pagePath('login', lang, {}, new URLSearchParams({ nextPath: `${url.pathname}${url.search}` })),
    backHref: pagePath('bookingLanding', lang),
    searchHref: pagePath('occupationalSearch', lang, {}, specialtyIds),
    vaccines: contract && state === 'ok' ? includedVaccines(contract) : [],
  };
}

export default function Vaccination({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { state, phone, loginHref, backHref, searchHref, vaccines } = loaderData;
  return (
    <>
      <h1>{t('occupational.vaccination.title')}</h1>
      <section className={ui.card}>
        {state === 'unauthorized' ? (
          <>
            <p>{t('occupational.vaccination.signIn')}</p>
            <Link className={ui.button.primary} to={loginHref}>
              {t('occupational.vaccination.signInLink')}
            </Link>
          </>
        ) : state === 'noOccupationalHealthcare' ? (
          <p role="alert">
            {t('occupational.vaccination.noContract')} <a href={`tel:${phone.tel}`}>{phone.display}</a>
          </p>
        ) : state === 'noVaccinations' ? (
          <>
            <p role="alert">{t('occupational.vaccination.noVaccinations')}</p>
            <Link to={backHref}>{t('occupational.vaccination.back')}</Link>
          </>
        ) : (
          <>
            {vaccines.length ? (
              <>
                <h2>{t('occupational.vaccination.included')}</h2>
                <ul>
                  {vaccines.map((id) => (
                    <li key={id}>{t(`occupational.vaccination.products.${id as 'influenzaVaccineAdult'}`)}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <Link className={ui.button.primary} to={searchHref}>
              {t('occupational.vaccination.choose')}
            </Link>
          </>
        )}
      </section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
