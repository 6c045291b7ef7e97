/**
 * Time-of-day choice as links that change the address (spec 3 §4): without JS a page load,
 * with JS a client navigation that replaces the history entry and refetches the list.
 */
import { useTranslation } from '~/i18n/react';
import { Link } from 'react-router';
import { TIMES_OF_DAY, type TimeOfDay } from '~/models/booking/search';
import * as s from '~/styles/booking-search.css';

export function TimeOfDayTabs({ current, hrefFor }: { current: TimeOfDay; hrefFor: (time: TimeOfDay) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('search.time.label')}>
      <ul className={s.tabs}>
        {TIMES_OF_DAY.map((time) => (
          <li key={time}>
            <Link
              className={s.tab}
              to={hrefFor(time)}
              aria-current={time === current ? 'true' : undefined}
              replace
              preventScrollReset
            >
              {t(`search.time.${time}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
