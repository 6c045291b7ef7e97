/** My information's item for "Download my data" (issue 23 part 6, ADR 0035): a heading, a sentence and a link. */
import type { Language } from '~/i18n/config';
import { useTranslation } from '~/i18n/react';
import { pagePath } from '~/route-table';
import { LinkLine } from '~/components/LinkLine';

export function DataExportLink({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="data-export-title">
      <h2 id="data-export-title">{t('dataExport.myInformationTitle')}</h2>
      <p>{t('dataExport.myInformationText')}</p>
      <LinkLine to={pagePath('dataExport', lang)}>{t('dataExport.myInformationLink')}</LinkLine>
    </section>
  );
}
