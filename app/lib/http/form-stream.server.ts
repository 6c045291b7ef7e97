/**
 * Form bodies read as streams (busboy), never whole: `request.formData()` keeps every file of a
 * multipart body in memory, whatever its size. Two readers:
 *
 *  - `findFormField`: one field of a form (the CSRF token), from a copy of the body, reading at
 *    most a given number of bytes and stopping at the field. The request's own body stays for
 *    the action; what was read of the copy is all it holds for it.
 *  - `readMultipartForm`: a multipart form with limits on its fields and on each file and the
 *    files together. A file over a limit is not kept (its bytes are read and dropped): the form
 *    holds an empty file with its name in its place and `filesOverLimit` is set, so the page can
 *    answer with its own translated error and the typed text kept.
 *
 * The whole body is limited before either runs (server.ts, app/lib/http/body-limit.server.ts).
 * Neither cancels the request's own body: cancelling it would destroy the connection before the
 * answer is sent (findFormField cancels only its copy).
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import busboy, { type Busboy, type FieldInfo, type FileInfo } from 'busboy';

/** A file's stream as busboy hands it over (`truncated` once it passed the per-file limit). */
type FileStream = Readable & { truncated?: boolean };

const isFormType = (type: string) => /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type.trim());

/** A parser for the body's type, or null when it is not a form (or its type is malformed). */
function parserFor(contentType: string | null, limits: NonNullable<Parameters<typeof busboy>[0]['limits']>): Busboy | null {
  if (!contentType || !isFormType(contentType)) return null;
  try {
    // Browsers send file names in UTF-8 (busboy's default reads them as Latin-1).
    return busboy({ headers: { 'content-type': contentType }, limits, defParamCharset: 'utf8' });
  } catch {
    return null;
  }
}

type PipeOutcome = 'complete' | 'stopped' | 'over-limit';

const ignore = () => {};

/**
 * Lets go of a parser that may be in the middle of the body: destroying it makes it (and an
 * open file stream) emit "Unexpected end of form", which must not be an unhandled error.
 */
function stopParser(parser: Busboy): void {
  parser.on('error', ignore);
  parser.destroy();
}

/**
 * Writes the body into the parser with its back-pressure until the body ends (then waits for the
 * parser to finish), `stop()` says so, or more than `maxBytes` were read. Rejects with the
 * parser's error (a malformed body). `cancel`: the body is a copy (request.clone()), cancelled
 * when done, so that it does not go on holding what the action reads of the request's own.
 */
async function pipeInto(
  body: ReadableStream<Uint8Array>,
  parser: Busboy,
  { stop = () => false, maxBytes = Infinity, cancel = false }: { stop?: () => boolean; maxBytes?: number; cancel?: boolean },
): Promise<PipeOutcome> {
  const reader = body.getReader();
  const failed = once(parser, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => {});
  let read = 0;
  try {
    for (;;) {
      if (stop()) return 'stopped';
      const next = await Promise.race([reader.read(), failed]);
      if (next.done) break;
      read += next.value.byteLength;
      if (read > maxBytes) return 'over-limit';
      if (!parser.write(next.value)) await Promise.race([once(parser, 'drain'), failed]);
    }
    if (stop()) return 'stopped';
    parser.end();
    await Promise.race([finished(parser), failed]);
    return 'complete';
  } finally {
    if (cancel) void reader.cancel().catch(() => {});
    else reader.releaseLock();
  }
}

/**
 * The value of the first field `name` of a urlencoded or multipart body, read from a copy of the
 * body: at most `maxBytes` of it, stopping at the field (files before it are skipped). Null when
 * the body is not a form, the field is not there (or not within `maxBytes`) or the body is
 * malformed.
 */
export async function findFormField(request: Request, name: string, maxBytes: number): Promise<string | null> {
  const parser = parserFor(request.headers.get('Content-Type'), { fieldSize: maxBytes });
  if (!parser || !request.body) return null;
  let found: string | null = null;
  parser.on('field', (field: string, value: string, info: FieldInfo) => {
    if (found === null && field === name && !info.valueTruncated && !info.nameTruncated) found = value;
  });
  parser.on('file', (_field: string, stream: FileStream) => {
    stream.on('error', ignore);
    stream.resume();
  });
  try {
    await pipeInto(request.clone().body!, parser, { stop: () => found !== null, maxBytes, cancel: true });
  } catch {
    return null;
  } finally {
    stopParser(parser);
  }
  return found;
}

export interface MultipartLimits {
  /** Bytes of one field's value; a longer one is cut there (and `fieldsOverLimit` set). */
  maxFieldBytes: number;
  /** Fields (not files); further ones are ignored (and `fieldsOverLimit` set). */
  maxFields: number;
  /** Files kept; one more is kept as an empty file with its name (so a "too many" rule sees it), further ones are ignored. */
  maxFiles: number;
  /** Bytes of one file. */
  maxFileBytes: number;
  /** Bytes of all files together. */
  maxTotalFileBytes: number;
}

export interface MultipartForm {
  /** The fields and files in the order of the body. */
  formData: FormData;
  /** A file, or the files together, were over their limit: no file's bytes were kept (each is an empty file with its name). */
  filesOverLimit: boolean;
  /** A field was cut or ignored. */
  fieldsOverLimit: boolean;
}

/** Thrown for a body that is not a well-formed multipart form. */
export class MalformedForm extends Error {
  constructor() {
    super('malformed multipart form');
  }
}

/** Reads a multipart body as a stream within `limits` (see the module comment). */
export async function readMultipartForm(request: Request, limits: MultipartLimits): Promise<MultipartForm> {
  const parser = parserFor(request.headers.get('Content-Type'), {
    fieldSize: limits.maxFieldBytes,
    fields: limits.maxFields,
    files: limits.maxFiles + 1,
    parts: limits.maxFields + limits.maxFiles + 1,
  });
  if (!parser || !request.body || !/^multipart\//i.test(request.headers.get('Content-Type') ?? '')) throw new MalformedForm();

  interface FileSlot {
    name: string;
    info: FileInfo;
    chunks: Uint8Array<ArrayBuffer>[];
    size: number;
  }
  const entries: Array<{ name: string; value: string } | FileSlot> = [];
  let filesOverLimit = false;
  let fieldsOverLimit = false;
  let files = 0;
  let keptBytes = 0;
  const kept: FileSlot[] = [];
  /** Over a limit: nothing more is kept, and what was kept is let go. */
  const dropFiles = () => {
    filesOverLimit = true;
    for (const slot of kept) slot.chunks = [];
    kept.length = 0;
  };

  parser.on('field', (name: string, value: string, info: FieldInfo) => {
    if (info.valueTruncated || info.nameTruncated) fieldsOverLimit = true;
    entries.push({ name, value });
  });
  parser.on('fieldsLimit', () => (fieldsOverLimit = true));
  parser.on('partsLimit', () => (fieldsOverLimit = true));
  parser.on('file', (name: string, stream: FileStream, info: FileInfo) => {
    stream.on('error', ignore);
    const slot: FileSlot = { name, info, chunks: [], size: 0 };
    entries.push(slot);
    const keep = ++files <= limits.maxFiles;
    if (keep && !filesOverLimit) kept.push(slot);
    stream.on('data', (chunk: Uint8Array<ArrayBuffer>) => {
      slot.size += chunk.byteLength;
      if (!keep || filesOverLimit) return;
      keptBytes += chunk.byteLength;
      if (slot.size > limits.maxFileBytes || keptBytes > limits.maxTotalFileBytes) return dropFiles();
      slot.chunks.push(chunk);
    });
  });

  try {
    await pipeInto(request.body, parser, {});
  } catch {
    throw new MalformedForm();
  } finally {
    stopParser(parser);
  }

  const formData = new FormData();
  for (const entry of entries) {
    if ('value' in entry) formData.append(entry.name, entry.value);
    else formData.append(entry.name, new File(entry.chunks, entry.info.filename ?? '', { type: entry.info.mimeType }));
  }
  return { formData, filesOverLimit, fieldsOverLimit };
}
