/**
 * First-party analytics: events are rows in our own database, with ids but never personal
 * data. No third-party trackers.
 */
import { analyticsEvents } from '~db/schema';
import type { Db } from '~/services/db/db.server';

export type AnalyticsEventName =
  | 'reservationCancel'
  | 'checkIn'
  | 'reservationStart'
  | 'registerAtReception'
  | 'reservationError'
  | 'hpaLogin'
  | 'authenticationSuccess'
  | 'authenticationFailure'
  | 'transactionPathChoice'
  | 'reservationSuccess'
  /** A Kela card image was refused (spec 2 §7); properties: reason only. */
  | 'kelaImageError'
  /** Earlier-time offers (ADR 0037): a request made or changed, withdrawn, a batch of offers written, a "take it" and its result. */
  | 'earlierTimeRequest'
  | 'earlierTimeWithdraw'
  | 'earlierTimeOffer'
  | 'earlierTimeTake'
  /** An appointment moved to another time (issue 24, ADR 0036); ids, the payer type and who moved it (via). */
  | 'reservationMove'
  /** A move refused or failed; ids, via and the result's type. */
  | 'reservationMoveError';

export async function recordEvent(db: Db, name: AnalyticsEventName, properties: Record<string, string | number | boolean | null> = {}): Promise<void> {
  await db.insert(analyticsEvents).values({ name, properties });
}
