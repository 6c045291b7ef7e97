/**
 * Who has handled my data (/fi/tietojeni-kasittely, /sv/behandling-av-mina-uppgifter,
 * /en/who-has-handled-my-data; issue 23 part 2, ADR 0033): the person's access-log records,
 * newest first, paged on the server by keyset (`?before=`), with a period filter (a plain GET
 * form, `?from=&to=` Helsinki days). A guardian chooses a ward under 12 like on the record pages
 * (`?person=`, the records viewer); anyone else's id is 404. The view itself is logged.
 */
import { Form } from 'react-router';
import { Field } from '~/components/forms';
import { AccessLogPager, AccessLogTable } from '~/components/account/AccessLogTable';
import { PersonSwitch } from '~/components/records/RecordNav';
import { useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { accessLogFilterSchema, formatCursor, parseCursor, type AccessLogFilter } from '~/models/audit/access-log-filter';
import { pagePath } from '~/route-table';
import { listPatientLog } from '~/services/audit/patient-log.server';
import { getDb } from '~/services/db/db.server';
import * as s from '~/styles/access-log.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/access-log';

/** What the form's fields echo back (never longer than a date). */
const echo = (value: string | null) => (value ?? '').slice(0, 10);

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  // Whose log, as on the record pages: the person or a ward the records viewer may read (else 404).
  const { person, lang, choices } = recordRequest(context, request);
  const url = new URL(request.url);
  const values = { from: echo(url.searchParams.get('from')), to: echo(url.searchParams.get('to')) };
  const parsed = accessLogFilterSchema.safeParse({ from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' });
  const title = pageTitle(context, 'accessLog.title');
  const base = { title, lang, choices, values, ward: person.id === auth.person.id ? null : `${person.firstName} ${person.lastName}` };
  if (!parsed.success) {
    const errors: Partial<Record<keyof AccessLogFilter, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof AccessLogFilter;
      errors[field] ??= issue.message;
    }
    return { ...base, errors, filtered: true, entries: [], olderHref: null, newestHref: null };
  }
  const filter = parsed.data;
  const cursor = parseCursor(url.searchParams.get('before'));
  const page = await listPatientLog(await getDb(), { viewerId: auth.person.id, subject: person, lang, filter, cursor });
  const href = (before: string | null) => {
    const params = new URLSearchParams();
    if (person.id !== auth.person.id) params.set('person', person.id);
    if (filter.from) params.set('from', filter.from);
    if (filter.to) params.set('to', filter.to);
    if (before) params.set('before', before);
    const query = params.toString();
    return `${pagePath('accessLog', lang)}${query ? `?${query}` : ''}`;
  };
  return {
    ...base,
    errors: {},
    filtered: Boolean(filter.from || filter.to),
    entries: page.entries,
    olderHref: page.next ? href(formatCursor(page.next)) : null,
    newestHref: cursor ? href(null) : null,
  };
}

export default function AccessLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, choices, values, errors, ward, filtered, entries, olderHref, newestHref } = loaderData;
  const personId = choices.find((c) => c.current && !c.self)?.id;
  const field = (name: 'from' | 'to') => {
    const error = (errors as Partial<Record<'from' | 'to', string>>)[name];
    const id = `access-log-${name}`;
    return (
      <Field field={{ id, errorId: `${id}-error`, errors: error ? [error] : undefined }} label={t(`accessLog.filter.${name}`)}>
        {(control) => <input {...control} className={ui.input} name={name} type="date" defaultValue={values[name]} />}
      </Field>
    );
  };
  return (
    <section className={ui.card} aria-labelledby="access-log-title">
      <h1 id="access-log-title">{t('accessLog.title')}</h1>
      <PersonSwitch choices={choices} />
      {ward ? <p>{t('accessLog.wardIntro', { name: ward })}</p> : null}
      <p>{t('accessLog.intro')}</p>
      <p className={ui.hint}>{t('accessLog.ownViews')}</p>
      <Form method="get" action={pagePath('accessLog', lang)}>
        {personId ? <input type="hidden" name="person" value={personId} /> : null}
        <fieldset className={s.filter}>
          <legend className={s.legend}>{t('accessLog.filter.title')}</legend>
          {field('from')}
          {field('to')}
          <div className={ui.field}>
            <button type="submit" className={ui.button.primary}>
              {t('accessLog.filter.submit')}
            </button>
          </div>
        </fieldset>
      </Form>
      {filtered ? (
        <p>
          <a href={`${pagePath('accessLog', lang)}${personId ? `?person=${encodeURIComponent(personId)}` : ''}`}>{t('accessLog.filter.clear')}</a>
        </p>
      ) : null}
      {Object.keys(errors).length === 0 ? <AccessLogTable entries={entries} emptyText={t(filtered ? 'accessLog.emptyPeriod' : 'accessLog.empty')} /> : null}
      <AccessLogPager olderHref={olderHref} newestHref={newestHref} />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
