/**
 * The contact form's phone field shows its `+358…` form on leaving it (spec 2 §5 "normalised on
 * blur"), by the rule the server normalises with; anything else stays as typed.
 */
import { normalizeFinnishPhone } from '~/models/contact';
import { PHONE } from './attributes';
import { behaviour } from './behaviours';

export function registerPhone(): void {
  behaviour(`form[${PHONE}]`, (f) => {
    f.addEventListener('focusout', (e) => {
      const input = e.target;
      if (!(input instanceof HTMLInputElement) || input.name !== 'phoneNumber') return;
      const v = normalizeFinnishPhone(input.value);
      if (v) input.value = v;
    });
  });
}
