/**
 * Message attachments (spec 1 §5), pure and client-safe: allowed extensions and the content
 * type each stands for, the combined size limit, and the checks of a selection of files. The
 * storage service then checks every file's bytes against its type (magic bytes), so a renamed
 * executable or an HTML page called `.pdf` is refused whatever the browser says.
 */
import { MAX_ATTACHMENTS_PER_MESSAGE, MAX_TOTAL_ATTACHMENT_BYTES } from '~/models/messaging/messaging';
import type { KnownContentType, UploadPolicy } from '~/services/storage/content-type-rules';

export const MESSAGE_ATTACHMENT_PURPOSE = 'message-attachment';

export { MAX_ATTACHMENTS_PER_MESSAGE, MAX_TOTAL_ATTACHMENT_BYTES } from '~/models/messaging/messaging';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Allowed extensions (case-insensitive) and the type each is stored as. */
export const ATTACHMENT_EXTENSIONS = {
  pdf: 'application/pdf',
  rtf: 'application/rtf',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odt: 'application/vnd.oasis.opendocument.text',
  pptx: PPTX,
  xlsx: XLSX,
  docx: DOCX,
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  jpe: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  csv: 'text/csv',
  txt: 'text/plain',
  text: 'text/plain',
} as const satisfies Record<string, KnownContentType>;

export type AttachmentExtension = keyof typeof ATTACHMENT_EXTENSIONS;

/** What the file input offers (the `accept` attribute). */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_EXTENSIONS)
  .map((ext) => `.${ext}`)
  .join(',');

const ATTACHMENT_TYPES = [...new Set(Object.values(ATTACHMENT_EXTENSIONS))] as KnownContentType[];

/** The storage policy of one attachment (the combined limit is checked over the selection). */
export const ATTACHMENT_UPLOAD_POLICY: UploadPolicy = {
  allowedContentTypes: ATTACHMENT_TYPES,
  maxBytes: MAX_TOTAL_ATTACHMENT_BYTES,
};

/**
 * Types browsers declare for an allowed file besides the one it is stored as: the old Office
 * types (Word, Excel, PowerPoint), RTF as text, and CSV as Excel on Windows. Empty and
 * application/octet-stream mean "unknown": the extension decides.
 */
const DECLARED_ALIASES: Record<string, readonly string[]> = {
  'application/rtf': ['text/rtf'],
  'text/csv': ['application/vnd.ms-excel', 'text/plain', 'application/csv', 'text/comma-separated-values'],
  [DOCX]: ['application/msword'],
  [XLSX]: ['application/vnd.ms-excel'],
  [PPTX]: ['application/vnd.ms-powerpoint'],
  'image/jpeg': ['image/pjpeg'],
};

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

export type FileProblem = 'extension-not-allowed' | 'type-not-allowed';

/**
 * The type a file is stored as, judged by its extension and the type the browser declared;
 * a problem when the extension is not allowed or the declared type contradicts it.
 */
export function attachmentType(
  fileName: string,
  declared: string | null | undefined,
): { ok: true; contentType: KnownContentType } | { ok: false; problem: FileProblem } {
  const extension = extensionOf(fileName);
  if (!(extension in ATTACHMENT_EXTENSIONS)) return { ok: false, problem: 'extension-not-allowed' };
  const contentType = ATTACHMENT_EXTENSIONS[extension as AttachmentExtension];
  const media = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (media === '' || media === 'application/octet-stream' || media === contentType) return { ok: true, contentType };
  if (DECLARED_ALIASES[contentType]?.includes(media)) return { ok: true, contentType };
  return { ok: false, problem: 'type-not-allowed' };
}

export type SelectionProblem = 'too-large' | 'too-many';

/** The combined-size and count rules of a selection (spec: 'Maximum attachment size is 9MB'). */
export function checkSelection(sizes: readonly number[]): SelectionProblem | null {
  if (sizes.length > MAX_ATTACHMENTS_PER_MESSAGE) return 'too-many';
  const total = sizes.reduce((n, s) => n + s, 0);
  return total > MAX_TOTAL_ATTACHMENT_BYTES ? 'too-large' : null;
}
