/**
 * The message composer (spec 1 §4–§5): text and attachments in one multipart form that works
 * without JS (the server checks everything and keeps the text on an error). With JS the page
 * script disables the button while sending (`data-pending`) and refuses too large a selection
 * before anything is sent ('Maximum attachment size is 9MB', app/browser/attachment-size.ts).
 * The form carries a one-time key, so
 * a double submit creates one message; after a send the page gets a new key and an empty form.
 */
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import type { z } from 'zod';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { attrs } from '~/browser/markup';
import { TextareaField, type FieldConstraints } from '~/components/forms';
import type { TextKey } from '~/i18n/keys';
import { useMessageText, useTranslation } from '~/i18n/react';
import { MAX_ATTACHMENTS_PER_MESSAGE, MAX_TOTAL_ATTACHMENT_BYTES } from '~/models/messaging/messaging';
import { composerSchema } from '~/models/messaging/schemas';
import * as ui from '~/styles/ui.css';
import { ATTACHMENT_ACCEPT } from '~/services/messaging/attachment-rules';
import { SendAlerts, SendButton } from './SendControls';

/** A file the server refused, by name (rendered as text). */
export interface FileError {
  key: 'messaging.errors.attachmentType' | 'messaging.errors.attachmentContent' | 'messaging.errors.attachmentInvalid';
  name: string;
}

function FileErrors({ errors }: { errors: FileError[] }) {
  const { t } = useTranslation();
  if (!errors.length) return null;
  return (
    <ul className={ui.fieldError} id="attachment-file-errors" {...attrs({ serverError: true })}>
      {errors.map((e, i) => (
        <li key={i}>{t(e.key, { name: e.name })}</li>
      ))}
    </ul>
  );
}

/** The attachment input with its hint and errors (shared by the composer and the new conversation). */
export function AttachmentField({ meta, fileErrors }: { meta: { id: string; name: string; errorId: string; errors?: string[] }; fileErrors: FileError[] }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
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
        {...attrs({ maxBytes: MAX_TOTAL_ATTACHMENT_BYTES })}
        aria-invalid={invalid || undefined}
        aria-describedby={`${meta.id}-hint ${invalid ? `${meta.errorId} attachment-file-errors` : ''}`.trim()}
      />
      {meta.errors?.length ? (
        <div className={ui.fieldError} id={meta.errorId} role="alert" {...attrs({ serverError: true })}>
          {tooLarge ? <strong>{t('messaging.errors.attachmentTooLargeTitle')} </strong> : null}
          {meta.errors.map((e) => messageText(e, { max: MAX_ATTACHMENTS_PER_MESSAGE })).join(' ')}
        </div>
      ) : null}
      <FileErrors errors={fileErrors} />
      {/* Shown by the page script (app/browser/attachment-size.ts). */}
      <div className={ui.fieldError} id={`${meta.id}-size`} role="alert" {...attrs({ sizeAlert: true })} hidden>
        <strong>{t('messaging.errors.attachmentTooLargeTitle')}</strong> {t('messaging.errors.attachmentTooLarge')}
      </div>
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
  hint,
  constraint = getZodConstraint(composerSchema),
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
  /** A description under the text's label. */
  hint?: ReactNode;
  /** The text's constraints when the page's schema is not the composer's (an HR thread's text is required). */
  constraint?: FieldConstraints;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [form, fields] = useForm<z.input<typeof composerSchema>>({
    id: `composer-${idempotencyKey}`,
    lastResult,
    constraint,
    // The browser checks the constraints before sending.
    defaultNoValidate: false,
  });
  return (
    <Form method="post" encType="multipart/form-data" action={action} {...getFormProps(form)}>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {children}
      <TextareaField meta={fields.text} label={t(labelKey)} hint={hint} rows={5} required={attachments ? false : undefined} />
      {attachments ? <AttachmentField meta={fields.attachments} fileErrors={fileErrors} /> : null}
      {form.errors?.length ? (
        <p className={ui.fieldError} id={form.errorId} role="alert">
          {messageText(form.errors[0]!)}
        </p>
      ) : null}
      <SendAlerts failed={sendError} failedKey="messaging.composer.sendError" tooMany={tooMany} />
      <div className={ui.buttonRow}>
        <SendButton labelKey={sendKey} />
      </div>
    </Form>
  );
}
