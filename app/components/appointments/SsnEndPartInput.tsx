/**
 * The last four characters of the identity code in four single-character boxes: the first
 * three take digits, the last a digit or a check character. Without JS they are four fields of
 * one form with a submit button. With JS (app/browser/ssn-boxes.ts) input is upper-cased, focus
 * moves forward after a character, Backspace in an empty box moves back, and the form submits
 * when all four are filled; the page script then shows the form's `data-pending` button text.
 */
import { useTranslation } from '~/i18n/react';
import { attrs } from '~/browser/markup';
import { IDENTITY_CODE_CHECK_CHARS } from '~/models/identity-code';
import * as s from '~/styles/appointments.css';
import * as ui from '~/styles/ui.css';

export const SSN_FIELDS = ['ssn1', 'ssn2', 'ssn3', 'ssn4'] as const;

const allowed = (index: number) => (index < 3 ? '0123456789' : IDENTITY_CODE_CHECK_CHARS);

export function SsnEndPartInput({ errorId, invalid }: { errorId?: string; invalid: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className={s.ssnBoxes} aria-describedby={errorId} {...attrs({ ssnBoxes: true })}>
      <legend className={ui.label}>{t('appointments.anonymous.ssnLegend')}</legend>
      {SSN_FIELDS.map((name, index) => (
        <input
          key={name}
          name={name}
          className={`${ui.input} ${s.ssnBox}`}
          aria-label={t('appointments.anonymous.ssnBox', { n: index + 1 })}
          aria-invalid={invalid || undefined}
          {...attrs({ ssnAllowed: allowed(index) })}
          maxLength={1}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode={index < 3 ? 'numeric' : 'text'}
          pattern={index < 3 ? '[0-9]' : `[${IDENTITY_CODE_CHECK_CHARS}${IDENTITY_CODE_CHECK_CHARS.toLowerCase()}]`}
        />
      ))}
    </fieldset>
  );
}
