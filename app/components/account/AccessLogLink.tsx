/** My information's way to "who has handled my data" (issue 23, ADR 0033): a heading, a sentence and the link. */
import type { Language } from '~/i18n/config';
import { useTranslation } from '~/i18n/react';
import { pagePath } from '~/route-table';
import { LinkLine } from '~/components/LinkLine';

export function AccessLogLink({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="access-log-link-title">
      <h2 id="access-log-link-title">{t('accessLog.title')}</h2>
      <p>{t('accessLog.linkText')}</p>
      <LinkLine to={pagePath('accessLog', lang)}>{t('accessLog.linkAction')}</LinkLine>
    </section>
  );
}
