/**
 * Form controls of the renewal and questionnaire forms: a visible label (or legend), the error
 * as text tied to the control with aria-describedby, aria-invalid, and the schema's native
 * constraints (conform's `getZodConstraint`: required, minLength, maxLength). Errors come from
 * the action's reply (conform's `lastResult`).
 */
import type { ReactNode } from 'react';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';

interface Base {
  name: string;
  id: string;
  error?: string;
  required?: boolean;
}

export function TextArea({
  name,
  id,
  label,
  error,
  defaultValue,
  minLength,
  maxLength,
  required,
  readOnly,
}: Base & { label: ReactNode; defaultValue?: string; minLength?: number; maxLength?: number; readOnly?: boolean }) {
  const errorId = `${id}-error`;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className={ui.input}
        rows={3}
        defaultValue={defaultValue}
        minLength={minLength}
        maxLength={maxLength}
        required={required}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <span id={errorId} className={ui.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function Choices({
  name,
  id,
  legend,
  error,
  options,
  defaultValue,
  multiple = false,
  required,
  disabled,
}: Base & { legend: ReactNode; options: Array<{ value: string; label: ReactNode }>; defaultValue?: string | string[]; multiple?: boolean; disabled?: boolean }) {
  const errorId = `${id}-error`;
  const chosen = Array.isArray(defaultValue) ? defaultValue : defaultValue !== undefined ? [defaultValue] : [];
  return (
    <fieldset className={s.fieldset} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className={ui.label}>{legend}</legend>
      <div className={s.choiceRow}>
        {options.map((o) => (
          <label key={o.value}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
              required={!multiple && required}
              disabled={disabled}
            />{' '}
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <span id={errorId} className={ui.fieldError}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
