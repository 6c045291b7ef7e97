/**
 * Prescription renewal requests (spec 3 §4, §5, §7). Sending creates one messaging thread
 * (type Customer, title "Reseptin uusimispyyntö", the answers as its first message) to the
 * patient's care team through the messaging service, and one pending renewal row per
 * prescription, in one transaction. The partial unique index on pending renewals is the guard
 * against a second request for the same prescription (a race loses there and rolls back).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { prescriptionRenewals, prescriptions } from '~db/schema';
import { env } from '~/env.server';
import { logAccesses } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { createThreadWithMessage } from '~/services/messaging/threads.server';
import { logger } from '~/services/observability/logger.server';
import { visibleRecordIds, type RecordViewer } from '~/services/people/viewer.server';
import { clock } from '~/lib/clock.server';
import { RENEWAL_THREAD_TITLE, renewalMessage, type RenewalAnswers } from './renewal-rules';

export type RenewalResult =
  | { type: 'sent'; threadId: number }
  | { type: 'maintenance' }
  | { type: 'notFound' }
  | { type: 'notRenewable'; medicines: string[] }
  | { type: 'alreadyPending'; medicines: string[] }
  | { type: 'failed' };

/** The prescriptions of these ids the viewer may renew, or why not. */
async function check(db: Db, viewer: RecordViewer, ids: readonly number[]) {
  const rows = await db
    .select()
    .from(prescriptions)
    .where(and(inArray(prescriptions.id, [...ids]), inArray(prescriptions.patientId, visibleRecordIds(viewer))));
  // All of one person's: a request is one thread of one patient.
  if (rows.length !== ids.length || new Set(rows.map((r) => r.patientId)).size !== 1) return { type: 'notFound' as const };
  const notRenewable = rows.filter((r) => !r.isRenewable).map((r) => r.medicineName);
  if (notRenewable.length) return { type: 'notRenewable' as const, medicines: notRenewable };
  const pending = await pendingFor(db, ids);
  if (pending.length) {
    return { type: 'alreadyPending' as const, medicines: rows.filter((r) => pending.includes(r.id)).map((r) => r.medicineName) };
  }
  return { type: 'ok' as const, rows: ids.map((id) => rows.find((r) => r.id === id)!) };
}

/** Ids among these that have a pending renewal request. */
export async function pendingFor(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: prescriptionRenewals.prescriptionId })
    .from(prescriptionRenewals)
    .where(and(inArray(prescriptionRenewals.prescriptionId, [...ids]), eq(prescriptionRenewals.status, 'pending')));
  return rows.map((r) => r.id);
}

class AlreadyPending extends Error {}

export async function requestRenewal(db: Db, viewer: RecordViewer, ids: readonly number[], answers: RenewalAnswers, now = clock.now()): Promise<RenewalResult> {
  if (env().PRESCRIPTION_RENEWAL !== 'on') return { type: 'maintenance' };
  const checked = await check(db, viewer, ids);
  if (checked.type !== 'ok') return checked;
  const patientId = checked.rows[0]!.patientId;
  const guardian = patientId !== viewer.actorId ? viewer.people[0]! : null;
  const body = [renewalMessage(checked.rows, answers), ...(guardian ? [`Pyynnön lähetti huoltaja ${guardian.firstName} ${guardian.lastName}.`] : [])].join(
    '\n\n',
  );
  try {
    return await withTransaction(db, async (tx) => {
      // The thread is the ward's (or the patient's own); a guardian's name is in the text.
      const thread = await createThreadWithMessage(tx, {
        customerPersonId: patientId,
        type: 'Customer',
        title: RENEWAL_THREAD_TITLE,
        text: body,
        now,
      });
      if (!thread.ok) {
        logger.error({ area: 'records', reason: thread.reason }, 'prescription renewal thread was refused');
        throw new Error('renewal thread refused');
      }
      const inserted = await tx
        .insert(prescriptionRenewals)
        .values(checked.rows.map((r) => ({ prescriptionId: r.id, patientId, requestedById: viewer.actorId, threadId: thread.threadId, createdAt: now })))
        .onConflictDoNothing()
        .returning({ id: prescriptionRenewals.id });
      if (inserted.length !== checked.rows.length) throw new AlreadyPending();
      await logAccesses(
        tx,
        checked.rows.map((r) => ({
          actorPersonId: viewer.actorId,
          subjectPersonId: patientId,
          action: 'create' as const,
          resource: 'prescription-renewal',
          resourceId: String(r.id),
        })),
      );
      return { type: 'sent' as const, threadId: thread.threadId };
    });
  } catch (error) {
    if (error instanceof AlreadyPending) {
      const pending = await pendingFor(db, ids);
      return { type: 'alreadyPending', medicines: checked.rows.filter((r) => pending.includes(r.id)).map((r) => r.medicineName) };
    }
    logger.error({ area: 'records', err: error instanceof Error ? error.name : 'unknown' }, 'prescription renewal failed');
    return { type: 'failed' };
  }
}
