import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import type { FlashMessage as Flash } from '~/context';
import { flashDurationMs } from '~/models/shell/flash';
import { attrs } from '~/browser/markup';
import * as ui from '~/styles/ui.css';
import { usePortalEnv } from './portal-env';

/**
 * Server-rendered flash message in a status region: visible with and without JS. With JS every
 * message disappears after its duration (models/shell/flash.ts: 10 s, "appointment cancelled"
 * 15 s, the reason for the visit's 5 s), hidden by the page script (`data-flash-ms`,
 * app/browser/flash.ts). Without JS it is part of the one page it was rendered on.
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  return (
    <div role="status" aria-live="polite">
      {flash ? (
        <p className={`${ui.alertBox} ${ui.alert[flash.type]}`} data-flash={flash.key} {...attrs({ flashMs: flashDurationMs(flash) })}>
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
