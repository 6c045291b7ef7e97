/**
 * "Download my data" as a PDF for a person (ADR 0035): every section with a heading, in the
 * person's language, DejaVu Sans embedded (å, ä, ö intact), tagged (ADR 0043: H1 the title, a
 * Sect with an H2 per section, H3 per item, P per line). Streamed: PDFKit writes each page
 * out as it fills, and the drawing waits between batches while the reader has not taken what
 * is written, so ten years of history never sit in memory at once.
 */
import type { Language } from '~/i18n/config';
import type { TFunction } from '~/i18n/translate';
import { formatDate, formatDateTime, formatTime } from '~/lib/format';
import { createPdfDocument, PDF_FONTS, tag, type PdfDocument, type PdfStructure } from '~/lib/pdf.server';
import { EXPORT_SECTIONS, type ExportLabTest, type ExportPatient, type ExportSection, type ExportSources } from '~/models/records/export';
import { referenceRangeText, resultNumberText } from './records-rules';

/**
 * Bytes written but not yet read above which the drawing waits for the reader (PDFKit's output
 * is compressed: ≈ 30 bytes an item, so this is a few thousand items).
 */
const HIGH_WATER_BYTES = 64 * 1024;

export interface ExportPdfOptions {
  patient: ExportPatient;
  sources: ExportSources;
  t: TFunction;
  lang: Language;
  brandName: string;
  /** When the export was made (the app's clock). */
  now: Date;
  /** Written-but-unread bytes above which drawing waits (HIGH_WATER_BYTES; tests use less). */
  highWaterBytes?: number;
}

/** The reader went away (the download was cancelled): stop reading the records. */
class ExportCancelled extends Error {}

/** The PDF as a byte stream; an error while reading the records ends the stream with that error. */
export function exportPdfStream(options: ExportPdfOptions): ReadableStream<Uint8Array> {
  const { doc, root } = createPdfDocument({ title: options.t('dataExport.pdf.documentTitle'), author: options.brandName, lang: options.lang });
  let waiting: (() => void) | null = null;
  let cancelled = false;
  const wake = () => {
    const resume = waiting;
    waiting = null;
    resume?.();
  };
  // Between batches: wait while much is written and unread; stop if the reader has gone.
  const drain = async () => {
    if (!cancelled && doc.readableLength >= (options.highWaterBytes ?? HIGH_WATER_BYTES)) await new Promise<void>((resolve) => (waiting = resolve));
    if (cancelled) throw new ExportCancelled();
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        doc.on('data', (chunk: Buffer) => {
          if (cancelled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          // The queue is full: let PDFKit's own buffer hold the rest until the reader pulls.
          if (controller.desiredSize !== null && controller.desiredSize <= 0) doc.pause();
        });
        doc.on('end', () => {
          if (!cancelled) controller.close();
        });
        doc.on('error', (error) => {
          if (!cancelled) controller.error(error);
        });
        drawExport(doc, root, options, drain).then(
          () => {
            root.end();
            doc.end();
          },
          (error: unknown) => {
            if (!cancelled) controller.error(error);
            cancelled = true;
            doc.resume();
            root.end();
            doc.end();
          },
        );
      },
      pull() {
        doc.resume();
        wake();
      },
      cancel() {
        cancelled = true;
        doc.resume();
        wake();
      },
    },
    { highWaterMark: 16 },
  );
}

async function drawExport(doc: PdfDocument, root: PdfStructure, { patient, sources, t, lang, brandName, now }: ExportPdfOptions, drain: () => Promise<void>) {
  doc.info.Subject = `${patient.firstName} ${patient.lastName}`;
  tag(doc, root, 'H1', () => doc.font(PDF_FONTS.bold).fontSize(20).text(t('dataExport.pdf.documentTitle')));
  tag(doc, root, 'P', () => doc.moveDown(0.3).font(PDF_FONTS.regular).fontSize(10).text(brandName));
  doc.moveDown(1).fontSize(11);
  const pair = (label: string, value: string) =>
    tag(doc, root, 'P', () => {
      doc.font(PDF_FONTS.bold).text(`${label}: `, { continued: true });
      doc.font(PDF_FONTS.regular).text(value);
    });
  pair(t('dataExport.pdf.patient'), `${patient.firstName} ${patient.lastName}`);
  pair(t('dataExport.pdf.identityCode'), patient.identityCode);
  pair(t('dataExport.pdf.birthDate'), formatDate(patient.birthDate, lang));
  pair(t('dataExport.pdf.created'), formatDateTime(now, lang));

  for (const section of EXPORT_SECTIONS) {
    const sect = tag(doc, root, 'Sect');
    tag(doc, sect, 'H2', () =>
      doc
        .moveDown(1.2)
        .font(PDF_FONTS.bold)
        .fontSize(16)
        .text(t(`dataExport.pdf.sections.${section}`)),
    );
    doc.moveDown(0.4).fontSize(10);
    const count = await drawSection(doc, sect, section, sources, t, lang, drain);
    if (count === 0) tag(doc, sect, 'P', () => doc.font(PDF_FONTS.regular).text(t('dataExport.pdf.empty')));
    // Ended, each section's elements are written out and let go (ten years of history never sit in memory).
    sect.end();
  }
}

/** Draws one section's items batch by batch under `sect`; returns how many there were. */
async function drawSection(
  doc: PdfDocument,
  sect: PdfStructure,
  section: ExportSection,
  sources: ExportSources,
  t: TFunction,
  lang: Language,
  drain: () => Promise<void>,
) {
  let count = 0;
  const heading = (text: string) => tag(doc, sect, 'H3', () => doc.moveDown(0.6).font(PDF_FONTS.bold).fontSize(11).text(text).fontSize(10));
  const line = (label: string, value: string) =>
    tag(doc, sect, 'P', () => {
      doc.font(PDF_FONTS.bold).text(`${label}: `, { continued: true });
      doc.font(PDF_FONTS.regular).text(value);
    });
  const plain = (text: string) => tag(doc, sect, 'P', () => doc.font(PDF_FONTS.regular).text(text));

  const each = async <T>(batches: AsyncIterable<T[]>, draw: (item: T) => void) => {
    for await (const batch of batches) {
      for (const item of batch) {
        draw(item);
        count++;
      }
      await drain();
    }
  };

  switch (section) {
    case 'appointments':
      await each(sources.appointments(), (a) => {
        heading(`${formatDateTime(a.startAt, lang)}–${formatTime(a.endAt, lang)} ${a.kindName}`);
        plain(a.specialtyName);
        line(t('dataExport.pdf.appointment.practitioner'), a.practitioner);
        line(
          t('dataExport.pdf.appointment.place'),
          a.isRemote ? t('dataExport.pdf.appointment.remote') : [a.clinicName, a.clinicAddress].filter(Boolean).join(', '),
        );
        if (a.cancelled) plain(t('dataExport.pdf.appointment.cancelled'));
        else if (a.checkedIn) plain(t('dataExport.pdf.appointment.checkedIn'));
      });
      break;
    case 'visits':
      await each(sources.visits(), (v) => {
        heading(formatDateTime(v.startAt, lang));
        line(t('dataExport.pdf.visit.practitioner'), v.practitioner);
        line(t('dataExport.pdf.visit.specialty'), v.specialty);
        if (v.diagnoses.length) {
          line(t('dataExport.pdf.visit.diagnoses'), v.diagnoses.map((d) => `${d.code} ${d.description}`).join('; '));
        }
        for (const text of v.texts) {
          tag(doc, sect, 'H4', () => doc.moveDown(0.2).font(PDF_FONTS.bold).text(text.title));
          plain(text.body);
        }
      });
      break;
    case 'laboratory':
      await each(sources.laboratory(), (day) => {
        heading(formatDate(day.date, lang));
        for (const test of day.tests) {
          drawLabTest(doc, sect, test, t, lang, 0);
          for (const item of test.items) drawLabTest(doc, sect, item, t, lang, 1);
        }
      });
      break;
    case 'imaging':
      await each(sources.imaging(), (r) => {
        heading(`${formatDate(r.date, lang)} ${r.examinationName}`);
        if (r.statementText) line(t('dataExport.pdf.imaging.statement'), r.statementText);
        else plain(t('dataExport.pdf.imaging.noStatement'));
      });
      break;
    case 'prescriptions':
      await each(sources.prescriptions(), (p) => {
        heading(`${p.medicineName} ${p.strength}`);
        line(t('dataExport.pdf.prescription.issued'), formatDate(p.issuedDate, lang));
        line(t('dataExport.pdf.prescription.package'), `${p.medicineType}, ${p.packageText}`);
        line(t('dataExport.pdf.prescription.amount'), p.totalAmount);
        line(t('dataExport.pdf.prescription.dosage'), p.dosageGuide);
        line(t('dataExport.pdf.prescription.usage'), p.usageGuide);
        if (p.isRenewable) plain(t('dataExport.pdf.prescription.renewable'));
      });
      break;
    case 'vaccinations':
      await each(sources.vaccinations(), (v) => {
        heading(v.name);
        line(t('dataExport.pdf.vaccination.date'), formatDate(v.date, lang));
        line(t('dataExport.pdf.vaccination.practitioner'), v.practitionerName);
        if (v.effectiveUntil) line(t('dataExport.pdf.vaccination.validUntil'), formatDate(v.effectiveUntil, lang));
      });
      break;
    case 'certificates':
      await each(sources.certificates(), (c) => {
        heading(`${formatDate(c.startDate, lang)}–${formatDate(c.endDate, lang)}`);
        line(t('dataExport.pdf.certificate.diagnosis'), c.diagnosisCode ?? t('dataExport.pdf.certificate.diagnosisHidden'));
        line(t('dataExport.pdf.certificate.issuedBy'), c.practitioner);
        line(t('dataExport.pdf.certificate.issuedOn'), formatDate(c.createdAt, lang));
      });
      break;
  }
  return count;
}

function drawLabTest(doc: PdfDocument, sect: PdfStructure, test: ExportLabTest, t: TFunction, lang: Language, level: number) {
  const indent = level * 16;
  tag(doc, sect, 'P', () => doc.font(PDF_FONTS.bold).text(`${test.displayName} (${test.code})`, { indent }));
  if (test.items.length && test.status === 'ready') return;
  const result =
    test.status !== 'ready'
      ? t('dataExport.pdf.lab.pending')
      : test.resultNumber !== null
        ? `${resultNumberText(test.resultNumber, test.comparator, lang)}${test.unit ? ` ${test.unit}` : ''}${test.isWithinReferenceRange === false ? ` (${t('dataExport.pdf.lab.outsideRange')})` : ''}`
        : (test.resultText ?? '');
  const row = (label: string, value: string) => {
    tag(doc, sect, 'P', () => doc.font(PDF_FONTS.regular).text(`${label}: ${value}`, { indent: indent + 12 }));
  };
  if (result) row(t('dataExport.pdf.lab.result'), result);
  const range = referenceRangeText(test.referenceMin, test.referenceMax, test.unit, lang);
  if (range) row(t('dataExport.pdf.lab.referenceRange'), range);
  if (test.description) row(t('dataExport.pdf.lab.note'), test.description);
  if (test.additionalResult) row(t('dataExport.pdf.lab.note'), test.additionalResult);
}
