/**
 * Secure messaging (spec 1 §3–§5): value lists, limits, view types and where the messages link
 * shows (`showsMessages`); the form schemas live in ./schemas.ts.
 */
import type { BrandKey } from '~/brands';
import type { Features } from '../features';
import { hasControlCharacters } from '../text';

/**
 * Where the navigation has the messages link (spec 1 §2 and §6, spec 2 §6): the general brand,
 * an occupational customer, both messaging flags on. The one rule: the navigation
 * (components/shell/navigation.ts), the pages that offer writing a message and the unread badge
 * (`messagesInNavigation` of conversations.server) ask it.
 */
export const showsMessages = (input: { brand: BrandKey; features: Features; isOccupational: boolean }): boolean =>
  input.brand === 'general' && input.isOccupational && input.features['customer-messaging-enabled'] && input.features['customer-messaging-allowed'];

export const PROFESSIONAL_TYPES = ['Doctor', 'Nurse', 'Physiotherapist', 'Psychologist'] as const;
export type ProfessionalType = (typeof PROFESSIONAL_TYPES)[number];

export const THREAD_TYPES = ['Customer', 'Hr', 'Supervisor'] as const;
export type ThreadType = (typeof THREAD_TYPES)[number];

/** The company-thread types an HR user starts (spec 1 §3 threadType; ADR 0042). `Customer` is the patients'. */
export const HR_THREAD_TYPES = ['Hr', 'Supervisor'] as const satisfies readonly ThreadType[];
export type HrThreadType = (typeof HR_THREAD_TYPES)[number];

export const ANNOUNCEMENT_TYPES = ['info', 'notification', 'warning', 'success'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/**
 * Professionals' thread categories (spec 1 §3 ThreadCategory): the customer-thread ones, and the
 * client companies' `Hr`/`Supervisor` threads: open, those of an absent assignee whom the
 * professional substitutes today, and closed (ADR 0042).
 */
export const THREAD_CATEGORIES = [
  'assignedToMe',
  'unassigned',
  'participant',
  'others',
  'closed',
  'substitutions',
  'hrOpen',
  'hrSubstitutions',
  'hrClosed',
] as const;
export type ThreadCategory = (typeof THREAD_CATEGORIES)[number];

/** Spec 1 §9. */
export const SUBJECT_MAX_LENGTH = 70;
/** Not in the spec: a message body this long is far beyond any real message (DB check 20 000). */
export const MESSAGE_MAX_LENGTH = 10_000;
export const THREADS_PER_PAGE = 10;
export const THREAD_LIST_POLL_MS = 120_000;
export const SCROLL_TO_LAST_DELAY_MS = 100;
export const DELETE_REASON_MAX_LENGTH = 500;

/** Spec 1 §5/§9: the combined size of the selected files (9 MiB). */
export const MAX_TOTAL_ATTACHMENT_BYTES = 9_437_184;
/** Not in the spec: at most this many files in one message. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;

/** Spec 1 §5: a message can be sent only with trimmed text or at least one attachment. */
export function hasContent(text: string, attachmentCount: number): boolean {
  return text.trim().length > 0 || attachmentCount > 0;
}

export function isValidSubject(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= SUBJECT_MAX_LENGTH && !hasControlCharacters(trimmed);
}

/** How long the open conversation waits between refreshes while it is visible (JS only). */
export const THREAD_POLL_MS = 30_000;

export type Localized = { fi: string; sv: string; en: string };

/** A person as shown in messaging: the customer ("you" to themself) or a professional. */
export interface AuthorView {
  kind: 'self' | 'customer' | 'professional';
  name: string;
  /** The professional's title (in the page's language); null for customers. */
  title: string | null;
}

export interface AttachmentView {
  id: string;
  fileName: string;
  contentType: string;
  byteSize: number;
}

export interface MessageView {
  kind: 'message';
  id: number;
  /** ISO instant. */
  at: string;
  author: AuthorView;
  /** Null when the message is deleted. */
  content: string | null;
  attachments: AttachmentView[];
  /** Questionnaires a professional's message invites the customer to answer (ADR 0042). */
  questionnaireInvitations: QuestionnaireInvitationView[];
  deleted: { at: string; byName: string; reason: string | null } | null;
}

/** A questionnaire invitation carried by a message (spec 1 §3 Message.questionnaireInvitations). */
export interface QuestionnaireInvitationView {
  id: number;
  formId: number;
  /** The questionnaire's title in the page's language. */
  title: string;
  /** ISO instant; null while unanswered. */
  answeredAt: string | null;
  /** `answeredAt` as a Helsinki date in the page's language. */
  answeredOn: string | null;
}

export interface AbsenceNoticeView {
  kind: 'absence';
  /** ISO instant of the absence's first day, 00:00 in Helsinki (its place in the timeline). */
  at: string;
  name: string;
  startDate: string;
  endDate: string;
  substituteName: string | null;
}

export type TimelineItem = MessageView | AbsenceNoticeView;

export interface ThreadListItem {
  id: number;
  title: string;
  unread: boolean;
  lastMessageAt: string | null;
  preview: { author: AuthorView; text: string | null; deleted: boolean; attachmentCount: number } | null;
}

export interface ThreadListPage {
  items: ThreadListItem[];
  page: number;
  pageCount: number;
  totalCount: number;
}

export interface ParticipantView {
  /** The person's id (a professional's is also what a new conversation is addressed to). */
  id: string;
  kind: 'self' | 'customer' | 'professional';
  name: string;
  title: string | null;
}

export interface ThreadView {
  id: number;
  title: string;
  isActive: boolean;
  threadType: ThreadType;
  /** The client company of an `Hr`/`Supervisor` thread (ADR 0042); null otherwise. */
  companyName: string | null;
  createdAt: string;
  participants: ParticipantView[];
  assignee: { id: string; name: string; title: string | null; assignedAt: string } | null;
  timeline: TimelineItem[];
}

export type FormattedItem = (MessageView & { time: string; deletedOn: string | null }) | (AbsenceNoticeView & { period: string });

/** One Helsinki day of the timeline, its heading and times formatted on the server. */
export interface FormattedDayGroup {
  date: string;
  /** The day's heading, e.g. "ti 2.6.2026". */
  label: string;
  items: FormattedItem[];
}
