/**
 * Insurance customers' booking (issue 13; ADR 0022): the insurer step of the reserve page, the
 * patient's concepts (InsertPatientConcept), the LähiTapiola permit application round trip and
 * what a reservation books with. The choice of a person for a free time lives in
 * `insurance_choices` (several posts and the insurer's round trip, with or without JS); the
 * insurers are asked through the adapter (insurers.server.ts). Every view or change of the
 * person's insurance data goes to the access log (ids only).
 */
import { and, eq } from 'drizzle-orm';
import { insuranceChoices, patientConcepts, persons } from '~db/schema';
import type { BrandKey } from '~/brands';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { helsinkiDate } from '~/lib/format';
import {
  isInsurer,
  isReimbursement,
  PERMIT_RETURN_STATUSES,
  type ConceptResult,
  type DirectCompensationPermit,
  type Insurer,
  type InsurerPostRefusal,
  type PermitReturnStatus,
} from '~/models/booking/insurance';
import { logAccess } from '~/services/audit/access-log.server';
import { FLOW_BINDING_TTL_SECONDS } from '~/models/auth/flow-binding';
import { flowBindingMatches } from '~/services/auth/flow-binding.server';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import type { PersonRow } from '~/services/people/people.server';
import type { InsurerAdapter } from './insurer-adapter';
import {
  allowsDirectReimbursement,
  bookingConceptCode,
  choiceComplete,
  conceptCodeFor,
  dcpStateForPolicyCheck,
  dcpStateForReturn,
  EMPTY_CHOICE,
  isUnderageCustomer,
  knownConceptCodes,
  reimbursementRefusal,
  type ChoiceFacts,
} from './insurance-rules';

type ChoiceRow = typeof insuranceChoices.$inferSelect;

const factsOf = (row: ChoiceRow | undefined | null): ChoiceFacts =>
  row
    ? {
        insurer: row.insurer,
        reimbursement: row.reimbursement,
        conceptCode: row.conceptCode,
        dcpState: row.dcpState,
        dcpPermitHash: row.dcpPermitHash,
        opState: row.opState,
      }
    : EMPTY_CHOICE;

async function choiceRow(db: Db, personId: string, slotId: number): Promise<ChoiceRow | null> {
  const [row] = await db
    .select()
    .from(insuranceChoices)
    .where(and(eq(insuranceChoices.personId, personId), eq(insuranceChoices.slotId, slotId)))
    .limit(1);
  return row ?? null;
}

/** The person's insurer choice for a free time (none yet: the empty choice). */
export async function insuranceChoice(db: Db, personId: string, slotId: number): Promise<ChoiceFacts> {
  return factsOf(await choiceRow(db, personId, slotId));
}

type ChoiceChange = Partial<Omit<typeof insuranceChoices.$inferInsert, 'id' | 'personId' | 'slotId'>>;

async function saveChoice(db: Db, personId: string, slotId: number, change: ChoiceChange, now = clock.now()): Promise<void> {
  await db
    .insert(insuranceChoices)
    .values({ personId, slotId, ...change, updatedAt: now })
    .onConflictDoUpdate({ target: [insuranceChoices.personId, insuranceChoices.slotId], set: { ...change, updatedAt: now } });
  await logAccess(db, { actorPersonId: personId, subjectPersonId: personId, action: 'change', resource: 'insurance:choice', resourceId: String(slotId) });
}

/** A fresh choice of this insurer (or none): every sub-flow starts over. */
const RESET: ChoiceChange = {
  insurer: null,
  reimbursement: null,
  consentGiven: false,
  conceptCode: null,
  dcpState: 'not_asked',
  dcpPermitHash: null,
  opState: 'undefined',
  applyStateHash: null,
  applyBindingHash: null,
  applyExpiresAt: null,
};

// ---------------------------------------------------------------------------------------------
// Concepts (InsertPatientConcept, POST /api/concepts)

/**
 * Records a concept for the patient (spec 1 §8 InsertPatientConcept): `customerNotFound` for a
 * person who is not a registered patient, `customerDeniedAccess` without the patient data
 * consent, `conceptNotFound` for a code the brand does not know, `conceptOnlineUpdateNotAllowed`
 * when staff have recorded the code without direct reimbursement and the customer asks for it
 * (only staff may change that), else `Success` (recording it again is harmless).
 */
export async function insertPatientConcept(db: Db, brand: BrandKey, personId: string, code: string): Promise<ConceptResult> {
  const [person] = await db.select().from(persons).where(eq(persons.id, personId)).limit(1);
  if (!person || !person.isPatient) return 'customerNotFound';
  if (!person.patientDataConsentUpdatedAt) return 'customerDeniedAccess';
  if (!knownConceptCodes(brand).includes(code)) return 'conceptNotFound';
  const direct = allowsDirectReimbursement(code);
  const [existing] = await db
    .select()
    .from(patientConcepts)
    .where(and(eq(patientConcepts.personId, personId), eq(patientConcepts.code, code)))
    .limit(1);
  if (existing) return existing.directReimbursementAllowed === direct ? 'Success' : 'conceptOnlineUpdateNotAllowed';
  await db.insert(patientConcepts).values({ personId, code, directReimbursementAllowed: direct }).onConflictDoNothing();
  await logAccess(db, { actorPersonId: personId, subjectPersonId: personId, action: 'create', resource: 'insurance:concept', resourceId: code });
  return 'Success';
}

// ---------------------------------------------------------------------------------------------
// The insurer step's posts

export interface InsurerStepContext {
  brand: BrandKey;
  slotId: number;
  isRemote: boolean;
  now?: Date;
}

export const INSURER_INTENTS = [
  'insurer-choose',
  'insurer-restart',
  'if-reimbursement',
  'lt-consent',
  'lt-select',
  'lt-remove',
  'lt-restart',
  'op-verify',
  'op-dismiss',
  'op-remove',
  'op-retry',
] as const;
export type InsurerIntent = (typeof INSURER_INTENTS)[number];
export const isInsurerIntent = (value: unknown): value is InsurerIntent => (INSURER_INTENTS as readonly unknown[]).includes(value);

/**
 * One post of the insurer step: changes the person's choice for the free time and answers
 * `ok` (the page shows the next sub-state) or the refusal. The adapter is asked when the
 * sub-flow needs it (the policy check, the permits, OP's verification).
 */
export async function insurerPost(
  db: Db,
  adapter: InsurerAdapter,
  person: PersonRow,
  intent: InsurerIntent,
  form: FormData,
  ctx: InsurerStepContext,
): Promise<{ type: 'ok' } | { type: 'refused'; reason: InsurerPostRefusal }> {
  const now = ctx.now ?? clock.now();
  const save = (change: ChoiceChange) => saveChoice(db, person.id, ctx.slotId, change, now);
  const current = await choiceRow(db, person.id, ctx.slotId);
  const insurer = current?.insurer ?? null;
  const who = { identityCode: person.identityCode };
  switch (intent) {
    case 'insurer-choose': {
      const chosen = form.get('insurer');
      if (!isInsurer(chosen)) return { type: 'refused', reason: 'insurerRequired' };
      await save({ ...RESET, insurer: chosen });
      return { type: 'ok' };
    }
    case 'insurer-restart':
      await save(RESET);
      return { type: 'ok' };
    case 'if-reimbursement': {
      if (insurer !== 'IF') return { type: 'ok' };
      const reimbursement = form.get('reimbursement');
      if (!isReimbursement(reimbursement)) return { type: 'refused', reason: 'reimbursementRequired' };
      const consent = form.get('consent') === 'on';
      const refusal = reimbursementRefusal(ctx.brand, ctx.isRemote, reimbursement, consent);
      if (refusal) return { type: 'refused', reason: refusal === 'unavailable' ? 'reimbursementUnavailable' : 'consentRequired' };
      const code = conceptCodeFor(ctx.brand, 'IF', reimbursement)!;
      const result = await insertPatientConcept(db, ctx.brand, person.id, code);
      if (result !== 'Success') return { type: 'refused', reason: `concept.${result}` };
      await save({ reimbursement, consentGiven: consent, conceptCode: code });
      return { type: 'ok' };
    }
    case 'lt-consent': {
      if (insurer !== 'LAHITAPIOLA') return { type: 'ok' };
      if (form.get('consent') !== 'on') return { type: 'refused', reason: 'consentRequired' };
      // Under 18 and no guardian acting: direct compensation is not asked (spec 3 §4).
      if (isUnderageCustomer(person.birthDate, helsinkiDate(now), false)) {
        await save({ consentGiven: true, dcpState: 'underageCustomer', dcpPermitHash: null });
        return { type: 'ok' };
      }
      const check = await adapter.lahiTapiolaPolicyCheck(who);
      const permits = check.type === 'success' && check.hasHealthcarePolicy ? await adapter.lahiTapiolaPermits(who) : null;
      const state = dcpStateForPolicyCheck(check, permits && (permits.type === 'success' ? { type: 'success', count: permits.permits.length } : permits));
      await save({ consentGiven: true, dcpState: state, dcpPermitHash: null });
      return { type: 'ok' };
    }
    case 'lt-select': {
      if (insurer !== 'LAHITAPIOLA' || !current?.consentGiven) return { type: 'ok' };
      const hash = String(form.get('permit') ?? '');
      const permits = await adapter.lahiTapiolaPermits(who);
      if (permits.type === 'error') {
        await save({ dcpState: 'error', dcpPermitHash: null });
        return { type: 'ok' };
      }
      if (!permits.permits.some((p) => p.contentHash === hash)) return { type: 'refused', reason: 'permitRequired' };
      await save({ dcpState: 'success', dcpPermitHash: hash });
      return { type: 'ok' };
    }
    case 'lt-remove': {
      if (insurer !== 'LAHITAPIOLA' || !current?.consentGiven) return { type: 'ok' };
      const permits = await adapter.lahiTapiolaPermits(who);
      const state = permits.type === 'error' ? 'error' : permits.permits.length ? 'insurance_found_with_permits' : 'insurance_found_no_permits';
      await save({ dcpState: state, dcpPermitHash: null });
      return { type: 'ok' };
    }
    case 'lt-restart':
      await save({ consentGiven: false, dcpState: 'not_asked', dcpPermitHash: null, applyStateHash: null, applyBindingHash: null, applyExpiresAt: null });
      return { type: 'ok' };
    case 'op-verify': {
      if (insurer !== 'OP') return { type: 'ok' };
      const found = await adapter.opPersonalInsurance(who);
      await save({ opState: found.type });
      return { type: 'ok' };
    }
    // Dismissing the verification or removing a found one: canceled (OP may continue).
    case 'op-dismiss':
    case 'op-remove':
      if (insurer === 'OP') await save({ opState: 'canceled' });
      return { type: 'ok' };
    // Cancelling a failed or missing verification returns to the start (spec 3 §4).
    case 'op-retry':
      if (insurer === 'OP') await save({ opState: 'undefined' });
      return { type: 'ok' };
  }
}

/** What the insurer step shows besides the choice: the permits to pick from, the Pohjola check. */
export interface InsurerStepExtras {
  permits: DirectCompensationPermit[] | null;
  selectedPermit: DirectCompensationPermit | null;
  pohjola: { hasInsurance: boolean } | 'error' | null;
}

export async function insurerStepExtras(db: Db, adapter: InsurerAdapter, person: PersonRow, choice: ChoiceFacts, slotDate: string): Promise<InsurerStepExtras> {
  const who = { identityCode: person.identityCode };
  let permits: DirectCompensationPermit[] | null = null;
  if (choice.insurer === 'LAHITAPIOLA' && (choice.dcpState === 'insurance_found_with_permits' || choice.dcpState === 'success')) {
    const answer = await adapter.lahiTapiolaPermits(who);
    permits = answer.type === 'success' ? answer.permits : [];
    await logAccess(db, { actorPersonId: person.id, subjectPersonId: person.id, action: 'view', resource: 'insurance:permits' });
  }
  let pohjola: InsurerStepExtras['pohjola'] = null;
  if (choice.insurer === 'OP') {
    const answer = await adapter.pohjolaCheck(who, slotDate);
    pohjola = answer.type === 'success' ? { hasInsurance: answer.hasInsurance } : 'error';
  }
  return { permits, selectedPermit: permits?.find((p) => p.contentHash === choice.dcpPermitHash) ?? null, pohjola };
}

// ---------------------------------------------------------------------------------------------
// The permit application round trip

/** The return address's path (outside the route table; the insurer sends the browser here). */
const PERMIT_RETURN_PATH = '/api/insurance/lahitapiola-apply-permit/return';

/**
 * Opens a permit application for the person's LähiTapiola choice of a free time: stores the
 * hash of a one-use state and of the browser binding on the choice and answers where to send
 * the browser (the insurer's page). Refused when the choice is not at a point where applying
 * makes sense (consent given, policy found).
 */
export async function startPermitApplication(
  db: Db,
  adapter: InsurerAdapter,
  person: PersonRow,
  slotId: number,
  options: { origin: string; lang: string; channel: 'm' | 'w'; bindingHash: string; now?: Date },
): Promise<{ type: 'redirect'; url: string } | { type: 'notAllowed' } | { type: 'error' }> {
  const now = options.now ?? clock.now();
  const current = await choiceRow(db, person.id, slotId);
  const applicable = ['insurance_found_no_permits', 'insurance_found_with_permits', 'denied', 'canceled', 'error', 'success'];
  if (current?.insurer !== 'LAHITAPIOLA' || !current.consentGiven || !applicable.includes(current.dcpState)) return { type: 'notAllowed' };
  const state = randomToken(24);
  const returnUrl = `${options.origin}${PERMIT_RETURN_PATH}?${new URLSearchParams({ state, lang: options.lang })}`;
  const started = await adapter.startPermitApplication({ identityCode: person.identityCode }, { returnUrl, channel: options.channel });
  if (started.type === 'error') {
    await saveChoice(db, person.id, slotId, { dcpState: 'error', dcpPermitHash: null }, now);
    return { type: 'error' };
  }
  await saveChoice(
    db,
    person.id,
    slotId,
    { applyStateHash: sha256(state), applyBindingHash: options.bindingHash, applyExpiresAt: new Date(now.getTime() + FLOW_BINDING_TTL_SECONDS * 1000) },
    now,
  );
  return started;
}

/**
 * The insurer's return (spec 3 §4): the state must be this person's open application, from the
 * browser that started it, within its time; it is used once. The return status sets the flow's
 * state; an allowed permit (the content hash the insurer returns) is selected when the insurer
 * lists it for the person. Answers the free time to go back to, or null for a return that is
 * not (or no longer) valid.
 */
export async function completePermitApplication(
  db: Db,
  adapter: InsurerAdapter,
  person: PersonRow,
  params: { state: string | null; status: string | null; permit: string | null; binding: string | null; now?: Date },
): Promise<{ slotId: number } | null> {
  const now = params.now ?? clock.now();
  if (!params.state || !/^[A-Za-z0-9_-]{20,64}$/.test(params.state)) return null;
  const [row] = await db
    .select()
    .from(insuranceChoices)
    .where(and(eq(insuranceChoices.personId, person.id), eq(insuranceChoices.applyStateHash, sha256(params.state))))
    .limit(1);
  if (!row || !row.applyBindingHash || !row.applyExpiresAt) return null;
  if (!flowBindingMatches(params.binding, row.applyBindingHash) || row.applyExpiresAt <= now) return null;
  const status: PermitReturnStatus = (PERMIT_RETURN_STATUSES as readonly string[]).includes(params.status ?? '')
    ? (params.status as PermitReturnStatus)
    : 'error';
  let state = dcpStateForReturn(status);
  let hash: string | null = null;
  if (state === 'success') {
    const permits = await adapter.lahiTapiolaPermits({ identityCode: person.identityCode });
    hash = permits.type === 'success' ? (permits.permits.find((p) => p.contentHash === params.permit)?.contentHash ?? null) : null;
    if (!hash) state = 'error';
  }
  await saveChoice(
    db,
    person.id,
    row.slotId,
    { dcpState: state, dcpPermitHash: hash, applyStateHash: null, applyBindingHash: null, applyExpiresAt: null },
    now,
  );
  return { slotId: row.slotId };
}

// ---------------------------------------------------------------------------------------------
// Booking

/** What an insurance reservation books with (the page: from the choice; the API: from the call). */
export interface InsuranceBooking {
  insurer: Insurer | null;
  reimbursement: ChoiceFacts['reimbursement'];
  conceptCode: string | null;
  dcpContentHash: string | null;
  /** The API's description (the page writes its own, in Finnish, at booking). */
  description: string | null;
}

/** The person's complete choice for the free time as a booking, or null when it is not complete. */
export async function bookingFromChoice(db: Db, brand: BrandKey, personId: string, slotId: number): Promise<InsuranceBooking | null> {
  const choice = await insuranceChoice(db, personId, slotId);
  if (!choiceComplete(choice)) return null;
  return {
    insurer: choice.insurer,
    reimbursement: choice.reimbursement,
    conceptCode: bookingConceptCode(brand, choice),
    dcpContentHash: choice.dcpState === 'success' ? choice.dcpPermitHash : null,
    description: null,
  };
}

/** The concept codes recorded for the person (the API's insuranceConceptCode must be one). */
export async function hasConcept(db: Db, personId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: patientConcepts.id })
    .from(patientConcepts)
    .where(and(eq(patientConcepts.personId, personId), eq(patientConcepts.code, code)))
    .limit(1);
  return row !== undefined;
}

/** The choice is used up by the booking (deleted in the booking's transaction). */
export async function clearChoice(db: Db, personId: string, slotId: number): Promise<void> {
  await db.delete(insuranceChoices).where(and(eq(insuranceChoices.personId, personId), eq(insuranceChoices.slotId, slotId)));
}
