/**
 * Route glue of the two "Download my data" downloads (ADR 0035): each is a POST of the page's
 * form (the session's CSRF token, checked by the root middleware), answered with the download
 * itself; a GET changes nothing and leads to the page. Who asks and whose records (`person`, a
 * ward under 12, the viewer by default; anyone else 404), the language (`lang`, else the
 * page's), the per-person rate limit (over it: back to the page with a flash), the one
 * access-log row, the sections read through the records and appointments services, and the
 * download's headers (attachment, no-store).
 */
import { redirect, type RouterContextProvider } from 'react-router';
import { brand } from '~/brands';
import { portalContext, type Auth } from '~/context';
import { isLanguage, type Language } from '~/i18n/config';
import { fixedT } from '~/i18n/i18n.server';
import { clock } from '~/lib/clock.server';
import { helsinkiDate } from '~/lib/dates';
import { readBody, requireApiAuth } from '~/lib/http/api.server';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { retryAfterMinutes } from '~/lib/http/person-limits.server';
import { notFoundText } from '~/lib/http/responses';
import { exportFileName, EXPORTS_PER_HOUR, type ExportFormat, type ExportPatient, type ExportSources } from '~/models/records/export';
import { pagePath } from '~/route-table';
import { appointmentHistoryBatches } from '~/services/appointments/history.server';
import { getDb, type Db } from '~/services/db/db.server';
import { recordViewerOf, viewerOf } from '~/services/people/viewer.server';
import {
  certificateBatches,
  exportSubject,
  imagingBatches,
  labDayBatches,
  logExport,
  prescriptionBatches,
  vaccinationBatches,
  visitBatches,
} from '~/services/records/export.server';
import type { ExportPdfOptions } from '~/services/records/export-pdf.server';
import { hitRateLimit } from '~/services/security/rate-limit.server';

/** What a download exports (the PDF's input; the FHIR export reads the same sources) and the file's name. */
export interface ExportRequest extends Omit<ExportPdfOptions, 'highWaterBytes'> {
  fileName: string;
}

/**
 * A GET of a download's address (a bookmark, a link from before the downloads were posts, a
 * prefetch): nothing is read, logged or counted; it leads to the page (in `?lang=`, as the old
 * links said), where the forms are.
 */
export function toExportPage(context: Readonly<RouterContextProvider>, request: Request): Response {
  const requested = new URL(request.url).searchParams.get('lang');
  const lang = isLanguage(requested) ? requested : context.get(portalContext).lang;
  return redirect(pagePath('dataExport', lang), { status: 303, headers: { 'Cache-Control': 'no-store' } });
}

/** The fields of the page's download form: whose data (`person`, absent for one's own) and the language. */
async function exportForm(request: Request): Promise<{ person: string | null; lang: string | null }> {
  const body = await readBody(request);
  const field = (name: string) => (typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : null);
  return { person: field('person'), lang: field('lang') };
}

/**
 * The export to stream for the page's POST, or the Response to answer instead (404, or the
 * redirect when over the limit).
 */
export async function exportRequest(context: Readonly<RouterContextProvider>, request: Request, format: ExportFormat): Promise<ExportRequest | Response> {
  const auth = requireApiAuth(context);
  const portal = context.get(portalContext);
  const form = await exportForm(request);
  const lang = isLanguage(form.lang) ? form.lang : portal.lang;
  const db = await getDb();
  const now = clock.now();
  const viewer = recordViewerOf(auth, now);
  const patient = await exportSubject(db, viewer, form.person);
  if (!patient) return notFoundText();

  const limit = await hitRateLimit(db, `records-export:${auth.person.id}`, EXPORTS_PER_HOUR, 3600, now);
  if (!limit.allowed) {
    return redirectWithFlash(pagePath('dataExport', lang), {
      type: 'error',
      key: 'dataExport.tooMany',
      values: { minutes: String(retryAfterMinutes(limit.retryAfterSeconds)) },
    });
  }

  await logExport(db, viewer, patient.id, format);
  const sources = exportSources(db, auth, patient, lang, now);
  const t = fixedT(context, lang);
  return {
    patient,
    sources,
    t,
    lang,
    brandName: brand(portal.brand).name,
    now,
    fileName: exportFileName(t('dataExport.fileName'), helsinkiDate(now), format),
  };
}

/**
 * The sections of one person's export, each read through its area's service with the asker's
 * viewer (records: recordViewerOf; appointments: viewerOf), so the same rules hold as on the pages.
 */
export function exportSources(db: Db, auth: Pick<Auth, 'person' | 'wards'>, patient: ExportPatient, lang: Language, now = clock.now()): ExportSources {
  const viewer = recordViewerOf(auth, now);
  const appointmentViewer = viewerOf(auth);
  return {
    appointments: () => appointmentHistoryBatches(db, appointmentViewer, patient.id, lang),
    visits: () => visitBatches(db, viewer, patient, lang),
    laboratory: () => labDayBatches(db, viewer, patient),
    imaging: () => imagingBatches(db, viewer, patient),
    prescriptions: () => prescriptionBatches(db, viewer, patient),
    vaccinations: () => vaccinationBatches(db, viewer, patient),
    certificates: () => certificateBatches(db, viewer, patient, lang),
  };
}

/** Headers of a download: attachment with an ASCII and an RFC 5987 file name, never cached. */
export function downloadHeaders(contentType: string, fileName: string): Headers {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return new Headers({
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}
