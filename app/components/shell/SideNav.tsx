import { NavLink } from 'react-router';
import { useTranslation } from '~/i18n/react';
import type { Language } from '~/i18n/config';
import * as s from '~/styles/shell.css';
import { LogoutControl } from './LogoutControl';
import type { NavEntry, NavLinkItem } from './navigation';

function Item({ item, userName }: { item: NavLinkItem; userName?: string }) {
  const { t } = useTranslation();
  return (
    <li>
      <NavLink to={item.href} end className={s.sideNavLink}>
        {t(item.labelKey)}
        {/* My information shows the patient's name (spec 1 §2). */}
        {item.page === 'myInformation' && userName ? <span className={s.sideNavName}>{userName}</span> : null}
        {item.badge ? (
          <span className={s.badge} aria-label={t('chrome.unreadMessages', { count: item.badge })}>
            {item.badge}
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}

/**
 * The side navigation. Up to 800 px wide (a phone upright or sideways: where it would stand above
 * the content) it is folded into a native disclosure, so the page's heading is on the first
 * screen and the menu opens without JavaScript; the summary carries the
 * unread count. Wider, CSS shows the closed disclosure's content and hides the summary
 * (`::details-content`); a browser without it shows the menu folded but openable. Every page is
 * a document load (plain HTML, ADR 0009), so each starts with the menu folded.
 */
export function SideNav({ entries, lang, userName }: { entries: NavEntry[]; lang: Language; userName?: string }) {
  const { t } = useTranslation();
  let unread = 0;
  for (const entry of entries) for (const item of entry.kind === 'link' ? [entry] : entry.items) unread += item.badge ?? 0;
  return (
    <nav className={s.sideNav} aria-label={t('chrome.mainNavigation')}>
      <details className={s.sideNavMenu}>
        <summary className={s.sideNavSummary}>
          {t('chrome.menu')}
          {/* The unread messages' count, read out as at the messages link ("Menu 2 unread"). */}
          {unread ? (
            <span className={s.badge} aria-label={t('chrome.unreadMessages', { count: unread })}>
              {unread}
            </span>
          ) : null}
        </summary>
        <ul className={s.sideNavList}>
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <Item key={entry.page} item={entry} userName={userName} />
            ) : (
              <li key={entry.labelKey}>
                <p className={s.sideNavGroup}>{t(entry.labelKey)}</p>
                <ul className={s.sideNavList}>
                  {entry.items.map((item) => (
                    <Item key={item.page} item={item} />
                  ))}
                </ul>
              </li>
            ),
          )}
          <li className={s.smallScreenOnly}>
            <LogoutControl lang={lang} className={s.sideNavLink} />
          </li>
        </ul>
      </details>
    </nav>
  );
}
