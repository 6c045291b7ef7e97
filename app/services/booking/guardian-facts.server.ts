/**
 * A guardian books for their ward: whom they may book for, from the guardianships of the
 * population register (ADR 0021, 0023), and the chosen ward's readiness.
 */
import { clock } from '~/lib/clock.server';
import type { Db } from '~/services/db/db.server';
import type { PersonRow } from '~/services/people/people.server';
import { wardsGuardianBooksFor } from '~/services/people/viewer.server';

export interface WardOption {
  id: string;
  name: string;
}

export interface GuardianFacts {
  /** The wards the guardian books for (11 or younger today), in the register's order. */
  wards: WardOption[];
  /** The chosen ward: none (or not one of `wards`), not yet a patient with the consent, or ok. */
  chosen: 'none' | 'notRegistered' | 'noConsent' | 'ok';
  ward: WardOption | null;
}

/**
 * Whom a guardian may book for, from the guardianships of the population register (persons
 * linked by `guardianships`; checked again at booking). A ward id that is not theirs counts as
 * no choice, so the answer never tells whether such a person exists.
 */
export async function guardianFacts(db: Db, guardianId: string, wardId: string | null, now = clock.now()): Promise<GuardianFacts> {
  const young = await wardsGuardianBooksFor(db, guardianId, now);
  const option = (w: PersonRow): WardOption => ({ id: w.id, name: `${w.firstName} ${w.lastName}`.trim() });
  const chosen = young.find((w) => w.id === wardId) ?? null;
  return {
    wards: young.map(option),
    chosen: !chosen ? 'none' : !chosen.isPatient ? 'notRegistered' : !chosen.patientDataConsentUpdatedAt ? 'noConsent' : 'ok',
    ward: chosen ? option(chosen) : null,
  };
}
