/**
 * The insurers as one adapter (ADR 0022): the LähiTapiola group's direct-compensation API
 * (policy check, permits, the permit application round trip, the treatment chain), OP's
 * personal-insurance verification and the Pohjola check. `INSURERS=test` answers from the
 * built-in test insurer (test-insurer.server.ts), `INSURERS=http` from the insurer gateway
 * (http-insurer.server.ts). Every answer is a typed result; a call that fails answers `error`
 * (the flow shows its error state), never throws to the page.
 */
import type { DirectCompensationPermit } from '~/models/booking/insurance';

/** Whom the insurer is asked about: the insurer knows its customers by identity code. */
export interface InsuredPerson {
  identityCode: string;
}

export type InsurerError = { type: 'error' };

export interface InsurerAdapter {
  /** GET …/lahitapiola-policy-check: does the person have a health-care policy. */
  lahiTapiolaPolicyCheck(person: InsuredPerson): Promise<{ type: 'success'; hasHealthcarePolicy: boolean } | InsurerError>;
  /** The person's valid direct-compensation permits. */
  lahiTapiolaPermits(person: InsuredPerson): Promise<{ type: 'success'; permits: DirectCompensationPermit[] } | InsurerError>;
  /**
   * Opens a permit application at the insurer: the browser is sent to `url`; the insurer sends
   * it back to `returnUrl` with `status` (and `permit`, the new permit's content hash, when allowed).
   */
  startPermitApplication(person: InsuredPerson, options: { returnUrl: string; channel: 'm' | 'w' }): Promise<{ type: 'redirect'; url: string } | InsurerError>;
  /** At booking: the treatment chain of a permit; refused or failed answers `failed`. */
  createTreatmentChain(person: InsuredPerson, options: { contentHash: string; startAt: Date }): Promise<{ type: 'success' } | { type: 'failed' }>;
  /** OP personal-insurance verification. */
  opPersonalInsurance(person: InsuredPerson): Promise<{ type: 'found' | 'not_found' } | InsurerError>;
  /** Pohjola: whether the person has an insurance on the date (yyyy-MM-dd). */
  pohjolaCheck(person: InsuredPerson, date: string): Promise<{ type: 'success'; hasInsurance: boolean } | InsurerError>;
}
