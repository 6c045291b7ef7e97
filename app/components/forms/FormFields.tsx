/**
 * Form controls of the reservation, registration and consent forms, on conform's field
 * metadata: a visible label, an optional hint, the error as text (its i18n key translated) tied
 * to the control with aria-describedby, and aria-invalid. Errors come from conform in the browser
 * and from the action's reply without JS, so both look the same. The controls carry the form's
 * native constraints (required, minLength, maxLength…) when its `useForm` has a `constraint`.
 */
import { getInputProps, type FieldMetadata, type useForm } from '@conform-to/react';
import type { HTMLAttributes, ReactNode } from 'react';
import { useMessageText, useTranslation } from '~/i18n/react';
import { VALIDATION_MESSAGES } from '~/models/schemas';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';

type TextType = 'text' | 'tel' | 'email';

/** What a malformed value of each input type is told, as the server's schemas word it. */
const INVALID_MESSAGE: Record<TextType, string> = {
  text: VALIDATION_MESSAGES.maxLength,
  tel: VALIDATION_MESSAGES.phone,
  email: VALIDATION_MESSAGES.email,
};

/**
 * A form's native constraints per field, as conform's `getZodConstraint(schema)` gives them. A
 * loader computes them on the server and the page passes them to `useForm({ constraint })`, so
 * the inputs carry the schema's limits as HTML attributes without zod in the browser (ADR 0009).
 */
export type FieldConstraints = NonNullable<NonNullable<Parameters<typeof useForm>[0]>['constraint']>;

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export function TextField({
  meta,
  label,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  autoCapitalize,
  className,
}: {
  meta: FieldMetadata<unknown>;
  label: ReactNode;
  hint?: ReactNode;
  type?: TextType;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoCapitalize?: string;
  className?: string;
}) {
  const messageText = useMessageText();
  const error = meta.errors?.[0];
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
  // Warnings on leaving the field (the page script, spec 3 §5): the server's own texts.
  const blur = meta.required
    ? attrs({ blurRequired: messageText(VALIDATION_MESSAGES.required), blurInvalid: messageText(INVALID_MESSAGE[type]), errorId: meta.errorId })
    : {};
  return (
    <div className={className ? `${ui.field} ${className}` : ui.field}>
      <label className={ui.label} htmlFor={meta.id}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className={ui.hint}>
          {hint}
        </span>
      ) : null}
      <input
        key={key}
        {...props}
        className={ui.input}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && meta.errorId)}
        {...blur}
      />
      {error || meta.required ? (
        <span id={meta.errorId} className={ui.fieldError} hidden={!error}>
          {error ? messageText(error) : null}
        </span>
      ) : null}
    </div>
  );
}

export function CheckboxField({ meta, label }: { meta: FieldMetadata<unknown>; label: ReactNode }) {
  const messageText = useMessageText();
  const error = meta.errors?.[0];
  const { key, ...props } = getInputProps(meta, { type: 'checkbox', ariaAttributes: false });
  return (
    <div className={s.checkboxRow}>
      <input
        key={key}
        {...props}
        className={s.checkbox}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && meta.errorId)}
      />
      <label htmlFor={meta.id}>{label}</label>
      {error ? (
        <span id={meta.errorId} className={`${ui.fieldError} ${s.checkboxError}`}>
          {messageText(error)}
        </span>
      ) : null}
    </div>
  );
}

/**
 * "Please check the following fields:" with a link to each invalid field (spec 3 §8), shown
 * after a submission was refused.
 */
export function ErrorSummary({ fields }: { fields: { meta: FieldMetadata<unknown>; label: string }[] }) {
  const { t } = useTranslation();
  const invalid = fields.filter((f) => f.meta.errors?.length);
  if (invalid.length === 0) return null;
  return (
    <div role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
      <p>{t('reservation.form.checkFields')}</p>
      <ul>
        {invalid.map((f) => (
          <li key={f.meta.name}>
            <a href={`#${f.meta.id}`}>{f.label}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
