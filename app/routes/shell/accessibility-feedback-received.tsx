/**
 * Where the accessibility feedback form leads after sending (issue 23 part 5, ADR 0032): thanks,
 * and whether an answer comes by e-mail (`answer`: email = acknowledged by e-mail, later = an
 * address was given but its acknowledgements for today are used up, none = no address). The
 * query says nothing about the sender or the feedback.
 */
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';
import { LinkLine } from '~/components/LinkLine';
import type { Route } from './+types/accessibility-feedback-received';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const answer = new URL(request.url).searchParams.get('answer');
  return {
    title: pageTitle(context, 'accessibility.feedbackReceived.title'),
    lang,
    answer: answer === 'email' || answer === 'none' ? answer : null,
  };
}

export default function AccessibilityFeedbackReceived({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, answer } = loaderData;
  return (
    <section className={ui.card} aria-labelledby="received-title">
      <h1 id="received-title">{t('accessibility.feedbackReceived.title')}</h1>
      <p>{t('accessibility.feedbackReceived.body')}</p>
      {answer === 'email' ? <p>{t('accessibility.feedbackReceived.withEmail')}</p> : null}
      {answer === 'none' ? <p>{t('accessibility.feedbackReceived.withoutEmail')}</p> : null}
      <LinkLine to={pagePath('accessibilityStatement', lang)}>{t('accessibility.feedbackForm.backToStatement')}</LinkLine>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
