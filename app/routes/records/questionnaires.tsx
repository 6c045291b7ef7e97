/**
 * Questionnaires (spec 3 §2, §4): open tasks and answered ones, each paged on the server
 * (`open` and `page`), or the maintenance notice "Surveys are temporarily out of use".
 * General brand only.
 */
import { Link } from 'react-router';
import { Section } from '~/components/Section';
import { RecordPager, PersonSwitch } from '~/components/records/RecordNav';
import { env } from '~/env.server';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { listQuestionnaires } from '~/services/records/questionnaires.server';
import { pageNumber } from '~/models/paging';
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
      <Section id="questionnaires-title" title={t('records.questionnaires.title')} level={1}>
        <PersonSwitch choices={choices} />
        {lists ? null : <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('records.questionnaires.maintenance')}</p>}
      </Section>
      {lists ? (
        <>
          <Section id="questionnaires-open" title={t('records.questionnaires.open')}>
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
          </Section>
          <Section id="questionnaires-answered" title={t('records.questionnaires.answered')}>
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
          </Section>
        </>
      ) : null}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
