/**
 * Free times as a list; each links to its reserve page (spec 3 §2). After "show more" the first
 * new time is where the keyboard and screen-reader user goes on: its link is the target of the
 * "show more" address (`#first-new-result`), which the browser scrolls to and focuses.
 */
import { Link } from 'react-router';
import type { TFunction } from '~/i18n/translate';
import { useTranslation } from '~/i18n/react';
import type { Language } from '~/i18n/config';
import { pagePath } from '~/route-table';
import type { AppointmentListItem } from '~/models/booking/search';
import { PractitionerPicture } from '~/components/PractitionerPicture';
import { Time } from '~/components/Time';
import * as s from '~/styles/booking-search.css';
import * as picture from '~/styles/practitioner.css';

/** Where the visit happens: the clinic, or the kind of remote appointment. */
function placeText(a: AppointmentListItem, t: TFunction): string {
  if (a.clinicName !== null) return a.clinicName;
  if (a.locationType === 'videoAppointment') return t('search.results.video');
  if (a.locationType === 'phoneAppointment') return t('search.results.phone');
  return t('search.results.remote');
}

/** The fragment of a "show more" address: the first time it adds. */
export const FIRST_NEW_RESULT_ID = 'first-new-result';

export function AppointmentResults({
  items,
  lang,
  focusFrom,
  reservePage = 'reserve',
  hrefOf,
}: {
  items: AppointmentListItem[];
  lang: Language;
  /** The reserve page the times link to (the occupational list books on the employer's agreement). */
  reservePage?: 'reserve' | 'occupationalReserve' | 'insuranceReserve';
  /** The index of the first new result after "show more" (0: the first page). */
  focusFrom?: number;
  /** Where a time leads instead of its reserve page (moving an appointment: the confirm step, ADR 0036). */
  hrefOf?: (slotId: number) => string;
}) {
  const { t } = useTranslation();

  return (
    <ul className={s.resultList}>
      {items.map((a, index) => (
        <li key={a.id} className={s.result}>
          <Link
            className={s.resultLink}
            to={hrefOf ? hrefOf(a.id) : pagePath(reservePage, lang, { slotId: String(a.id) })}
            id={focusFrom && index === focusFrom ? FIRST_NEW_RESULT_ID : undefined}
            data-result-index={index}
          >
            <Time at={a.startDate} className={s.resultTime}>
              {a.timeText}
            </Time>{' '}
            {/* The space keeps the link's name "17:30 Timo Aaltonen", not "17:30Timo Aaltonen". */}
            <span>{a.practitioner.name}</span>
          </Link>
          <span className={picture.withPicture}>
            <PractitionerPicture practitioner={a.practitioner} clinicCode={a.clinicName === null ? null : a.clinicId} />
            <span className={s.resultDetails}>
              <span>
                {a.practitioner.title} · {a.specialtyName}
              </span>
              <span>
                {placeText(a, t)} · {t('search.results.duration', { minutes: a.durationMinutes })}
              </span>
              {a.requiresAuthToReserve ? <span className={s.tag}>{t('search.results.requiresAuth')}</span> : null}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
