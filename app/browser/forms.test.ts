// @vitest-environment happy-dom
/** The form behaviours, each on the markup its component renders. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAttachmentSize } from './attachment-size';
import { installAutoSubmit } from './auto-submit';
import { resetBehaviours, startBehaviours } from './behaviours';
import { installCounters } from './counter';
import { installDialogs } from './dialog';
import { registerFollowUps } from './follow-ups';
import { installNeedsValid } from './needs-valid';
import { installPending } from './pending';
import { registerPhone } from './phone';
import { registerSelectAll } from './select-all';
import { registerSsnBoxes } from './ssn-boxes';

// Document-wide listeners, once for the file (as the page installs them once).
beforeAll(() => {
  resetBehaviours();
  installPending(document);
  installDialogs(document);
  installAutoSubmit(document);
  installCounters(document);
  registerFollowUps();
  installNeedsValid(document);
  registerSsnBoxes();
  registerAttachmentSize();
  registerSelectAll();
  registerPhone();
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function render(html: string) {
  document.body.innerHTML = html;
  startBehaviours(document);
}
const input = (el: Element, value: string, type = 'input') => {
  (el as HTMLInputElement).value = value;
  el.dispatchEvent(new Event(type, { bubbles: true }));
};
const submit = (form: HTMLFormElement, submitter?: HTMLElement) => {
  const event = new Event('submit', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'submitter', { value: submitter ?? null });
  form.dispatchEvent(event);
  return event;
};

describe('pending submit', () => {
  it("shows the button's pending text once the submission has read it, ignores a second submit, and is usable again back from the next page", () => {
    render('<form><button data-pending="Saving…">Save</button></form>');
    const form = document.querySelector('form')!;
    const button = form.querySelector('button')!;
    expect(submit(form, button).defaultPrevented).toBe(false);
    expect(button.disabled).toBe(false);
    vi.runAllTimers();
    expect([button.disabled, button.textContent]).toEqual([true, 'Saving…']);
    expect(submit(form, button).defaultPrevented).toBe(true);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect([button.disabled, button.textContent, form.hasAttribute('data-submitting')]).toEqual([false, 'Save', false]);
  });
});

describe('confirmation dialogs', () => {
  it('a data-dialog link opens its dialog instead of the page', () => {
    render('<a href="/cancel" data-dialog="d">Cancel</a><dialog id="d"></dialog>');
    const dialog = document.querySelector('dialog')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(dialog.open).toBe(true);
  });
});

describe('auto-submit', () => {
  it('a change in a data-auto-submit form submits it', () => {
    render('<form data-auto-submit><select><option>a</option></select></form>');
    const form = document.querySelector('form')!;
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => undefined);
    form.querySelector('select')!.dispatchEvent(new Event('change', { bubbles: true }));
    expect(requestSubmit).toHaveBeenCalledOnce();
  });
});

describe('character counter and valid-before-submit', () => {
  it('counts characters, past the limit marks the counter and makes the field invalid, so save is disabled', () => {
    render(
      '<form><textarea required data-count-in="c" data-count-max="3" data-count-text="{count} / 3" data-count-over="Too long"></textarea><span id="c"></span><button data-needs-valid>Save</button></form>',
    );
    const field = document.querySelector('textarea')!;
    const counter = document.getElementById('c')!;
    const button = document.querySelector('button')!;
    expect(button.disabled).toBe(true); // empty and required, from the start
    input(field, 'abc');
    expect([counter.textContent, counter.hasAttribute('data-over'), button.disabled]).toEqual(['3 / 3', false, false]);
    input(field, 'abcd');
    expect([counter.textContent, counter.hasAttribute('data-over'), button.disabled]).toEqual(['4 / 3 – Too long', true, true]);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('follow-up questions (renewal)', () => {
  it('shows a follow-up only for its answer, requires it then, and shows the hint while the form is incomplete', () => {
    render(`<form data-follow-ups="hint">
      <input type="radio" name="f" value="yes"><input type="radio" name="f" value="no">
      <div data-when="f=no"><textarea name="amount"></textarea></div>
      <p id="hint" hidden>Answer all</p><button data-needs-valid>Send</button></form>`);
    const block = document.querySelector<HTMLElement>('[data-when]')!;
    const text = block.querySelector('textarea')!;
    const [yes, no] = [...document.querySelectorAll<HTMLInputElement>('input')];
    const button = document.querySelector('button')!;
    const hint = document.getElementById('hint')!;
    expect([block.hidden, text.disabled]).toEqual([true, true]);
    no!.checked = true;
    no!.dispatchEvent(new Event('change', { bubbles: true }));
    expect([block.hidden, text.required, hint.hidden, button.disabled, button.getAttribute('aria-describedby')]).toEqual([false, true, false, true, 'hint']);
    input(text, '10 tablets');
    expect([hint.hidden, button.disabled, button.hasAttribute('aria-describedby')]).toEqual([true, false, false]);
    yes!.checked = true;
    yes!.dispatchEvent(new Event('change', { bubbles: true }));
    expect([block.hidden, text.disabled, button.disabled]).toEqual([true, true, false]);
  });
});

describe('select all (prescriptions)', () => {
  it('checks and clears the boxes in place instead of submitting', () => {
    render(
      '<form data-select-all><button name="intent" value="selectAll">All</button><button name="intent" value="clear">Clear</button><input type="checkbox" name="id"><input type="checkbox" name="id"></form>',
    );
    const [all, clear] = [...document.querySelectorAll('button')];
    const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input')].map((c) => c.checked);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    all!.dispatchEvent(click);
    expect([click.defaultPrevented, ...boxes()]).toEqual([true, true, true]);
    clear!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(boxes()).toEqual([false, false]);
  });
});

describe('attachment size', () => {
  it('refuses a selection over the limit with the prepared alert and hides the server errors about the last one', () => {
    render(
      '<div><input id="att" type="file" data-max-bytes="10"><div id="e" data-server-error>Server said</div><div id="att-size" data-size-alert hidden>Too large</div></div>',
    );
    const field = document.querySelector<HTMLInputElement>('input')!;
    const choose = (sizes: number[]) => {
      Object.defineProperty(field, 'files', { value: sizes.map((n) => new File(['x'.repeat(n)], 'f')), configurable: true });
      field.dispatchEvent(new Event('change'));
    };
    choose([6, 5]);
    expect([document.getElementById('att-size')!.hidden, document.getElementById('e')!.hidden, field.validity.valid]).toEqual([false, true, false]);
    expect(field.getAttribute('aria-describedby')).toBe('att-hint att-size');
    choose([10]);
    expect([document.getElementById('att-size')!.hidden, field.validity.valid, field.hasAttribute('aria-invalid')]).toEqual([true, true, false]);
  });
});

describe('phone on leaving the field', () => {
  it("shows a Finnish number's +358 form and leaves anything else as typed", () => {
    render('<form data-phone><input name="phoneNumber"><input name="other"></form>');
    const [phone, other] = [...document.querySelectorAll('input')];
    input(phone!, '040 123 4567');
    phone!.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    input(other!, '040 123 4567');
    other!.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect([phone!.value, other!.value]).toEqual(['+358401234567', '040 123 4567']);
    input(phone!, '+46 70 123');
    phone!.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(phone!.value).toBe('+46 70 123');
  });
});

describe('identity code boxes', () => {
  it('keep one allowed character each, move on, go back on Backspace and submit when all four are filled', () => {
    render(
      `<form><fieldset data-ssn-boxes>${['0123456789', '0123456789', '0123456789', '0123456789ABCDEFHJKLMNPRSTUVWXY'].map((a) => `<input data-ssn-allowed="${a}">`).join('')}</fieldset></form>`,
    );
    const form = document.querySelector('form')!;
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => undefined);
    const boxes = [...document.querySelectorAll('input')];
    input(boxes[0]!, 'x');
    expect(boxes[0]!.value).toBe('');
    input(boxes[0]!, '1');
    expect(document.activeElement).toBe(boxes[1]);
    const back = new KeyboardEvent('keydown', { key: 'Backspace', cancelable: true });
    boxes[1]!.dispatchEvent(back);
    expect([back.defaultPrevented, boxes[0]!.value, document.activeElement]).toEqual([true, '', boxes[0]]);
    ['1', '2', '3', 't'].forEach((v, i) => input(boxes[i]!, v));
    expect(boxes[3]!.value).toBe('T');
    expect(requestSubmit).toHaveBeenCalledOnce();
  });
});
