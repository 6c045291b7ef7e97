/** The access log: who viewed or changed whose data. Never holds identity codes or free text. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
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

/**
 * The request of a person acting for another adult on a Suomi.fi mandate (ADR 0050): set by the
 * session middleware around the request, read when an entry is written, so every act of the
 * delegate on the principal's data is logged as acting on the mandate, whichever area logs it.
 */
const actingScope = new AsyncLocalStorage<{ delegateId: string; principalId: string }>();

export function withActingScope<T>(scope: { delegateId: string; principalId: string }, fn: () => Promise<T>): Promise<T> {
  return actingScope.run(scope, fn);
}

/**
 * An entry of a request on a mandate: the delegate's act on the principal's data is of the kind
 * `mandate`. Only the delegate acts in that request, so an entry that names the principal as
 * acting on their own data (a service that logs the person it works for as the actor, such as
 * the insurer step's) is the delegate's too.
 */
function onMandate(entry: AccessEntry, acting: { delegateId: string; principalId: string } | undefined): AccessEntry {
  if (!acting || entry.actorKind || entry.subjectPersonId !== acting.principalId) return entry;
  if (entry.actorPersonId !== acting.delegateId && entry.actorPersonId !== acting.principalId) return entry;
  return { ...entry, actorPersonId: acting.delegateId, actorKind: 'mandate' };
}

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
 *
 * Outside a transaction the INSERTs of concurrent requests are also grouped (a group commit):
 * while one INSERT is running, the entries of the requests that come meanwhile wait and then go
 * together in the next, so a busy instance writes a few statements (and commits) instead of one
 * per page view. A request still answers only once its own rows are committed, each row keeps the
 * time it was logged at, and a request's rows stay together in its order. Should a grouped INSERT
 * fail, each request's rows are written again on their own, so one request's error is not
 * another's. Inside a transaction the rows are written at once, with the transaction's fate.
 */
export async function logAccesses(db: Db, entries: readonly AccessEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const at = clock.now().toISOString();
  const acting = actingScope.getStore();
  const timed = entries.map((entry) => ({ ...onMandate(entry, acting), at }));
  if (inTransaction(db)) return insertEntries(db, timed);
  const writer = writerOf(db);
  const written = new Promise<void>((resolve, reject) => writer.waiting.push({ entries: timed, resolve, reject }));
  if (!writer.busy) void writeWaiting(db, writer);
  return written;
}

type TimedEntry = AccessEntry & { at: string };

interface Waiting {
  entries: readonly TimedEntry[];
  resolve(): void;
  reject(error: unknown): void;
}

interface Writer {
  busy: boolean;
  waiting: Waiting[];
}

/** At most this many requests' entries in one grouped INSERT. */
const MAX_GROUP = 200;
const writers = new WeakMap<Db, Writer>();

/** A handle `withTransaction` gave (its rows must go in its transaction, and go now). */
function inTransaction(db: Db): boolean {
  return (db as unknown) instanceof PgTransaction;
}

function writerOf(db: Db): Writer {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = { busy: false, waiting: [] }));
  return writer;
}

async function writeWaiting(db: Db, writer: Writer): Promise<void> {
  writer.busy = true;
  while (writer.waiting.length > 0) {
    const group = writer.waiting.splice(0, MAX_GROUP);
    try {
      await insertEntries(
        db,
        group.flatMap((waiting) => waiting.entries),
      );
      for (const waiting of group) waiting.resolve();
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else await Promise.all(group.map((waiting) => insertEntries(db, waiting.entries).then(waiting.resolve, waiting.reject)));
    }
  }
  writer.busy = false;
}

async function insertEntries(db: Db, entries: readonly TimedEntry[]): Promise<void> {
  const column = <T>(pick: (entry: TimedEntry) => T) => sql.param(entries.map(pick));
  await db.execute(sql`
    insert into ${accessLog} (at, actor_person_id, actor_kind, subject_person_id, action, resource, resource_id, reason)
    select e.at, e.actor, e.actor_kind, e.subject, e.action, e.resource, e.resource_id, e.reason
    from unnest(
      ${column((e) => e.at)}::timestamptz[], ${column((e) => e.actorPersonId)}::uuid[], ${column((e) => e.actorKind ?? defaultActorKind(e))}::text[],
      ${column((e) => e.subjectPersonId)}::uuid[], ${column((e) => e.action)}::text[],
      ${column((e) => e.resource)}::text[], ${column((e) => e.resourceId ?? null)}::text[], ${column((e) => e.reason ?? null)}::text[]
    ) with ordinality as e(at, actor, actor_kind, subject, action, resource, resource_id, reason, n)
    order by e.n`);
}

export async function listAccessFor(db: Db, subjectPersonId: string, resource?: string, limit = 50) {
  return db
    .select()
    .from(accessLog)
    .where(resource ? and(eq(accessLog.subjectPersonId, subjectPersonId), eq(accessLog.resource, resource)) : eq(accessLog.subjectPersonId, subjectPersonId))
    .orderBy(desc(accessLog.id))
    .limit(limit);
}
