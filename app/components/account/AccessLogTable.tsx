/**
 * The records of "who has handled my data" (ADR 0033): when, who, what, why, one row per act,
 * as the server formatted and grouped them. Read-only; the pager is links.
 */
import { useTranslation } from '~/i18n/react';
import type { AccessLogEntryView, WhoView } from '~/models/audit/access-log';
import { Time } from '~/components/Time';
import { Pager } from '~/components/Pager';
import * as s from '~/styles/access-log.css';

function useWhoText() {
  const { t } = useTranslation();
  return (who: WhoView): string => {
    switch (who.kind) {
      case 'you':
        return t('accessLog.who.you');
      case 'subject':
        return t('accessLog.who.subject', { name: who.name });
      case 'guardian':
        return who.name ? t('accessLog.who.guardian', { name: who.name }) : t('accessLog.who.guardianUnknown');
      case 'mandate':
        return who.name ? t('accessLog.who.mandate', { name: who.name }) : t('accessLog.who.mandateUnknown');
      case 'professional':
        if (!who.name) return t('accessLog.who.professionalUnknown');
        return who.role ? t('accessLog.who.professional', { name: who.name, role: who.role }) : t('accessLog.who.professionalNoRole', { name: who.name });
      case 'customer-service':
      case 'system':
      case 'anonymous':
        return t(`accessLog.who.${who.kind}`);
    }
  };
}

export function AccessLogTable({ entries, emptyText }: { entries: readonly AccessLogEntryView[]; emptyText: string }) {
  const { t } = useTranslation();
  const whoText = useWhoText();
  if (entries.length === 0) return <p>{emptyText}</p>;
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption className={s.caption}>{t('accessLog.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className={s.cell}>
              {t('accessLog.columns.when')}
            </th>
            <th scope="col" className={s.cell}>
              {t('accessLog.columns.who')}
            </th>
            <th scope="col" className={s.cell}>
              {t('accessLog.columns.what')}
            </th>
            <th scope="col" className={s.cell}>
              {t('accessLog.columns.why')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className={s.when}>
                <Time at={e.at}>{e.atText}</Time>
              </td>
              <td className={s.cell}>{whoText(e.who)}</td>
              {/* One text node: "Katsottu: reseptit (10 kohdetta)" is one string in the HTML too. */}
              <td className={s.cell}>
                {`${t(`accessLog.action.${e.action}`)}: ${t(`accessLog.type.${e.type}`)}${e.itemText ? ` ${e.itemText}` : ''}${
                  e.count > 1 ? ` (${t('accessLog.count', { count: e.count })})` : ''
                }`}
              </td>
              <td className={s.cell}>{e.reason ? t(`accessLog.reason.${e.reason}`) : t('accessLog.reason.none')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Older records" (the next keyset page) and "Back to the newest"; plain links keeping the period. */
export function AccessLogPager({ olderHref, newestHref }: { olderHref: string | null; newestHref: string | null }) {
  const { t } = useTranslation();
  return (
    <Pager
      label={t('accessLog.pager')}
      previous={newestHref ? { href: newestHref, text: t('accessLog.newest') } : null}
      next={olderHref ? { href: olderHref, text: t('accessLog.older') } : null}
    />
  );
}
