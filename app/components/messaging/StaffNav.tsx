/** The staff area's own small navigation (messages, absences, accessibility feedback). */
import { Link } from 'react-router';
import type { Language } from '~/i18n/config';
import { useTranslation } from '~/i18n/react';
import { pagePath } from '~/route-table';
import * as s from '~/styles/messaging.css';

export function StaffNav({ lang, name }: { lang: Language; name: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('messaging.staff.title')}>
      <ul className={s.tabs}>
        <li>
          <Link to={pagePath('staffMessages', lang)}>{t('messaging.staff.title')}</Link>
        </li>
        <li>
          <Link to={pagePath('staffAbsences', lang)}>{t('messaging.staff.absences')}</Link>
        </li>
        <li>
          <Link to={pagePath('staffAccessibilityFeedback', lang)}>{t('accessibility.staff.navLink')}</Link>
        </li>
        <li className={s.muted}>{name}</li>
      </ul>
    </nav>
  );
}
