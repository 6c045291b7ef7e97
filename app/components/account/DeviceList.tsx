/**
 * The person's login sessions on "my devices": one card each, this device first and marked, the
 * others with a "Log out" form (a plain post with the session's CSRF token). The device's names
 * come from the server's labels (app/models/auth/device.ts), never from the User-Agent itself.
 */
import { Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useTranslation } from '~/i18n/react';
import type { DeviceSessionView, IdentificationMethod } from '~/models/auth/device';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';

export function DeviceList({ sessions }: { sessions: DeviceSessionView[] }) {
  const { t } = useTranslation();
  const deviceName = (s: DeviceSessionView) =>
    t('devices.device', { browser: s.device.browser ?? t('devices.unknownBrowser'), os: s.device.os ?? t('devices.unknownOs') });
  const method = (m: IdentificationMethod) => (m.type === 'bank' ? t('devices.methods.bank', { name: m.name }) : t(`devices.methods.${m.type}`));
  return (
    <ul className={ui.list} aria-label={t('devices.listLabel')}>
      {sessions.map((s) => (
        <li key={s.id} className={ui.card} data-session={s.current ? 'current' : 'other'}>
          <h2>
            {t(`devices.kinds.${s.device.kind ?? 'unknown'}`)}: {deviceName(s)}
            {s.current ? <> – {t('devices.thisDevice')}</> : null}
          </h2>
          {s.inApp ? <p>{t('devices.inApp')}</p> : null}
          <dl>
            <dt>{t('devices.identifiedWith')}</dt>
            <dd>{method(s.method)}</dd>
            <dt>{t('devices.started')}</dt>
            <dd>{s.startedText}</dd>
            <dt>{t('devices.lastActive')}</dt>
            <dd>{s.lastActiveText}</dd>
          </dl>
          {s.current ? null : (
            <Form method="post" reloadDocument>
              <AuthenticityTokenInput name="csrf" />
              <input type="hidden" name="sessionId" value={s.id} />
              <button type="submit" name="intent" value="revoke" className={ui.button.secondary} {...attrs({ pending: t('devices.revokePending') })}>
                {t('devices.revoke')}
                <span className={ui.visuallyHidden}>: {t('devices.revokeDetail', { device: deviceName(s), time: s.lastActiveText })}</span>
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
