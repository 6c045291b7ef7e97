// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installBlurWarnings } from './blur-warning';

beforeAll(() => installBlurWarnings(document));

/** One required e-mail field that the server refused (its message shown). */
function page(value: string) {
  document.body.innerHTML = `<form><input type="email" required value="${value}" data-blur-required="Required" data-blur-invalid="Check email address" data-error-id="email-error" aria-invalid="true" aria-describedby="email-error"><p id="email-error">Check email address</p><button>Save</button></form>`;
  const field = document.querySelector('input')!;
  const out = document.getElementById('email-error')!;
  const leave = () => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  return { field, out, leave };
}

describe('warnings on leaving a field (spec 3 §5), GOV.UK’s way', () => {
  it('leaves a shown message where it is when the field is left valid: only aria-invalid goes, at once', () => {
    for (const how of ['keyboard', 'press']) {
      const p = page('a@example.fi');
      if (how === 'press') document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      p.leave();
      expect(p.field.hasAttribute('aria-invalid'), how).toBe(false);
      expect([p.out.hidden, p.out.textContent], how).toEqual([false, 'Check email address']);
      expect(p.field.getAttribute('aria-describedby'), how).toBe('email-error');
      window.dispatchEvent(new MouseEvent('mouseup'));
    }
  });

  it('shows a warning on leaving the field by the keyboard at once, and after the click when a press took the focus', () => {
    vi.useFakeTimers();
    const p = page('');
    p.leave();
    expect(p.out.textContent).toBe('Required');

    const pressed = page('');
    pressed.out.hidden = true;
    document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    pressed.leave();
    expect(pressed.out.hidden).toBe(true);
    window.dispatchEvent(new MouseEvent('mouseup'));
    expect(pressed.out.hidden).toBe(true);
    vi.runAllTimers();
    expect([pressed.out.hidden, pressed.out.textContent, pressed.field.getAttribute('aria-invalid')]).toEqual([false, 'Required', 'true']);

    const malformed = page('not an address');
    malformed.out.textContent = '';
    malformed.leave();
    expect(malformed.out.textContent).toBe('Check email address');
    vi.useRealTimers();
  });
});
