/**
 * Pending submit: a submitted form's `data-pending` button (the submitter, or the form's first)
 * shows that text and is disabled after the submission has read it; a second submit of the same
 * form is ignored. Back to the page from the next one (the back-forward cache keeps it as it
 * was), the form is usable again.
 */
import { LABEL, PENDING, SUBMITTING } from './attributes';

export function installPending(doc: Document): void {
  doc.addEventListener('submit', (e) => {
    const f = e.target as HTMLFormElement;
    if (f.hasAttribute(SUBMITTING)) {
      e.preventDefault();
      return;
    }
    const submitter = (e as SubmitEvent).submitter;
    const b = (submitter && submitter.hasAttribute(PENDING) ? submitter : f.querySelector(`[${PENDING}]`)) as HTMLButtonElement | null;
    if (!b || e.defaultPrevented) return;
    f.setAttribute(SUBMITTING, '');
    setTimeout(() => {
      b.setAttribute(LABEL, b.textContent || '');
      b.disabled = true;
      b.textContent = b.getAttribute(PENDING);
    });
  });
  window.addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    doc.querySelectorAll(`form[${SUBMITTING}]`).forEach((f) => {
      f.removeAttribute(SUBMITTING);
      f.querySelectorAll<HTMLButtonElement>(`[${LABEL}]`).forEach((b) => {
        b.disabled = false;
        b.textContent = b.getAttribute(LABEL);
        b.removeAttribute(LABEL);
      });
    });
  });
}
