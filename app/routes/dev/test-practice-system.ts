/**
 * Test support (DEPLOYMENT_ENV=test with PRACTICE_SYSTEM=fhir only; 404 everywhere else): the
 * practice system's sync on demand, for the e2e spec of the FHIR backend (ADR 0051), so a
 * staff-made appointment is seen without waiting for the minute's run.
 * GET /dev/test-fixtures/practice-system?sync answers 202 when a sync run is queued on the
 *   instance's runner (after the one running, if any: the queue runs one at a time);
 * GET /dev/test-fixtures/practice-system?appointment=<FHIR id>[&lang=en] answers
 *   {appointmentId, link} once a sync has brought that Appointment in — the link a new anonymous
 *   one, as a reminder carries it (links.server.ts) — and 404 before.
 */
import { json } from '~/lib/http/api.server';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { clock } from '~/lib/clock.server';
import { isLanguage } from '~/i18n/config';
import { newAppointmentLink } from '~/services/appointments/links.server';
import { getDb } from '~/services/db/db.server';
import { currentJobRunner } from '~/services/jobs/runner.server';
import { practiceSystemClient } from '~/services/practice-system/practice-system.server';
import { PRACTICE_SYSTEM_SYNC_QUEUE } from '~/services/practice-system/sync-job.server';
import { localAppointmentOf } from '~/services/practice-system/sync.server';
import type { Route } from './+types/test-practice-system';

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment(practiceSystemClient() !== null);
  const params = new URL(request.url).searchParams;
  if (params.has('sync')) {
    const runner = currentJobRunner();
    if (!runner) return json({ error: 'no job runner' }, 503);
    await runner.send(PRACTICE_SYSTEM_SYNC_QUEUE, {});
    return json({ queued: true }, 202);
  }
  const fhirId = params.get('appointment') ?? '';
  const lang = params.get('lang') ?? 'en';
  if (!fhirId || !isLanguage(lang)) return json({ error: 'appointment' }, 400);
  const db = await getDb();
  const appointmentId = await localAppointmentOf(db, fhirId);
  if (appointmentId === null) return json({ error: 'not synchronised' }, 404);
  return json({ appointmentId, link: await newAppointmentLink(db, appointmentId, lang, clock.now()) });
}
