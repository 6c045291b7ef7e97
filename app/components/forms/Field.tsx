/**
 * One field of a form that lays out its own control (the message forms): the label, an optional
 * description, the control and its first error as text. The description's and the error's ids
 * are what the control's aria-describedby names: the page gives the hint's id to conform's
 * getters (`getTextareaProps(meta, { ariaDescribedBy })`), which add the error's id and
 * aria-invalid while the field is invalid; the schema's constraints come with `useForm`'s
 * `constraint`.
 */
import type { ReactNode } from 'react';
import * as ui from '~/styles/ui.css';
import { FieldError } from './FieldError';

interface FieldMeta {
  id: string;
  errorId: string;
  errors?: string[];
}

/** `hintId`: the description's id, which the control's aria-describedby names (by default `<field id>-hint`). */
export function Field({ meta, label, hint, hintId = `${meta.id}-hint`, children }: { meta: FieldMeta; label: ReactNode; hint?: ReactNode; hintId?: string; children: ReactNode }) {
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={meta.id}>
        {label}
      </label>
      {hint ? (
        <span className={ui.hint} id={hintId}>
          {hint}
        </span>
      ) : null}
      {children}
      <FieldError meta={meta} />
    </div>
  );
}
