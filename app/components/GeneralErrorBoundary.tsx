/**
 * One look for every failure, translated: 404, 403, 429 and the generic
 * "Apologies! Something went wrong..." view with a try-again link (a plain link, so it works
 * without JS).
 */
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { languageOfPath, pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const lang = languageOfPath(location.pathname) ?? 'fi';
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const titleKey =
    status === 404
      ? 'errors.notFound.title'
      : status === 403
        ? 'errors.forbidden.title'
        : status === 429
          ? 'errors.tooManyRequests.title'
          : 'errors.generic.title';
  // React 19 hoists <title> into <head>; error pages have no loader data for `meta`.
  const title = <title>{t(titleKey)}</title>;

  if (status === 404) {
    return (
      <section className={ui.card} data-error="404">
        {title}
        <h1>{t('errors.notFound.title')}</h1>
        <p>{t('errors.notFound.text')}</p>
        <Link to={pagePath('front', lang)}>{t('errors.notFound.home')}</Link>
      </section>
    );
  }
  if (status === 403) {
    return (
      <section className={ui.card} data-error="403">
        {title}
        <h1>{t('errors.forbidden.title')}</h1>
        <p>{t('errors.forbidden.text')}</p>
      </section>
    );
  }
  if (status === 429) {
    return (
      <section className={ui.card} data-error="429">
        {title}
        <h1>{t('errors.tooManyRequests.title')}</h1>
        <p>{t('errors.tooManyRequests.text')}</p>
      </section>
    );
  }
  return (
    <section className={ui.card} data-error={String(status)}>
      {title}
      <h1>{t('errors.generic.title')}</h1>
      <p>{t('errors.generic.text')}</p>
      <a className={ui.button.primary} href={`${location.pathname}${location.search}`}>
        {t('errors.generic.retry')}
      </a>
    </section>
  );
}
