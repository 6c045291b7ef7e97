/**
 * The reservation receipt: after a successful reservation the action redirects back to the
 * reserve page (post/redirect/get) with this short-lived signed cookie, so that page can show
 * the confirmation to the visitor who booked, and to nobody else. It holds the appointment's
 * id and its anonymous link code (what the booking message carries anyway), never personal data.
 */
import { createCookie } from 'react-router';
import { sessionSecret } from '~/env.server';
import { secureCookies } from '~/lib/http/session-cookie.server';

const RECEIPT_MAX_AGE_SECONDS = 30 * 60;

const receiptCookie = createCookie(secureCookies() ? '__Host-portal_reservation' : 'portal_reservation', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: secureCookies(),
  maxAge: RECEIPT_MAX_AGE_SECONDS,
  secrets: [sessionSecret()],
});

export interface ReservationReceipt {
  slotId: number;
  appointmentId: number;
  code: string;
}

export async function receiptHeader(receipt: ReservationReceipt): Promise<string> {
  return receiptCookie.serialize(receipt);
}

export async function readReceipt(request: Request): Promise<ReservationReceipt | null> {
  const value: unknown = await receiptCookie.parse(request.headers.get('Cookie'));
  if (!value || typeof value !== 'object') return null;
  const { slotId, appointmentId, code } = value as Partial<ReservationReceipt>;
  return typeof slotId === 'number' && typeof appointmentId === 'number' && typeof code === 'string' ? { slotId, appointmentId, code } : null;
}
