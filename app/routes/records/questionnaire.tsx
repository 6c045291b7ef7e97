/**
 * One questionnaire (spec 3 §3, §4): its form rendered from the stored definition (text, single
 * and multiple choice, scale) and validated with the zod schema built from it on both sides;
 * completing saves the answers through answerQuestionnaire; an answered questionnaire is shown
 * read-only with its answers. States: maintenance, not found ("Questionnaire was not found."), ok.
 *
 * A plain page (ADR 0009): the inputs carry the schema's native constraints (`getZodConstraint`);
 * the form does not stop on them (`noValidate`), so a send with missing answers gets the
 * server's errors as text next to each question, in the page's language, with JS or without.
 * The page script shows the button's `data-pending` text and ignores a second send.
 */
import type { z } from 'zod';
import { useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { LinkLine } from '~/components/LinkLine';
import { Choices, TextArea } from '~/components/forms';
import { portalContext } from '~/context';
import { env } from '~/env.server';
import { useMessageText, useTranslation } from '~/i18n/react';
import type { Language } from '~/i18n/config';
import { pageTitle, requireAuth, titleWith } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { answersSchema, type Question, type QuestionnaireAnswers, type QuestionnaireDefinition } from '~/models/records/questionnaire';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { recordViewerOf } from '~/services/people/viewer.server';
import { answerQuestionnaire, getQuestionnaire } from '~/services/records/questionnaires.server';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';

import { notFound } from '~/lib/http/responses';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/questionnaire';

function idOf(param: string) {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'questionnaire');
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  if (env().QUESTIONNAIRES === 'maintenance') return { state: 'maintenance' as const, title: pageTitle(context, 'records.questionnaires.title'), lang };
  const id = idOf(params.id);
  const q = id ? await getQuestionnaire(await getDb(), recordViewerOf(auth), id, lang) : null;
  if (!q) return data({ state: 'notFound' as const, title: pageTitle(context, 'records.questionnaires.notFound'), lang }, { status: 404 });
  return { state: 'ok' as const, title: titleWith(context, q.definition.title[lang]), lang, questionnaire: q };
}

export async function action({ params, request, context, url }: Route.ActionArgs) {
  requirePage({ context, url }, 'questionnaire');
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  if (env().QUESTIONNAIRES === 'maintenance') throw new Response(null, { status: 503 });
  const id = idOf(params.id);
  const viewer = recordViewerOf(auth);
  const db = await getDb();
  const q = id ? await getQuestionnaire(db, viewer, id, lang) : null;
  if (!q || !id) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: answersSchema(q.definition) });
  if (submission.status !== 'success') return data({ result: submission.reply(), failed: false }, { status: 400 });
  const result = await answerQuestionnaire(db, viewer, { questionnaireInvitationId: id, answers: JSON.stringify(submission.value) });
  switch (result) {
    case 'saved':
    case 'alreadyAnswered':
      return redirectWithFlash(pagePath('questionnaire', lang, { id: String(id) }), {
        type: result === 'saved' ? 'success' : 'info',
        key: result === 'saved' ? 'records.questionnaires.saved' : 'records.questionnaires.saveFailed',
      });
    case 'notFound':
      throw notFound();
    case 'invalid':
      return data({ result: submission.reply(), failed: true }, { status: 400 });
  }
}

function answerText(q: Question, value: QuestionnaireAnswers[string] | undefined, lang: Language): string | null {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  if (q.type === 'single' || q.type === 'multiple') {
    const values = Array.isArray(value) ? value : [String(value)];
    return values.map((v) => q.options.find((o) => o.value === v)?.label[lang] ?? v).join(', ');
  }
  return String(value);
}

function ReadOnly({ definition, answers, lang }: { definition: QuestionnaireDefinition; answers: QuestionnaireAnswers; lang: Language }) {
  const { t } = useTranslation();
  return (
    <dl className={s.details}>
      {definition.questions.map((q) => (
        <div key={q.id} style={{ display: 'contents' }}>
          <dt className={s.term}>{q.label[lang]}</dt>
          <dd className={s.definition}>{answerText(q, answers[q.id], lang) ?? t('records.questionnaires.noAnswer')}</dd>
        </div>
      ))}
    </dl>
  );
}

function Editable({
  id,
  definition,
  lang,
  actionData,
}: {
  id: number;
  definition: QuestionnaireDefinition;
  lang: Language;
  actionData: Route.ComponentProps['actionData'];
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const schema = answersSchema(definition);
  const [form, fields] = useForm<z.input<typeof schema>>({
    id: `questionnaire-${id}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
  });
  const err = (name: string) => {
    const key = fields[name]?.errors?.[0];
    return key ? messageText(`records.questionnaires.errors.${key}`) : undefined;
  };
  const initial = (name: string) => fields[name]?.initialValue as string | string[] | undefined;
  const required = (name: string) => fields[name]?.required;
  const label = (q: Question) => (q.required ? q.label[lang] : `${q.label[lang]} ${t('records.questionnaires.optional')}`);
  return (
    <Form method="post" id={form.id} noValidate>
      <AuthenticityTokenInput name="csrf" />
      {actionData?.failed ? (
        <p role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          {t('records.questionnaires.saveFailed')}
        </p>
      ) : null}
      {definition.questions.map((q) => {
        const fieldId = `q-${id}-${q.id}`;
        switch (q.type) {
          case 'text':
            return (
              <TextArea
                key={q.id}
                id={fieldId}
                name={q.id}
                label={label(q)}
                error={err(q.id)}
                defaultValue={initial(q.id) as string | undefined}
                minLength={fields[q.id]?.minLength}
                maxLength={fields[q.id]?.maxLength}
                required={required(q.id)}
              />
            );
          case 'single':
          case 'multiple':
            return (
              <Choices
                key={q.id}
                id={fieldId}
                name={q.id}
                legend={label(q)}
                error={err(q.id)}
                options={q.options.map((o) => ({ value: o.value, label: o.label[lang] }))}
                defaultValue={initial(q.id)}
                multiple={q.type === 'multiple'}
                required={required(q.id)}
              />
            );
          case 'scale':
            return (
              <Choices
                key={q.id}
                id={fieldId}
                name={q.id}
                legend={`${label(q)} (${q.min} = ${q.minLabel[lang]}, ${q.max} = ${q.maxLabel[lang]})`}
                error={err(q.id)}
                options={Array.from({ length: q.max - q.min + 1 }, (_, i) => ({ value: String(q.min + i), label: String(q.min + i) }))}
                defaultValue={initial(q.id)}
                required={required(q.id)}
              />
            );
        }
      })}
      <button type="submit" className={ui.button.primary} {...attrs({ pending: t('records.questionnaires.sending') })}>
        {t('records.questionnaires.submit')}
      </button>
    </Form>
  );
}

export default function QuestionnairePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = loaderData;
  const back = <LinkLine to={pagePath('questionnaires', lang)}>{t('records.questionnaires.backToList')}</LinkLine>;
  if (loaderData.state === 'maintenance') {
    return (
      <section className={ui.card}>
        <h1>{t('records.questionnaires.title')}</h1>
        <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('records.questionnaires.maintenance')}</p>
      </section>
    );
  }
  if (loaderData.state === 'notFound') {
    return (
      <section className={ui.card}>
        <h1>{t('records.questionnaires.notFound')}</h1>
        {back}
      </section>
    );
  }
  const q = loaderData.questionnaire;
  return (
    <section className={ui.card} aria-labelledby="questionnaire-title">
      <h1 id="questionnaire-title">{q.definition.title[lang]}</h1>
      <p>{q.definition.intro[lang]}</p>
      {q.answeredText ? (
        <>
          <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('records.questionnaires.readOnly', { date: q.answeredText })}</p>
          <ReadOnly definition={q.definition} answers={q.answers} lang={lang} />
        </>
      ) : (
        <Editable id={q.id} definition={q.definition} lang={lang} actionData={actionData} />
      )}
      {back}
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
