import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PHONE_BLUR_SCRIPT } from './phone-blur';

/** Runs the script in an empty realm on a fake form; returns what leaving a field does to its value. */
function blur(name: string, value: string): string {
  let onFocusOut: (event: { target: { name: string; value: string } }) => void = () => undefined;
  const form = { addEventListener: (type: string, listener: typeof onFocusOut) => type === 'focusout' && (onFocusOut = listener) };
  runInNewContext(PHONE_BLUR_SCRIPT, { document: { currentScript: { previousElementSibling: form } } });
  const target = { name, value };
  onFocusOut({ target });
  return target.value;
}

describe('the phone field on leaving it (plain page)', () => {
  it('runs on its own and shows a valid Finnish number as +358…', () => {
    expect(blur('phoneNumber', ' 040 765 4321 ')).toBe('+358407654321');
    expect(blur('phoneNumber', '00358-50-1234567')).toBe('+358501234567');
  });

  it('leaves anything else, and other fields, as typed', () => {
    expect(blur('phoneNumber', '12345')).toBe('12345');
    expect(blur('emailAddress', '040 765 4321')).toBe('040 765 4321');
  });
});
