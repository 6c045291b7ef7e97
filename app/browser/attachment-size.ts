/**
 * The attachment selection's size (spec 1 §5: too large a selection shows the error and nothing
 * is uploaded): on a change the chosen files are summed; over `data-max-bytes` the field's
 * prepared alert (`data-size-alert`, in the same field) shows and the input is invalid, so the
 * browser does not submit the form. A change also hides the server's errors about the previous
 * selection (`data-server-error`).
 */
import { MAX_BYTES, SERVER_ERROR, SIZE_ALERT } from './attributes';
import { behaviour } from './behaviours';

export function registerAttachmentSize(): void {
  behaviour(`input[${MAX_BYTES}]`, (el) => {
    const input = el as HTMLInputElement;
    const field = input.parentElement!;
    const alert = field.querySelector<HTMLElement>(`[${SIZE_ALERT}]`);
    if (!alert) return;
    input.addEventListener('change', () => {
      let n = 0;
      Array.from(input.files || []).forEach((f) => (n += f.size));
      const big = n > Number(input.getAttribute(MAX_BYTES));
      field.querySelectorAll<HTMLElement>(`[${SERVER_ERROR}]`).forEach((e) => (e.hidden = true));
      alert.hidden = !big;
      input.setCustomValidity(big ? alert.textContent || '' : '');
      if (big) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      input.setAttribute('aria-describedby', input.id + '-hint' + (big ? ' ' + alert.id : ''));
    });
  });
}
