import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import type { Brand } from '~/brands';
import type { Language } from '~/i18n/config';
import { pagePath } from '~/route-table';
import * as s from '~/styles/shell.css';

export function Footer({ brand, lang }: { brand: Brand; lang: Language }) {
  const { t } = useTranslation();
  return (
    <footer className={s.footer}>
      <div className={s.footerInner}>
        <div>
          <p>
            <strong>{t('chrome.customerService')}</strong>
            <br />
            <a className={s.footerLink} href={`tel:${brand.customerService.tel}`}>
              {brand.customerService.display}
            </a>
            <br />
            {brand.customerService.info[lang]}
          </p>
        </div>
        <div>
          <p>
            <strong>{t('chrome.downloadApp')}</strong>
          </p>
          <ul>
            <li>
              <a className={s.footerLink} href={brand.appStores.apple} rel="noopener">
                {t('chrome.appStore')}
              </a>
            </li>
            <li>
              <a className={s.footerLink} href={brand.appStores.google} rel="noopener">
                {t('chrome.googlePlay')}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <p>
            <strong>{brand.name}</strong>
          </p>
          <ul>
            <li>
              <Link className={s.footerLink} to={pagePath('eula', lang)}>
                {t('chrome.termsOfUse')}
              </Link>
            </li>
            <li>
              <Link className={s.footerLink} to={pagePath('accessibilityStatement', lang)}>
                {t('chrome.accessibilityStatement')}
              </Link>
            </li>
            {/* Who has handled my data (issue 23, ADR 0033). */}
            <li>
              <Link className={s.footerLink} to={pagePath('accessLog', lang)}>
                {t('chrome.accessLog')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
