/**
 * The built-in Suomi.fi e-Authorizations test service's selection page (E_AUTHORIZATIONS=test;
 * 404 in production; ADR 0050): stands for Suomi.fi's own page where the person picks whom to act
 * for (HPA) or which company to represent (YPA), from the mandates in force in the demo data.
 * Choosing returns the person to the portal's `redirect_uri` with a one-time `code`; cancelling
 * with `error=access_denied`. Only our own origin may receive codes.
 */
import { data, Form, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { requestInfoContext } from '~/context';
import { env } from '~/env.server';
import { useTranslation } from '~/i18n/react';
import { serverT } from '~/lib/http/page.server';
import { requireNonProduction } from '~/lib/http/test-deployment.server';
import { getDb } from '~/services/db/db.server';
import { selectionChoices, selectPrincipal, TEST_SERVICE_CLIENT } from '~/services/people/e-authorizations/test-service.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/test-valtuudet-select';

const requestSchema = z.object({
  client_id: z.literal(TEST_SERVICE_CLIENT.clientId),
  response_type: z.literal('code'),
  redirect_uri: z.url(),
  user: z.string().min(1).max(200),
  lang: z.enum(['fi', 'sv', 'en']).default('fi'),
});

const choiceSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('choose'), principal: z.string().min(1).max(40) }),
  z.object({ intent: z.literal('cancel') }),
]);

function readRequest(params: URLSearchParams | FormData, origin: string) {
  const parsed = requestSchema.safeParse(Object.fromEntries([...params.entries()].filter(([, v]) => typeof v === 'string')));
  if (!parsed.success || new URL(parsed.data.redirect_uri).origin !== origin) throw data({ error: 'badRequest' }, { status: 400 });
  return parsed.data;
}

const guard = () => requireNonProduction(env().E_AUTHORIZATIONS === 'test');

export async function loader({ request, context }: Route.LoaderArgs) {
  guard();
  const selection = readRequest(new URL(request.url).searchParams, context.get(requestInfoContext).origin);
  const offered = await selectionChoices(await getDb(), selection.user);
  return { title: serverT(context)('actingFor.testService.title'), selection, offered };
}

export async function action({ request, context }: Route.ActionArgs) {
  guard();
  const formData = await request.formData();
  const selection = readRequest(formData, context.get(requestInfoContext).origin);
  const back = new URL(selection.redirect_uri);
  const choice = choiceSchema.safeParse(Object.fromEntries(formData));
  if (!choice.success) throw data({ error: 'badRequest' }, { status: 400 });
  if (choice.data.intent === 'cancel') {
    back.searchParams.set('error', 'access_denied');
    return redirect(back.toString());
  }
  const code = await selectPrincipal(await getDb(), { userId: selection.user, principalId: choice.data.principal });
  if (!code) throw data({ error: 'badRequest' }, { status: 400 });
  back.searchParams.set('code', code);
  return redirect(back.toString());
}

export default function TestValtuudetSelection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { selection, offered } = loaderData;
  const hidden = Object.entries(selection).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <section className={ui.card}>
      <h1>{t('actingFor.testService.title')}</h1>
      <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('actingFor.testService.notice')}</p>
      {offered === null ? (
        <p role="alert">{t('actingFor.testService.sessionGone')}</p>
      ) : (
        <>
          <h2>{offered.kind === 'hpa' ? t('actingFor.testService.choosePerson') : t('actingFor.testService.chooseCompany')}</h2>
          {offered.choices.length === 0 ? <p>{t('actingFor.testService.none')}</p> : null}
          <Form method="post">
            <AuthenticityTokenInput name="csrf" />
            {hidden}
            <input type="hidden" name="intent" value="choose" />
            <ul className={`${ui.list} ${ui.buttonRow}`}>
              {offered.choices.map((c) => (
                <li key={c.principalId}>
                  <button type="submit" name="principal" value={c.principalId} className={ui.button.primary}>
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          </Form>
        </>
      )}
      <Form method="post">
        <AuthenticityTokenInput name="csrf" />
        {hidden}
        <button type="submit" name="intent" value="cancel" className={ui.button.secondary}>
          {t('actingFor.testService.cancel')}
        </button>
      </Form>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
