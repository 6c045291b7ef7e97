/** Free times as a list; each links to its reserve page (spec 3 §2). */
import type { TFunction } from '~/i18n/translate';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/react';
import { Link } from 'react-router';
import type { Language } from '~/i18n/config';
import { formatDateTime, formatTime } from '~/lib/format';
import { pagePath } from '~/route-table';
import type { AvailableAppointment } from '~/models/search';
import * as s from '~/styles/search.css';

/** Where the visit happens: the clinic, or the kind of remote appointment. */
export function placeText(a: AvailableAppointment, t: TFunction): string {
  if (!a.isRemote) return a.clinic.name;
  if (a.locationType === 'videoAppointment') return t('search.results.video');
  if (a.locationType === 'phoneAppointment') return t('search.results.phone');
  return t('search.results.remote');
}

export function AppointmentResults({
  items,
  lang,
  withDate = false,
  focusFrom,
  reservePage = 'reserve',
}: {
  items: AvailableAppointment[];
  lang: Language;
  /** The reserve page the times link to (the occupational list books on the employer's agreement). */
  reservePage?: 'reserve' | 'occupationalReserve';
  /** Show the date with the time (lists that span several days). */
  withDate?: boolean;
  /** After "show more", move focus to the first new result (keyboard and screen-reader users). */
  focusFrom?: number;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const previous = useRef(focusFrom);
  useEffect(() => {
    const grew = focusFrom !== undefined && previous.current !== undefined && focusFrom > previous.current;
    previous.current = focusFrom;
    if (grew) list.current?.querySelector<HTMLAnchorElement>(`[data-result-index="${focusFrom}"]`)?.focus();
  }, [focusFrom]);

  return (
    <ul className={s.resultList} ref={list}>
      {items.map((a, index) => (
        <li key={a.id} className={s.result}>
          <Link className={s.resultLink} to={pagePath(reservePage, lang, { slotId: String(a.id) })} data-result-index={index}>
            <time className={s.resultTime} dateTime={a.startDate}>
              {withDate ? formatDateTime(a.startDate, lang) : formatTime(a.startDate, lang)}
            </time>{' '}
            {/* The space keeps the link's name "17:30 Timo Aaltonen", not "17:30Timo Aaltonen". */}
            <span>{a.practitioner.name}</span>
          </Link>
          <span className={s.resultDetails}>
            <span>
              {a.practitioner.title} · {a.specialty.name}
            </span>
            <span>
              {placeText(a, t)} · {t('search.results.duration', { minutes: a.durationMinutes })}
            </span>
            {a.requiresAuthToReserve ? <span className={s.tag}>{t('search.results.requiresAuth')}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
