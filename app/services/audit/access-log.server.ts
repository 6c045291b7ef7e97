/** The access log: who viewed or changed whose data. Never holds identity codes or free text. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { accessLog } from '~db/schema';
import { clock } from '~/lib/clock.server';
import type { Db } from '~/services/db/db.server';
import { defaultActorKind, type AccessReason, type ActorKind } from '~/models/audit/access-log';

/** `refused`: a security check turned a request away (no person is named: it may be anyone). */
export type AccessAction = 'view' | 'change' | 'login' | 'logout' | 'create' | 'refused';

export interface AccessEntry {
  actorPersonId: string | null;
  subjectPersonId: string | null;
  action: AccessAction;
  resource: string;
  resourceId?: string | null;
  /**
   * Who acted (ADR 0033). Omitted: `defaultActorKind` (nobody identified → anonymous, the subject
   * → patient, anyone else → guardian). Professionals, customer service and jobs always say so.
   */
  actorKind?: ActorKind;
  /** Why, where known (a code). */
  reason?: AccessReason | null;
}

/**
 * Where a service puts its entries when the caller writes them (`logAccesses`) together with
 * other services' entries of the same page view: one INSERT per page instead of one per box.
 */
export type AccessLogBatch = AccessEntry[];

/** Writes the entries now, or (given a batch) leaves them to the batch's owner. */
export async function logOrBatch(db: Db, entries: readonly AccessEntry[], batch?: AccessLogBatch): Promise<void> {
  if (batch) batch.push(...entries);
  else await logAccesses(db, entries);
}

export async function logAccess(db: Db, entry: AccessEntry): Promise<void> {
  await logAccesses(db, [entry]);
}

/**
 * Several entries in one INSERT: written together (all or none, one commit instead of one per
 * row) and numbered in the given order, before the caller answers (ADR 0010). The rows go as one
 * array per column (`unnest`), so the statement's text is the same for any number of entries:
 * nothing to build per entry, and one text for the database to parse.
 */
export async function logAccesses(db: Db, entries: readonly AccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(pick: (entry: AccessEntry) => T) => sql.param(entries.map(pick));
  await db.execute(sql`
    insert into ${accessLog} (at, actor_person_id, actor_kind, subject_person_id, action, resource, resource_id, reason)
    select ${clock.now().toISOString()}::timestamptz, e.actor, e.actor_kind, e.subject, e.action, e.resource, e.resource_id, e.reason
    from unnest(
      ${column((e) => e.actorPersonId)}::uuid[], ${column((e) => e.actorKind ?? defaultActorKind(e))}::text[],
      ${column((e) => e.subjectPersonId)}::uuid[], ${column((e) => e.action)}::text[],
      ${column((e) => e.resource)}::text[], ${column((e) => e.resourceId ?? null)}::text[], ${column((e) => e.reason ?? null)}::text[]
    ) with ordinality as e(actor, actor_kind, subject, action, resource, resource_id, reason, n)
    order by e.n`);
}

export async function listAccessFor(db: Db, subjectPersonId: string, resource?: string, limit = 50) {
  return db
    .select()
    .from(accessLog)
    .where(
      resource
        ? and(eq(accessLog.subjectPersonId, subjectPersonId), eq(accessLog.resource, resource))
        : eq(accessLog.subjectPersonId, subjectPersonId),
    )
    .orderBy(desc(accessLog.id))
    .limit(limit);
}
