/**
 * Who may book a practice system's Slot (ADR 0051, the payers of ADR 0025): the Slot's
 * `serviceCategory` codings in the portal's own code system, one per payer type, the codes the
 * values of `appointment_slots.payer_types`. The Finnish Scheduling IG's FiSchedulingSlot lets
 * other categories stand beside the national one. Pure: read by the sync (`payerTypesOf`) and
 * written by the demo calendar (`payerTypeCategories`). A Slot without such a coding, or with
 * only codes the portal does not know, is a private customers' time (`['self']`).
 */
import type { CodeableConcept, Slot } from '@medplum/fhirtypes';
import { PAYER_TYPES, type PayerType } from '~/models/appointments/appointment-types';

/** The portal's code system of payer types (a `Slot.serviceCategory` coding's system). */
export const PAYER_TYPE_SYSTEM = 'urn:patient-portal:CodeSystem:payer-type';

const known = new Set<string>(PAYER_TYPES);

/** The payer types a Slot is open to, in `PAYER_TYPES` order, each once; `['self']` when it names none the portal knows. */
export function payerTypesOf(slot: Pick<Slot, 'serviceCategory'>): PayerType[] {
  const named = new Set<string>();
  for (const category of slot.serviceCategory ?? [])
    for (const coding of category.coding ?? []) if (coding.system === PAYER_TYPE_SYSTEM && coding.code && known.has(coding.code)) named.add(coding.code);
  const types = PAYER_TYPES.filter((type) => named.has(type));
  return types.length > 0 ? types : ['self'];
}

/** The `serviceCategory` entries that say these payer types: one category of one coding each. */
export function payerTypeCategories(types: readonly string[]): CodeableConcept[] {
  return types.map((code) => ({ coding: [{ system: PAYER_TYPE_SYSTEM, code }] }));
}
