/**
 * The month calendar of the search (spec 3 §9 range: whole weeks around the start date's month).
 * Days from today on are links to that day's list; days with free times are marked, and say so
 * to screen readers. Past days are plain text, so they cannot be chosen.
 */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import type { Language } from '~/i18n/config';
import { formatWeekdayDate } from '~/lib/format';
import { addDays, addMonth, calendarRange } from '~/services/booking/search-rules';
import * as s from '~/styles/booking-search.css';

/** Noon UTC is the same calendar day in Helsinki, so a plain date can go through the formatters. */
const noon = (date: string) => `${date}T12:00:00Z`;

/**
 * The keys of the month and weekday names (`search.calendar.months.*`, January first, and
 * `search.calendar.weekdays.*`, Monday first), as literals so the text keys are checked.
 */
const MONTHS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function SearchCalendar({
  selected,
  today,
  lastDay,
  available,
  hrefFor,
  lang,
}: {
  selected: string;
  today: string;
  /** The last day the search accepts. */
  lastDay: string;
  /** Days with free times (null when they could not be read: nothing is marked). */
  available: readonly string[] | null;
  hrefFor: (date: string) => string;
  lang: Language;
}) {
  const { t } = useTranslation();
  const { from, to } = calendarRange(selected);
  const month = selected.slice(0, 7);
  // `selected` is a valid date (the search checks it), so its month is 01–12.
  const monthKey = MONTHS[Number(month.slice(5)) - 1]!;
  const marked = new Set(available ?? []);
  const weeks: string[][] = [];
  for (let day = from; day <= to; day = addDays(day, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));

  const firstOfMonth = `${month}-01`;
  const previousFirst = `${addDays(firstOfMonth, -1).slice(0, 7)}-01`;
  const previousMonth = addDays(firstOfMonth, -1) >= today ? (previousFirst < today ? today : previousFirst) : null;
  const nextFirst = addMonth(firstOfMonth);
  const nextMonth = nextFirst <= lastDay ? nextFirst : null;

  return (
    <div>
      <div className={s.calendarNav}>
        {previousMonth ? (
          <Link to={hrefFor(previousMonth)} replace preventScrollReset>
            {t('search.calendar.previous')}
          </Link>
        ) : (
          <span />
        )}
        {nextMonth ? (
          <Link to={hrefFor(nextMonth)} replace preventScrollReset>
            {t('search.calendar.next')}
          </Link>
        ) : null}
      </div>
      <table className={s.calendar}>
        <caption className={s.calendarCaption}>
          {t('search.calendar.caption', { month: t(`search.calendar.months.${monthKey}`), year: month.slice(0, 4) })}
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className={s.calendarHead}>
                <abbr title={t(`search.calendar.weekdays.${d}`)}>{t(`search.calendar.weekdaysShort.${d}`)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const classes = [s.calendarDay, marked.has(date) && s.calendarAvailable, date === selected && s.calendarSelected].filter(Boolean).join(' ');
                const day = Number(date.slice(8));
                const choosable = date >= today && date <= lastDay;
                return (
                  <td key={date} className={s.calendarCell}>
                    {choosable ? (
                      <Link
                        className={classes}
                        to={hrefFor(date)}
                        replace
                        preventScrollReset
                        aria-current={date === selected ? 'date' : undefined}
                        aria-label={
                          available === null
                            ? formatWeekdayDate(noon(date), lang)
                            : t(marked.has(date) ? 'search.calendar.dayWithTimes' : 'search.calendar.dayWithoutTimes', {
                                date: formatWeekdayDate(noon(date), lang),
                              })
                        }
                      >
                        {day}
                      </Link>
                    ) : (
                      <span className={classes}>{day}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={s.muted}>{t('search.calendar.legend')}</p>
    </div>
  );
}
