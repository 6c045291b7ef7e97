/**
 * Time-of-day choice as links that change the address (spec 3 §4): each a page load of the
 * list for that time of day.
 */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { TIMES_OF_DAY, type TimeOfDay } from '~/models/booking/search';
import * as s from '~/styles/booking-search.css';

export function TimeOfDayTabs({ current, hrefFor }: { current: TimeOfDay; hrefFor: (time: TimeOfDay) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('search.time.label')}>
      <ul className={s.tabs}>
        {TIMES_OF_DAY.map((time) => (
          <li key={time}>
            <Link className={s.tab} to={hrefFor(time)} aria-current={time === current ? 'true' : undefined} replace preventScrollReset>
              {t(`search.time.${time}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
