/**
 * Secure messaging (spec 1 §3–§5): value lists, limits and the form schemas shared by the
 * browser and the server (conform + zod). Client-safe.
 */
import { z } from 'zod';

export const PROFESSIONAL_TYPES = ['Doctor', 'Nurse', 'Physiotherapist', 'Psychologist'] as const;
export type ProfessionalType = (typeof PROFESSIONAL_TYPES)[number];

export const THREAD_TYPES = ['Customer', 'Hr', 'Supervisor'] as const;
export type ThreadType = (typeof THREAD_TYPES)[number];

export const ANNOUNCEMENT_TYPES = ['info', 'notification', 'warning', 'success'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Professionals' thread categories (spec 1 §3 ThreadCategory, the customer-thread ones). */
export const THREAD_CATEGORIES = ['assignedToMe', 'unassigned', 'participant', 'others', 'closed', 'substitutions'] as const;
export type ThreadCategory = (typeof THREAD_CATEGORIES)[number];

/** Spec 1 §9. */
export const SUBJECT_MAX_LENGTH = 70;
/** Not in the spec: a message body this long is far beyond any real message (DB check 20 000). */
export const MESSAGE_MAX_LENGTH = 10_000;
export const THREADS_PER_PAGE = 10;
export const THREAD_LIST_POLL_MS = 120_000;
export const SCROLL_TO_LAST_DELAY_MS = 100;
export const DELETE_REASON_MAX_LENGTH = 500;

/** A form's one-time key (a random UUID written into the form when it is rendered). */
export const idempotencyKeySchema = z.string().uuid();

const subject = z
  .string({ required_error: 'messaging.errors.subjectRequired' })
  .trim()
  .min(1, 'messaging.errors.subjectRequired')
  .max(SUBJECT_MAX_LENGTH, 'messaging.errors.subjectTooLong');

const text = z.string().trim().max(MESSAGE_MAX_LENGTH, 'messaging.errors.messageTooLong').default('');

/**
 * The composer of an open thread. Attachments arrive as uploaded ids (JS) or files (no JS);
 * the "text or at least one attachment" rule is checked with them (`hasContent`).
 */
export const composerSchema = z.object({
  intent: z.literal('send'),
  idempotencyKey: idempotencyKeySchema,
  text,
  attachmentIds: z.array(z.string().uuid()).max(20).default([]),
});

export const newThreadSchema = z.object({
  recipientId: z.string({ required_error: 'messaging.errors.recipientRequired' }).uuid('messaging.errors.recipientRequired'),
  subject,
  text,
  idempotencyKey: idempotencyKeySchema,
  attachmentIds: z.array(z.string().uuid()).max(20).default([]),
});

/** Spec 1 §5: a message can be sent only with trimmed text or at least one attachment. */
export function hasContent(text: string, attachmentCount: number): boolean {
  return text.trim().length > 0 || attachmentCount > 0;
}

export function isValidSubject(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= SUBJECT_MAX_LENGTH;
}
