// @vitest-environment happy-dom
/**
 * The field kit's contract with screen readers and the browser, on the HTML React renders on the
 * server: the schema's constraints as attributes, the description's and the error's ids in the
 * control's aria-describedby, aria-invalid while the field is invalid, the error translated.
 */
import { useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TranslationContext, type Translation } from '~/i18n/react';
import { CheckboxField, Fieldset, SelectField, TextareaField, TextField } from './forms';

const schema = z.object({
  name: z.string({ error: 'validation.required' }).max(40),
  note: z.string().min(2, 'validation.maxLength').max(500).optional(),
  lang: z.enum(['fi', 'sv']),
  agree: z.literal('on', { error: 'validation.required' }),
});

const TEXTS: Record<string, string> = { 'validation.required': 'Fill in this field.', 'validation.maxLength': 'Too long.' };
const translation: Translation = {
  t: ((key: string) => TEXTS[key] ?? key) as Translation['t'],
  i18n: { language: 'en', exists: ((key: string) => key in TEXTS) as Translation['i18n']['exists'] },
};

function Form({
  lastResult,
  children,
}: {
  lastResult?: SubmissionResult<string[]>;
  children: (fields: ReturnType<typeof useForm<z.input<typeof schema>>>[1]) => ReactNode;
}) {
  const [, fields] = useForm<z.input<typeof schema>>({ id: 'f', lastResult, constraint: getZodConstraint(schema) });
  return <>{children(fields)}</>;
}

function render(lastResult: SubmissionResult<string[]> | undefined, children: Parameters<typeof Form>[0]['children']) {
  document.body.innerHTML = renderToStaticMarkup(
    <TranslationContext.Provider value={translation}>
      <Form lastResult={lastResult}>{children}</Form>
    </TranslationContext.Provider>,
  );
  return document.body;
}

/** The reply of an action that refused an empty form (what a page gets back without JS). */
function refused(): SubmissionResult<string[]> {
  const form = new FormData();
  form.set('note', 'x');
  return parseWithZod(form, { schema }).reply();
}

const describedBy = (el: Element) => (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);

describe('the field kit', () => {
  it('puts the schema constraints on the controls', () => {
    const body = render(undefined, (fields) => (
      <>
        <TextField meta={fields.name} label="Name" />
        <TextareaField meta={fields.note} label="Note" />
        <SelectField meta={fields.lang} label="Language">
          <option value="fi">fi</option>
        </SelectField>
      </>
    ));
    const name = body.querySelector('input[name="name"]')!;
    expect(name.hasAttribute('required')).toBe(true);
    expect(name.getAttribute('maxlength')).toBe('40');
    const note = body.querySelector('textarea[name="note"]')!;
    expect(note.hasAttribute('required')).toBe(false);
    expect([note.getAttribute('minlength'), note.getAttribute('maxlength')]).toEqual(['2', '500']);
    expect(body.querySelector('select[name="lang"]')!.hasAttribute('required')).toBe(true);
  });

  it('labels each control and names its description; a valid field is not marked invalid', () => {
    const body = render(undefined, (fields) => <TextField meta={fields.name} label="Name" hint="As in your passport" />);
    const input = body.querySelector('input[name="name"]')!;
    expect(body.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Name');
    expect(describedBy(input)).toEqual([`${input.id}-hint`]);
    expect(body.querySelector(`#${input.id}-hint`)?.textContent).toBe('As in your passport');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it("shows the action's errors translated, tied to the control with aria-describedby and aria-invalid", () => {
    const body = render(refused(), (fields) => (
      <>
        <TextField meta={fields.name} label="Name" hint="As in your passport" />
        <TextareaField meta={fields.note} label="Note" />
        <CheckboxField meta={fields.agree} label="I agree" />
      </>
    ));
    const name = body.querySelector('input[name="name"]')!;
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const [hintId, errorId] = describedBy(name);
    expect(hintId).toBe(`${name.id}-hint`);
    const error = body.querySelector(`#${errorId}`)!;
    expect(error.textContent).toBe('Fill in this field.');
    expect(error.hasAttribute('hidden')).toBe(false);

    const note = body.querySelector('textarea[name="note"]')!;
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(note).map((id) => body.querySelector(`#${id}`)?.textContent)).toEqual(['Too long.']);

    const agree = body.querySelector('input[name="agree"]')!;
    expect(agree.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(agree).map((id) => body.querySelector(`#${id}`)?.textContent)).toEqual(['Fill in this field.']);
  });

  it('keeps an empty, hidden error element for the warnings on leaving a required field', () => {
    const body = render(undefined, (fields) => <TextField meta={fields.name} label="Name" />);
    const input = body.querySelector('input[name="name"]')!;
    const slot = body.querySelector(`#${input.getAttribute('data-error-id')}`)!;
    expect(slot.hasAttribute('hidden')).toBe(true);
    expect(slot.textContent).toBe('');
    expect(input.getAttribute('data-blur-required')).toBe('Fill in this field.');
  });

  it('names a group’s description and error on its fieldset', () => {
    const body = render(refused(), (fields) => (
      <Fieldset field={fields.lang} legend="Language" hint="Pick one">
        <input type="radio" name="lang" value="fi" />
      </Fieldset>
    ));
    const fieldset = body.querySelector('fieldset')!;
    expect(describedBy(fieldset).map((id) => body.querySelector(`#${id}`)?.textContent)).toEqual(['Pick one', expect.any(String)]);
  });
});
