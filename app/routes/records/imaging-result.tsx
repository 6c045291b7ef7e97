/** One imaging result: examination, date and the doctor's statement, or "No doctor's statement". */
import { data } from 'react-router';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth, titleWith } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { recordViewerOf } from '~/services/people/viewer.server';
import { getImagingResult } from '~/services/records/records.server';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import { LinkLine } from '~/components/LinkLine';
import type { Route } from './+types/imaging-result';

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const id = Number(params.id);
  const result = Number.isSafeInteger(id) && id > 0 ? await getImagingResult(await getDb(), recordViewerOf(auth), id, lang) : null;
  if (!result) return data({ title: pageTitle(context, 'records.imaging.notFound'), lang, result: null }, { status: 404 });
  return { title: titleWith(context, result.examinationName), lang, result };
}

export default function ImagingResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { result, lang } = loaderData;
  return (
    <section className={ui.card}>
      {result ? (
        <>
          <h1>{result.examinationName}</h1>
          <dl className={s.details}>
            <dt className={s.term}>{t('records.imaging.date')}</dt>
            <dd className={s.definition}>{result.dateText}</dd>
          </dl>
          <h2>{t('records.imaging.statement')}</h2>
          {result.statementText ? <p className={ui.preWrap}>{result.statementText}</p> : <p>{t('records.imaging.noStatement')}</p>}
        </>
      ) : (
        <h1>{t('records.imaging.notFound')}</h1>
      )}
      <LinkLine to={pagePath('imaging', lang)}>{t('records.imaging.backToList')}</LinkLine>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
