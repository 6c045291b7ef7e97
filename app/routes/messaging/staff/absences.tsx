/**
 * A professional records absences (Helsinki dates, inclusive) with substitutes in order of
 * preference, chosen among the members of their care teams (anyone else: a translated error,
 * nothing stored). While absent, customers see the notice in threads assigned to them, new threads
 * go to the substitute, and the substitute sees the threads under "Substitutions".
 */
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { StaffNav } from '~/components/messaging/StaffNav';
import { portalContext } from '~/context';
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import { isDate } from '~/lib/dates';
import { pageTitle } from '~/lib/http/page.server';
import { requireProfessional } from '~/lib/http/staff.server';
import { absenceNoteSchema } from '~/models/messaging/schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { colleagues, listMyAbsences, recordAbsence, removeAbsence } from '~/services/messaging/staff.server';
import { formatPeriod } from '~/services/messaging/view-rules';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';

import { notFound } from '~/lib/http/responses';
import { Fieldset, TextField } from '~/components/forms';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/absences';

const date = z
  .string({ error: 'messaging.staff.absenceDateRequired' satisfies TextKey })
  .refine(isDate, 'messaging.staff.absenceDateRequired' satisfies TextKey);

const absenceSchema = z
  .object({
    intent: z.literal('add'),
    startDate: date,
    endDate: date,
    substituteIds: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.uuid())),
    internalMessage: absenceNoteSchema,
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: 'messaging.staff.absenceDates' satisfies TextKey });

export async function loader({ context }: Route.LoaderArgs) {
  const { me, professional } = await requireProfessional(context);
  const { lang } = context.get(portalContext);
  const db = await getDb();
  const [absences, others] = await Promise.all([listMyAbsences(db, me), colleagues(db, me)]);
  return {
    title: pageTitle(context, 'messaging.staff.absences'),
    lang,
    name: `${professional.firstName} ${professional.lastName}`,
    absences: absences.map((a) => ({ ...a, period: formatPeriod(a.startDate, a.endDate, lang) })),
    colleagues: others.map((c) => ({ id: c.id, name: c.name, title: c.title[lang] })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { me } = await requireProfessional(context);
  const { lang } = context.get(portalContext);
  const db = await getDb();
  const formData = await request.formData();
  if (formData.get('intent') === 'remove') {
    const id = Number(formData.get('absenceId'));
    const result = await removeAbsence(db, { me, absenceId: Number.isSafeInteger(id) ? id : -1 });
    if (!result.ok) throw notFound();
    throw redirect(pagePath('staffAbsences', lang), 303);
  }
  const submission = parseWithZod(formData, { schema: absenceSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const result = await recordAbsence(db, { me, ...submission.value });
  if (!result.ok) {
    const error: TextKey = result.reason === 'not-in-care-team' ? 'messaging.staff.substituteNotInTeam' : 'messaging.staff.absenceDates';
    return data({ result: submission.reply({ fieldErrors: { substituteIds: [error] } }) }, { status: 400 });
  }
  throw redirect(pagePath('staffAbsences', lang), 303);
}

export default function Absences({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, absences, colleagues: others, name } = loaderData;
  const [form, fields] = useForm<z.input<typeof absenceSchema>>({
    id: 'absence',
    lastResult: actionData?.result,
    constraint: getZodConstraint(absenceSchema),
    // The browser checks the constraints before sending.
    defaultNoValidate: false,
  });
  return (
    <>
      <StaffNav lang={lang} name={name} />
      <h1>{t('messaging.staff.absences')}</h1>
      <section className={ui.card} aria-labelledby="absences-title">
        <h2 id="absences-title">{t('messaging.staff.absences')}</h2>
        {absences.length === 0 ? (
          <p>{t('messaging.staff.noAbsences')}</p>
        ) : (
          <ul className={s.threadList}>
            {absences.map((a) => (
              <li key={a.id} className={s.threadItem}>
                <strong>{a.period}</strong>
                <span className={s.block}>
                  {t('messaging.staff.substitutes')}: {a.substituteNames.length ? a.substituteNames.join(', ') : t('messaging.staff.absenceNoSubstitute')}
                </span>
                {a.internalMessage ? <span className={s.block}>{a.internalMessage}</span> : null}
                <Form method="post">
                  <AuthenticityTokenInput name="csrf" />
                  <input type="hidden" name="absenceId" value={a.id} />
                  <button className={ui.button.secondary} type="submit" name="intent" value="remove" {...attrs({ pending: t('messaging.staff.pending') })}>
                    {t('messaging.staff.removeAbsence')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={ui.card} aria-labelledby="add-absence-title">
        <h2 id="add-absence-title">{t('messaging.staff.addAbsence')}</h2>
        <Form method="post" {...getFormProps(form)}>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="add" />
          <TextField meta={fields.startDate} type="date" label={t('messaging.staff.absenceStart')} />
          <TextField meta={fields.endDate} type="date" label={t('messaging.staff.absenceEnd')} />
          <Fieldset field={fields.substituteIds} legend={t('messaging.staff.substitutes')}>
            {others.map((c) => (
              <label key={c.id}>
                <input type="checkbox" name="substituteIds" value={c.id} /> {c.name}, {c.title}
              </label>
            ))}
          </Fieldset>
          <TextField meta={fields.internalMessage} label={t('messaging.staff.internalMessage')} />
          <button className={ui.button.primary} type="submit" {...attrs({ pending: t('messaging.staff.pending') })}>
            {t('messaging.staff.addAbsence')}
          </button>
        </Form>
      </section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
