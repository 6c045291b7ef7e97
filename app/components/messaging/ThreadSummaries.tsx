/**
 * The front page's messages box (spec 3 §7): the unread count and the latest threads. With JS it
 * refreshes itself every 120 s while the page is visible, like the conversation list: the page
 * script polls the region (its `id` and `data-poll-ms`, ADR 0009), and the front page's loader
 * answers a poll with this box only (routes/shell/front.tsx). Without JS it is as fresh as the
 * page's load.
 */
import { Link } from 'react-router';
import type { Language } from '~/i18n/config';
import { useTranslation } from '~/i18n/react';
import { THREAD_LIST_POLL_MS, type ThreadListItem } from '~/models/messaging/messaging';
import { attrs } from '~/browser/markup';
import { pagePath } from '~/route-table';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import { LinkLine } from '~/components/LinkLine';

/** The box's element id: the region the page script refreshes. */
const THREAD_SUMMARIES_REGION = 'front-messages';

export interface ThreadSummaries {
  unread: number;
  threads: Array<ThreadListItem & { lastMessageLabel: string | null }>;
}

export function ThreadSummariesSection({ summaries, lang }: { summaries: ThreadSummaries; lang: Language }) {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="messages-title" id={THREAD_SUMMARIES_REGION} {...attrs({ pollMs: THREAD_LIST_POLL_MS })}>
      <h2 id="messages-title">{t('messaging.listTitle')}</h2>
      <p>{t('messaging.unreadCount', { count: summaries.unread })}</p>
      {summaries.threads.length ? (
        <ul className={s.threadList}>
          {summaries.threads.map((item) => (
            <li key={item.id}>
              <Link to={pagePath('conversation', lang, { threadId: String(item.id) })} className={`${s.threadItem} ${item.unread ? s.threadItemUnread : ''}`}>
                <span className={s.threadTitle}>{item.title || t('messaging.defaultTitle')}</span>
                {item.unread ? <span className={s.unreadTag}>{t('messaging.unread')}</span> : null}
                {item.lastMessageLabel ? <span className={`${s.muted} ${s.block}`}>{t('messaging.latestAt', { time: item.lastMessageLabel })}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('messaging.empty')}</p>
      )}
      <LinkLine to={pagePath('conversations', lang)}>{t('messaging.backToList')}</LinkLine>
    </section>
  );
}
