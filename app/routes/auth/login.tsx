/**
 * Login page for anonymous users (?nextPath=…): the identification methods of spec 3 §2, each a
 * plain link that starts strong identification through /oauth/authenticate.
 */
import { useTranslation } from '~/i18n/react';
import { redirect } from 'react-router';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { authContext, portalContext } from '~/context';
import { pageTitle } from '~/lib/http/page.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { IDENTITY_PROVIDERS } from '~/models/identity-providers';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';
import type { RouteHandle } from '~/components/hydration';
import type { Route } from './+types/login';

/** Plain HTML: identification and PIN are form posts and redirects (ADR 0009). */
export const handle: RouteHandle = { hydrate: false };

/** The failures the identification return reports (`?error=`), each with a text `login.*`. */
const LOGIN_ERRORS = ['cancelled', 'failed', 'wrongMethod'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const params = new URL(request.url).searchParams;
  const nextPath = safeRedirectPath(params.get('nextPath'), pagePath('front', lang));
  if (context.get(authContext)) throw redirect(nextPath);
  const error = LOGIN_ERRORS.find((known) => known === params.get('error')) ?? null;
  return {
    title: pageTitle(context, 'login.title'),
    lang,
    nextPath,
    error,
  };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, nextPath, error } = loaderData;
  const startUrl = (provider: string) =>
    `/oauth/authenticate?${new URLSearchParams({ lang, next: nextPath, acr_values: provider })}`;
  return (
    <section className={ui.card}>
      <h1>{t('login.title')}</h1>
      {error ? (
        <p role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          {t(`login.${error}`)}
        </p>
      ) : null}
      <p>{t('login.intro')}</p>
      <h2 id="providers-title">{t('login.providersLabel')}</h2>
      <ul className={ui.providerGrid} aria-labelledby="providers-title">
        {IDENTITY_PROVIDERS.map((provider) => (
          <li key={provider.id}>
            <a className={`${ui.button.secondary} ${ui.fullWidth}`} href={startUrl(provider.id)} data-provider={provider.id}>
              {provider.name ?? t('login.providers.mobile')}
            </a>
          </li>
        ))}
      </ul>
      <p className={ui.hint}>{t('login.secureNote')}</p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
