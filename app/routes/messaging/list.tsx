/**
 * The conversation list (spec 1 §2, §4): announcements, then the customer's threads, ten per
 * page (pages are links), unread ones highlighted, each with its latest message's preview.
 * With JS the list refreshes every 120 s while visible (the page script polls the region
 * `conversation-list`, ADR 0009); a failure stops it (spec 1 §8), as the failure's render of the
 * region has no `data-poll-ms`. Without JS a Refresh link reloads the page.
 */
import { Link, useLocation } from 'react-router';
import { Announcements } from '~/components/messaging/Announcements';
import { attrs } from '~/browser/markup';
import { portalContext } from '~/context';
import { env } from '~/env.server';
import { useTranslation } from '~/i18n/react';
import { formatDateTime } from '~/lib/format';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { THREAD_LIST_POLL_MS } from '~/models/messaging/messaging';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { activeAnnouncements } from '~/services/messaging/announcements.server';
import { listCustomerThreads } from '~/services/messaging/conversations.server';
import { logger } from '~/services/observability/logger.server';
import { Pager, pageLinks } from '~/components/Pager';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/list';

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'conversations');
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const title = pageTitle(context, 'messaging.listTitle');
  if (env().MESSAGING_MAINTENANCE) return { title, lang, maintenance: true as const };
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const db = await getDb();
  try {
    const [list, announcements] = await Promise.all([listCustomerThreads(db, auth.person.id, page, lang), activeAnnouncements(db, lang)]);
    return {
      title,
      lang,
      maintenance: false as const,
      failed: false as const,
      announcements,
      list: {
        ...list,
        items: list.items.map((item) => ({ ...item, lastMessageLabel: item.lastMessageAt ? formatDateTime(item.lastMessageAt, lang) : null })),
      },
    };
  } catch (error) {
    logger.error({ err: error, area: 'messaging' }, 'conversation list failed');
    return { title, lang, maintenance: false as const, failed: true as const };
  }
}

export default function ConversationList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const data = loaderData;
  const { lang } = data;
  return (
    <>
      <h1>{t('messaging.listTitle')}</h1>
      <div id="conversation-list" {...attrs({ pollMs: data.maintenance || data.failed ? undefined : THREAD_LIST_POLL_MS })}>
        {data.maintenance ? (
          <p className={`${ui.alertBox} ${ui.alert.info}`} role="status">
            {t('messaging.maintenance')}
          </p>
        ) : data.failed ? (
          <p className={`${ui.alertBox} ${ui.alert.error}`} role="alert">
            {t('messaging.listFailure')}
          </p>
        ) : (
          <>
            <Announcements items={data.announcements} />
            <p>
              <Link className={ui.button.primary} to={pagePath('conversationNew', lang)}>
                {t('messaging.newConversation')}
              </Link>
            </p>
            <p className={s.muted}>{t('messaging.responseTime')}</p>
            <section className={ui.card} aria-labelledby="threads-title">
              <h2 id="threads-title">{t('messaging.listTitle')}</h2>
              {data.list.items.length === 0 ? (
                <p>{t('messaging.empty')}</p>
              ) : (
                <ul className={s.threadList}>
                  {data.list.items.map((item) => (
                    <li key={item.id}>
                      <Link
                        to={pagePath('conversation', lang, { threadId: String(item.id) })}
                        className={`${s.threadItem} ${item.unread ? s.threadItemUnread : ''}`}
                        data-unread={item.unread ? 'true' : undefined}
                      >
                        <span className={s.threadTitle}>{item.title || t('messaging.defaultTitle')}</span>
                        {item.unread ? <span className={s.unreadTag}>{t('messaging.unread')}</span> : null}
                        <span className={`${s.muted} ${s.block}`}>
                          {item.lastMessageLabel ? t('messaging.latestAt', { time: item.lastMessageLabel }) : t('messaging.noMessages')}
                        </span>
                        {item.preview ? (
                          <span className={s.block}>
                            <strong>{item.preview.author.kind === 'self' ? t('messaging.thread.you') : item.preview.author.name}: </strong>
                            {item.preview.deleted
                              ? t('messaging.previewDeleted')
                              : item.preview.text || t('messaging.previewAttachments', { count: item.preview.attachmentCount })}
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <Pager
                label={t('messaging.pages')}
                {...pageLinks(data.list.page, data.list.page < data.list.pageCount, (p) => pagePath('conversations', lang, {}, `page=${p}`), {
                  previous: t('messaging.previousPage'),
                  next: t('messaging.nextPage'),
                })}
                current={t('messaging.page', { page: data.list.page, pages: data.list.pageCount })}
              />
            </section>
          </>
        )}
      </div>
      {data.maintenance ? null : (
        <p>
          <a href={`${location.pathname}${location.search}`}>{t('messaging.refresh')}</a>
        </p>
      )}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
