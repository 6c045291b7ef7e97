import { Link, useLocation, useMatches } from 'react-router';
import { useTranslation } from '~/i18n/react';
import type { Brand } from '~/brands';
import type { Language } from '~/i18n/config';
import { pageExistsIn, pagePath } from '~/route-table';
import { pageOfMatches } from '~/route-match';
import * as s from '~/styles/shell.css';
import * as ui from '~/styles/ui.css';
import { LanguagePicker } from './LanguagePicker';
import { LogoutControl } from './LogoutControl';

export interface HeaderUser {
  firstName: string;
  lastName: string;
}

export function Header({
  brand,
  lang,
  user,
  variant,
  occupational,
}: {
  brand: Brand;
  lang: Language;
  user: HeaderUser | null;
  variant: 'full' | 'minimal';
  occupational: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const onLoginPage = pageOfMatches(useMatches())?.key === 'login';
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <header className={`${s.header} ${occupational ? s.headerOccupational : ''}`}>
      <div className={s.headerInner}>
        <Link to={pagePath('front', lang)} className={s.logo} aria-label={`${brand.name} – ${t('chrome.frontPage')}`}>
          {brand.name}
        </Link>
        <div className={s.headerNav}>
          <LanguagePicker current={lang} />
          {variant === 'full' && user && lang === 'fi' ? <Link to={pagePath('help', 'fi')}>{t('chrome.help')}</Link> : null}
          {variant === 'full' && user ? (
            <details className={s.userMenu}>
              <summary className={s.summary} aria-label={t('chrome.userMenu', { name })}>
                {name || t('chrome.myInformation')}
              </summary>
              <ul className={s.userMenuList}>
                {pageExistsIn('myInformation', lang) ? (
                  <li>
                    <Link to={pagePath('myInformation', lang)}>{t('chrome.myInformation')}</Link>
                  </li>
                ) : null}
                <li>
                  <LogoutControl lang={lang} />
                </li>
              </ul>
            </details>
          ) : null}
          {variant === 'full' && !user && !onLoginPage ? (
            <Link className={ui.button.primary} to={pagePath('login', lang, {}, new URLSearchParams({ nextPath: `${location.pathname}${location.search}` }))}>
              {t('chrome.logIn')}
            </Link>
          ) : null}
        </div>
      </div>
    </header>
  );
}
