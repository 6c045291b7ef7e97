/**
 * The one field kit of every form (issue 40; Epic Stack's `app/components/forms.tsx` is the
 * model): a visible label, an optional description, the control and its error as text, on
 * conform's field metadata.
 *
 * - The schema's constraints: the page computes `getZodConstraint(schema)` (React renders only on
 *   the server) and passes it to `useForm({ constraint })`; conform's getters put `required`,
 *   `minLength`, `maxLength`, `pattern`… on the controls, so the browser checks them even without
 *   the page script.
 * - Screen readers: the control's `aria-describedby` names the description and, while the field is
 *   invalid, the error; `aria-invalid` marks it invalid.
 * - Errors are i18n keys (the schemas' messages), translated here. They come from the action's
 *   `submission.reply()`, so a page looks the same with JS on and off; the page script's warnings
 *   on leaving a field (spec 3 §5) write the server's own texts into the same element.
 *
 * `Field` is the layout for a control a form lays out itself (a select with its options, plain
 * fields outside conform); the others are the usual controls on top of it.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type useForm } from '@conform-to/react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { attrs } from '~/browser/markup';
import { useMessageText, useTranslation } from '~/i18n/react';
import { VALIDATION_MESSAGES } from '~/models/schemas';
import * as ui from '~/styles/ui.css';

/**
 * A form's native constraints per field, as conform's `getZodConstraint(schema)` gives them, for
 * pages whose form lives in a component: the loader or the page computes them and passes them on.
 */
export type FieldConstraints = NonNullable<NonNullable<Parameters<typeof useForm>[0]>['constraint']>;

/** What the kit needs to know of a field: conform's metadata has it; a plain field names its ids. */
interface FieldState {
  id: string;
  errorId: string;
  errors?: string[] | undefined;
  required?: boolean | undefined;
}

/** What a control gets from its `Field`: its id and its accessible description and state. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The id of a field's description. */
const hintIdOf = (field: Pick<FieldState, 'id'>) => `${field.id}-hint`;

/** The ids a control's `aria-describedby` names: its description, then its error while invalid. */
function controlProps(field: FieldState, hasHint: boolean): ControlProps {
  const ids = [hasHint && hintIdOf(field), field.errors?.length && field.errorId].filter(Boolean);
  return { id: field.id, 'aria-invalid': field.errors?.length ? true : undefined, 'aria-describedby': ids.join(' ') || undefined };
}

/**
 * The error's place: its first message translated, or an empty hidden element where the page
 * script may write a warning on leaving the field (`slot`).
 */
function ErrorText({ field, slot = false, className }: { field: FieldState; slot?: boolean; className?: string }) {
  const messageText = useMessageText();
  const error = field.errors?.[0];
  if (!error && !slot) return null;
  return (
    <span id={field.errorId} className={className ? `${ui.fieldError} ${className}` : ui.fieldError} hidden={!error}>
      {error ? messageText(error) : null}
    </span>
  );
}

/** The layout of one field: label, description, the control (given its aria props), the error. */
export function Field({
  field,
  label,
  hint,
  className,
  errorSlot,
  children,
}: {
  field: FieldState;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** Keep an (empty) error element for the page script's warnings. */
  errorSlot?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  return (
    <div className={className ? `${ui.field} ${className}` : ui.field}>
      <label className={ui.label} htmlFor={field.id}>
        {label}
      </label>
      {hint ? (
        <span id={hintIdOf(field)} className={ui.hint}>
          {hint}
        </span>
      ) : null}
      {children(controlProps(field, Boolean(hint)))}
      <ErrorText field={field} slot={errorSlot} />
    </div>
  );
}

/**
 * A group of radio buttons or checkboxes under one legend: the group's description and error are
 * what the fieldset's aria-describedby names.
 */
export function Fieldset({
  field,
  legend,
  hint,
  className = ui.field,
  children,
}: {
  field: FieldState;
  legend: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { id: _id, ...aria } = controlProps(field, Boolean(hint));
  return (
    <fieldset className={className} {...aria}>
      <legend className={ui.label}>{legend}</legend>
      {hint ? (
        <span id={hintIdOf(field)} className={ui.hint}>
          {hint}
        </span>
      ) : null}
      {children}
      <ErrorText field={field} />
    </fieldset>
  );
}

/** A field of a form whose fields are named at run time (a questionnaire, a renewal): its name, id and error text. */
interface NamedField {
  name: string;
  id: string;
  error?: string;
  required?: boolean;
}

const stateOf = ({ id, error, required }: NamedField): FieldState => ({ id, errorId: `${id}-error`, errors: error ? [error] : undefined, required });

export function TextArea({
  label,
  ...field
}: NamedField & { label: ReactNode; defaultValue?: string; minLength?: number; maxLength?: number; readOnly?: boolean }) {
  const { name, defaultValue, minLength, maxLength, required, readOnly } = field;
  return (
    <Field field={stateOf(field)} label={label}>
      {(control) => (
        <textarea
          {...control}
          name={name}
          className={ui.input}
          rows={3}
          defaultValue={defaultValue}
          minLength={minLength}
          maxLength={maxLength}
          required={required}
          readOnly={readOnly}
        />
      )}
    </Field>
  );
}

/** Radio buttons (or checkboxes, `multiple`) in a row under one legend. */
export function Choices({
  legend,
  options,
  defaultValue,
  multiple = false,
  disabled,
  ...field
}: NamedField & {
  legend: ReactNode;
  options: Array<{ value: string; label: ReactNode }>;
  defaultValue?: string | string[];
  multiple?: boolean;
  disabled?: boolean;
}) {
  const chosen = Array.isArray(defaultValue) ? defaultValue : defaultValue !== undefined ? [defaultValue] : [];
  return (
    <Fieldset field={stateOf(field)} legend={legend} className={ui.choiceFieldset}>
      <div className={ui.choiceRow}>
        {options.map((o) => (
          <label key={o.value}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={field.name}
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
              required={!multiple && field.required}
              disabled={disabled}
            />{' '}
            {o.label}
          </label>
        ))}
      </div>
    </Fieldset>
  );
}

type TextType = 'text' | 'tel' | 'email';

/** What a malformed value of each input type is told on leaving it, as the server's schemas word it. */
const INVALID_MESSAGE: Record<TextType, string> = {
  text: VALIDATION_MESSAGES.maxLength,
  tel: VALIDATION_MESSAGES.phone,
  email: VALIDATION_MESSAGES.email,
};

type Common = { meta: FieldMetadata<unknown>; label: ReactNode; hint?: ReactNode; className?: string };

/** A one-line input; a required text, phone or e-mail field warns on being left empty or malformed. */
export function TextField({
  meta,
  label,
  hint,
  className,
  type = 'text',
  ...rest
}: Common & { type?: TextType | 'date' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'id' | 'name'>) {
  const messageText = useMessageText();
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
  const warn = meta.required && type !== 'date';
  const blur = warn
    ? attrs({ blurRequired: messageText(VALIDATION_MESSAGES.required), blurInvalid: messageText(INVALID_MESSAGE[type]), errorId: meta.errorId })
    : {};
  return (
    <Field field={meta} label={label} hint={hint} className={className} errorSlot={warn}>
      {(control) => <input key={key} {...props} spellCheck={false} {...rest} className={ui.input} {...control} {...blur} />}
    </Field>
  );
}

/** A phone number: the phone's keypad and autofill. */
export function PhoneField(props: Common) {
  return <TextField {...props} type="tel" autoComplete="tel" />;
}

export function TextareaField({
  meta,
  label,
  hint,
  className,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'id' | 'name'>) {
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <Field field={meta} label={label} hint={hint} className={className}>
      {(control) => <textarea key={key} {...props} {...rest} className={ui.input} {...control} />}
    </Field>
  );
}

/** A select; its options are the children (a required one starts with an empty placeholder option). */
export function SelectField({
  meta,
  label,
  hint,
  className,
  children,
  ...rest
}: Common & { children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'id' | 'name'>) {
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
  return (
    <Field field={meta} label={label} hint={hint} className={className}>
      {(control) => (
        <select key={key} {...props} {...rest} className={ui.input} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}

/**
 * A checkbox or radio button with its label after it and its error below the row. `field` names
 * the ids (by default the input's id) and carries the error.
 */
export function ChoiceRow({
  id,
  label,
  field = { id, errorId: `${id}-error` },
  ...input
}: { id: string; label: ReactNode; field?: FieldState } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <div className={ui.checkboxRow}>
      <input {...input} className={ui.checkbox} {...controlProps(field, false)} />
      <label htmlFor={field.id}>{label}</label>
      <ErrorText field={field} className={ui.checkboxError} />
    </div>
  );
}

/** A checkbox on conform's metadata. */
export function CheckboxField({ meta, label }: { meta: FieldMetadata<unknown>; label: ReactNode }) {
  const { key, id, ...props } = getInputProps(meta, { type: 'checkbox', ariaAttributes: false });
  return <ChoiceRow key={key} id={id} field={meta} label={label} {...props} />;
}

/**
 * The four-digit SMS code (turning SMS login on, SMS-code re-identification): a form outside
 * conform; the phone can fill it from the message (`one-time-code`). Posted as `code`.
 */
export function SmsCodeField({ id, label, hint }: { id: string; label: ReactNode; hint: ReactNode }) {
  return (
    <Field field={{ id, errorId: `${id}-error` }} label={label} hint={hint}>
      {(control) => (
        <input {...control} name="code" className={ui.input} inputMode="numeric" autoComplete="one-time-code" pattern="\d{4}" maxLength={4} required />
      )}
    </Field>
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
