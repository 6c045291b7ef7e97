/**
 * Delivery of the outbox (ADR 0029): every queued row is sent once, by one worker of one
 * instance, through the channel the environment chose (./channels.server.ts).
 *
 * - **Claim**: one conditional UPDATE turns a due row `queued` → `sending`, counts the try and
 *   sets its lease (`not_before` = now + OUTBOX_LEASE_SECONDS). PostgreSQL lets one of several
 *   concurrent claims of a row win; the others find it `sending` and do nothing. A row written
 *   inside a transaction is invisible to a claim until that transaction commits.
 * - **Send**, then **mark** `sent` (`sent_at`, `provider_id`) — fenced by the try number, so a
 *   worker whose lease ran out cannot overwrite a newer try's outcome.
 * - **Failure**: a permanent error class, or the last try, ends the row `failed`; otherwise it is
 *   queued again after a backoff (`not_before`) and a delayed job is sent for it. Only the row's
 *   id, channel, kind, try and error class are logged: never the recipient or the content.
 * - **Sweep** (every minute, on one instance per tick): a `sending` row whose lease expired is
 *   claimable again (its worker crashed); rows due whose kick was lost get a job; a `sending` row
 *   whose lease expired on its last try ends `failed` (`DeliveryInterrupted`).
 * - **What a finished row keeps**: once `sent` or `failed` (in the statement that records it) the
 *   row keeps its text with every bearer link masked (`…/fi/varaus/[code]`, the patterns of
 *   `scrubBearerLinks`) and its attachments' names without their content (a calendar file carries
 *   the link): the outbox kept anonymous appointment and offer links readable for 30 days
 *   (issue 39). A test channel sends nothing and its row is the recipient's only copy, read at
 *   /dev/outbox: that row keeps its text (`outboxIsMailbox`; never in production).
 */
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { outbox } from '~db/schema';
import type { Env } from '~/env.server';
import { clock } from '~/lib/clock.server';
import type { Db } from '~/services/db/db.server';
import type { JobRunner } from '~/services/jobs/runner.server';
import { logger as projectLogger } from '~/services/observability/logger.server';
import { scrubBearerLinks } from '~/services/observability/scrub-rules';
import type { Channels } from './channels.server';
import { afterFailure, errorClassOf } from './delivery-rules';
import { composeEmail } from './email/compose.server';
import { DELIVER_QUEUE, type OutboxRow } from './outbox.server';
import { smsSenderNameFor } from './sms/sms-senders.server';

const SWEEP_QUEUE = 'outbox-sweep';

export interface DeliverySettings {
  maxTries: number;
  retryBaseSeconds: number;
  leaseSeconds: number;
}

export function deliverySettings(env: Pick<Env, 'OUTBOX_MAX_TRIES' | 'OUTBOX_RETRY_BASE_SECONDS' | 'OUTBOX_LEASE_SECONDS'>): DeliverySettings {
  return { maxTries: env.OUTBOX_MAX_TRIES, retryBaseSeconds: env.OUTBOX_RETRY_BASE_SECONDS, leaseSeconds: env.OUTBOX_LEASE_SECONDS };
}

export interface DeliveryDeps {
  channels: Channels;
  settings: DeliverySettings;
  /** The senders of each brand's e-mail, and the overrides of its SMS sender name (ADR 0030). */
  senders: Pick<Env, 'MAIL_FROM_GENERAL' | 'MAIL_FROM_CHILDREN'> & Partial<Pick<Env, 'SMS_SENDER_GENERAL' | 'SMS_SENDER_CHILDREN'>>;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** 0…1, for the backoff's spread (tests pass a fixed one). */
  random?: () => number;
}

export type DeliveryOutcome =
  | { type: 'not-claimed' }
  | { type: 'sent'; providerId: string }
  | { type: 'retry'; retryInSeconds: number; errorClass: string }
  | { type: 'failed'; errorClass: string };

/** A row that may be claimed now: queued and due, or sending with its lease run out. */
function claimable(now: Date) {
  return or(
    and(eq(outbox.state, 'queued'), or(isNull(outbox.notBefore), lte(outbox.notBefore, now))),
    and(eq(outbox.state, 'sending'), lte(outbox.notBefore, now)),
  );
}

/** Claims one row for one try, or answers null when another worker has it, it is not due, or it is done. */
async function claimMessage(db: Db, id: number, settings: DeliverySettings, now = clock.now()): Promise<OutboxRow | null> {
  const [row] = await db
    .update(outbox)
    .set({ state: 'sending', tries: sql`${outbox.tries} + 1`, notBefore: new Date(now.getTime() + settings.leaseSeconds * 1000) })
    .where(and(eq(outbox.id, id), lt(outbox.tries, settings.maxTries), claimable(now)))
    .returning();
  return row ?? null;
}

/**
 * What a finished row keeps of its content (see the module comment): the text with its bearer
 * links masked and the attachments' names, or everything when the channel's outbox row is the
 * recipient's copy (the test channels).
 */
function finishedContent(row: Pick<OutboxRow, 'body' | 'attachments'>, keep: boolean): Pick<OutboxRow, 'body' | 'attachments'> {
  if (keep) return { body: row.body, attachments: row.attachments };
  return {
    body: scrubBearerLinks(row.body),
    attachments: row.attachments?.map(({ fileName, contentType }) => ({ fileName, contentType, content: '' })) ?? null,
  };
}

/** Whether the row's channel keeps the message in the row itself (the test channels). */
const isMailbox = (row: Pick<OutboxRow, 'channel'>, channels?: Channels) => (channels ? channels[row.channel].outboxIsMailbox === true : false);

/** Hands the row to its channel. */
async function send(row: OutboxRow, deps: DeliveryDeps): Promise<{ providerId: string }> {
  if (row.channel === 'sms') {
    // The brand's sender name (ADR 0030: checked at start-up, and again by the provider).
    return deps.channels.sms.send({ to: row.recipient, from: smsSenderNameFor(row.brand, deps.senders), text: row.body, reference: String(row.id) });
  }
  return deps.channels.email.send(await composeEmail(row, deps.senders));
}

/** This try's own row: still `sending` with the try number it claimed (the fence). */
const ownTry = (row: OutboxRow) => and(eq(outbox.id, row.id), eq(outbox.state, 'sending'), eq(outbox.tries, row.tries));

/** Claims the row, sends it once and records the outcome. */
export async function deliverMessage(db: Db, id: number, deps: DeliveryDeps): Promise<DeliveryOutcome> {
  const log = deps.logger ?? projectLogger;
  const row = await claimMessage(db, id, deps.settings);
  if (!row) return { type: 'not-claimed' };
  let providerId: string;
  try {
    ({ providerId } = await send(row, deps));
  } catch (error) {
    const errorClass = errorClassOf(error);
    const next = afterFailure({
      errorClass,
      tries: row.tries,
      maxTries: deps.settings.maxTries,
      baseSeconds: deps.settings.retryBaseSeconds,
      random: (deps.random ?? Math.random)(),
    });
    const facts = { outboxId: row.id, channel: row.channel, kind: row.kind, tries: row.tries, errorClass };
    if (next.state === 'failed') {
      const content = finishedContent(row, isMailbox(row, deps.channels));
      await db
        .update(outbox)
        .set({ state: 'failed', lastErrorClass: errorClass, notBefore: null, ...content })
        .where(ownTry(row));
      log.error(facts, 'outbox message failed');
      return { type: 'failed', errorClass };
    }
    const notBefore = new Date(clock.nowMs() + next.retryInSeconds * 1000);
    await db.update(outbox).set({ state: 'queued', lastErrorClass: errorClass, notBefore }).where(ownTry(row));
    log.warn({ ...facts, retryInSeconds: next.retryInSeconds }, 'outbox message will be retried');
    return { type: 'retry', retryInSeconds: next.retryInSeconds, errorClass };
  }
  // Accepted by the provider: recorded at once, in one statement (the window in which a crash
  // would send it again is this one round trip, ADR 0029), which also drops the bearer links.
  const content = finishedContent(row, isMailbox(row, deps.channels));
  await db
    .update(outbox)
    .set({ state: 'sent', sentAt: clock.now(), providerId: providerId.slice(0, 200), notBefore: null, ...content })
    .where(ownTry(row));
  return { type: 'sent', providerId };
}

export interface SweepSummary {
  /** Rows given a delivery job. */
  kicked: number;
  /** `sending` rows whose lease ran out on their last try, now `failed`. */
  interrupted: number;
}

/**
 * Finds what the kicks missed: due rows (queued, or sending with an expired lease) at least
 * `graceSeconds` old get a delivery job each (their claim decides who sends), and a row whose lease
 * expired on its last try ends `failed` (it may or may not have gone out; it is not sent again).
 */
export async function sweepOutbox(
  db: Db,
  runner: Pick<JobRunner, 'send'>,
  settings: DeliverySettings,
  options: { graceSeconds?: number; limit?: number; logger?: DeliveryDeps['logger']; channels?: Channels } = {},
): Promise<SweepSummary> {
  const log = options.logger ?? projectLogger;
  const now = clock.now();
  const interrupted = await db
    .update(outbox)
    .set({ state: 'failed', lastErrorClass: 'DeliveryInterrupted', notBefore: null })
    .where(and(eq(outbox.state, 'sending'), lte(outbox.notBefore, now), sql`${outbox.tries} >= ${settings.maxTries}`))
    .returning({ id: outbox.id, channel: outbox.channel, kind: outbox.kind, tries: outbox.tries, body: outbox.body, attachments: outbox.attachments });
  for (const row of interrupted) {
    // Finished: what it keeps, as a sent or failed row (a row of its own, done by nobody else).
    await db
      .update(outbox)
      .set(finishedContent(row, isMailbox(row, options.channels)))
      .where(and(eq(outbox.id, row.id), eq(outbox.state, 'failed')));
    log.error({ outboxId: row.id, channel: row.channel, kind: row.kind, tries: row.tries, errorClass: 'DeliveryInterrupted' }, 'outbox message failed');
  }
  const settled = new Date(now.getTime() - (options.graceSeconds ?? 20) * 1000);
  const due = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.state, ['queued', 'sending']),
        claimable(now),
        // Fresh rows have their own kick; the sweep is for the ones whose kick was lost.
        lte(sql`coalesce(${outbox.notBefore}, ${outbox.createdAt})`, settled),
      ),
    )
    .orderBy(outbox.id)
    .limit(options.limit ?? 1000);
  for (const row of due) await runner.send(DELIVER_QUEUE, { id: row.id });
  return { kicked: due.length, interrupted: interrupted.length };
}

/**
 * Registers delivery on the instance's runner: the delivery worker (a few at a time), the sweep
 * every minute, and one sweep now (rows left by a previous run). A retry is a delayed job.
 */
export async function registerDelivery(runner: JobRunner, getDb: () => Promise<Db>, deps: DeliveryDeps): Promise<void> {
  await runner.work<{ id: unknown }>(
    DELIVER_QUEUE,
    async (data) => {
      const id = Number(data.id);
      if (!Number.isSafeInteger(id)) return;
      const outcome = await deliverMessage(await getDb(), id, deps);
      // A second late, so the job never comes before the row's `not_before` (the database's and
      // this process's clocks may differ by a little); a lost retry job is the sweep's.
      if (outcome.type === 'retry') await runner.send(DELIVER_QUEUE, { id }, { startAfterSeconds: outcome.retryInSeconds + 1 });
    },
    { concurrency: 4, pollingIntervalSeconds: 1, notify: true },
  );
  await runner.work(SWEEP_QUEUE, async () => {
    const summary = await sweepOutbox(await getDb(), runner, deps.settings, { logger: deps.logger, channels: deps.channels });
    if (summary.kicked || summary.interrupted) (deps.logger ?? projectLogger).info({ ...summary }, 'outbox swept');
  });
  await runner.schedule(SWEEP_QUEUE, 1);
  await runner.send(SWEEP_QUEUE, {});
}
