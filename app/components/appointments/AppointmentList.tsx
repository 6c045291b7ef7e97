import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import type { Language } from '~/i18n/config';
import type { AppointmentView } from '~/models/appointments/appointment';
import { pagePath } from '~/route-table';
import { Time } from '~/components/Time';
import * as s from '~/styles/appointments.css';
import * as ui from '~/styles/ui.css';
import { appointmentTitle } from './AppointmentDetails';

/** A list of appointments linking to their pages (appointment list and front page). */
export function AppointmentList({ items, lang }: { items: AppointmentView[]; lang: Language }) {
  const { t } = useTranslation();
  return (
    <ul className={ui.list}>
      {items.map((a) => (
        <li key={a.id} className={s.listItem}>
          <span>
            <Link to={pagePath('appointment', lang, { ids: String(a.id) })}>{appointmentTitle(a)}</Link>
            <br />
            <Time at={a.startAt}>{a.startText}</Time>
            {a.isRemote ? ` · ${t('appointments.remote')}` : ` · ${a.clinic.name}`}
            {a.patientName ? ` · ${t('appointments.forPatient', { name: a.patientName })}` : null}
          </span>
          {a.cancelledBy ? (
            <span className={ui.fieldError}>{t(a.cancelledBy === 'provider' ? 'appointments.cancelledByProvider' : 'appointments.cancelledByPatient')}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
