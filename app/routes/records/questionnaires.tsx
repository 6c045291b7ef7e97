/**
 * Questionnaires (spec 3 §2, §4): open tasks and answered ones, each paged on the server
 * (`open` and `page`), or the maintenance notice "Surveys are temporarily out of use".
 * General brand only.
 */
import { Link } from 'react-router';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { RecordPager, PersonSwitch } from '~/components/records/RecordNav';
import { env } from '~/env.server';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { listQuestionnaires } from '~/services/records/questionnaires.server';
import { pageNumber } from '~/services/records/records.server';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/questionnaires';

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'questionnaires');
  const { viewer, person, lang, page, choices } = recordRequest(context, request);
  const title = pageTitle(context, 'records.questionnaires.title');
  if (env().QUESTIONNAIRES === 'maintenance') return { title, lang, choices, lists: null };
  const openPage = pageNumber(new URL(request.url).searchParams.get('open'));
  const lists = await listQuestionnaires(await getDb(), viewer, person, lang, openPage, page);
  return { title, lang, choices, lists };
}

export default function Questionnaires({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, choices, lists } = loaderData;
  return (
    <>
      <section className={ui.card} aria-labelledby="questionnaires-title">
        <h1 id="questionnaires-title">{t('records.questionnaires.title')}</h1>
        <PersonSwitch choices={choices} />
        {lists ? null : <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('records.questionnaires.maintenance')}</p>}
      </section>
      {lists ? (
        <>
          <section className={ui.card} aria-labelledby="questionnaires-open">
            <h2 id="questionnaires-open">{t('records.questionnaires.open')}</h2>
            {lists.open.items.length ? (
              <ul className={s.items}>
                {lists.open.items.map((q) => (
                  <li key={q.id} className={s.item}>
                    <h3>
                      <Link to={pagePath('questionnaire', lang, { id: String(q.id) })}>{q.title}</Link>
                    </h3>
                    <p className={s.muted}>{t('records.questionnaires.sent', { date: q.sentText })}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('records.questionnaires.noOpen')}</p>
            )}
            <RecordPager page={lists.open.page} hasNext={lists.open.hasNext} param="open" label={t('records.questionnaires.open')} />
          </section>
          <section className={ui.card} aria-labelledby="questionnaires-answered">
            <h2 id="questionnaires-answered">{t('records.questionnaires.answered')}</h2>
            {lists.answered.items.length ? (
              <ul className={s.items}>
                {lists.answered.items.map((q) => (
                  <li key={q.id} className={s.item}>
                    <h3>
                      <Link to={pagePath('questionnaire', lang, { id: String(q.id) })}>{q.title}</Link>
                    </h3>
                    <p className={s.muted}>{t('records.questionnaires.answeredOn', { date: q.answeredText ?? '' })}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('records.questionnaires.noAnswered')}</p>
            )}
            <RecordPager page={lists.answered.page} hasNext={lists.answered.hasNext} label={t('records.questionnaires.answered')} />
          </section>
        </>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
