/**
 * The read model's sync on the instance's job runner (ADR 0019, ADR 0051): every minute (the
 * runner's shortest period; one run across all instances), with PRACTICE_SYSTEM=fhir only. A
 * failed run (the practice system down or slow) is logged by its kind and the operation — no
 * resource content — and counted (`portal_practice_system_errors_total`), and the next run goes
 * on from the stored cursors.
 */
import { clock } from '~/lib/clock.server';
import type { Db } from '~/services/db/db.server';
import type { JobRunner } from '~/services/jobs/runner.server';
import { logger } from '~/services/observability/logger.server';
import { recordPracticeSystemError } from '~/services/observability/metrics.server';
import { PracticeSystemError, type FhirClient } from './fhir-client';
import { practiceSystemClient } from './practice-system.server';
import { syncPracticeSystem } from './sync.server';

export const PRACTICE_SYSTEM_SYNC_QUEUE = 'practice-system-sync';

/** One run: the counts it applied, or the failure's kind. */
export async function runPracticeSystemSync(db: Db, client: FhirClient): Promise<void> {
  const started = clock.nowMs();
  try {
    const applied = await syncPracticeSystem(db, client, { now: clock.now() });
    logger.info({ ...applied, ms: clock.nowMs() - started }, 'practice system synchronised');
  } catch (error) {
    if (!(error instanceof PracticeSystemError)) throw error;
    recordPracticeSystemError('sync', error.kind);
    logger.warn(
      { kind: error.kind, operation: error.message, ms: clock.nowMs() - started },
      'practice system sync failed; the next run goes on from the cursor',
    );
  }
}

/** Registers the sync when the calendar is the practice system's; nothing with the built-in one. */
export async function schedulePracticeSystemSync(runner: JobRunner, getDb: () => Promise<Db>, client = practiceSystemClient()): Promise<void> {
  if (!client) return;
  await runner.work(PRACTICE_SYSTEM_SYNC_QUEUE, async () => runPracticeSystemSync(await getDb(), client));
  await runner.schedule(PRACTICE_SYSTEM_SYNC_QUEUE, 1);
  // The first run at once, so a fresh instance does not wait a minute for its calendar.
  await runner.send(PRACTICE_SYSTEM_SYNC_QUEUE, {});
}
