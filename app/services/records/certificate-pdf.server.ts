/**
 * The sick-leave certificate as a PDF (PDFKit with DejaVu Sans embedded, so å, ä, ö render;
 * tagged, ADR 0043): patient and identity code, the period of incapacity, the diagnosis code
 * only when the patient has allowed it, the issuing practitioner and the date of issue. The
 * file name is in the certificate's language.
 */
import type { TFunction } from '~/i18n/translate';
import type { Language } from '~/i18n/config';
import { formatDate } from '~/lib/format';
import { PDF_FONTS, renderPdf, tag } from '~/lib/pdf.server';
import type { getCertificate } from './records.server';

type Certificate = NonNullable<Awaited<ReturnType<typeof getCertificate>>>;

/** E.g. `sjukledighetsintyg-2026-03-02.pdf` in Swedish: the same language as the certificate. */
export function certificateFileName(row: Certificate, t: TFunction): string {
  return t('records.certificates.pdf.fileName', { date: row.certificate.startDate });
}

export function certificatePdf(row: Certificate, t: TFunction, lang: Language, brandName: string): Promise<Buffer> {
  const c = row.certificate;
  const title = t('records.certificates.pdf.title');
  return renderPdf({ title, author: brandName, lang }, (doc, root) => {
    // Whose certificate it is, also in the metadata (viewers show it; tests read it).
    doc.info.Subject = `${row.patientFirstName} ${row.patientLastName}`;
    tag(doc, root, 'H1', () => doc.font(PDF_FONTS.bold).fontSize(18).text(title));
    tag(doc, root, 'P', () => doc.moveDown(0.5).font(PDF_FONTS.regular).fontSize(10).text(brandName));
    doc.moveDown(1.5).fontSize(12);
    // The facts as a list of label and value, read in that order.
    const list = tag(doc, root, 'L');
    const line = (label: string, value: string) => {
      const item = tag(doc, list, 'LI');
      tag(doc, item, 'Lbl', () => doc.font(PDF_FONTS.bold).text(label));
      tag(doc, item, 'LBody', () => doc.font(PDF_FONTS.regular).text(value).moveDown(0.6));
      item.end();
    };
    line(t('records.certificates.pdf.patient'), `${row.patientFirstName} ${row.patientLastName}`);
    line(t('records.certificates.pdf.identityCode'), row.identityCode);
    line(t('records.certificates.pdf.period'), `${formatDate(c.startDate, lang)}–${formatDate(c.endDate, lang)}`);
    line(t('records.certificates.pdf.diagnosis'), c.showDiagnosis ? c.diagnosisCode : t('records.certificates.pdf.diagnosisHidden'));
    line(t('records.certificates.pdf.issuedBy'), `${row.practitionerName}, ${row.practitionerTitle[lang]}`);
    line(t('records.certificates.pdf.issuedOn'), formatDate(c.createdAt, lang));
    list.end();
  });
}
