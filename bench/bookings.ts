/**
 * Reservations for the write-path benchmarks (bench/reserve.ts, bench/capacity.ts): free times of
 * the seeded calendar and one new patient for each, so every request reserves a different time
 * for a different person (the real write path: person lock, limit count, insert, outbox, logs).
 */
import { and, arrayContains, asc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appointments, appointmentSlots, persons } from '../db/schema';
import { makeIdentityCode } from '../app/models/identity-code';
import { CHILD_SPECIALTY_IDS } from '../app/services/booking/reservation-flow-rules';

export interface Booking {
  slotId: number;
  identityCode: string;
  birthDate: string;
  lastName: string;
}

/** Free, open, self-paid adults' times of the seed (more than two days ahead), and one new patient for each. */
export async function prepareBookings(database: Database, total: number): Promise<Booking[]> {
  const { db } = database;
  const slots = await db
    .select({ id: appointmentSlots.id })
    .from(appointmentSlots)
    .leftJoin(appointments, and(eq(appointments.slotId, appointmentSlots.id), isNull(appointments.cancelledAt)))
    .where(
      and(
        isNull(appointments.id),
        eq(appointmentSlots.requiresAuth, false),
        // Bookable by an anonymous visitor, who pays for themselves: the seed's occupational-health-only
        // times answer 409 to them (openSlot), and once made 16–20 % of the bench's bookings.
        arrayContains(appointmentSlots.payerTypes, ['self']),
        // Not a children's time: on the general brand its form first asks whose appointment it is
        // (a 303 to that step, nothing booked), which made 19–21 of 800 bookings answer without one.
        notInArray(appointmentSlots.specialtyId, [...CHILD_SPECIALTY_IDS]),
        gt(appointmentSlots.startAt, sql`now() + interval '2 days'`),
      ),
    )
    .orderBy(asc(appointmentSlots.startAt))
    .limit(total);
  if (slots.length < total) throw new Error(`the seed has ${slots.length} free times, ${total} needed`);
  const bookings = slots.map((slot, i) => {
    const birth = new Date(Date.UTC(1950, 0, 1) + Math.floor(i / 800) * 86_400_000).toISOString().slice(0, 10);
    return { slotId: slot.id, identityCode: makeIdentityCode(birth, 100 + (i % 800)), birthDate: birth, lastName: `Kuormitus${i}` };
  });
  for (let i = 0; i < bookings.length; i += 1000) {
    await db.insert(persons).values(
      bookings.slice(i, i + 1000).map((b) => ({
        identityCode: b.identityCode,
        firstName: 'Testi',
        lastName: b.lastName,
        birthDate: b.birthDate,
      })),
    );
  }
  return bookings;
}

/** The request of one booking: the JSON call, or the form post a browser without JS sends. */
export function bookingRequest(kind: 'api' | 'form', booking: Booking, token: string) {
  const fields = {
    ssn: booking.identityCode,
    firstName: 'Testi',
    lastName: booking.lastName,
    phone: '+358401234567',
    emailAddress: 'kuormitus@example.fi',
  };
  if (kind === 'api') {
    return {
      path: '/api/anon/reserve-appointment',
      contentType: 'application/json',
      body: JSON.stringify({ appointmentId: booking.slotId, ...fields, termsApproved: true }),
    };
  }
  return {
    path: `/fi/vapaat-ajat/${booking.slotId}`,
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({ csrf: token, ...fields, termsApproved: 'on', intent: 'reserve' }).toString(),
  };
}
