/** A change in a `form[data-auto-submit]` (a GET filter) submits it. */
import { AUTO_SUBMIT } from './attributes';

export function installAutoSubmit(doc: Document): void {
  doc.addEventListener('change', (e) => {
    const f = e.target instanceof Element ? e.target.closest(`form[${AUTO_SUBMIT}]`) : null;
    if (f instanceof HTMLFormElement) f.requestSubmit();
  });
}
