/**
 * The messaging forms' schemas (composer, new conversation), shared by the browser and the
 * server through conform. Client-safe. The limits and rules they use live in messaging.ts.
 */
import { z } from 'zod';
import type { TextKey } from '~/i18n/keys';
import { refuseControlCharacters } from '../schemas';
import { hasControlCharacters } from '../text';
import {
  DELETE_REASON_MAX_LENGTH,
  hasContent,
  MAX_ATTACHMENTS_PER_MESSAGE,
  MAX_TOTAL_ATTACHMENT_BYTES,
  MESSAGE_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
} from './messaging';

/** The forms' error messages: text keys, which the pages translate. */
const MESSAGES = {
  subjectRequired: 'messaging.errors.subjectRequired',
  subjectTooLong: 'messaging.errors.subjectTooLong',
  messageTooLong: 'messaging.errors.messageTooLong',
  messageRequired: 'messaging.errors.messageRequired',
  attachmentTooMany: 'messaging.errors.attachmentTooMany',
  attachmentTooLarge: 'messaging.errors.attachmentTooLarge',
  attachmentName: 'messaging.errors.attachmentName',
  recipientRequired: 'messaging.errors.recipientRequired',
} as const satisfies Record<string, TextKey>;

/** A form's one-time key (a random UUID written into the form when it is rendered). */
export const idempotencyKeySchema = z.uuid();

const subject = refuseControlCharacters(
  z.string({ error: MESSAGES.subjectRequired }).trim().min(1, MESSAGES.subjectRequired).max(SUBJECT_MAX_LENGTH, MESSAGES.subjectTooLong),
);

const text = refuseControlCharacters(z.string().trim().max(MESSAGE_MAX_LENGTH, MESSAGES.messageTooLong), { multiline: true }).default('');

/** A professional's reason for deleting a message (one line, shown to the care team). */
export const deleteReasonSchema = refuseControlCharacters(z.string().trim().min(1).max(DELETE_REASON_MAX_LENGTH));

/** The note an absent professional leaves for colleagues (one line). */
export const ABSENCE_NOTE_MAX_LENGTH = 500;
export const absenceNoteSchema = refuseControlCharacters(z.string().trim().max(ABSENCE_NOTE_MAX_LENGTH)).optional();

/** The files of a form's file input (an input with nothing chosen sends one empty file). */
export const fileListSchema = z
  .preprocess((value) => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]), z.array(z.unknown()))
  .transform((values) =>
    values.filter((v): v is File => typeof v === 'object' && v !== null && 'size' in v && 'name' in v && ((v as File).size > 0 || (v as File).name !== '')),
  );

/** The rules every message form shares: text or a file, and the files' combined size and count. */
function refineMessage(value: { text: string; attachments: File[] }, ctx: z.RefinementCtx) {
  if (!hasContent(value.text, value.attachments.length)) {
    ctx.addIssue({ code: 'custom', path: ['text'], message: MESSAGES.messageRequired });
  }
  // A file's name is stored and shown like text (a NUL could not be stored at all).
  if (value.attachments.some((file) => hasControlCharacters(file.name))) {
    ctx.addIssue({ code: 'custom', path: ['attachments'], message: MESSAGES.attachmentName });
  }
  if (value.attachments.length > MAX_ATTACHMENTS_PER_MESSAGE) {
    ctx.addIssue({ code: 'custom', path: ['attachments'], message: MESSAGES.attachmentTooMany });
  } else if (value.attachments.reduce((n, f) => n + f.size, 0) > MAX_TOTAL_ATTACHMENT_BYTES) {
    ctx.addIssue({ code: 'custom', path: ['attachments'], message: MESSAGES.attachmentTooLarge });
  }
}

const composerFields = {
  intent: z.literal('send'),
  idempotencyKey: idempotencyKeySchema,
  text,
  attachments: fileListSchema,
};

/** The composer of an open thread (customer and professional). */
export const composerSchema = z.object(composerFields).superRefine(refineMessage);

/**
 * A professional's composer: optionally a questionnaire the customer is invited to answer
 * (ADR 0042; the form's id from the list the page offers, checked again by the service).
 */
export const staffComposerSchema = z
  .object({ ...composerFields, questionnaireFormId: z.coerce.number().int().positive().optional() })
  .superRefine(refineMessage);

/** An HR user's message in their company's thread (ADR 0042): text only. */
export const hrMessageSchema = z.object({
  intent: z.literal('send'),
  idempotencyKey: idempotencyKeySchema,
  text: refuseControlCharacters(
    z.string({ error: MESSAGES.messageRequired }).trim().min(1, MESSAGES.messageRequired).max(MESSAGE_MAX_LENGTH, MESSAGES.messageTooLong),
    {
      multiline: true,
    },
  ),
});

/** An HR user's new conversation with the company's care team (ADR 0042). */
export const hrNewThreadSchema = z.object({
  intent: z.literal('new'),
  idempotencyKey: idempotencyKeySchema,
  threadType: z.enum(['Hr', 'Supervisor'], { error: 'messaging.hr.typeRequired' satisfies TextKey }),
  subject,
  text: refuseControlCharacters(
    z.string({ error: MESSAGES.messageRequired }).trim().min(1, MESSAGES.messageRequired).max(MESSAGE_MAX_LENGTH, MESSAGES.messageTooLong),
    {
      multiline: true,
    },
  ),
});

/** A new conversation: recipient from the care team, subject, message, attachments. */
export const newThreadSchema = z
  .object({
    recipientId: z.uuid({ error: MESSAGES.recipientRequired }),
    subject,
    text,
    idempotencyKey: idempotencyKeySchema,
    attachments: fileListSchema,
  })
  .superRefine(refineMessage);
