/**
 * Character counters: a textarea with `data-count-in` (the counter's id), `data-count-max`,
 * `data-count-text` (with `{count}`) and `data-count-over` keeps its counter's text, marks it
 * `data-over` past the limit and is then invalid (so a `data-needs-valid` button is disabled).
 * Installed before `installNeedsValid`, whose input listener then sees the new validity.
 */
import { COUNT_IN, COUNT_MAX, COUNT_OVER, COUNT_TEXT, OVER } from './attributes';

function count(field: HTMLTextAreaElement): void {
  const counter = field.ownerDocument.getElementById(field.getAttribute(COUNT_IN) || '');
  if (!counter) return;
  const n = Array.from(field.value).length;
  const over = n > Number(field.getAttribute(COUNT_MAX));
  const overText = field.getAttribute(COUNT_OVER) || '';
  counter.textContent = (field.getAttribute(COUNT_TEXT) || '').replace('{count}', String(n)) + (over ? ' – ' + overText : '');
  counter.toggleAttribute(OVER, over);
  field.setCustomValidity(over ? overText : '');
  if (over) field.setAttribute('aria-invalid', 'true');
}

export function installCounters(doc: Document): void {
  doc.addEventListener('input', (e) => {
    if (e.target instanceof HTMLTextAreaElement && e.target.hasAttribute(COUNT_IN)) count(e.target);
  });
}
