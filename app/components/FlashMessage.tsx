import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import type { FlashMessage as Flash } from '~/context';
import { flashDurationMs } from '~/models/shell/flash';
import * as ui from '~/styles/ui.css';
import { usePortalEnv } from './portal-env';

/**
 * Server-rendered flash message in a status region: visible with and without JS. With JS every
 * message disappears after its duration (models/shell/flash.ts: 10 s, "appointment cancelled"
 * 15 s, the reason for the visit's 5 s): on a hydrated page by React, on a plain page by the
 * page script (`data-flash-ms`). Without JS it is part of the one page it was rendered on.
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  // The message whose time ran out; a new flash (a new object) shows again.
  const [expired, setExpired] = useState<Flash | null>(null);
  const hidden = flash !== null && expired === flash;
  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setExpired(flash), flashDurationMs(flash));
    return () => window.clearTimeout(timer);
  }, [flash]);
  return (
    <div role="status" aria-live="polite">
      {flash && !hidden ? (
        <p className={`${ui.alertBox} ${ui.alert[flash.type]}`} data-flash={flash.key} data-flash-ms={flashDurationMs(flash)}>
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
