/**
 * "Download my data" (issue 23 part 4, ADR 0035): what one export holds, as plain values the
 * PDF and the FHIR writers share. The services read them in batches (streamed, never the whole
 * history in memory); dates are ISO (`YYYY-MM-DD`) and instants ISO 8601 in UTC. Client-safe.
 */
import type { Language } from '~/i18n/config';

/** The two downloads. */
export const EXPORT_FORMATS = ['pdf', 'fhir'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The sections of an export, in the order the PDF prints them. */
export const EXPORT_SECTIONS = ['appointments', 'visits', 'laboratory', 'imaging', 'prescriptions', 'vaccinations', 'certificates'] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

/** Exports one person may start per hour (both formats together; ADR 0035). */
export const EXPORTS_PER_HOUR = 20;

/** The person the export is of (the patient themself or a ward whose records the viewer may read). */
export interface ExportPatient {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  /** The Finnish personal identity code: in the document only, never in a URL or a log. */
  identityCode: string;
  language: Language;
}

export interface ExportAppointment {
  id: number;
  startAt: string;
  endAt: string;
  durationMinutes: number;
  kindName: string;
  specialtyName: string;
  practitioner: string;
  clinicName: string;
  clinicAddress: string;
  isRemote: boolean;
  cancelled: boolean;
  checkedIn: boolean;
}

export interface ExportVisit {
  id: number;
  startAt: string;
  practitioner: string;
  specialty: string;
  /** ICD-10 codes with their descriptions. */
  diagnoses: Array<{ code: string; description: string }>;
  texts: Array<{ title: string; body: string }>;
}

export type LabComparator = 'greaterThan' | 'greaterThanOrEqual' | 'lessThan' | 'lessThanOrEqual';

export interface ExportLabTest {
  id: number;
  code: string;
  displayName: string;
  status: 'referral' | 'sampled' | 'ready';
  /** Exact decimal text, e.g. '5.4'; null for a text result or a test not ready. */
  resultNumber: string | null;
  comparator: LabComparator | null;
  resultText: string | null;
  unit: string | null;
  referenceMin: string | null;
  referenceMax: string | null;
  isWithinReferenceRange: boolean | null;
  description: string | null;
  additionalResult: string | null;
  /** A package's tests (empty for a single test). */
  items: ExportLabTest[];
}

export interface ExportLabDay {
  date: string;
  tests: ExportLabTest[];
}

export interface ExportImaging {
  id: number;
  examinationName: string;
  date: string;
  statementText: string | null;
}

export interface ExportPrescription {
  id: number;
  medicineName: string;
  strength: string;
  issuedDate: string;
  isRenewable: boolean;
  medicineType: string;
  packageText: string;
  totalAmount: string;
  treatmentLength: number | null;
  treatmentLengthUnit: 'day' | 'week' | 'month' | null;
  dosageGuide: string;
  usageGuide: string;
}

export interface ExportVaccination {
  id: number;
  name: string;
  date: string;
  practitionerName: string;
  effectiveUntil: string | null;
}

export interface ExportCertificate {
  id: number;
  createdAt: string;
  startDate: string;
  endDate: string;
  /** Only when the patient has allowed the diagnosis to be shown (as the certificate PDF). */
  diagnosisCode: string | null;
  practitioner: string;
}

/**
 * Where an export reads its sections: each an async sequence of batches, read once, in order.
 * The route builds it from the records and appointments services (each section reads only what
 * the viewer may see of that person).
 */
export interface ExportSources {
  appointments: () => AsyncIterable<ExportAppointment[]>;
  visits: () => AsyncIterable<ExportVisit[]>;
  laboratory: () => AsyncIterable<ExportLabDay[]>;
  imaging: () => AsyncIterable<ExportImaging[]>;
  prescriptions: () => AsyncIterable<ExportPrescription[]>;
  vaccinations: () => AsyncIterable<ExportVaccination[]>;
  certificates: () => AsyncIterable<ExportCertificate[]>;
}

/** The download's file name, e.g. `terveystiedot-2026-11-25.pdf` (the base name is translated). */
export function exportFileName(baseName: string, date: string, format: ExportFormat): string {
  return format === 'pdf' ? `${baseName}-${date}.pdf` : `${baseName}-${date}.fhir.json`;
}
