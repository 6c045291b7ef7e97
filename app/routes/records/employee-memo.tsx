/**
 * Employee memo (ADR 0017): the occupational health customer's own health-examination
 * summaries — examination, practitioner, work ability, summary — with the agreed follow-ups,
 * newest first, paged. General brand; someone without an occupational contract gets 404.
 */
import { RecordPager } from '~/components/records/RecordNav';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { invariantResponse, pageTitle, requireAuth } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { getDb } from '~/services/db/db.server';
import { listEmployeeMemos } from '~/services/records/employee-memo.server';
import { pageNumber } from '~/models/paging';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/employee-memo';

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'employeeMemo');
  const auth = requireAuth(context);
  invariantResponse(auth.person.occupationalContractId);
  const { lang } = context.get(portalContext);
  const memos = await listEmployeeMemos(await getDb(), auth.person.id, lang, pageNumber(new URL(request.url).searchParams.get('page')));
  return { title: pageTitle(context, 'records.employeeMemo.title'), memos };
}

export default function EmployeeMemo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { memos } = loaderData;
  return (
    <section className={ui.card} aria-labelledby="memo-title">
      <h1 id="memo-title">{t('records.employeeMemo.title')}</h1>
      <p>{t('records.employeeMemo.intro')}</p>
      {memos.items.length ? (
        <ul className={s.items}>
          {memos.items.map((m) => (
            <li key={m.id} className={s.item}>
              <h2>
                {m.examinationType} {m.dateText}
              </h2>
              <dl className={s.details}>
                <dt className={s.term}>{t('records.employeeMemo.practitioner')}</dt>
                <dd className={s.definition}>{m.practitioner}</dd>
                <dt className={s.term}>{t('records.employeeMemo.workAbility')}</dt>
                <dd className={s.definition}>{t(`records.employeeMemo.workAbilities.${m.workAbility}`)}</dd>
              </dl>
              <h3>{t('records.employeeMemo.summary')}</h3>
              <p className={ui.preWrap}>{m.summary}</p>
              <h3>{t('records.employeeMemo.followUps')}</h3>
              {m.followUps.length ? (
                <ul>
                  {m.followUps.map((f) => (
                    <li key={f.text}>
                      {f.text}
                      {f.dueText ? ` – ${t('records.employeeMemo.due', { date: f.dueText })}` : ''}
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('records.employeeMemo.noFollowUps')}</p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('records.employeeMemo.empty')}</p>
      )}
      <RecordPager page={memos.page} hasNext={memos.hasNext} />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
