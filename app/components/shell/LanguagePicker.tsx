import { useLocation, useMatches } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { LANGUAGES, type Language } from '~/i18n/config';
import { localizePath, pageOfMatches } from '~/route-match';
import * as s from '~/styles/shell.css';

/** Plain links to the same page in the other languages (same ids and query); no JS needed. */
export function LanguagePicker({ current }: { current: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  const page = pageOfMatches(useMatches());
  return (
    <nav aria-label={t('language.label')}>
      <ul className={s.languages}>
        {LANGUAGES.map((lang) =>
          lang === current ? (
            <li key={lang}>
              <span className={s.currentLanguage} lang={lang} aria-current="true">
                {t(`language.${lang}`)}
              </span>
            </li>
          ) : (
            <li key={lang}>
              {/* A document navigation: the new language's texts come with the page. */}
              <a
                href={localizePath(page, location.search, lang)}
                hrefLang={lang}
                lang={lang}
                aria-label={t('language.switchTo', { language: t(`language.${lang}`) })}
              >
                {t(`language.${lang}`)}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
