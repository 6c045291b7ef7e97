/**
 * Errors as the logs and the error reporter may see them: safe by construction (issue 21).
 *
 * An error's message can carry what the user typed: drizzle's DrizzleQueryError says
 * "Failed query: … params: …" with every bound parameter, PostgreSQL's (node-postgres' and
 * PGlite's) quote values in their message ("invalid input syntax for type integer: "…""), their
 * `detail` ("Key (identity_code)=(…) already exists") and their `where`. So no message, detail,
 * hint, where, query or params is ever kept: an error is described by its class, its code (the
 * PostgreSQL SQLSTATE, a Node.js system error code), the names PostgreSQL gives (schema, table,
 * column, constraint, data type, routine: identifiers of our own schema and of PostgreSQL's
 * source, never values), an HTTP status, and the stack's frames without the message. Its cause
 * chain (and an AggregateError's errors) are described the same way.
 *
 * Pure and dependency-free: the logger, the error reporter and the start script use it.
 */

export interface SafeError {
  /** The error's class (`DrizzleQueryError`, `DatabaseError`, `TypeError`, …). */
  type: string;
  /** PostgreSQL SQLSTATE (e.g. `22021`, `23505`) or a Node.js code (`ECONNREFUSED`). */
  code?: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
  routine?: string;
  syscall?: string;
  status?: number;
  /** The stack's `at …` frames only (no message line). */
  stack?: string;
  cause?: SafeError;
  errors?: SafeError[];
}

const MAX_DEPTH = 4;
const MAX_FRAMES = 30;
const MAX_ERRORS = 5;

/** Identifiers (codes, class and schema names): short, no spaces, no quotes. */
const IDENTIFIER = /^[\w$.:-]{1,128}$/;
const NAMED_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'dataType', 'routine', 'syscall'] as const;

function identifier(value: unknown): string | undefined {
  return typeof value === 'string' && IDENTIFIER.test(value) ? value : undefined;
}

function typeOf(error: object): string {
  const name = (error as { name?: unknown }).name;
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  // drizzle's DrizzleQueryError keeps the name "Error": its class says more.
  const chosen = name === 'Error' && typeof constructorName === 'string' && constructorName !== 'Object' ? constructorName : (name ?? constructorName);
  return identifier(chosen) ?? 'Error';
}

/**
 * The frames of a V8 stack, without its first part ("Type: message", where the message may span
 * lines). When the message is not found verbatim at the start (a rewritten stack), no frame is
 * kept: a frame-looking line could be part of the message.
 */
export function stackFrames(stack: unknown, message: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const text = typeof message === 'string' ? message : '';
  // V8 writes "Type: message" first; anything found earlier lies within "Type" (one line).
  const at = stack.indexOf(text);
  if (at < 0) return undefined;
  const frames = stack
    .slice(at + text.length)
    .split('\n')
    .filter((line) => /^\s+at \S/.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  return frames.length ? frames.join('\n') : undefined;
}

/** An Error, or what looks like one (another realm's, a library's plain object with a message and a stack). */
export function isErrorLike(value: unknown): value is { message: unknown; stack?: unknown } {
  if (value instanceof Error) return true;
  const v = value as { message?: unknown; stack?: unknown } | null;
  return typeof v === 'object' && v !== null && typeof v.message === 'string' && typeof v.stack === 'string';
}

/** Describes any thrown value without its text (see the module comment). */
export function safeError(error: unknown, depth = 0): SafeError {
  if (error === null || typeof error !== 'object') {
    // A thrown string or number may be anything: only its kind is kept.
    return { type: error === null ? 'null' : typeof error };
  }
  const source = error as Record<string, unknown>;
  const safe: SafeError = { type: typeOf(error) };
  for (const field of NAMED_FIELDS) {
    const value = identifier(source[field]);
    if (value !== undefined) safe[field] = value;
  }
  const status = source.status ?? source.statusCode;
  if (typeof status === 'number' && Number.isInteger(status)) safe.status = status;
  const frames = stackFrames(source.stack, source.message);
  if (frames) safe.stack = frames;
  if (depth < MAX_DEPTH) {
    if ('cause' in source && source.cause !== undefined) safe.cause = safeError(source.cause, depth + 1);
    if (Array.isArray(source.errors)) safe.errors = source.errors.slice(0, MAX_ERRORS).map((e) => safeError(e, depth + 1));
  }
  return safe;
}

/** One safely described error in a line: its class and codes (`DatabaseError (code=22021, routine=…)`). */
export function summaryOf(e: SafeError): string {
  const names: string[] = NAMED_FIELDS.filter((f) => f !== 'severity' && e[f] !== undefined).map((f) => `${f}=${e[f]}`);
  if (e.status !== undefined) names.push(`status=${e.status}`);
  return names.length ? `${e.type} (${names.join(', ')})` : e.type;
}

/** One line for any thrown value and its causes, never a message: `DrizzleQueryError ← DatabaseError (code=22021)`. */
export function safeSummary(error: unknown): string {
  const parts: string[] = [];
  for (let e: SafeError | undefined = safeError(error); e; e = e.cause) parts.push(summaryOf(e));
  return parts.join(' ← ');
}

/** A URL or path without its query string and fragment. */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

/**
 * The log line of a failure that stops the process (an uncaught exception, an unhandled
 * rejection, a failed start), for writing to stderr without the logger (which needs a valid
 * configuration): pino's shape and level 60, the error described safely.
 */
export function fatalLine(msg: string, error: unknown): string {
  return `${JSON.stringify({ level: 60, service: 'patient-portal', msg, err: safeError(error) })}\n`;
}
