/**
 * One laboratory result day (spec 3 §3, §9): tests and packages (with their items), textual or
 * numeric results with their prefix (>, ≥, <, ≤), "Outside the reference range" in words as well
 * as colour, the unit and the reference range ("min–max", ">min", "<max"). An unknown day, or
 * another person's, is "Results were not found" (404).
 */
import { data } from 'react-router';
import { LinkLine } from '~/components/LinkLine';
import { PersonSwitch, personQuery } from '~/components/records/RecordNav';
import { useTranslation } from '~/i18n/react';
import { isDate } from '~/lib/dates';
import { pageTitle, titleWith, serverT } from '~/lib/http/page.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { getLabDay, type LabTestView } from '~/services/records/records.server';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/lab-result';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { viewer, person, lang, choices } = recordRequest(context, request);
  const day = isDate(params.date) ? await getLabDay(await getDb(), viewer, person, params.date, lang) : null;
  if (!day) return data({ title: pageTitle(context, 'records.lab.notFound'), lang, choices, day: null }, { status: 404 });
  return { title: titleWith(context, serverT(context)('records.lab.resultDayTitle', { date: day.dateText })), lang, choices, day };
}

function Result({ test }: { test: LabTestView | Omit<LabTestView, 'items'> }) {
  const { t } = useTranslation();
  if (!test.isReady || !test.result) return <span className={s.muted}>{t('records.lab.notReady')}</span>;
  if (test.result.type === 'text') return <span>{test.result.text}</span>;
  const out = test.result.isWithinReferenceRange === false;
  return (
    <span className={out ? s.outOfRange : undefined}>
      {test.result.text}
      {test.unit ? ` ${test.unit}` : ''}
      {out ? <> – {t('records.lab.outOfRange')}</> : null}
    </span>
  );
}

function Row({ test, nested = false }: { test: LabTestView | Omit<LabTestView, 'items'>; nested?: boolean }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row" className={nested ? `${s.cell} ${s.nested}` : s.cell}>
        {test.displayName}
        {test.description ? <div className={s.muted}>{test.description}</div> : null}
      </th>
      <td className={s.cell}>
        <Result test={test} />
        {test.additionalResult ? (
          <div className={s.muted}>
            {t('records.lab.additionalResult')}: {test.additionalResult}
          </div>
        ) : null}
      </td>
      <td className={s.cell}>{test.referenceRange ?? ''}</td>
    </tr>
  );
}

export default function LabResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { day, lang, choices } = loaderData;
  const back = <LinkLine to={`${pagePath('laboratory', lang)}${personQuery(choices)}`}>{t('records.lab.backToList')}</LinkLine>;
  if (!day) {
    return (
      <section className={ui.card}>
        <h1>{t('records.lab.notFound')}</h1>
        {back}
      </section>
    );
  }
  return (
    <section className={ui.card} aria-labelledby="lab-day-title">
      <h1 id="lab-day-title">{t('records.lab.resultDayTitle', { date: day.dateText })}</h1>
      <PersonSwitch choices={choices} />
      <p>
        <span className={day.state === 'ready' ? `${s.badge} ${s.ready}` : s.badge}>
          {t(day.state === 'ready' ? 'records.lab.ready' : 'records.lab.pending')}
        </span>
      </p>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col" className={s.cell}>
              {t('records.lab.test')}
            </th>
            <th scope="col" className={s.cell}>
              {t('records.lab.result')}
            </th>
            <th scope="col" className={s.cell}>
              {t('records.lab.referenceRange')}
            </th>
          </tr>
        </thead>
        <tbody>
          {day.tests.flatMap((test) =>
            test.kind === 'package'
              ? [
                  <tr key={test.id}>
                    <th scope="rowgroup" colSpan={3} className={s.cell}>
                      {test.displayName}
                    </th>
                  </tr>,
                  ...test.items.map((item) => <Row key={item.id} test={item} nested />),
                ]
              : [<Row key={test.id} test={test} />],
          )}
        </tbody>
      </table>
      {back}
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
