/**
 * POST /api/pin?csrfToken=… {pin} (spec 2 §7): checks an SMS re-identification code for the
 * lapsed session this browser's cookie names, from the browser that ordered it (the page orders
 * codes). Answers {mfaResponse: {type}}: success (with `nextPath`, the session cookie set),
 * identification-failed, too-many-retries (logged out) or no-code.
 */
import { portalContext, requestInfoContext } from '~/context';
import { methodNotAllowed, readBody } from '~/lib/http/api.server';
import { safeRedirectPath } from '~/lib/http/safe-redirect';
import { pagePath } from '~/route-table';
import { flowBindingMatches } from '~/services/auth/flow-binding.server';
import { clearFlowBinding, readFlowBinding } from '~/lib/http/flow-binding.server';
import { clearSessionCookie, commitSessionCookie } from '~/lib/http/session-cookie.server';
import { getDb } from '~/services/db/db.server';
import { verifyReauthCode } from '~/services/account/mfa.server';
import { resumableFromRequest } from '~/lib/http/reauth.server';
import type { Route } from './+types/pin';

const STATUS = { success: 200, 'identification-failed': 400, 'too-many-retries': 429, 'no-code': 404 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const { lang } = context.get(portalContext);
  const { clientIp } = context.get(requestInfoContext);
  const body = await readBody(request);
  const headers = new Headers({ 'Cache-Control': 'no-store', 'Content-Type': 'application/json' });
  const db = await getDb();
  const resumable = await resumableFromRequest(db, request);
  if (!resumable) return new Response(JSON.stringify({ mfaResponse: { type: 'no-code' } }), { status: 404, headers });
  const binding = await readFlowBinding(request);
  const result = await verifyReauthCode(db, resumable, { code: body.pin, binding: (hash) => flowBindingMatches(binding, hash), clientIp });
  let answer: Record<string, unknown> = { type: result.type };
  if (result.type === 'success') {
    headers.append('Set-Cookie', await commitSessionCookie(result.token));
    headers.append('Set-Cookie', await clearFlowBinding());
    const next = typeof body.next === 'string' ? body.next : new URL(request.url).searchParams.get('next');
    answer = { type: 'success', nextPath: safeRedirectPath(next, pagePath('front', lang)) };
  }
  if (result.type === 'too-many-retries') headers.append('Set-Cookie', await clearSessionCookie());
  return new Response(JSON.stringify({ mfaResponse: answer }), { status: STATUS[result.type], headers });
}
