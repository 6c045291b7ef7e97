import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import type { FlashMessage as Flash } from '~/context';
import * as ui from '~/styles/ui.css';
import { usePortalEnv } from './portal-env';

/**
 * Server-rendered flash message in a status region: visible with and without JS. With JS a
 * message with a duration (e.g. "appointment cancelled", 15 s) disappears after it: on a
 * hydrated page by React, on a plain page by the page script (`data-flash-ms`).
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  // The message whose time ran out; a new flash (a new object) shows again.
  const [expired, setExpired] = useState<Flash | null>(null);
  const hidden = flash !== null && expired === flash;
  useEffect(() => {
    if (!flash?.durationMs) return;
    const timer = window.setTimeout(() => setExpired(flash), flash.durationMs);
    return () => window.clearTimeout(timer);
  }, [flash]);
  return (
    <div role="status" aria-live="polite">
      {flash && !hidden ? (
        <p className={`${ui.alertBox} ${ui.alert[flash.type]}`} data-flash={flash.key} data-flash-ms={flash.durationMs}>
          {t(flash.key, flash.values)}
          {flash.withPhone ? (
            <>
              {' '}
              <a href={`tel:${brand.customerService.tel}`}>{brand.customerService.display}</a>.
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
