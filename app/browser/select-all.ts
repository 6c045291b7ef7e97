/**
 * "Select all" and "clear" in place (prescriptions): in a `form[data-select-all]`, the buttons
 * `intent=selectAll` / `intent=clear` check or uncheck its `id` checkboxes without a round trip.
 * Without JS they submit and the server answers with the selection.
 */
import { SELECT_ALL } from './attributes';
import { behaviour } from './behaviours';

export function registerSelectAll(): void {
  behaviour(`form[${SELECT_ALL}]`, (f) => {
    f.addEventListener('click', (e) => {
      const b = e.target instanceof Element ? e.target.closest<HTMLButtonElement>('button[name=intent]') : null;
      if (!b || (b.value !== 'selectAll' && b.value !== 'clear')) return;
      e.preventDefault();
      f.querySelectorAll<HTMLInputElement>('input[type=checkbox][name=id]').forEach((c) => (c.checked = b.value === 'selectAll'));
    });
  });
}
