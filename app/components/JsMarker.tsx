import { useHydrated } from 'remix-utils/use-hydrated';
import { JS_FIELD } from '~/lib/intent';

/** Tells the action that JavaScript sent the form (so it may answer with data, not a redirect). */
export function JsMarker() {
  return useHydrated() ? <input type="hidden" name={JS_FIELD} value="1" /> : null;
}
