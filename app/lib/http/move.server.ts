/**
 * The HTTP side of moving an appointment (issue 24, ADR 0036): the search's reschedule context
 * (the `move` query parameter: a logged-in user's appointment id, or the anonymous link's code)
 * and the addresses of the flow — the search pre-filled for the appointment, the confirm step,
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
/** The anonymous link's code: URL-safe base64 (app/models/appointments/anonymous-code.ts). */
const CODE = /^[A-Za-z0-9_-]{8,200}$/;

/** Who moves, from the `move` reference: an id needs the login, a code is the link's holder. */
export function moveActorOf(ref: string | null, auth: Auth | null): MoveActor | null {
  if (ref === null) return null;
  if (ID.test(ref)) return auth ? { kind: 'viewer', viewer: viewerOf(auth), appointmentId: Number(ref) } : null;
  return CODE.test(ref) ? { kind: 'anonymousLink', code: ref } : null;
}

/** The reference of a viewer's or a link's move, as the search carries it. */
export const moveRefOf = (actor: Extract<MoveActor, { kind: 'viewer' | 'anonymousLink' }>): string =>
  actor.kind === 'viewer' ? String(actor.appointmentId) : actor.code;

/** The appointment page the flow returns to (logged in, or the anonymous link's page). */
export function moveBackPath(ref: string, lang: Language): string {
  return ID.test(ref) ? pagePath('appointment', lang, { ids: ref }) : pagePath('anonymousAppointment', lang, { code: ref });
}

/** The confirm step for a free time (without a slot: the start, which opens the pre-filled search). */
export function moveConfirmPath(ref: string, lang: Language, slotId?: number): string {
  const search = slotId === undefined ? undefined : new URLSearchParams({ [MOVE_SLOT_PARAM]: String(slotId) });
  return ID.test(ref) ? pagePath('appointmentMove', lang, { id: ref }, search) : pagePath('anonymousAppointmentMove', lang, { code: ref }, search);
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
