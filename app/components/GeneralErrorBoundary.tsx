/**
 * One look for every failure, translated: 404, 403, 413, 429 and the generic
 * "Apologies! Something went wrong..." view with a try-again link (a plain link, so it works
 * without JS).
 */
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { languageOfPath, pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';

/** Translation keys of the views by status; anything else is the generic error. */
const VIEWS: Record<number, 'errors.notFound' | 'errors.forbidden' | 'errors.tooLarge' | 'errors.tooManyRequests'> = {
  404: 'errors.notFound',
  403: 'errors.forbidden',
  413: 'errors.tooLarge',
  429: 'errors.tooManyRequests',
};

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const lang = languageOfPath(location.pathname) ?? 'fi';
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const view = VIEWS[status] ?? 'errors.generic';
  return (
    <section className={ui.card} data-error={String(status)}>
      {/* React 19 hoists <title> into <head>; error pages have no loader data for `meta`. */}
      <title>{t(`${view}.title`)}</title>
      <h1>{t(`${view}.title`)}</h1>
      <p>{t(`${view}.text`)}</p>
      {status === 404 ? <Link to={pagePath('front', lang)}>{t('errors.notFound.home')}</Link> : null}
      {view === 'errors.generic' ? (
        <a className={ui.button.primary} href={`${location.pathname}${location.search}`}>
          {t('errors.generic.retry')}
        </a>
      ) : null}
    </section>
  );
}
