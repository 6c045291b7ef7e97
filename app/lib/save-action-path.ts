/**
 * Where a successful save on my information leads (spec 2 §3 "Save action types"): always one of
 * our own pages from the route table, never a URL from the query. Client-safe.
 */
import type { Language } from '~/i18n/config';
import type { SaveAction } from '~/models/save-action';
import { pagePath } from '~/route-table';

/** The path a save continues to; `reload` is my information itself (with its saveAction kept). */
export function saveActionPath(action: SaveAction | null, lang: Language, reload: string): string {
  switch (action?.type) {
    case 'go-to-reserve-appointment-page':
      return pagePath('reserve', lang, { slotId: String(action.appointmentId) });
    case 'go-to-view-appointment-page':
      return pagePath('appointment', lang, { ids: String(action.appointmentId) });
    case 'go-to-invoice-page':
      // The pay page (issue 12): it shows the invoice's state, paid or not.
      return pagePath('invoicePayment', lang, { number: action.invoiceNumber });
    case 'reload-page':
    case undefined:
      return reload;
  }
}
