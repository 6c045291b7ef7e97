/**
 * The end of a message form: its send button (disabled by the page script while sending), and
 * what it says after the send action refused it as a whole (app/lib/http/
 * messaging-form.server.ts): "could not be sent", or over the per-person limit of messages or
 * uploads the text with the minutes to wait. Each an alert, read out when the page comes back.
 */
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import { attrs } from '~/browser/markup';
import * as ui from '~/styles/ui.css';

export function SendAlerts({ failed, failedKey, tooMany }: { failed?: boolean; failedKey: TextKey; tooMany?: { key: TextKey; minutes: number } | null }) {
  const { t } = useTranslation();
  return (
    <>
      {failed ? (
        <p className={ui.fieldError} role="alert">
          {t(failedKey)}
        </p>
      ) : null}
      {tooMany ? (
        <p className={ui.fieldError} role="alert">
          {t(tooMany.key, { minutes: tooMany.minutes })}
        </p>
      ) : null}
    </>
  );
}

/** The send button; while the form is sent the page script shows "Sending…" (`data-pending`). */
export function SendButton({ labelKey }: { labelKey: TextKey }) {
  const { t } = useTranslation();
  return (
    <button className={ui.button.primary} type="submit" {...attrs({ pending: t('messaging.composer.sending') })}>
      {t(labelKey)}
    </button>
  );
}
