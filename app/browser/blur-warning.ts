/**
 * Warnings on leaving a field (spec 3 §5): an input with `data-blur-required` (and, for a typed
 * field, `data-blur-invalid`) shows that text in its error element (`data-error-id`) when it is
 * left empty (or malformed by its native constraints), marked `aria-invalid` and tied to it with
 * `aria-describedby`; the same texts the server sends. A shown message (the server's or this one)
 * stays until the next submit (GOV.UK's error pattern): a valid value only drops `aria-invalid`,
 * which changes no size, so nothing moves under a pointer whose press took the focus away; a new
 * warning waits until that press has been released (its click has landed).
 */
import { BLUR_INVALID, BLUR_REQUIRED, ERROR_ID } from './attributes';

export function installBlurWarnings(doc: Document): void {
  let pressed = false;
  let waiting: HTMLInputElement[] = [];
  const warn = (input: HTMLInputElement, later: boolean) => {
    const out = doc.getElementById(input.getAttribute(ERROR_ID) || '');
    if (!out) return;
    const v = input.validity;
    const text = v.valueMissing ? input.getAttribute(BLUR_REQUIRED) : v.valid ? '' : input.getAttribute(BLUR_INVALID) || '';
    if (!text) {
      input.removeAttribute('aria-invalid');
      return;
    }
    if (later) {
      waiting.push(input);
      return;
    }
    out.textContent = text;
    out.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    const ids = (input.getAttribute('aria-describedby') || '').split(' ').filter((id) => id && id !== out.id);
    ids.push(out.id);
    input.setAttribute('aria-describedby', ids.join(' '));
  };
  doc.addEventListener('focusout', (e) => {
    const input = e.target;
    if (input instanceof HTMLInputElement && input.hasAttribute(BLUR_REQUIRED)) warn(input, pressed);
  });
  doc.addEventListener('mousedown', () => (pressed = true), true);
  const released = () => {
    pressed = false;
    if (!waiting.length) return;
    setTimeout(() => {
      const inputs = waiting;
      waiting = [];
      inputs.forEach((input) => warn(input, false));
    }, 0);
  };
  window.addEventListener('mouseup', released, true);
  // A release outside the window never arrives: the keyboard ends the wait too.
  doc.addEventListener('keydown', released);
}
