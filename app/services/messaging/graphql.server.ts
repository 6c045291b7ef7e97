/**
 * The customer messaging API (spec 1 §7): a GraphQL schema (graphql-js) whose resolvers call
 * the same services as the pages, for the logged-in customer only. Validation problems (a bad
 * document, bad input) are `ValidationError`s that the route answers with 400 and
 * `{ error: { type: 'ValidationError', details: [...] } }` (spec 1 §8); someone else's thread is
 * `null` (queries) or a `NotFound` (mutations). Introspection is off in production.
 * A document over a limit (length, tokens, aliases, fields, depth; a mutation selects one field:
 * app/services/security/graphql-limit-rules.ts) is a ValidationError with a `code`, refused
 * before the schema's rules and execution; a customer over their hourly messages or uploads
 * gets `TooManyRequests` (429) and nothing is created.
 * docs/decisions/0014-secure-messaging.md
 */
import { buildSchema, execute, NoSchemaIntrospectionCustomRule, specifiedRules, validate, type ExecutionResult } from 'graphql';
import { isDatabaseId } from '~/models/ids';
import { env } from '~/env.server';
import { documentLimitsRule, parseWithinLimits, type GraphqlLimitCode, type GraphqlLimits } from '~/services/security/graphql-limit-rules';
import { hitPersonLimit, type PersonLimit } from '~/services/security/person-limits.server';
import type { Language } from '~/i18n/config';
import { hasControlCharacters } from '~/models/text';
import {
  isValidSubject,
  MAX_ATTACHMENTS_PER_MESSAGE,
  MESSAGE_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  THREAD_TYPES,
  type AbsenceNoticeView,
  type ThreadView,
} from '~/models/messaging/messaging';
import { pagePath } from '~/route-table';
import type { Db } from '~/services/db/db.server';
import { finishUpload, initUpload, storage } from '~/services/storage/storage.server';
import { logAccess } from '~/services/audit/access-log.server';
import { answerQuestionnaire } from '~/services/records/questionnaires.server';
import { findThreadFor } from './access.server';
import { ATTACHMENT_UPLOAD_POLICY, attachmentType, MESSAGE_ATTACHMENT_PURPOSE } from './attachment-rules';
import { attachmentDownloadUrl, type AttachmentInput } from './attachments.server';
import { careTeamOf, chooseRecipient } from './care-team.server';
import {
  customerThreadRange,
  isReadByCustomer,
  loadThreadView,
  markThreadRead,
  MESSAGE_LIMIT,
  sendCustomerMessage,
  THREAD_RESOURCE,
  assigneeAbsenceNotices,
  threadPeople,
  type ThreadPeople,
} from './conversations.server';
import { createThreadWithMessage, messageByIdempotencyKey } from './threads.server';

const typeDefs = /* GraphQL */ `
  scalar DateTime

  enum ThreadType {
    Customer
    Hr
    Supervisor
  }

  enum MessagingUserType {
    CustomerUser
    HrUser
    ProfessionalUser
  }

  input PaginationInput {
    limit: Int
    offset: Int
  }

  type MessagingUser {
    id: ID!
    userType: MessagingUserType!
    firstName: String!
    lastName: String!
    title: String
    isMe: Boolean!
  }

  type Attachment {
    id: ID!
    fileName: String!
    contentType: String!
  }

  type QuestionnaireInvitation {
    id: ID!
    answeredAt: DateTime
    questionnaireFormId: ID!
    questionnaireTitle: String!
  }

  type Message {
    id: ID!
    created: DateTime!
    content: String
    author: MessagingUser!
    attachments: [Attachment!]!
    questionnaireInvitations: [QuestionnaireInvitation!]!
    deleted: Boolean!
    deletedBy: String
    deletedAt: DateTime
  }

  type Assignment {
    assignee: MessagingUser!
    assignedAt: DateTime!
  }

  type AbsenceNotice {
    startDate: String!
    endDate: String!
    substituteName: String
  }

  type PaginatedMessages {
    totalCount: Int!
    paginatedMessages: [Message!]!
  }

  type Thread {
    id: ID!
    title: String!
    isActive: Boolean!
    created: DateTime!
    threadType: ThreadType!
    isRead: Boolean!
    participants: [MessagingUser!]!
    assignments: [Assignment!]!
    assigneeAbsences: [AbsenceNotice!]!
    "The first message is the latest."
    messages(pagination: PaginationInput): PaginatedMessages!
  }

  type PaginatedThreads {
    totalCount: Int!
    paginatedThreads: [Thread!]!
  }

  type UploadHeader {
    name: String!
    value: String!
  }

  type AttachmentUpload {
    key: ID!
    url: String!
    method: String!
    headers: [UploadHeader!]!
  }

  input AttachmentInput {
    key: ID!
    fileName: String
  }

  input MessageInput {
    content: String
    attachments: [AttachmentInput!]
    questionnaireInvitations: [ID!]
  }

  type Query {
    threads(pagination: PaginationInput): PaginatedThreads!
    thread(id: ID!, pagination: PaginationInput): Thread
    attachmentDownloadUrl(id: ID!): String
  }

  type Mutation {
    "The upload URL is bound to the file's type and size (ADR 0011), so the file's name, type and size in bytes are given."
    createAttachmentUpload(fileName: String!, contentType: String, byteSize: Int!): AttachmentUpload!
    sendMessageInNewThread(
      title: String!
      type: ThreadType!
      participantIds: [ID!]!
      separateThreadPerParticipant: Boolean
      firstMessage: MessageInput!
      idempotencyKey: String
    ): [String!]!
    sendMessage(threadId: ID!, message: MessageInput!, idempotencyKey: String): Message!
    answerQuestionnaire(questionnaireInvitationId: ID!, answers: String!): Boolean!
    markAsRead(threadId: ID!): Boolean!
  }
`;

const schema = buildSchema(typeDefs);

/** Bad input: answered 400 { error: { type: 'ValidationError', details } }. */
class MessagingValidationError extends Error {
  constructor(readonly details: string[]) {
    super(details.join('; '));
  }
}

/** Over the customer's per-person limit of messages or uploads: answered 429 with Retry-After. */
class MessagingRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

/** Counts `amount` against the customer's limit of this kind; over it, nothing more happens. */
async function withinLimit(ctx: MessagingContext, kind: Exclude<PersonLimit, 'posts'>, amount = 1) {
  const limit = await hitPersonLimit(ctx.db, kind, ctx.customerId, { amount, now: ctx.now });
  if (!limit.allowed) throw new MessagingRateLimitedError(limit.retryAfterSeconds);
}

/** Someone else's (or no) thread, attachment or invitation: answered 404. */
class MessagingNotFoundError extends Error {
  constructor() {
    super('not found');
  }
}

export interface MessagingContext {
  db: Db;
  customerId: string;
  lang: Language;
  now: Date;
}

interface Pagination {
  limit?: number | null;
  offset?: number | null;
}

function page(pagination: Pagination | null | undefined, max: number) {
  const limit = pagination?.limit ?? max;
  const offset = pagination?.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 0 || limit > max || !Number.isInteger(offset) || offset < 0) {
    throw new MessagingValidationError([`pagination: limit 0–${max}, offset ≥ 0`]);
  }
  return { limit, offset };
}

function threadIdOf(value: string): number {
  if (!isDatabaseId(value)) throw new MessagingNotFoundError();
  return Number(value);
}

const splitName = (name: string) => {
  const [firstName = '', ...rest] = name.split(' ');
  return { firstName, lastName: rest.join(' ') };
};

/** A person of a thread as the API's MessagingUser. */
function messagingUser(person: { kind: string; name: string; title: string | null }, id: string) {
  return {
    id,
    userType: person.kind === 'professional' ? 'ProfessionalUser' : 'CustomerUser',
    ...splitName(person.name),
    title: person.title,
    isMe: person.kind === 'self',
  };
}

/** What a thread says of itself and its people (spec 1 §3), the same in `thread` and `threads`. */
function threadFields(thread: { id: number; title: string; threadType: string }, people: ThreadPeople, isRead: boolean) {
  return {
    id: String(thread.id),
    title: thread.title,
    isActive: people.isActive,
    created: people.createdAt,
    threadType: thread.threadType,
    isRead,
    participants: people.participants.map((p) => messagingUser(p, p.id)),
    assignments: people.assignee
      ? [
          {
            assignee: messagingUser({ kind: 'professional', name: people.assignee.name, title: people.assignee.title }, people.assignee.id),
            assignedAt: people.assignee.assignedAt,
          },
        ]
      : [],
  };
}

const absenceNotices = (notices: readonly AbsenceNoticeView[]) =>
  notices.map((n) => ({ startDate: n.startDate, endDate: n.endDate, substituteName: n.substituteName }));

function threadObject(view: ThreadView, customerId: string, isRead: boolean) {
  const messages = view.timeline.flatMap((item) => (item.kind === 'message' ? [item] : [])).reverse();
  const user = messagingUser;
  return {
    ...threadFields(view, { isActive: view.isActive, createdAt: view.createdAt, participants: view.participants, assignee: view.assignee }, isRead),
    assigneeAbsences: absenceNotices(view.timeline.flatMap((item) => (item.kind === 'absence' ? [item] : []))),
    messages: ({ pagination }: { pagination?: Pagination }) => {
      const { limit, offset } = page(pagination, MESSAGE_LIMIT);
      return {
        totalCount: messages.length,
        paginatedMessages: messages.slice(offset, offset + limit).map((m) => ({
          id: String(m.id),
          created: m.at,
          content: m.content,
          author: user(m.author, m.author.kind === 'self' ? customerId : `author-${m.id}`),
          attachments: m.attachments.map((a) => ({ id: a.id, fileName: a.fileName, contentType: a.contentType })),
          questionnaireInvitations: m.questionnaireInvitations.map((i) => ({
            id: String(i.id),
            answeredAt: i.answeredAt,
            questionnaireFormId: String(i.formId),
            questionnaireTitle: i.title,
          })),
          deleted: m.deleted !== null,
          deletedBy: m.deleted?.byName ?? null,
          deletedAt: m.deleted?.at ?? null,
        })),
      };
    },
  };
}

function messageInput(input: {
  content?: string | null;
  attachments?: { key: string; fileName?: string | null }[] | null;
  questionnaireInvitations?: string[] | null;
}) {
  const content = (input.content ?? '').trim();
  const attachments = input.attachments ?? [];
  const details: string[] = [];
  if (content.length === 0 && attachments.length === 0) details.push('message: content or an attachment is required');
  if (content.length > MESSAGE_MAX_LENGTH) details.push(`message: content is at most ${MESSAGE_MAX_LENGTH} characters`);
  if (hasControlCharacters(content, { multiline: true }) || attachments.some((a) => a.fileName && hasControlCharacters(a.fileName))) {
    details.push('message: control characters are not allowed');
  }
  if (attachments.length > MAX_ATTACHMENTS_PER_MESSAGE) details.push(`message: at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments`);
  if (attachments.some((a) => !/^[0-9a-f-]{36}$/i.test(a.key))) details.push('message: attachment key is not an upload key');
  if ((input.questionnaireInvitations ?? []).length) details.push('message: questionnaire invitations are sent by professionals only');
  if (details.length) throw new MessagingValidationError(details);
  return { content, attachments: attachments.map((a): AttachmentInput => ({ id: a.key, fileName: a.fileName })) };
}

/** Completes the customer's uploads (checks size and bytes) before they are linked. */
async function finishUploads(ctx: MessagingContext, attachments: AttachmentInput[]) {
  for (const attachment of attachments) {
    const finished = await finishUpload(ctx.db, storage(), { objectId: attachment.id, userId: ctx.customerId }, ctx.now);
    if (!finished.ok) throw new MessagingValidationError([`attachment ${attachment.fileName ?? ''}: ${finished.reason}`.trim()]);
  }
}

const root = {
  threads: async ({ pagination }: { pagination?: Pagination }, ctx: MessagingContext) => {
    const range = page(pagination, MESSAGE_LIMIT);
    const { items, totalCount } = await customerThreadRange(ctx.db, ctx.customerId, range, ctx.lang);
    // The page's threads' state, people and assignees' absences (the customer's own threads: the list is theirs).
    const people = await threadPeople(
      ctx.db,
      ctx.customerId,
      items.map((item) => item.id),
      ctx.lang,
    );
    const assignees = [...people.values()].flatMap((p) => (p.assignee ? [p.assignee] : []));
    const absences = await assigneeAbsenceNotices(ctx.db, assignees, ctx.now);
    return {
      totalCount,
      paginatedThreads: items.map((item) => ({
        ...threadFields({ id: item.id, title: item.title, threadType: 'Customer' }, people.get(item.id)!, !item.unread),
        assigneeAbsences: absenceNotices(absences.get(people.get(item.id)!.assignee?.id ?? '') ?? []),
        // Each thread with its latest message (spec 1 §7: limit 1, sorted desc).
        messages: () => ({
          totalCount: item.preview ? 1 : 0,
          paginatedMessages: item.preview
            ? [
                {
                  id: `${item.id}-latest`,
                  created: item.lastMessageAt,
                  content: item.preview.text,
                  author: {
                    id: item.preview.author.kind === 'self' ? ctx.customerId : `author-${item.id}`,
                    userType: item.preview.author.kind === 'professional' ? 'ProfessionalUser' : 'CustomerUser',
                    ...splitName(item.preview.author.name),
                    title: item.preview.author.title,
                    isMe: item.preview.author.kind === 'self',
                  },
                  attachments: [],
                  questionnaireInvitations: [],
                  deleted: item.preview.deleted,
                  deletedBy: null,
                  deletedAt: null,
                },
              ]
            : [],
        }),
      })),
    };
  },

  thread: async ({ id }: { id: string }, ctx: MessagingContext) => {
    if (!isDatabaseId(id)) return null;
    const thread = await findThreadFor(ctx.db, { kind: 'customer', personId: ctx.customerId }, Number(id), ctx.now);
    if (!thread) return null;
    const view = await loadThreadView(ctx.db, ctx.customerId, thread, ctx.lang, ctx.now);
    await logAccess(ctx.db, {
      actorPersonId: ctx.customerId,
      subjectPersonId: ctx.customerId,
      action: 'view',
      resource: THREAD_RESOURCE,
      resourceId: String(thread.id),
    });
    // Reading through the API does not mark the thread read: the client calls markAsRead.
    return threadObject(view, ctx.customerId, await isReadByCustomer(ctx.db, ctx.customerId, thread.id));
  },

  attachmentDownloadUrl: async ({ id }: { id: string }, ctx: MessagingContext) => attachmentDownloadUrl(ctx.db, ctx.customerId, id, ctx.now),

  createAttachmentUpload: async (
    { fileName, contentType, byteSize }: { fileName: string; contentType?: string | null; byteSize: number },
    ctx: MessagingContext,
  ) => {
    const type = attachmentType(fileName, contentType);
    if (!type.ok) throw new MessagingValidationError([`attachment ${fileName}: ${type.problem}`]);
    await withinLimit(ctx, 'uploads');
    const init = await initUpload(
      ctx.db,
      storage(),
      {
        ownerId: ctx.customerId,
        userId: ctx.customerId,
        purpose: MESSAGE_ATTACHMENT_PURPOSE,
        contentType: type.contentType,
        fileName,
        byteSize,
        policy: ATTACHMENT_UPLOAD_POLICY,
      },
      ctx.now,
    );
    if (!init.ok) throw new MessagingValidationError([`attachment ${fileName}: ${init.reason}`]);
    return {
      key: init.objectId,
      url: init.upload.url,
      method: init.upload.method,
      headers: Object.entries(init.upload.headers).map(([name, value]) => ({ name, value })),
    };
  },

  sendMessageInNewThread: async (
    args: {
      title: string;
      type: string;
      participantIds: string[];
      separateThreadPerParticipant?: boolean | null;
      firstMessage: Parameters<typeof messageInput>[0];
      idempotencyKey?: string | null;
    },
    ctx: MessagingContext,
  ) => {
    const details: string[] = [];
    if (!isValidSubject(args.title)) details.push(`title: 1–${SUBJECT_MAX_LENGTH} characters, no control characters`);
    if (args.type !== 'Customer') details.push(`type: customers start ${THREAD_TYPES[0]} threads only`);
    if (args.participantIds.length === 0) details.push('participantIds: at least one');
    if (args.participantIds.length > 1 && !args.separateThreadPerParticipant) details.push('participantIds: one recipient per thread');
    // One thread per recipient: the same recipient twice would be a second copy of the thread.
    if (new Set(args.participantIds).size !== args.participantIds.length) details.push('participantIds: each recipient once');
    if (details.length) throw new MessagingValidationError(details);
    const message = messageInput(args.firstMessage);
    const team = await careTeamOf(ctx.db, ctx.customerId, ctx.now);
    for (const id of args.participantIds) {
      if (!chooseRecipient(team, id)) throw new MessagingValidationError([`participantIds: ${id} is not in your care team`]);
    }
    // A resent request (its key already used) creates nothing and is not counted again.
    if (!(args.idempotencyKey && (await messageByIdempotencyKey(ctx.db, ctx.customerId, `${args.idempotencyKey}:0`)))) {
      await withinLimit(ctx, 'messages', args.participantIds.length);
    }
    await finishUploads(ctx, message.attachments);
    const urls: string[] = [];
    for (const [i, recipientId] of args.participantIds.entries()) {
      const created = await createThreadWithMessage(ctx.db, {
        customerPersonId: ctx.customerId,
        title: args.title,
        text: message.content,
        recipientId,
        // Attachments go with the first thread (an upload belongs to one message).
        attachments: i === 0 ? message.attachments : [],
        idempotencyKey: args.idempotencyKey ? `${args.idempotencyKey}:${i}` : null,
        now: ctx.now,
      });
      if (!created.ok) throw new MessagingValidationError([`firstMessage: ${created.reason}`]);
      urls.push(pagePath('conversation', ctx.lang, { threadId: String(created.threadId) }));
    }
    return urls;
  },

  sendMessage: async (args: { threadId: string; message: Parameters<typeof messageInput>[0]; idempotencyKey?: string | null }, ctx: MessagingContext) => {
    const threadId = threadIdOf(args.threadId);
    const message = messageInput(args.message);
    if (!(await findThreadFor(ctx.db, { kind: 'customer', personId: ctx.customerId }, threadId, ctx.now))) throw new MessagingNotFoundError();
    if (!(args.idempotencyKey && (await messageByIdempotencyKey(ctx.db, ctx.customerId, args.idempotencyKey)))) await withinLimit(ctx, 'messages');
    await finishUploads(ctx, message.attachments);
    const sent = await sendCustomerMessage(ctx.db, {
      customerId: ctx.customerId,
      threadId,
      text: message.content,
      attachments: message.attachments,
      idempotencyKey: args.idempotencyKey,
      now: ctx.now,
    });
    if (!sent.ok) {
      if (sent.reason === 'not-found') throw new MessagingNotFoundError();
      throw new MessagingValidationError([`message: ${sent.reason}`]);
    }
    const thread = (await findThreadFor(ctx.db, { kind: 'customer', personId: ctx.customerId }, threadId, ctx.now))!;
    const view = await loadThreadView(ctx.db, ctx.customerId, thread, ctx.lang, ctx.now);
    const object = threadObject(view, ctx.customerId, true)
      .messages({})
      .paginatedMessages.find((m) => m.id === String(sent.messageId));
    return object!;
  },

  /**
   * Answers a questionnaire the customer was invited to (ADR 0042) through the questionnaire
   * service the page uses: the answers are the JSON string of spec 3 §7, checked against the
   * form. Someone else's (or no) invitation is NotFound; an answered one stays as it was.
   */
  answerQuestionnaire: async ({ questionnaireInvitationId, answers }: { questionnaireInvitationId: string; answers: string }, ctx: MessagingContext) => {
    const id = threadIdOf(questionnaireInvitationId);
    // The customer's own questionnaires only (not a ward's: those are answered on the page).
    const viewer = { actorId: ctx.customerId, people: [{ id: ctx.customerId, firstName: '', lastName: '' }] };
    const result = await answerQuestionnaire(ctx.db, viewer, { questionnaireInvitationId: id, answers }, ctx.now);
    switch (result) {
      case 'saved':
        return true;
      case 'notFound':
        throw new MessagingNotFoundError();
      case 'alreadyAnswered':
        throw new MessagingValidationError(['questionnaireInvitationId: the questionnaire has already been answered']);
      case 'invalid':
        throw new MessagingValidationError(['answers: a JSON object that answers the questionnaire’s required questions']);
    }
  },

  markAsRead: async ({ threadId }: { threadId: string }, ctx: MessagingContext) => {
    const id = threadIdOf(threadId);
    if (!(await findThreadFor(ctx.db, { kind: 'customer', personId: ctx.customerId }, id, ctx.now))) throw new MessagingNotFoundError();
    await markThreadRead(ctx.db, { kind: 'customer', personId: ctx.customerId }, id, ctx.now);
    return true;
  },
};

export type MessagingApiAnswer =
  | { status: 200; body: ExecutionResult }
  | { status: 400; body: { error: { type: 'ValidationError'; code?: GraphqlLimitCode; details: string[] } } }
  | { status: 404; body: { error: { type: 'NotFound' } } }
  | { status: 429; body: { error: { type: 'TooManyRequests'; retryAfterSeconds: number } } };

/** The document limits of this deployment (GRAPHQL_* variables). */
function graphqlLimits(): GraphqlLimits {
  const e = env();
  return {
    maxDocumentChars: e.GRAPHQL_MAX_DOCUMENT_CHARS,
    maxTokens: e.GRAPHQL_MAX_TOKENS,
    maxAliases: e.GRAPHQL_MAX_ALIASES,
    maxFields: e.GRAPHQL_MAX_FIELDS,
    maxDepth: e.GRAPHQL_MAX_DEPTH,
  };
}

/** Without introspection the schema stays unlisted: no "Did you mean …?" hints either. */
const withoutSuggestions = (message: string) => message.replace(/ Did you mean .*\?$/, '');

/**
 * Runs one GraphQL request for the customer; the status and body the route answers with. The
 * document's limits are checked first (length, tokens, then aliases, fields, depth and one
 * mutation field), so a costly document is refused before the schema's rules and execution.
 */
export async function runMessagingQuery(
  ctx: MessagingContext,
  request: { query: unknown; variables?: unknown; operationName?: unknown },
  options: { introspection: boolean; limits?: Partial<GraphqlLimits> },
): Promise<MessagingApiAnswer> {
  const invalid = (details: string[], code?: GraphqlLimitCode): MessagingApiAnswer => ({
    status: 400,
    body: { error: { type: 'ValidationError', ...(code ? { code } : {}), details } },
  });
  const limits = { ...graphqlLimits(), ...options.limits };
  if (typeof request.query !== 'string') return invalid(['query: a GraphQL document is required']);
  if (request.variables !== undefined && request.variables !== null && (typeof request.variables !== 'object' || Array.isArray(request.variables))) {
    return invalid(['variables: an object']);
  }
  const parsed = parseWithinLimits(request.query, limits);
  if (!parsed.ok) return 'refusal' in parsed ? invalid([parsed.refusal.message], parsed.refusal.code) : invalid([parsed.syntaxError]);
  const { document } = parsed;
  const tooCostly = validate(schema, document, [documentLimitsRule(limits, { skipIntrospection: options.introspection })]);
  if (tooCostly.length)
    return invalid(
      tooCostly.map((e) => e.message),
      tooCostly[0]!.extensions.code as GraphqlLimitCode,
    );
  const rules = options.introspection ? specifiedRules : [...specifiedRules, NoSchemaIntrospectionCustomRule];
  const errors = validate(schema, document, rules);
  if (errors.length) return invalid(errors.map((e) => (options.introspection ? e.message : withoutSuggestions(e.message))));
  const result = await execute({
    schema,
    document,
    rootValue: root,
    contextValue: ctx,
    variableValues: (request.variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: typeof request.operationName === 'string' ? request.operationName : undefined,
  });
  const originals = (result.errors ?? []).map((e) => e.originalError);
  const validation = originals.filter((e): e is MessagingValidationError => e instanceof MessagingValidationError);
  if (validation.length) return invalid(validation.flatMap((e) => e.details));
  // Variables that do not fit the schema are also bad input.
  const coercion = (result.errors ?? []).filter((e) => !e.originalError && !e.path);
  if (coercion.length) return invalid(coercion.map((e) => e.message));
  if (originals.some((e) => e instanceof MessagingNotFoundError)) return { status: 404, body: { error: { type: 'NotFound' } } };
  const limited = originals.find((e): e is MessagingRateLimitedError => e instanceof MessagingRateLimitedError);
  if (limited) return { status: 429, body: { error: { type: 'TooManyRequests', retryAfterSeconds: limited.retryAfterSeconds } } };
  if (originals.some((e) => e !== undefined)) throw originals.find((e) => e !== undefined);
  return { status: 200, body: result };
}
