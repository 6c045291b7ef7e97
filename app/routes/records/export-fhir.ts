/**
 * POST /api/records/export/fhir (the page's form: `csrf`, `lang`, `person` for a ward under 12):
 * "Download my data" as a FHIR R4 JSON Bundle for
 * another provider (ADR 0035), streamed entry by entry. Only the person themself or a guardian of a ward
 * under 12; anyone else's id is 404. One access-log row, rate-limited per person, never cached.
 * A GET changes nothing: it leads to the page (issue 39).
 */
import { methodNotAllowed } from '~/lib/http/api.server';
import { downloadHeaders, exportRequest, toExportPage } from '~/lib/http/records-export.server';
import { exportFhirStream } from '~/services/records/export-fhir.server';
import type { Route } from './+types/export-fhir';

export function loader({ request, context }: Route.LoaderArgs) {
  return toExportPage(context, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST');
  const req = await exportRequest(context, request, 'fhir');
  if (req instanceof Response) return req;
  return new Response(exportFhirStream(req), { headers: downloadHeaders('application/fhir+json; charset=utf-8', req.fileName) });
}
