/**
 * Follow-up questions (prescription renewal): in a `form[data-follow-ups="<hint id>"]`, a
 * `data-when="<question>=<answer>"` block shows only while that answer is chosen, and its
 * textareas are required then (disabled otherwise, so neither checked nor sent); the hint shows,
 * and describes the `data-needs-valid` button, while the form fails its constraints. Its
 * listeners are the form's own, so they run before the document's `needs-valid` one.
 */
import { FOLLOW_UPS, NEEDS_VALID, WHEN } from './attributes';
import { behaviour } from './behaviours';
import { checkValid } from './needs-valid';

export function registerFollowUps(): void {
  behaviour(`form[${FOLLOW_UPS}]`, (el) => {
    const f = el as HTMLFormElement;
    const hintId = f.getAttribute(FOLLOW_UPS) || '';
    const hint = f.ownerDocument.getElementById(hintId);
    const button = f.querySelector(`[${NEEDS_VALID}]`);
    const update = () => {
      f.querySelectorAll<HTMLElement>(`[${WHEN}]`).forEach((w) => {
        const [name, answer] = (w.getAttribute(WHEN) || '').split('=');
        const chosen = f.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`);
        const on = !!chosen && chosen.value === answer;
        w.hidden = !on;
        w.querySelectorAll('textarea').forEach((x) => {
          x.required = on;
          x.disabled = !on;
        });
      });
      const ok = f.checkValidity();
      if (hint) hint.hidden = ok;
      if (button) {
        if (ok) button.removeAttribute('aria-describedby');
        else button.setAttribute('aria-describedby', hintId);
      }
      checkValid(f);
    };
    f.addEventListener('input', update);
    f.addEventListener('change', update);
    window.addEventListener('pageshow', update);
    update();
  });
}
