/**
 * Reading a message form (multipart: text and files) in an action. The body is refused (413)
 * above a hard ceiling before it is parsed; under it the files' own limits are checked by the
 * schema and the services, so the typed text comes back with the error.
 */
import { parseWithZod } from '@conform-to/zod';
import { data } from 'react-router';
import type { z } from 'zod';
import { MAX_TOTAL_ATTACHMENT_BYTES } from '~/models/messaging/messaging';

/** Twice the attachment limit: room for a too-large selection to be answered with the form kept. */
export const MAX_MESSAGE_FORM_BYTES = 2 * MAX_TOTAL_ATTACHMENT_BYTES + 1024 * 1024;

export async function readMessageForm<S extends z.ZodTypeAny>(request: Request, schema: S) {
  const length = Number(request.headers.get('Content-Length') ?? '0');
  if (Number.isFinite(length) && length > MAX_MESSAGE_FORM_BYTES) throw data({ error: 'tooLarge' }, { status: 413 });
  const formData = await request.formData();
  return { formData, submission: parseWithZod(formData, { schema }) };
}
