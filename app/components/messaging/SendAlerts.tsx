/**
 * What a message form says after the send action refused it as a whole (app/lib/http/
 * messaging-form.server.ts): "could not be sent", or over the per-person limit of messages or
 * uploads the text with the minutes to wait. Each an alert, read out when the page comes back.
 */
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
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
