/**
 * Route glue of the messaging pages that send a message (new conversation, thread, staff
 * thread, the HR user's new conversation and thread): reading the form and the send action they
 * share.
 *
 * The body is limited before it reaches the page (UPLOAD_BODY_MAX_BYTES, server.ts: over it the
 * 413 page) and read here as a stream (app/lib/http/form-stream.server.ts) within the files'
 * own limits: a selection over them is not kept but answered with the form, its typed text and
 * the translated error, as the schema answers it when the browser checks it first. A resent
 * form (double click, a retry after a timeout) finds the message it already sent; files kept
 * for a message that is then refused are deleted again. A customer over their per-person limit
 * of messages or uploads gets 429 with the form kept and nothing stored.
 */
import type { Submission, SubmissionResult } from '@conform-to/dom';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import { MAX_ATTACHMENTS_PER_MESSAGE, MAX_TOTAL_ATTACHMENT_BYTES } from '~/models/messaging/messaging';
import type { AttachmentInput } from '~/services/messaging/attachments.server';
import type { Db } from '~/services/db/db.server';
import { isTooManyMessages } from '~/services/messaging/limit-rules';
import { messageByIdempotencyKey } from '~/services/messaging/threads.server';
import { discardUploads, storeMessageFiles, type FileRefusal } from '~/services/messaging/uploads.server';
import type { AccessCheck } from '~/services/storage/storage.server';
import { hitPersonLimit } from '~/services/security/person-limits.server';
import { noteRetryAfter, retryAfterHeader, retryAfterMinutes } from './person-limits.server';
import { MalformedForm, readMultipartForm, type MultipartLimits } from './form-stream.server';

/**
 * A message form's multipart body: its few fields (the longest, the text, is at most
 * MESSAGE_MAX_LENGTH characters, under a third of 64 KiB in UTF-8: a longer value is cut and
 * still too long for the schema) and its files, each and together within the selection's limit.
 */
const MESSAGE_FORM_LIMITS: MultipartLimits = {
  maxFieldBytes: 64 * 1024,
  maxFields: 20,
  maxFiles: MAX_ATTACHMENTS_PER_MESSAGE,
  maxFileBytes: MAX_TOTAL_ATTACHMENT_BYTES,
  maxTotalFileBytes: MAX_TOTAL_ATTACHMENT_BYTES,
};

/** A message form as read: the form, its submission, and whether its files were over their limit. */
export interface MessageForm<S extends z.ZodTypeAny> {
  formData: FormData;
  submission: Submission<z.input<S>, string[], z.output<S>>;
  /** The files were over their limit and not kept (the form holds empty files with their names). */
  filesOverLimit: boolean;
}

export async function readMessageForm<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<MessageForm<S>> {
  // The staff thread's other forms (assign, close, delete) are urlencoded, within the small limit.
  if (!/^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')) {
    const formData = await request.formData();
    return { formData, submission: parseWithZod(formData, { schema }), filesOverLimit: false };
  }
  try {
    const { formData, filesOverLimit } = await readMultipartForm(request, MESSAGE_FORM_LIMITS);
    return { formData, submission: parseWithZod(formData, { schema }), filesOverLimit };
  } catch (error) {
    if (error instanceof MalformedForm) throw data({ error: 'badRequest' }, { status: 400 });
    throw error;
  }
}

/** What every message form carries besides its text (an HR user's form has no files, ADR 0042). */
interface MessageFormValue {
  idempotencyKey: string;
  attachments?: File[];
}

/** Over a per-person limit: which text the page shows, and in how many minutes it may try again. */
export interface TooMany {
  key: 'messaging.errors.tooManyMessages' | 'messaging.errors.tooManyUploads';
  minutes: number;
}

/**
 * The 400 answer of a message form: the reply, the refused files and the page's "failed" flag;
 * over a per-person limit the 429 answer (with Retry-After) with the same form kept.
 */
function answer<F extends string>(
  flag: F,
  result: SubmissionResult,
  fileErrors: FileRefusal[],
  failed: boolean,
  tooMany?: { key: TooMany['key']; retryAfterSeconds: number },
) {
  const body = {
    result,
    fileErrors,
    ...({ [flag]: failed } as Record<F, boolean>),
    tooMany: tooMany ? { key: tooMany.key, minutes: retryAfterMinutes(tooMany.retryAfterSeconds) } : null,
  };
  return tooMany ? data(body, { status: 429, headers: retryAfterHeader(tooMany.retryAfterSeconds) }) : data(body, { status: 400 });
}

/**
 * Over a per-person limit (messages or uploads): 429 with Retry-After (noted in the context for
 * the page), the form kept, the page's flag off, and the text to show with the minutes to wait.
 */
export function tooManyAnswer<F extends string>(
  context: Readonly<RouterContextProvider> | undefined,
  flag: F,
  result: SubmissionResult,
  key: TooMany['key'],
  retryAfterSeconds: number,
) {
  if (context) noteRetryAfter(context, retryAfterSeconds);
  return answer(flag, result, [], false, { key, retryAfterSeconds });
}

export interface SendMessageOptions<V, Result extends { ok: boolean }, F extends string> {
  /** The name of the page's "the message could not be sent" flag in the action data. */
  failedFlag: F;
  /** Who sends: the author of the message and the uploader of its files. */
  userId: string;
  /** Whose files the attachments are: the thread's customer. */
  ownerId: string;
  /**
   * The customer's per-person limits on messages and uploads apply (the pages and the API share
   * the count). Professionals answer many customers: only the general per-person limit. An HR
   * user's service counts their messages itself and answers `too-many` (see `send`).
   */
  customerLimits: boolean;
  /** The request's context: a 429 answer's Retry-After goes through it (noteRetryAfter). */
  context?: Readonly<RouterContextProvider>;
  /** How the files' owner is checked (the staff's access to the thread); the default otherwise. */
  canAccess?: AccessCheck;
  /** Where a form that was already sent goes: its thread. */
  alreadySent: (again: { threadId: number }) => string;
  /**
   * Sends the message with its kept files. A refusal `{ reason: 'too-many', retryAfterSeconds }`
   * (the service counted the per-person limit of messages) is answered as the customers' is: 429.
   */
  send: (value: V, attachments: AttachmentInput[]) => Promise<Result>;
  /** Where a sent message goes. */
  sentTo: (sent: Extract<Result, { ok: true }>) => string;
  /**
   * The answer to a refused message (its files are already deleted): `failed()` is the form
   * with the "could not be sent" flag, `failed(reply, false)` a field error on the form.
   */
  refused: (
    refusal: Extract<Result, { ok: false }>,
    failed: (result?: SubmissionResult, flag?: boolean) => ReturnType<typeof answer<F>>,
  ) => ReturnType<typeof answer<F>>;
}

/** The send action of a message form after readMessageForm: a 400 answer to return, or a thrown redirect. */
export async function sendMessageForm<V extends MessageFormValue, Result extends { ok: boolean }, F extends string>(
  db: Db,
  form: { submission: Submission<unknown, string[], V>; filesOverLimit: boolean },
  o: SendMessageOptions<V, Result, F>,
) {
  const { submission } = form;
  if (form.filesOverLimit) {
    return answer(o.failedFlag, submission.reply({ fieldErrors: { attachments: ['messaging.errors.attachmentTooLarge'] } }), [], false);
  }
  if (submission.status !== 'success') return answer(o.failedFlag, submission.reply(), [], false);
  const value = submission.value;
  const files = value.attachments ?? [];
  const again = await messageByIdempotencyKey(db, o.userId, value.idempotencyKey);
  if (again) throw redirect(o.alreadySent(again), 303);
  const tooMany = (key: TooMany['key'], retryAfterSeconds: number) => tooManyAnswer(o.context, o.failedFlag, submission.reply(), key, retryAfterSeconds);
  if (o.customerLimits) {
    // Counted before anything is kept: over a limit, nothing is stored and the text comes back.
    const messages = await hitPersonLimit(db, 'messages', o.userId);
    if (!messages.allowed) return tooMany('messaging.errors.tooManyMessages', messages.retryAfterSeconds);
    if (files.length) {
      const uploads = await hitPersonLimit(db, 'uploads', o.userId, { amount: files.length });
      if (!uploads.allowed) return tooMany('messaging.errors.tooManyUploads', uploads.retryAfterSeconds);
    }
  }
  const stored = await storeMessageFiles(db, { files, ownerId: o.ownerId, userId: o.userId, canAccess: o.canAccess });
  if (!stored.ok) {
    return answer(
      o.failedFlag,
      submission.reply(
        stored.problem === 'files'
          ? {}
          : { fieldErrors: { attachments: [stored.problem === 'too-large' ? 'messaging.errors.attachmentTooLarge' : 'messaging.errors.attachmentTooMany'] } },
      ),
      stored.problem === 'files' ? stored.refusals : [],
      false,
    );
  }
  const sent = await o.send(value, stored.attachments);
  if (!sent.ok) {
    await discardUploads(
      db,
      o.userId,
      stored.attachments.map((a) => a.id),
      o.canAccess,
    );
    if (isTooManyMessages(sent)) return tooMany('messaging.errors.tooManyMessages', sent.retryAfterSeconds);
    return o.refused(sent as Extract<Result, { ok: false }>, (result = submission.reply(), flag = true) => answer(o.failedFlag, result, [], flag));
  }
  throw redirect(o.sentTo(sent as Extract<Result, { ok: true }>), 303);
}
