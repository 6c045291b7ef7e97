/**
 * The reservation rules as pure functions (unit-tested): which slots are open, when the binding
 * consent is needed, the per-person limit, creditworthiness, how an anonymous visitor's names
 * are matched to the patient register, and how a lost race is recognised.
 */
import { isDatabaseId } from '~/models/ids';

const HOUR_MS = 3_600_000;

/** A slot can be reserved until it starts. */
export function isOpenForReservation(slot: { startAt: Date }, now: Date): boolean {
  return slot.startAt.getTime() > now.getTime();
}

/**
 * The binding-reservation consent is needed when the appointment starts within `hours` of now
 * (it can then no longer be cancelled online free of charge). Instants are compared, so the
 * window is exact in Helsinki time across daylight-saving changes too. 0 turns it off.
 */
export function bindingConsentRequired(startAt: Date, now: Date, hours: number): boolean {
  if (hours <= 0) return false;
  return startAt.getTime() - now.getTime() < hours * HOUR_MS;
}

/** Whether a person already holds the maximum number of future online reservations. */
export function reservationLimitReached(futureReservations: number, max: number): boolean {
  return futureReservations >= max;
}

/**
 * Private care is billed afterwards: billing can block online booking for unpaid invoices
 * (`persons.credit_blocked`). Occupational visits are paid by the employer and not checked.
 */
export function isCreditworthy(person: { creditBlocked: boolean }): boolean {
  return !person.creditBlocked;
}

/** Lower-cased, accent-preserving, single-spaced, NFC form of a name for comparison. */
export function normalizeName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('fi');
}

/**
 * An anonymous visitor books for the patient whose identity code they typed only when the names
 * match the register too: the last name exactly (normalised) and the first name either whole or
 * as one of the person's first names ("Aino" for "Aino Maria").
 */
export function namesMatch(typed: { firstName: string; lastName: string }, person: { firstName: string; lastName: string }): boolean {
  const first = normalizeName(typed.firstName);
  const registered = normalizeName(person.firstName);
  if (!first || normalizeName(typed.lastName) !== normalizeName(person.lastName)) return false;
  return first === registered || registered.split(/[ -]/).includes(first);
}

const UNIQUE_VIOLATION = '23505';

/**
 * Whether an error (or any error in its `cause` chain: drizzle wraps the driver's) is a unique
 * violation, of the named constraint when one is given. The partial unique index on
 * appointments.slot_id raises it for the loser of a race.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint: violated, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || violated === constraint;
    current = cause;
  }
  return false;
}

/** Parses the slot id of a reservation path or payload (a positive integer). */
export function parseSlotId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!isDatabaseId(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
