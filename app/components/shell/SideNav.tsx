import { useTranslation } from '~/i18n/react';
import { NavLink } from 'react-router';
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

export function SideNav({ entries, lang, userName }: { entries: NavEntry[]; lang: Language; userName?: string }) {
  const { t } = useTranslation();
  return (
    <nav className={s.sideNav} aria-label={t('chrome.mainNavigation')}>
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
    </nav>
  );
}
