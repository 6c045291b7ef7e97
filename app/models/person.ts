/**
 * A person's age and every age limit of the portal, side by side (issue 28, ADR 0026). Pure and
 * client-safe: the one `ageOn` every area uses, and the named limits the booking, records,
 * appointments and my-information rules compare it with. Glossary: a *ward* is a person under
 * 18 whose guardian the user is (the guardianships mirror the population register, ADR 0023);
 * a *minor* is anyone under 18, whether or not the user is their guardian.
 */
import { daysInMonth, parseIsoDate } from './identity-code';

/**
 * Age limits, all in whole years as `ageOn` counts them:
 *
 * | constant                      | value | rule                                                             | owner                          |
 * | ----------------------------- | ----- | ---------------------------------------------------------------- | ------------------------------ |
 * | `AGE_OF_MAJORITY`             | 18    | adult from 18: wards are under it; terms accepted as a minor are | account, appointments, booking |
 * |                               |       | asked again as an adult; an insurance customer under it needs a  |                                |
 * |                               |       | guardian on the session (spec 3 §4)                              |                                |
 * | `GUARDIAN_BOOKS_UNTIL_AGE`    | 11    | a guardian books for a ward of 11 or younger; from 12 the young  | booking, account (registration)|
 * |                               |       | person logs in themselves (spec 3 §9)                            |                                |
 * | `GUARDIAN_RECORDS_AGE_LIMIT`  | 12    | a guardian sees a ward's health records until the ward turns 12  | records (ADR 0016)             |
 * | `GUARDIAN_LIMITED_FROM_AGE`   | 12    | from 12 a guardian sees of a ward's appointments and invoices    | appointments, billing          |
 * |                               |       | only their own bookings and the invoices addressed to them; the  | (viewer module, ADR 0034)      |
 * |                               |       | ward may hide a visit from their guardians                       |                                |
 */
export const AGE_OF_MAJORITY = 18;
/** Wards this old or younger are booked by their guardian; from 12 on they log in themselves (spec 3 §9). */
export const GUARDIAN_BOOKS_UNTIL_AGE = 11;
/**
 * The provider's policy (docs/decisions/0016): a guardian sees a ward's health records until
 * the ward turns 12 (the spec's age of own login); from then on only the young person does.
 */
export const GUARDIAN_RECORDS_AGE_LIMIT = 12;

/**
 * Age in whole years on `onDate` (both YYYY-MM-DD, Helsinki dates). The birthday itself counts:
 * someone born 2000-05-10 is 25 on 2025-05-10, and 24 the day before.
 *
 * A 29 February birthday falls on 28 February in common years: born 2008-02-29, one is 18 on
 * 2026-02-28 (and 17 on 2026-02-27). Finnish law has no rule written for ages; the general rule
 * for periods counted in years is the Act on the Calculation of Statutory Time Limits (laki
 * säädettyjen määräaikain laskemisesta 150/1930) § 3: a period of years after a given day ends
 * on the day of the final month with the same number, and "if that month has no such day, its
 * last day is the period's last day" (https://finlex.fi/fi/laki/ajantasa/1930/19300150). Counted
 * from 29 February, the year ends on the last day of February, so the age is reached on
 * 28 February. (The March-1 rule of e.g. England is not Finland's.)
 *
 * Returns the floor of elapsed years, so it is negative when `onDate` is before `birthDate`.
 * Throws RangeError for malformed or impossible dates.
 */
export function ageOn(birthDate: string, onDate: string): number {
  const birth = parseIsoDate(birthDate, 'birthDate');
  const on = parseIsoDate(onDate, 'onDate');
  const birthdayThisYear = Math.min(birth.day, daysInMonth(on.year, birth.month));
  const reached = on.month > birth.month || (on.month === birth.month && on.day >= birthdayThisYear);
  return on.year - birth.year - (reached ? 0 : 1);
}

/** Under the age of majority (18) on the day: a minor. */
export const isMinorOn = (birthDate: string, onDate: string): boolean => ageOn(birthDate, onDate) < AGE_OF_MAJORITY;

/** Whether the guardian books for this ward (11 or younger on the day). */
export const guardianBooksFor = (birthDate: string, onDate: string): boolean => ageOn(birthDate, onDate) <= GUARDIAN_BOOKS_UNTIL_AGE;

/** Whether the guardian may see this ward's health records (under 12 on the day, ADR 0016). */
export const guardianSeesRecords = (wardBirthDate: string, onDate: string): boolean => ageOn(wardBirthDate, onDate) < GUARDIAN_RECORDS_AGE_LIMIT;

/**
 * From this age a guardian's view of a ward's appointments and invoices is limited (ADR 0034):
 * the guardian sees the appointments they booked themselves and the invoices addressed to them,
 * never a visit the ward has hidden; and the ward may hide their visits from their own login.
 * The same age as the records' limit and the spec's own login (Act 785/1992 §7 and §9).
 */
export const GUARDIAN_LIMITED_FROM_AGE = 12;

/**
 * What a guardian sees of a ward's appointments and invoices on the day (ADR 0034): `all` under
 * 12 (except confidential visits), `ownBookings` from 12 to 17 (the appointments the guardian
 * booked and the invoices addressed to them, never a confidential visit), `none` from 18 (no
 * longer a ward, whatever a stale guardianship row says).
 */
export type GuardianScope = 'all' | 'ownBookings' | 'none';

export function guardianScopeOf(wardBirthDate: string, onDate: string): GuardianScope {
  const age = ageOn(wardBirthDate, onDate);
  if (age >= AGE_OF_MAJORITY) return 'none';
  return age < GUARDIAN_LIMITED_FROM_AGE ? 'all' : 'ownBookings';
}

/** Whether a minor may hide their visits from their guardians from their own login (12–17, ADR 0034). */
export const mayHideFromGuardians = (birthDate: string, onDate: string): boolean => {
  const age = ageOn(birthDate, onDate);
  return age >= GUARDIAN_LIMITED_FROM_AGE && age < AGE_OF_MAJORITY;
};
