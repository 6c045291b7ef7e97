/**
 * The built-in test identification service (development and tests only; 404 in production):
 * a bank-like page where the person types a personal identity code and confirms.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { z } from 'zod';
import { useTranslation } from '~/i18n/react';
import { TextField } from '~/components/forms';
import { requestInfoContext } from '~/context';
import { requireNonProduction } from '~/lib/http/test-deployment.server';
import { serverT } from '~/lib/http/page.server';
import { IDENTITY_PROVIDERS } from '~/models/identity-providers';
import { isValidIdentityCode } from '~/models/identity-code';
import { IDENTITY_CODE_MAX_LENGTH, VALIDATION_MESSAGES } from '~/models/schemas';
import { callbackUri } from '~/services/auth/identification.server';
import { approveTestIdentification, cancelTestIdentification } from '~/services/auth/test-idp.server';
import { getDb } from '~/services/db/db.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/test-idp';

const requestSchema = z.object({
  redirect_uri: z.url(),
  state: z.string().min(16).max(200),
  nonce: z.string().min(16).max(200),
  code_challenge: z.string().min(43).max(128),
  // Like the production broker, the answer goes back by a GET redirect with the query.
  response_mode: z.literal('query').default('query'),
  acr_values: z.string().max(64).default(''),
});

const ConfirmSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('confirm'),
    // The test bank words every refusal but an empty field its own way.
    identityCode: z
      .string({ error: VALIDATION_MESSAGES.required })
      .trim()
      .min(1, VALIDATION_MESSAGES.required)
      .toUpperCase()
      .max(IDENTITY_CODE_MAX_LENGTH, 'testIdp.invalidCode')
      .refine((code) => isValidIdentityCode(code), 'testIdp.invalidCode'),
  }),
  // Cancelling needs no identity code.
  z.object({ intent: z.literal('cancel') }),
]);

function readRequest(params: URLSearchParams | FormData, origin: string) {
  const parsed = requestSchema.safeParse(Object.fromEntries([...params.entries()].filter(([, v]) => typeof v === 'string')));
  // Only our own callback may receive codes from this service.
  if (!parsed.success || parsed.data.redirect_uri !== callbackUri(origin)) {
    throw data({ error: 'badRequest' }, { status: 400 });
  }
  return parsed.data;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireNonProduction();
  const authRequest = readRequest(new URL(request.url).searchParams, context.get(requestInfoContext).origin);
  const provider = IDENTITY_PROVIDERS.find((p) => p.id === authRequest.acr_values);
  return {
    title: serverT(context)('testIdp.title'),
    authRequest,
    providerName: provider ? (provider.name ?? serverT(context)('login.providers.mobile')) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireNonProduction();
  const formData = await request.formData();
  const authRequest = readRequest(formData, context.get(requestInfoContext).origin);
  const submission = parseWithZod(formData, { schema: ConfirmSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  if (submission.value.intent === 'cancel') {
    return redirect(cancelTestIdentification({ redirectUri: authRequest.redirect_uri, state: authRequest.state }));
  }
  const approval = await approveTestIdentification(await getDb(), {
    identityCode: submission.value.identityCode,
    redirectUri: authRequest.redirect_uri,
    state: authRequest.state,
    nonce: authRequest.nonce,
    codeChallenge: authRequest.code_challenge,
  });
  if (!approval.ok) {
    return data({ result: submission.reply({ fieldErrors: { identityCode: ['validation.identityCode'] } }) }, { status: 400 });
  }
  return redirect(approval.redirectTo);
}

export default function TestIdentification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { authRequest, providerName } = loaderData;
  const [form, fields] = useForm<z.input<typeof ConfirmSchema>>({
    lastResult: actionData?.result,
    constraint: getZodConstraint(ConfirmSchema),
  });
  return (
    <section className={ui.card}>
      <h1>{t('testIdp.title')}</h1>
      <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('testIdp.notice')}</p>
      {providerName ? <p>{t('testIdp.provider', { provider: providerName })}</p> : null}
      <Form method="post" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        {Object.entries(authRequest).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextField
          meta={fields.identityCode}
          label={t('testIdp.identityCode')}
          hint={t('testIdp.identityCodeHint')}
          autoComplete="off"
          autoCapitalize="characters"
        />
        <div className={ui.buttonRow}>
          <button type="submit" name="intent" value="confirm" className={ui.button.primary}>
            {t('testIdp.confirm')}
          </button>
          <button type="submit" name="intent" value="cancel" className={ui.button.secondary} formNoValidate>
            {t('testIdp.cancel')}
          </button>
        </div>
      </Form>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
