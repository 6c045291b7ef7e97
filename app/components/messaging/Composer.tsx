/**
 * The message composer (spec 1 §4–§5): text and attachments in one multipart form that works
 * without JS (the server checks everything and keeps the text on an error). Its pages are plain
 * HTML (ADR 0009): with JS, the page script disables the button while sending (`data-pending`)
 * and the attachment field's own small script refuses too large a selection before anything is
 * sent ('Maximum attachment size is 9MB'); rendered by React (a client navigation from a
 * hydrated page), conform runs the schema on input instead. The form carries a one-time key, so
 * a double submit creates one message; after a send the page gets a new key and an empty form.
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useNonce } from '~/components/nonce';
import type { TextKey } from '~/i18n/keys';
import { useMessageText, useTranslation } from '~/i18n/react';
import { MAX_ATTACHMENTS_PER_MESSAGE, MAX_TOTAL_ATTACHMENT_BYTES } from '~/models/messaging/messaging';
import { composerSchema } from '~/models/messaging/schemas';
import * as ui from '~/styles/ui.css';
import { ATTACHMENT_ACCEPT } from '~/services/messaging/attachment-rules';

/** A file the server refused, by name (rendered as text). */
export interface FileError {
  key: 'messaging.errors.attachmentType' | 'messaging.errors.attachmentContent' | 'messaging.errors.attachmentInvalid';
  name: string;
}

export function FileErrors({ errors }: { errors: FileError[] }) {
  const { t } = useTranslation();
  if (!errors.length) return null;
  return (
    <ul className={ui.fieldError} id="attachment-file-errors" data-server-error="">
      {errors.map((e, i) => (
        <li key={i}>{t(e.key, { name: e.name })}</li>
      ))}
    </ul>
  );
}

/**
 * The selection's size check on a plain page (spec 1 §5: too large a selection shows the error
 * and nothing is uploaded), as a small inline script of the field itself: on a change it sums the
 * chosen files; over `data-max-bytes` it shows the field's prepared alert and makes the input
 * invalid (`setCustomValidity`), so the browser does not submit the form. A change also hides
 * the server's errors about the previous selection. Scripts React renders in the browser do not
 * run: there conform checks the schema itself.
 */
export const ATTACHMENT_SIZE_SCRIPT = `(function(){
var d=document.currentScript.parentNode,i=d.querySelector('input[data-max-bytes]'),a=d.querySelector('[data-size-alert]');
if(!i||!a)return;
i.addEventListener('change',function(){
var n=0;[].forEach.call(i.files||[],function(f){n+=f.size;});
var big=n>Number(i.getAttribute('data-max-bytes'));
[].forEach.call(d.querySelectorAll('[data-server-error]'),function(e){e.hidden=true;});
a.hidden=!big;
i.setCustomValidity(big?a.textContent:'');
if(big)i.setAttribute('aria-invalid','true');else i.removeAttribute('aria-invalid');
i.setAttribute('aria-describedby',i.id+'-hint'+(big?' '+a.id:''));
});
})();`;

/** The attachment input with its hint and errors (shared by the composer and the new conversation). */
export function AttachmentField({
  meta,
  fileErrors,
}: {
  meta: { id: string; name: string; errorId: string; errors?: string[] };
  fileErrors: FileError[];
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const nonce = useNonce();
  const tooLarge = meta.errors?.includes('messaging.errors.attachmentTooLarge');
  const invalid = Boolean(meta.errors?.length) || fileErrors.length > 0;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={meta.id}>
        {t('messaging.composer.attachments')}
      </label>
      <span className={ui.hint} id={`${meta.id}-hint`}>
        {t('messaging.composer.attachmentsHint')}
      </span>
      <input
        id={meta.id}
        name={meta.name}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        data-max-bytes={MAX_TOTAL_ATTACHMENT_BYTES}
        aria-invalid={invalid || undefined}
        aria-describedby={`${meta.id}-hint ${invalid ? `${meta.errorId} attachment-file-errors` : ''}`.trim()}
      />
      {meta.errors?.length ? (
        <div className={ui.fieldError} id={meta.errorId} role="alert" data-server-error="">
          {tooLarge ? <strong>{t('messaging.errors.attachmentTooLargeTitle')} </strong> : null}
          {meta.errors.map((e) => messageText(e, { max: MAX_ATTACHMENTS_PER_MESSAGE })).join(' ')}
        </div>
      ) : null}
      <FileErrors errors={fileErrors} />
      {/* Shown by ATTACHMENT_SIZE_SCRIPT (plain page with JS). */}
      <div className={ui.fieldError} id={`${meta.id}-size`} role="alert" data-size-alert="" hidden>
        <strong>{t('messaging.errors.attachmentTooLargeTitle')}</strong> {t('messaging.errors.attachmentTooLarge')}
      </div>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ATTACHMENT_SIZE_SCRIPT }} />
    </div>
  );
}

export function Composer({
  idempotencyKey,
  lastResult,
  fileErrors = [],
  sendError = false,
  tooMany = null,
  attachments = true,
  labelKey = 'messaging.composer.label',
  sendKey = 'messaging.composer.send',
  action,
  children,
}: {
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
  fileErrors?: FileError[];
  sendError?: boolean;
  /** Over the per-person limit of messages or uploads: the text to show and the minutes to wait. */
  tooMany?: { key: TextKey; minutes: number } | null;
  /** Whether the form offers files (a company's HR thread takes none, ADR 0042). */
  attachments?: boolean;
  labelKey?: TextKey;
  sendKey?: TextKey;
  action?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `composer-${idempotencyKey}`,
    lastResult,
    constraint: getZodConstraint(composerSchema),
    // The browser checks the constraints on the plain page; React (a client navigation) leaves it to conform.
    defaultNoValidate: false,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: composerSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const sending = navigation.state === 'submitting' && navigation.formData?.get('idempotencyKey') === idempotencyKey;
  return (
    <Form method="post" encType="multipart/form-data" action={action} {...getFormProps(form)}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {children}
      <div className={ui.field}>
        <label className={ui.label} htmlFor={fields.text.id}>
          {t(labelKey)}
        </label>
        <textarea
          {...getTextareaProps(fields.text, { ariaDescribedBy: fields.text.errors ? fields.text.errorId : undefined })}
          key={fields.text.key}
          className={ui.input}
          rows={5}
          required={false}
        />
        {fields.text.errors ? (
          <p className={ui.fieldError} id={fields.text.errorId}>
            {messageText(fields.text.errors[0]!)}
          </p>
        ) : null}
      </div>
      {attachments ? <AttachmentField meta={fields.attachments} fileErrors={fileErrors} /> : null}
      {form.errors?.length ? (
        <p className={ui.fieldError} id={form.errorId} role="alert">
          {messageText(form.errors[0]!)}
        </p>
      ) : null}
      {sendError ? (
        <p className={ui.fieldError} role="alert">
          {t('messaging.composer.sendError')}
        </p>
      ) : null}
      {tooMany ? (
        <p className={ui.fieldError} role="alert">
          {t(tooMany.key, { minutes: tooMany.minutes })}
        </p>
      ) : null}
      <div className={ui.buttonRow}>
        <button type="submit" className={ui.button.primary} disabled={sending} data-pending={t('messaging.composer.sending')}>
          {sending ? t('messaging.composer.sending') : t(sendKey)}
        </button>
      </div>
    </Form>
  );
}
