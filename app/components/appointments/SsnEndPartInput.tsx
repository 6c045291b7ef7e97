/**
 * The last four characters of the identity code in four single-character boxes: the first
 * three take digits, the last a digit or a check character; input is upper-cased. Without JS
 * they are four fields of one form with a submit button. With JS focus moves forward after a
 * character, Backspace in an empty box moves back, and the form submits when all four are filled.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTITY_CODE_CHECK_CHARS } from '~/models/identity-code';
import * as s from '~/styles/appointments.css';
import * as ui from '~/styles/ui.css';

export const SSN_FIELDS = ['ssn1', 'ssn2', 'ssn3', 'ssn4'] as const;

const allowed = (index: number) => (index < 3 ? '0123456789' : IDENTITY_CODE_CHECK_CHARS);

export function SsnEndPartInput({ errorId, invalid }: { errorId?: string; invalid: boolean }) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  function onInput(index: number, input: HTMLInputElement) {
    const value = input.value.toUpperCase().slice(-1);
    input.value = allowed(index).includes(value) ? value : '';
    if (!input.value) return;
    const next = boxes.current[index + 1];
    if (next) next.focus();
    else if (boxes.current.every((box) => box?.value)) input.form?.requestSubmit();
  }

  return (
    <fieldset className={s.ssnBoxes} aria-describedby={errorId}>
      <legend className={ui.label}>{t('appointments.anonymous.ssnLegend')}</legend>
      {SSN_FIELDS.map((name, index) => (
        <input
          key={name}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          name={name}
          className={`${ui.input} ${s.ssnBox}`}
          aria-label={t('appointments.anonymous.ssnBox', { n: index + 1 })}
          aria-invalid={invalid || undefined}
          maxLength={1}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode={index < 3 ? 'numeric' : 'text'}
          pattern={index < 3 ? '[0-9]' : `[${IDENTITY_CODE_CHECK_CHARS}${IDENTITY_CODE_CHECK_CHARS.toLowerCase()}]`}
          onInput={(event) => onInput(index, event.currentTarget)}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && !event.currentTarget.value && index > 0) {
              event.preventDefault();
              const previous = boxes.current[index - 1];
              if (previous) {
                previous.value = '';
                previous.focus();
              }
            }
          }}
        />
      ))}
    </fieldset>
  );
}
