/** My information's way to "my devices" (issue 23, ADR 0032): a link and what it is for. */
import type { Language } from '~/i18n/config';
import { useTranslation } from '~/i18n/react';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';
import { LinkLine } from '~/components/LinkLine';

export function DevicesLink({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="devices-link-title">
      <h2 id="devices-link-title">{t('devices.title')}</h2>
      <p>{t('devices.linkHint')}</p>
      <LinkLine to={pagePath('myDevices', lang)}>{t('devices.link')}</LinkLine>
    </section>
  );
}
