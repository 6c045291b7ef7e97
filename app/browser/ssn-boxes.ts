/**
 * The identity code's last four characters in four boxes (components/appointments/SsnEndPartInput):
 * each box keeps one allowed character (upper-cased), focus moves on after one, Backspace in an
 * empty box goes back, and the form submits when all four are filled.
 */
import { SSN_ALLOWED, SSN_BOXES } from './attributes';
import { behaviour } from './behaviours';

export function registerSsnBoxes(): void {
  behaviour(`[${SSN_BOXES}]`, (group) => {
    const f = group.closest('form');
    const boxes = Array.from(group.querySelectorAll<HTMLInputElement>(`input[${SSN_ALLOWED}]`));
    boxes.forEach((box, n) => {
      box.addEventListener('input', () => {
        const v = box.value.toUpperCase().slice(-1);
        box.value = v && (box.getAttribute(SSN_ALLOWED) || '').includes(v) ? v : '';
        if (!box.value) return;
        const next = boxes[n + 1];
        if (next) next.focus();
        else if (f && boxes.every((x) => x.value)) f.requestSubmit();
      });
      box.addEventListener('keydown', (e) => {
        const prev = boxes[n - 1];
        if (e.key !== 'Backspace' || box.value || !prev) return;
        e.preventDefault();
        prev.value = '';
        prev.focus();
      });
    });
  });
}
