/**
 * The sickness fund's rules (spec 2 §9), as numbers the page's Finnish text is filled with.
 * Money in euro cents. Client-safe.
 */
export const SICKNESS_FUND_RULES = {
  effectiveFrom: '2024-01-01',
  nurseVisitOwnShareCents: 500,
  doctorVisitOwnShareCents: 1500,
  doctorVisitsPerYear: 12,
  specialistOwnSharePercent: 50,
  specialistMaxCompensationCents: 20_000,
  specialistVisitsPerYear: 2,
  procedureOwnSharePercent: 50,
  procedureFacilityMaxCents: 30_000,
  psychotherapySessionsPerPeriod: 10,
  psychotherapyOwnSharePercent: 0,
  physiotherapyOwnSharePercent: 50,
  physiotherapyMaxPerYearCents: 50_000,
  nursePhoneHours: { weekdays: '7–21', weekends: '9–18' },
  chatHours: { weekdays: '8–20', weekends: '10–16' },
  messageAnswerBusinessDays: 1,
} as const;

export const SICKNESS_FUND_TABS = ['sairauskassa', 'korvauskaytannot', 'ohjeet', 'usein-kysyttya'] as const;
export type SicknessFundTab = (typeof SICKNESS_FUND_TABS)[number];

export function sicknessFundTab(value: string | null): SicknessFundTab {
  return (SICKNESS_FUND_TABS as readonly string[]).includes(value ?? '') ? (value as SicknessFundTab) : 'sairauskassa';
}
