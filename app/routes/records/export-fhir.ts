/**
 * GET /api/records/export/fhir?lang=fi[&person=<ward id>]: "Download my data" as a FHIR R4 JSON
 * Bundle for another provider (ADR 0035), streamed entry by entry. Only the person themself or a
 * guardian of a ward under 12; anyone else's id is 404. A GET that only reads (no identity code
 * in the URL); one access-log row, rate-limited per person, never cached.
 */
import { downloadHeaders, exportRequest } from '~/lib/http/records-export.server';
import { exportFhirStream } from '~/services/records/export-fhir.server';
import type { Route } from './+types/export-fhir';

export async function loader({ request, context }: Route.LoaderArgs) {
  const req = await exportRequest(context, request, 'fhir');
  if (req instanceof Response) return req;
  return new Response(exportFhirStream(req), { headers: downloadHeaders('application/fhir+json; charset=utf-8', req.fileName) });
}
