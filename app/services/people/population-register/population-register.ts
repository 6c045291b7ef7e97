/**
 * The population register adapter (ADR 0023): whom a strongly identified person is the guardian
 * of, as the national population register (VTJ) answers. Chosen by `POPULATION_REGISTER`:
 * `builtin` (development and test only: the register's families in our own tables) or `vtj`
 * (the Digital and Population Data Services Agency's query over Suomi.fi Data Exchange Layer).
 * The portal never books from these answers directly: `refreshGuardianships` mirrors them into
 * `guardianships`, which the ward choice and the booking read.
 */

/** Spec 1 §3 GuardianType. */
export const GUARDIAN_TYPES = ['parent', 'nextOfKin', 'trustee', 'other'] as const;
export type GuardianType = (typeof GUARDIAN_TYPES)[number];

/** One ward of a guardian, as the register gives it. */
export interface RegisterWard {
  identityCode: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  guardianType: GuardianType;
  /** The permanent address, when the register gives it (and it is not under a non-disclosure). */
  address: { streetAddress: string; postalCode: string; postOffice: string } | null;
}

/** Who is asking: the register's end user (the logged-in person), never logged. */
export interface RegisterQuery {
  /** The guardian whose wards are asked. */
  identityCode: string;
  /** The end user on whose behalf the query is made (the person themself). */
  endUserId: string;
}

/** Why the register gave no answer (the refresh then keeps what we had). */
export type RegisterErrorCode = 'timeout' | 'unavailable' | 'refused' | 'protocol';

export class PopulationRegisterError extends Error {
  constructor(
    readonly code: RegisterErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PopulationRegisterError';
  }
}

export interface PopulationRegister {
  readonly kind: 'builtin' | 'vtj';
  /** The person's wards; an empty list when the register knows none (or not the person). */
  wardsOf(query: RegisterQuery): Promise<RegisterWard[]>;
}
