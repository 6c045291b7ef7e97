/**
 * SMS-code authentication (/{lang}/authentication?next=…; spec 2 §2, §4 "SMS-code page"): a
 * person whose session lapsed while idle and who has SMS login on orders a code to the verified
 * phone and types it; the right code resumes the session (a new one with the same absolute
 * limit) and continues to `next` (our own path only). The code is bound to the browser that
 * asked for it (flow binding). Five wrong tries end the session: log in with bank credentials.
 * No menu, no footer. Everything is a plain form post (ADR 0012).
 */
import { data, Form, Link, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { authContext, portalContext, requestInfoContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle, serverT } from '~/lib/http/page.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { pagePath } from '~/route-table';
import { flowBindingMatches } from '~/services/auth/flow-binding.server';
import { bindFlowToBrowser, clearFlowBinding, readFlowBinding } from '~/lib/http/flow-binding.server';
import { clearSessionCookie, commitSessionCookie } from '~/lib/http/session-cookie.server';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { openReauthChallenge, sendReauthCode, verifyReauthCode } from '~/services/account/mfa.server';
import { resumableFromRequest } from '~/lib/http/reauth.server';
import * as ui from '~/styles/ui.css';

import { SmsCodeField } from '~/components/forms';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/sms-authentication';

function nextOf(request: Request, lang: 'fi' | 'sv' | 'en'): string {
  return safeRedirectPath(new URL(request.url).searchParams.get('next'), pagePath('front', lang));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const next = nextOf(request, lang);
  if (context.get(authContext)) throw redirect(next);
  const db = await getDb();
  const resumable = await resumableFromRequest(db, request);
  let codeSent = false;
  if (resumable) {
    const challenge = await openReauthChallenge(db, resumable);
    codeSent = challenge?.bindingHash ? flowBindingMatches(await readFlowBinding(request), challenge.bindingHash) : false;
  }
  return {
    title: pageTitle(context, 'myInformation.sms.title'),
    lang,
    next,
    available: resumable !== null,
    codeSent,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { lang } = context.get(portalContext);
  const { clientIp } = context.get(requestInfoContext);
  const next = nextOf(request, lang);
  const self = pagePath('smsAuthentication', lang, {}, new URLSearchParams({ next }));
  const db = await getDb();
  const resumable = await resumableFromRequest(db, request);
  if (!resumable) return redirect(pagePath('login', lang, {}, new URLSearchParams({ nextPath: next })), 303);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'send') {
    const t = serverT(context);
    const { bindingHash, setCookie } = await bindFlowToBrowser(request);
    const sent = await sendReauthCode(db, resumable, { bindingHash, clientIp }, { language: lang, text: (code) => t('myInformation.sms.message', { code }) });
    const headers = new Headers({ 'Set-Cookie': setCookie });
    if (sent.type !== 'code-sent') {
      return redirectWithFlash(self, { type: 'error', key: 'myInformation.sms.tooManyToast' }, headers);
    }
    return redirect(self, { status: 303, headers });
  }
  if (intent === 'verify') {
    const binding = await readFlowBinding(request);
    const result = await verifyReauthCode(db, resumable, {
      code: form.get('code'),
      binding: (hash) => flowBindingMatches(binding, hash),
      clientIp,
    });
    switch (result.type) {
      case 'success': {
        const headers = new Headers();
        headers.append('Set-Cookie', await commitSessionCookie(result.token));
        headers.append('Set-Cookie', await clearFlowBinding());
        return redirect(next, { status: 303, headers });
      }
      case 'identification-failed':
        return redirectWithFlash(self, { type: 'error', key: 'myInformation.sms.failedToast' });
      case 'too-many-retries': {
        const headers = new Headers();
        headers.append('Set-Cookie', await clearSessionCookie());
        headers.append('Set-Cookie', await clearFlowBinding());
        return redirectWithFlash(
          pagePath('login', lang, {}, new URLSearchParams({ nextPath: next })),
          { type: 'error', key: 'myInformation.sms.tooManyToast' },
          headers,
        );
      }
      case 'no-code':
        return redirect(self, 303);
    }
  }
  throw data({ error: 'badRequest' }, { status: 400 });
}

export default function SmsAuthentication({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, next, available, codeSent } = loaderData;
  return (
    <section className={ui.card} aria-labelledby="sms-title">
      <h1 id="sms-title">{t('myInformation.sms.title')}</h1>
      {!available ? (
        <>
          <p>{t('myInformation.sms.notAvailable')}</p>
          <Link className={ui.button.primary} to={pagePath('login', lang, {}, new URLSearchParams({ nextPath: next }))}>
            {t('session.logInWithBank')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('myInformation.sms.intro')}</p>
          {codeSent ? (
            <Form method="post" reloadDocument>
              <AuthenticityTokenInput name="csrf" />
              <p role="status">{t('myInformation.sms.sent')}</p>
              <SmsCodeField id="sms-code" label={t('myInformation.sms.code')} hint={t('myInformation.sms.codeHint')} />
              <button type="submit" name="intent" value="verify" className={ui.button.primary} {...attrs({ pending: t('myInformation.sms.submit') })}>
                {t('myInformation.sms.submit')}
              </button>
            </Form>
          ) : null}
          <Form method="post" reloadDocument>
            <AuthenticityTokenInput name="csrf" />
            <button
              type="submit"
              name="intent"
              value="send"
              className={codeSent ? ui.button.secondary : ui.button.primary}
              {...attrs({ pending: codeSent ? t('myInformation.sms.orderAgain') : t('myInformation.sms.order') })}
            >
              {codeSent ? t('myInformation.sms.orderAgain') : t('myInformation.sms.order')}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
