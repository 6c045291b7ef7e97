/**
 * The sick-leave certificate as a PDF (PDFKit with DejaVu Sans embedded, so å, ä, ö render):
 * patient and identity code, the period of incapacity, the diagnosis code only when the patient
 * has allowed it, the issuing practitioner and the date of issue.
 */
import type { TFunction } from '~/i18n/translate';
import type { Language } from '~/i18n/config';
import { formatDate } from '~/lib/format';
import { PDF_FONTS, renderPdf } from '~/lib/pdf.server';
import type { getCertificate } from './records.server';

type Certificate = NonNullable<Awaited<ReturnType<typeof getCertificate>>>;

export function certificateFileName(row: Certificate): string {
  return `sairauslomatodistus-${row.certificate.startDate}.pdf`;
}

export function certificatePdf(row: Certificate, t: TFunction, lang: Language, brandName: string): Promise<Buffer> {
  const c = row.certificate;
  const title = t('records.certificates.pdf.title');
  return renderPdf({ title, author: brandName, lang }, (doc) => {
    // Whose certificate it is, also in the metadata (viewers show it; tests read it).
    doc.info.Subject = `${row.patientFirstName} ${row.patientLastName}`;
    doc.font(PDF_FONTS.bold).fontSize(18).text(title);
    doc.moveDown(0.5).font(PDF_FONTS.regular).fontSize(10).text(brandName);
    doc.moveDown(1.5).fontSize(12);
    const line = (label: string, value: string) => {
      doc.font(PDF_FONTS.bold).text(label);
      doc.font(PDF_FONTS.regular).text(value).moveDown(0.6);
    };
    line(t('records.certificates.pdf.patient'), `${row.patientFirstName} ${row.patientLastName}`);
    line(t('records.certificates.pdf.identityCode'), row.identityCode);
    line(t('records.certificates.pdf.period'), `${formatDate(c.startDate, lang)}–${formatDate(c.endDate, lang)}`);
    line(t('records.certificates.pdf.diagnosis'), c.showDiagnosis ? c.diagnosisCode : t('records.certificates.pdf.diagnosisHidden'));
    line(t('records.certificates.pdf.issuedBy'), `${row.practitionerName}, ${row.practitionerTitle[lang]}`);
    line(t('records.certificates.pdf.issuedOn'), formatDate(c.createdAt, lang));
  });
}
