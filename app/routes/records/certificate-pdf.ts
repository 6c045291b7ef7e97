/**
 * GET /api/certificates/{id}/pdf?lang=fi: one sick-leave certificate as a PDF download, only to
 * the patient (or a guardian of a ward under 12), never cached; anyone else's id is 404. The
 * children's brand has no certificates (spec 3 §6). The file name is in the PDF's language.
 */
import { brand } from '~/brands';
import { portalContext } from '~/context';
import { env } from '~/env.server';
import { isLanguage } from '~/i18n/config';
import { fixedT } from '~/i18n/i18n.server';
import { requireApiAuth } from '~/lib/http/api.server';
import { pdfResponseHeaders } from '~/lib/pdf.server';
import { getDb } from '~/services/db/db.server';
import { recordViewerOf } from '~/services/people/viewer.server';
import { certificateFileName, certificatePdf } from '~/services/records/certificate-pdf.server';
import { getCertificate } from '~/services/records/records.server';
import { notFoundText } from '~/lib/http/responses';
import type { Route } from './+types/certificate-pdf';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = requireApiAuth(context);
  if (env().BRAND !== 'general') return notFoundText();
  const portal = context.get(portalContext);
  const requested = new URL(request.url).searchParams.get('lang');
  const lang = isLanguage(requested) ? requested : portal.lang;
  const id = Number(params.id);
  const row = Number.isSafeInteger(id) && id > 0 ? await getCertificate(await getDb(), recordViewerOf(auth), id) : null;
  if (!row) return notFoundText();
  const t = fixedT(context, lang);
  const bytes = await certificatePdf(row, t, lang, brand(portal.brand).name);
  return new Response(new Uint8Array(bytes), { headers: pdfResponseHeaders(certificateFileName(row, t)) });
}
