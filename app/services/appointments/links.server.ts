/**
 * Anonymous links of an appointment besides its booking's (ADR 0046). Every reminder and every
 * confirmation of a new time carries a link of its own, made when the message is written: an
 * appointment the portal did not book (made by staff, seeded, older) never had its own link sent,
 * and a link kept to be sent later would have to be kept readable. Only the token's hash is
 * stored (`appointment_links`); the code is `<appointment id>_<token>` like the booking's, and
 * `findByAnonymousCode` (appointments.server.ts) opens either.
 */
import { eq } from 'drizzle-orm';
import { appointmentLinks } from '~db/schema';
import { publicOrigin } from '~/env.server';
import type { Language } from '~/i18n/config';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { encodeAnonymousCode } from '~/models/appointments/anonymous-code';
import { pagePath } from '~/route-table';
import type { Db } from '~/services/db/db.server';

/** A new anonymous link to the appointment's page, in `lang`, inside the caller's transaction. */
export async function newAppointmentLink(t: Db, appointmentId: number, lang: Language, now: Date, origin = publicOrigin()): Promise<string> {
  const token = randomToken(24);
  await t.insert(appointmentLinks).values({ tokenHash: sha256(token), appointmentId, createdAt: now });
  return `${origin}${pagePath('anonymousAppointment', lang, { code: encodeAnonymousCode(appointmentId, token) })}`;
}

/** Ends every such link of the appointment (ADR 0034: a minor hid a visit someone else booked). */
export async function revokeAppointmentLinks(t: Db, appointmentId: number): Promise<void> {
  await t.delete(appointmentLinks).where(eq(appointmentLinks.appointmentId, appointmentId));
}
