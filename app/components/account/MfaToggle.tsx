/**
 * The SMS login toggle (spec 2 §4): disabled → enabling (a code was sent) → enabled → disabled.
 * Every step is a plain form post to the page (intents mfa-start, mfa-verify, mfa-cancel,
 * mfa-disable), so it works without JS. With JS a sent form's button is disabled (a second
 * click sends nothing): `data-pending`, by the page script.
 */
import { Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import * as ui from '~/styles/ui.css';
import { Field, SmsCodeField } from '~/components/forms';
import { attrs } from '~/browser/markup';

export type MfaView =
  | { type: 'user-has-no-verified-mfa-device'; phone: string }
  | { type: 'user-wants-to-enable-mfa'; phone: string }
  | { type: 'too-many-onboarding-attempts'; time: string }
  | { type: 'enabled'; verifiedPhoneNumber: string };

export function MfaToggle({ view, mayChange, error }: { view: MfaView; mayChange: boolean; error: TextKey | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="mfa-title" id="sms-login">
      <h2 id="mfa-title">{t('myInformation.mfa.title')}</h2>
      <p>{t('myInformation.mfa.intro')}</p>
      {error ? (
        <div role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          <p>{t(error)}</p>
        </div>
      ) : null}
      {!mayChange ? <p>{t('myInformation.mfa.needsBank')}</p> : null}
      {view.type === 'enabled' ? (
        <>
          <p>{t('myInformation.mfa.enabled', { phone: view.verifiedPhoneNumber })}</p>
          {mayChange ? (
            <Form method="post">
              <AuthenticityTokenInput name="csrf" />
              <button type="submit" name="intent" value="mfa-disable" {...attrs({ pending: t('myInformation.mfa.disable') })} className={ui.button.secondary}>
                {t('myInformation.mfa.disable')}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
      {view.type === 'too-many-onboarding-attempts' ? <p role="status">{t('myInformation.mfa.tooManyOnboarding', { time: view.time })}</p> : null}
      {view.type === 'user-has-no-verified-mfa-device' && mayChange ? (
        <Form method="post">
          <AuthenticityTokenInput name="csrf" />
          <p>{t('myInformation.mfa.disabled')}</p>
          <Field field={{ id: 'mfa-phone', errorId: 'mfa-phone-error' }} label={t('myInformation.mfa.phone')}>
            {(control) => (
              <input {...control} name="phone" type="tel" autoComplete="tel" className={ui.input} defaultValue={view.phone} required maxLength={15} />
            )}
          </Field>
          <button type="submit" name="intent" value="mfa-start" {...attrs({ pending: t('myInformation.mfa.enable') })} className={ui.button.primary}>
            {t('myInformation.mfa.enable')}
          </button>
        </Form>
      ) : null}
      {view.type === 'user-wants-to-enable-mfa' && mayChange ? (
        <Form method="post">
          <AuthenticityTokenInput name="csrf" />
          <p>{t('myInformation.mfa.enabling', { phone: view.phone })}</p>
          <SmsCodeField id="mfa-code" label={t('myInformation.mfa.code')} hint={t('myInformation.mfa.codeHint')} />
          <div className={ui.buttonRow}>
            <button type="submit" name="intent" value="mfa-verify" {...attrs({ pending: t('myInformation.mfa.confirm') })} className={ui.button.primary}>
              {t('myInformation.mfa.confirm')}
            </button>
            <button
              type="submit"
              name="intent"
              value="mfa-cancel"
              {...attrs({ pending: t('myInformation.mfa.cancel') })}
              className={ui.button.secondary}
              formNoValidate
            >
              {t('myInformation.mfa.cancel')}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
