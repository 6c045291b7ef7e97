/**
 * The appointment page's box for earlier-time offers (ADR 0037): a link to ask for an earlier
 * time, or the active request with a link to see or withdraw it. Nothing when neither applies
 * (a cancelled or past appointment, or one inside the cancellation limit without a request).
 */
import { Link } from 'react-router';
import type { Language } from '~/i18n/config';
import { useTranslation } from '~/i18n/react';
import type { EarlierTimeStatusView } from '~/models/appointments/earlier-time';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';

export function EarlierTimeBox({ appointmentId, status, lang }: { appointmentId: number; status: EarlierTimeStatusView | undefined; lang: Language }) {
  const { t } = useTranslation();
  if (!status || (status.type === 'none' && !status.mayRequest)) return null;
  const titleId = `earlier-time-${appointmentId}`;
  const to = pagePath('appointmentEarlierTime', lang, { id: String(appointmentId) });
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{t('earlierTime.box.title')}</h2>
      {status.type === 'active' ? (
        <>
          <p>{t('earlierTime.box.active', { date: status.latestDateText })}</p>
          <Link to={to}>{t('earlierTime.box.manage')}</Link>
        </>
      ) : (
        <Link className={ui.button.secondary} to={to}>
          {t('earlierTime.box.ask')}
        </Link>
      )}
    </section>
  );
}
