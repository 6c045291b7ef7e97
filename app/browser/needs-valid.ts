/**
 * A `data-needs-valid` button is disabled while its form fails its native constraints (the zod
 * schema's, through conform's `getZodConstraint`); without JS it stays enabled and the server
 * answers with the same errors.
 */
import { NEEDS_VALID } from './attributes';
import { behaviour } from './behaviours';

export function checkValid(f: HTMLFormElement): void {
  const ok = f.checkValidity();
  f.querySelectorAll<HTMLButtonElement>(`[${NEEDS_VALID}]`).forEach((b) => {
    b.disabled = !ok;
  });
}

export function installNeedsValid(doc: Document): void {
  const onEdit = (e: Event) => {
    const f = e.target instanceof Element ? e.target.closest('form') : null;
    if (f && f.querySelector(`[${NEEDS_VALID}]`)) checkValid(f);
  };
  doc.addEventListener('input', onEdit);
  doc.addEventListener('change', onEdit);
  behaviour(`[${NEEDS_VALID}]`, (b) => {
    const f = b.closest('form');
    if (f) checkValid(f);
  });
}
