/**
 * The occupational landing page for anonymous users (spec 3 §2 "Occupational health landing
 * (anonymous): the query string is preserved through sign-in; feature flag ohc-appointment-search").
 * Anonymous visitors of the occupational list are sent here with the list's query string
 * (`anonymousLanding` in the route table); each identification method starts strong
 * identification returning to the list with that query (e.g. a practitioner's free times). A
 * logged-in visitor goes straight on to the list. Private customers get a link to their own list.
 *
 * Links only: plain HTML (ADR 0009).
 */
import { redirect } from 'react-router';
import { LinkLine } from '~/components/LinkLine';
import { Section } from '~/components/Section';
import { authContext, portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { notFound } from '~/lib/http/responses';
import { ProviderGrid } from '~/components/auth/ProviderGrid';
import { pagePath } from '~/route-table';
import { environmentFeatures } from '~/services/features/features.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/occupational-landing';

export async function loader({ request, context, url: routedUrl }: Route.LoaderArgs) {
  requirePage({ context, url: routedUrl }, 'occupationalLanding');
  const { lang } = context.get(portalContext);
  const auth = context.get(authContext);
  const features = auth?.features ?? environmentFeatures();
  if (!features['ohc-appointment-search']) throw notFound();
  // The list's own filters, carried through identification (only the query: never another path).
  const query = new URL(request.url).search;
  const list = pagePath('occupationalSearch', lang, {}, query);
  if (auth) throw redirect(list);
  return {
    title: pageTitle(context, 'occupationalLanding.title'),
    lang,
    next: list,
    privateHref: pagePath('privateSearch', lang, {}, query),
  };
}

export default function OccupationalLanding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, next, privateHref } = loaderData;
  return (
    <>
      <section className={ui.card}>
        <h1>{t('occupationalLanding.title')}</h1>
        <p>{t('occupationalLanding.intro')}</p>
        <h2 id="ohc-providers-title">{t('occupationalLanding.providers')}</h2>
        <ProviderGrid lang={lang} next={next} labelledBy="ohc-providers-title" />
        <p className={ui.hint}>{t('occupationalLanding.secureNote')}</p>
      </section>
      <Section id="ohc-not-employee" title={t('occupationalLanding.notEmployee')}>
        <LinkLine to={privateHref}>{t('occupationalLanding.otherBooking')}</LinkLine>
      </Section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
