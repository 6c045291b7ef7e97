/** "Sorry – Could not search for appointments" with a Retry link (spec 3 §8); works without JS. */
import { useTranslation } from '~/i18n/react';
import * as ui from '~/styles/ui.css';

export function SearchFailure({ retryHref, headingLevel = 2 }: { retryHref: string; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section role="alert" className={`${ui.alertBox} ${ui.alert.error}`} aria-labelledby="search-failure-title">
      <Heading id="search-failure-title">{t('search.failure.title')}</Heading>
      <p>{t('search.failure.text')}</p>
      {/* A document load, so a retry also recovers from a broken client state. */}
      <a className={ui.button.primary} href={retryHref}>
        {t('search.failure.retry')}
      </a>
    </section>
  );
}
