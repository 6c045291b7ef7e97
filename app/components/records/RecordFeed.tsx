/** The front page's newest record items (spec 1 §3 FeedItemType) and the prescription renew link. */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import type { Language } from '~/i18n/config';
import { pagePath } from '~/route-table';
import type { FeedItem } from '~/services/records/records-rules';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import { useRelativeText, useValidityText } from './RecordNav';

export function RecordFeed({ items, canRenew, lang }: { items: FeedItem[]; canRenew: boolean; lang: Language }) {
  const { t } = useTranslation();
  const relative = useRelativeText();
  const validity = useValidityText();
  return (
    <section className={ui.card} aria-labelledby="feed-title">
      <h2 id="feed-title">{t('recordsFeed.title')}</h2>
      {items.length ? (
        <ul className={s.items}>
          {items.map((item) => {
            const query = item.target.person ? `?person=${encodeURIComponent(item.target.person)}` : '';
            const hint = validity(item.validity);
            return (
              <li key={`${item.type}-${item.at}-${item.title}`} className={s.item}>
                <p className={s.muted}>
                  {t(`recordsFeed.types.${item.type}`)}
                  {item.personName ? ` · ${item.personName}` : ''} · {relative(item.when)}
                </p>
                <Link to={`${pagePath(item.target.page, lang, item.target.params)}${query}`}>{item.title}</Link>
                {hint ? <p>{hint}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t('recordsFeed.empty')}</p>
      )}
      {canRenew ? (
        <p>
          <Link to={pagePath('prescriptions', lang)}>{t('recordsFeed.renewLink')}</Link>
        </p>
      ) : null}
    </section>
  );
}
