/**
 * The HTTP side of moving an appointment (issue 24, ADR 0036): the search's reschedule context
 * (the `move` query parameter: a logged-in user's appointment id; the anonymous link moves only
 * after strong identification, issue 39) and the addresses of the flow — the search pre-filled for the appointment, the confirm step,
 * and the appointment page the flow returns to.
 */
import type { Auth } from '~/context';
import type { Language } from '~/i18n/config';
import { MOVE_PARAM, MOVE_SLOT_PARAM } from '~/models/appointments/move';
import { pagePath } from '~/route-table';
import type { MoveActor } from '~/services/appointments/move.server';
import { PAYER_PAGES, type PayerKey } from '~/services/booking/payers/payer-rules';
import { defaultFilter, toSearchParams } from '~/services/booking/search-rules';
import { viewerOf } from '~/services/people/viewer.server';

const ID = /^[1-9]\d{0,14}$/;

/** Who moves, from the `move` reference: a logged-in person, their own or a ward's appointment (the viewer rules decide). */
export function moveActorOf(ref: string | null, auth: Auth | null): Extract<MoveActor, { kind: 'viewer' }> | null {
  if (ref === null || !auth || !ID.test(ref)) return null;
  return { kind: 'viewer', viewer: viewerOf(auth), appointmentId: Number(ref) };
}

/** The appointment page the flow returns to. */
export function moveBackPath(ref: string, lang: Language): string {
  return pagePath('appointment', lang, { ids: ref });
}

/** The confirm step for a free time (without a slot: the start, which opens the pre-filled search). */
export function moveConfirmPath(ref: string, lang: Language, slotId?: number): string {
  const search = slotId === undefined ? undefined : new URLSearchParams({ [MOVE_SLOT_PARAM]: String(slotId) });
  return pagePath('appointmentMove', lang, { id: ref }, search);
}

/**
 * The payer's search, pre-filled for the appointment: the same specialty and practitioner (the
 * filters let the patient choose any), its clinic or remote times, from today, with the move's
 * reference so its times lead to the confirm step.
 */
export function moveSearchPath(
  ref: string,
  appointment: { payer: PayerKey; specialtyId: string; practitionerId: string; clinicId: string; isRemote: boolean },
  lang: Language,
  today: string,
): string {
  const filter = {
    ...defaultFilter(today),
    specialtyIds: [appointment.specialtyId],
    practitionerIds: [appointment.practitionerId],
    clinicIds: appointment.isRemote ? [] : [appointment.clinicId],
    includeRemote: appointment.isRemote,
  };
  const params = toSearchParams(filter, today);
  params.set(MOVE_PARAM, ref);
  return pagePath(PAYER_PAGES[appointment.payer].search, lang, {}, params);
}
