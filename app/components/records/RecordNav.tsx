/**
 * Shared parts of the record pages: the person switch (a guardian's wards; plain links that keep
 * the page's address and add ?person=), the pager (previous/next links), and the texts of
 * validity hints and relative dates (computed on the server by records-rules).
 */
import { Link, useLocation } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { validityText, type ValidityHint } from '~/services/records/records-rules';
import { Pager, pageLinks } from '~/components/Pager';
import * as s from '~/styles/records.css';

export interface PersonChoice {
  id: string;
  firstName: string;
  lastName: string;
  current: boolean;
  self: boolean;
}

/** `?person=` for someone else than the viewer; nothing for the viewer. */
export function personQuery(choices: readonly PersonChoice[], extra: Record<string, string> = {}): string {
  const chosen = choices.find((c) => c.current && !c.self);
  const params = new URLSearchParams({ ...(chosen ? { person: chosen.id } : {}), ...extra });
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function PersonSwitch({ choices }: { choices: readonly PersonChoice[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (choices.length === 0) return null;
  return (
    <nav aria-label={t('records.person.label')} className={s.personSwitch}>
      <ul className={s.inlineList}>
        {choices.map((c) => (
          <li key={c.id}>
            <Link
              to={c.self ? pathname : `${pathname}?person=${encodeURIComponent(c.id)}`}
              aria-current={c.current ? 'page' : undefined}
              className={c.current ? s.currentChoice : undefined}
            >
              {c.self ? t('records.person.self') : `${c.firstName} ${c.lastName}`}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A record list's pager: the page number in the query parameter `param` of the current address. */
export function RecordPager({ page, hasNext, param = 'page', label }: { page: number; hasNext: boolean; param?: string; label?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (page === 1 && !hasNext) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete(param);
    else params.set(param, String(n));
    const text = params.toString();
    return `${pathname}${text ? `?${text}` : ''}`;
  };
  return (
    <Pager
      label={label ?? t('records.pager.label')}
      {...pageLinks(page, hasNext, href, { previous: t('records.pager.previous'), next: t('records.pager.next') })}
      current={t('records.pager.current', { page })}
    />
  );
}

export function useValidityText() {
  const { t } = useTranslation();
  return (hint: (ValidityHint & { dateText?: string }) | null) => validityText(hint, t);
}
