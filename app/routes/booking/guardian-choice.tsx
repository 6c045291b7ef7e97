/**
 * Guardian choice (/en/transaction-path, /fi/asiointipolku, /sv/transaktionsbana; spec 3 §2
 * "Guardian choice and login"): anonymous, without menu or footer. The visitor chooses "my
 * child's" (a child of 11 or younger, booked by the guardian) or "my own" (12 and older log in
 * themselves); the choice is recorded (analytics: actor mandate or self) and leads to the safe
 * `next` path with the own-or-child choice (`for=child|self`), which the reserve page's flow
 * continues. `?error=disallowed|unknown` shows the spec's message (with JS it goes after 20 s).
 * A plain form on a plain page: works without JavaScript.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { attrs } from '~/browser/markup';
import { portalContext } from '~/context';
import type { Language } from '~/i18n/config';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { pagePath } from '~/route-table';
import { recordEvent } from '~/services/analytics/analytics.server';
import { CHOICE_PARAM } from '~/services/booking/reservation-flow-rules';
import { getDb } from '~/services/db/db.server';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/guardian-choice';

/** How long the error stays with JavaScript (spec 3 §8: 20 s): the page script hides it. */
const ERROR_MS = 20_000;

/** Suomi.fi's guidance on acting on behalf of another person, per language. */
const MANDATE_INFO: Record<Language, string> = {
  fi: 'https://www.suomi.fi/valtuudet',
  sv: 'https://www.suomi.fi/fullmakter',
  en: 'https://www.suomi.fi/e-authorizations',
};

const ErrorSchema = z.enum(['disallowed', 'unknown']);
const ChoiceSchema = z.object({ choice: z.enum(['child', 'self']), next: z.string().optional() });

function nextOf(value: unknown, lang: Language): string {
  return safeRedirectPath(value, pagePath('front', lang));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const url = new URL(request.url);
  const error = ErrorSchema.safeParse(url.searchParams.get('error'));
  return {
    title: pageTitle(context, 'reservation.transactionPath.title'),
    lang,
    next: nextOf(url.searchParams.get('next'), lang),
    error: error.success ? error.data : null,
    mandateInfo: MANDATE_INFO[lang],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = context.get(portalContext);
  const submission = parseWithZod(await request.formData(), { schema: ChoiceSchema });
  if (submission.status !== 'success') return data({ invalid: true }, { status: 400 });
  const { choice } = submission.value;
  await recordEvent(await getDb(), 'transactionPathChoice', { mandate: choice === 'child' ? 'actor' : 'self' });
  const next = new URL(nextOf(submission.value.next, lang), 'https://portal.invalid');
  next.searchParams.set(CHOICE_PARAM, choice);
  return redirect(`${next.pathname}${next.search}`, 303);
}

export default function TransactionPath({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { error, next, mandateInfo } = loaderData;
  return (
    <section className={ui.card} aria-labelledby="transaction-path-title">
      <h1 id="transaction-path-title">{t('reservation.transactionPath.title')}</h1>
      <div role="alert">
        {error ? (
          <div className={`${ui.alertBox} ${ui.alert.error}`} {...attrs({ flashMs: ERROR_MS })}>
            {error === 'disallowed' ? (
              <p>
                {t('reservation.transactionPath.disallowed')} <a href={mandateInfo}>{t('reservation.transactionPath.mandateInfo')}</a>
              </p>
            ) : (
              <p>{t('reservation.transactionPath.unknown')}</p>
            )}
          </div>
        ) : null}
        {actionData?.invalid ? <p className={`${ui.alertBox} ${ui.alert.error}`}>{t('reservation.transactionPath.unknown')}</p> : null}
      </div>
      <Form method="post">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="next" value={next} />
        <ul className={s.choiceList}>
          <li>
            <button type="submit" name="choice" value="child" className={s.choice}>
              <span className={s.choiceTitle}>{t('reservation.choice.child')}</span>
              <span>{t('reservation.choice.childHint')}</span>
            </button>
          </li>
          <li>
            <button type="submit" name="choice" value="self" className={s.choice}>
              <span className={s.choiceTitle}>{t('reservation.choice.own')}</span>
              <span>{t('reservation.choice.ownHint')}</span>
            </button>
          </li>
        </ul>
      </Form>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
