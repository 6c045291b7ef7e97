import { useTranslation } from 'react-i18next';
import type { FlashMessage as Flash } from '~/context';
import * as ui from '~/styles/ui.css';

/** Server-rendered flash message in a status region: visible with and without JS. */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      {flash ? (
        <p className={`${ui.alertBox} ${ui.alert[flash.type]}`} data-flash={flash.key}>
          {t(flash.key, flash.values)}
        </p>
      ) : null}
    </div>
  );
}
