/**
 * My devices (/fi/omat-tiedot/laitteet, /sv/mina-uppgifter/enheter, /en/my-information/devices;
 * issue 23 part 3, ADR 0032): the person's live login sessions with the device and browser they
 * were opened on, how the person identified, when, and when last active; this device marked.
 * "Log out" ends one other session, "Log out all other devices" every other one; this device is
 * logged out with the usual log-out. Plain forms with the session's CSRF token, a redirect and a
 * flash after each; an ended session is dead at its next request (ADR 0032). Any logged-in person
 * has sessions, patient or not, so the page needs only a login.
 */
import { data, Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { LinkLine } from '~/components/LinkLine';
import { DeviceList } from '~/components/account/DeviceList';
import { LogoutControl } from '~/components/shell/LogoutControl';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { formatDateTime } from '~/lib/format';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { notFound } from '~/lib/http/responses';
import type { DeviceSessionView } from '~/models/auth/device';
import { pagePath } from '~/route-table';
import { listDeviceSessions, revokeDeviceSession, revokeOtherDeviceSessions } from '~/services/auth/devices.server';
import { getDb } from '~/services/db/db.server';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/devices';

/** A session's public id as the revoke form sends it. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function loader({ context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const sessions = await listDeviceSessions(await getDb(), auth);
  const views: DeviceSessionView[] = sessions.map((s) => ({
    id: s.publicId,
    device: s.device,
    inApp: s.inApp,
    method: s.method,
    startedText: formatDateTime(s.startedAt, lang),
    lastActiveText: formatDateTime(s.lastActiveAt, lang),
    current: s.current,
  }));
  return { title: pageTitle(context, 'devices.title'), lang, sessions: views };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const db = await getDb();
  const self = pagePath('myDevices', lang);
  const form = await request.formData();
  switch (form.get('intent')) {
    case 'revoke': {
      const id = String(form.get('sessionId') ?? '').toLowerCase();
      if (!SESSION_ID.test(id)) throw notFound();
      const result = await revokeDeviceSession(db, auth, id);
      // Someone else's session, or one already ended: not found (nothing is confirmed about it).
      if (result.type === 'notFound') throw notFound();
      // This device is logged out with the log-out confirmation, not here.
      if (result.type === 'current') throw data({ error: 'badRequest' }, { status: 400 });
      return redirectWithFlash(self, { type: 'success', key: 'devices.revoked' });
    }
    case 'revoke-others': {
      const count = await revokeOtherDeviceSessions(db, auth);
      return redirectWithFlash(self, { type: count > 0 ? 'success' : 'info', key: count > 0 ? 'devices.revokedOthers' : 'devices.noneRevoked' });
    }
    default:
      throw data({ error: 'badRequest' }, { status: 400 });
  }
}

export default function MyDevices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, sessions } = loaderData;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div>
      <LinkLine to={pagePath('myInformation', lang)}>{t('chrome.myInformation')}</LinkLine>
      <h1>{t('devices.title')}</h1>
      <p>{t('devices.intro')}</p>
      <DeviceList sessions={sessions} />
      <section className={ui.card} aria-labelledby="other-devices-title">
        <h2 id="other-devices-title">{t('devices.revokeOthers')}</h2>
        {others === 0 ? (
          <p>{t('devices.onlyThis')}</p>
        ) : (
          <>
            <p>{t('devices.revokeOthersHint')}</p>
            <Form method="post" reloadDocument>
              <AuthenticityTokenInput name="csrf" />
              <button type="submit" name="intent" value="revoke-others" className={ui.button.primary} {...attrs({ pending: t('devices.revokePending') })}>
                {t('devices.revokeOthers')}
              </button>
            </Form>
          </>
        )}
        <p>{t('devices.logOutHere')}</p>
        <div className={ui.buttonRow}>
          <LogoutControl lang={lang} className={ui.button.secondary} />
        </div>
      </section>
    </div>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
