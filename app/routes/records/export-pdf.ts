/**
 * GET /api/records/export/pdf?lang=fi[&person=<ward id>]: "Download my data" as a PDF (ADR 0035),
 * streamed as it is drawn. Only the person themself or a guardian of a ward under 12; anyone
 * else's id is 404. A GET that only reads (no identity code in the URL); one access-log row,
 * rate-limited per person, never cached.
 */
import { downloadHeaders, exportRequest } from '~/lib/http/records-export.server';
import { exportPdfStream } from '~/services/records/export-pdf.server';
import type { Route } from './+types/export-pdf';

export async function loader({ request, context }: Route.LoaderArgs) {
  const req = await exportRequest(context, request, 'pdf');
  if (req instanceof Response) return req;
  return new Response(exportPdfStream(req), { headers: downloadHeaders('application/pdf', req.fileName) });
}
