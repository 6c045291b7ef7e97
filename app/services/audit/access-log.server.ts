/** The access log: who viewed or changed whose data. Never holds identity codes or free text. */
import { and, desc, eq } from 'drizzle-orm';
import { accessLog } from '~db/schema';
import type { Db } from '~/services/db/db.server';

/** `refused`: a security check turned a request away (no person is named: it may be anyone). */
export type AccessAction = 'view' | 'change' | 'login' | 'logout' | 'create' | 'refused';

export interface AccessEntry {
  actorPersonId: string | null;
  subjectPersonId: string | null;
  action: AccessAction;
  resource: string;
  resourceId?: string | null;
}

export async function logAccess(db: Db, entry: AccessEntry): Promise<void> {
  await logAccesses(db, [entry]);
}

/**
 * Several entries in one INSERT: written together (all or none, one commit instead of one per
 * row) and numbered in the given order, before the caller answers (ADR 0010).
 */
export async function logAccesses(db: Db, entries: readonly AccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(accessLog).values(entries.map((entry) => ({ ...entry, resourceId: entry.resourceId ?? null })));
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
