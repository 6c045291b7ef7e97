/**
 * The accessibility statement's feedback form (/fi/saavutettavuusseloste/palaute, …; issue 23
 * part 5, ADR 0032): where the problem is, what it is, and an optional e-mail for the answer. It
 * works without login and without JavaScript: a plain form with the CSRF token (the session's, or
 * the anonymous double-submit cookie's), rate-limited by the root middleware like every anonymous
 * post (and per person when logged in); the schema checks it on the server, its native
 * constraints in the browser. After sending, the browser is redirected to the confirmation.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { LinkLine } from '~/components/LinkLine';
import { TextareaField, TextField } from '~/components/forms';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { feedbackSchema, type FeedbackFormValues } from '~/models/shell/accessibility-feedback';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { submitFeedback } from '~/services/shell/accessibility-feedback.server';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/accessibility-feedback';

export async function loader({ context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  return { title: pageTitle(context, 'accessibility.feedbackForm.title'), lang, constraint: getZodConstraint(feedbackSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang, brand } = context.get(portalContext);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: feedbackSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const { acknowledged } = await submitFeedback(await getDb(), { ...submission.value, brand, language: lang });
  const answer = acknowledged ? 'email' : submission.value.email ? 'later' : 'none';
  return redirect(pagePath('accessibilityFeedbackReceived', lang, {}, new URLSearchParams({ answer })), 303);
}

export default function AccessibilityFeedback({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, constraint } = loaderData;
  const [form, fields] = useForm<FeedbackFormValues>({
    id: 'accessibility-feedback',
    lastResult: actionData?.result,
    constraint,
    // The browser checks the constraints on the plain page; the server checks everything.
    defaultNoValidate: false,
  });
  return (
    <div>
      <LinkLine to={pagePath('accessibilityStatement', lang)}>{t('accessibility.feedbackForm.backToStatement')}</LinkLine>
      <h1>{t('accessibility.feedbackForm.title')}</h1>
      <p>{t('accessibility.feedbackForm.intro')}</p>
      <Form method="post" reloadDocument className={ui.card} {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        <TextField meta={fields.location} label={t('accessibility.feedbackForm.location')} hint={t('accessibility.feedbackForm.locationHint')} />
        <TextareaField
          meta={fields.description}
          label={t('accessibility.feedbackForm.description')}
          hint={t('accessibility.feedbackForm.descriptionHint')}
          rows={6}
        />
        <TextField
          meta={fields.email}
          type="email"
          autoComplete="email"
          label={t('accessibility.feedbackForm.email')}
          hint={t('accessibility.feedbackForm.emailHint')}
        />
        <button type="submit" className={ui.button.primary} {...attrs({ pending: t('accessibility.feedbackForm.sending') })}>
          {t('accessibility.feedbackForm.send')}
        </button>
      </Form>
    </div>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
