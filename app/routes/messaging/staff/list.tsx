/**
 * The professionals' thread list by category (spec 1 §3 ThreadCategory): assigned to me,
 * unassigned, I take part, assigned to others, closed, substitutions. Plain server-rendered
 * links and a table; ten threads per page.
 */
import { Link } from 'react-router';
import { StaffNav } from '~/components/messaging/StaffNav';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { formatDateTime } from '~/lib/format';
import { pageTitle } from '~/lib/http/page.server';
import { requireProfessional } from '~/lib/http/staff.server';
import { THREAD_CATEGORIES, type ThreadCategory } from '~/models/messaging/messaging';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { categoryCounts, listCategory } from '~/services/messaging/staff.server';
import { Pager, pageLinks } from '~/components/Pager';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/list';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { me, professional } = await requireProfessional(context);
  const { lang } = context.get(portalContext);
  const search = new URL(request.url).searchParams;
  const requested = search.get('category');
  const category: ThreadCategory = (THREAD_CATEGORIES as readonly string[]).includes(requested ?? '') ? (requested as ThreadCategory) : 'assignedToMe';
  const db = await getDb();
  const [counts, list] = await Promise.all([categoryCounts(db, me), listCategory(db, me, category, Number(search.get('page') ?? '1'))]);
  return {
    title: pageTitle(context, 'messaging.staff.title'),
    lang,
    name: `${professional.firstName} ${professional.lastName}`,
    category,
    counts,
    page: list.page,
    hasNext: list.hasNext,
    items: list.items.map((i) => ({ ...i, lastMessageLabel: i.lastMessageAt ? formatDateTime(i.lastMessageAt, lang) : '' })),
  };
}

export default function StaffList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, category, counts, items, page, hasNext, name } = loaderData;
  const href = (c: ThreadCategory, p = 1) => pagePath('staffMessages', lang, {}, new URLSearchParams({ category: c, ...(p > 1 ? { page: String(p) } : {}) }));
  return (
    <>
      <StaffNav lang={lang} name={name} />
      <h1>{t('messaging.staff.title')}</h1>
      <nav aria-label={t('messaging.staff.categoriesNav')}>
        <ul className={s.tabs}>
          {THREAD_CATEGORIES.map((c) => (
            <li key={c}>
              <Link to={href(c)} aria-current={c === category ? 'page' : undefined} className={c === category ? ui.button.primary : ui.button.secondary}>
                {t('messaging.staff.categoryCount', { label: t(`messaging.staff.categories.${c}`), count: counts[c] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className={ui.card} aria-labelledby="category-title">
        <h2 id="category-title">{t(`messaging.staff.categories.${category}`)}</h2>
        {items.length === 0 ? (
          <p>{t('messaging.staff.empty')}</p>
        ) : (
          <table className={s.table}>
            <thead>
              <tr>
                <th className={s.cell} scope="col">
                  {t('messaging.staff.subject')}
                </th>
                <th className={s.cell} scope="col">
                  {t('messaging.staff.customer')}
                </th>
                <th className={s.cell} scope="col">
                  {t('messaging.staff.assignee')}
                </th>
                <th className={s.cell} scope="col">
                  {t('messaging.staff.latest')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-unread={item.unread ? 'true' : undefined}>
                  <td className={s.cell}>
                    <Link to={pagePath('staffThread', lang, { threadId: String(item.id) })}>{item.title || t('messaging.defaultTitle')}</Link>
                    {item.unread ? <span className={s.unreadTag}>{t('messaging.unread')}</span> : null}
                  </td>
                  <td className={s.cell}>
                    {item.companyName ? t('messaging.hr.staffCustomer', { name: item.customerName, company: item.companyName }) : item.customerName}
                  </td>
                  <td className={s.cell}>{item.assigneeName ?? t('messaging.staff.unassigned')}</td>
                  <td className={s.cell}>{item.lastMessageLabel}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager
          label={t('messaging.pages')}
          {...pageLinks(page, hasNext, (p) => href(category, p), { previous: t('messaging.previousPage'), next: t('messaging.nextPage') })}
        />
      </section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
