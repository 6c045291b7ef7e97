/**
 * Log out: GET shows the confirmation (the no-JS path; with JS the same form opens in a
 * dialog), POST ends the session on the server and returns to the front page with a message.
 */
import { redirect } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { ConfirmForm } from '~/components/ConfirmLink';
import { authContext, portalContext } from '~/context';
import { pageTitle } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { logAccess } from '~/services/audit/access-log.server';
import { revokeSession } from '~/services/auth/session.server';
import { clearSessionCookie } from '~/lib/http/session-cookie.server';
import { getDb } from '~/services/db/db.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { inAppCookie } from '~/lib/http/in-app-cookie.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/logout';

export async function loader({ context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  if (!context.get(authContext)) throw redirect(pagePath('front', lang));
  return { title: pageTitle(context, 'logout.title'), lang };
}

export async function action({ context }: Route.ActionArgs) {
  const { lang } = context.get(portalContext);
  const auth = context.get(authContext);
  const headers = new Headers();
  headers.append('Set-Cookie', await clearSessionCookie());
  headers.append('Set-Cookie', await inAppCookie.serialize('', { maxAge: 0 }));
  if (auth) {
    const db = await getDb();
    await revokeSession(db, auth.session.idHash);
    await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: auth.person.id, action: 'logout', resource: 'session' });
  }
  return redirectWithFlash(pagePath('front', lang), { type: 'success', key: 'logout.done' }, headers);
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className={ui.card}>
      <h1>{t('logout.title')}</h1>
      <p>{t('logout.question')}</p>
      <ConfirmForm reloadDocument confirmLabel={t('logout.confirm')} cancel={{ to: pagePath('front', loaderData.lang), label: t('logout.cancel') }} />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
