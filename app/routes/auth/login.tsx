/**
 * Login page for anonymous users (?nextPath=…): the identification methods of spec 3 §2, each a
 * plain link that starts strong identification through /oauth/authenticate. With `?again=1` a
 * logged-in person identifies again (ADR 0047: changing the phone or e-mail needs a recent
 * identification) and comes back to `nextPath`; without it a logged-in person goes straight there.
 */
import { redirect } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { authContext, portalContext } from '~/context';
import { pageTitle } from '~/lib/http/page.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { LinkLine } from '~/components/LinkLine';
import { ProviderGrid } from '~/components/auth/ProviderGrid';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/login';

/** The failures the identification return reports (`?error=`), each with a text `login.*`. */
const LOGIN_ERRORS = ['cancelled', 'failed', 'wrongMethod'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const params = new URL(request.url).searchParams;
  const nextPath = safeRedirectPath(params.get('nextPath'), pagePath('front', lang));
  const again = context.get(authContext) !== null && params.get('again') === '1';
  if (context.get(authContext) && !again) throw redirect(nextPath);
  const error = LOGIN_ERRORS.find((known) => known === params.get('error')) ?? null;
  return {
    title: pageTitle(context, again ? 'login.again.title' : 'login.title'),
    lang,
    nextPath,
    error,
    again,
  };
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, nextPath, error, again } = loaderData;
  return (
    <section className={ui.card}>
      <h1>{t(again ? 'login.again.title' : 'login.title')}</h1>
      {error ? (
        <p role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          {t(`login.${error}`)}
        </p>
      ) : null}
      <p>{t(again ? 'login.again.intro' : 'login.intro')}</p>
      <h2 id="providers-title">{t('login.providersLabel')}</h2>
      <ProviderGrid lang={lang} next={nextPath} labelledBy="providers-title" />
      <p className={ui.hint}>{t('login.secureNote')}</p>
      {again ? <LinkLine to={nextPath}>{t('login.again.back')}</LinkLine> : null}
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
