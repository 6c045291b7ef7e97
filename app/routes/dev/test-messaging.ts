/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): a fresh occupational customer on
 * the demo contract (the demo care team), with the messaging flags on and two threads: one with
 * an unread reply from the doctor, one assigned to the absent nurse. Each e2e test gets its own,
 * so tests running in parallel (JS on and off) do not read each other's threads.
 * GET /dev/test-fixtures/messaging → {identityCode, phone, unreadThreadId, absentThreadId,
 * outsiderId}; outsiderId: an active professional outside the demo care team (the triage nurse).
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createPerson, setFeatureOverride } from '~db/factories';
import { occupationalCareTeam, persons } from '~db/schema';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { json } from '~/lib/http/api.server';
import { makeIdentityCode } from '~/models/identity-code';
import { getDb } from '~/services/db/db.server';
import { assignThread } from '~/services/messaging/staff.server';
import { appendMessage, createThreadWithMessage } from '~/services/messaging/threads.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/test-messaging';

export async function loader(_args: Route.LoaderArgs) {
  requireTestDeployment();
  const { DEMO_PROFESSIONALS } = await import('~db/seed-messaging');
  const db = await getDb();
  const [team] = await db.select({ contractId: occupationalCareTeam.contractId }).from(occupationalCareTeam).limit(1);
  if (!team) return json({ error: 'no care team seeded' }, 500);
  const proId = async (code: string) => (await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, code)).limit(1))[0]!.id;
  const leena = await proId(DEMO_PROFESSIONALS.leena.identityCode);
  const sari = await proId(DEMO_PROFESSIONALS.sari.identityCode);
  const outsiderId = await proId(DEMO_PROFESSIONALS.tiina.identityCode);
  let customer;
  for (;;) {
    const identityCode = makeIdentityCode(`${1960 + randomInt(40)}-0${1 + randomInt(9)}-1${randomInt(10)}`, 2 + randomInt(897));
    const [taken] = await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, identityCode));
    if (taken) continue;
    customer = await createPerson(db, {
      identityCode,
      firstName: 'Testi',
      lastName: `Viestijä${randomInt(100_000)}`,
      phone: `+35840${String(randomInt(1_000_000, 9_999_999))}`,
      email: `viestija${randomInt(1_000_000)}@example.fi`,
      occupationalContractId: team.contractId,
      confidentialityAcceptedAt: clock.now(),
    });
    break;
  }
  await setFeatureOverride(db, customer.id, 'customer-messaging-enabled', true);
  await setFeatureOverride(db, customer.id, 'customer-messaging-allowed', true);
  const now = clock.nowMs();
  const unread = await createThreadWithMessage(db, {
    customerPersonId: customer.id,
    title: 'Selkäkipu',
    text: 'Selkä on kipeä.',
    recipientId: leena,
    now: new Date(now - 60 * 60_000),
  });
  if (!unread.ok) return json({ error: unread.reason }, 500);
  await appendMessage(db, {
    threadId: unread.threadId,
    customerPersonId: customer.id,
    authorId: leena,
    text: 'Varaa aika fysioterapeutille.',
    now: new Date(now - 60_000),
  });
  const absent = await createThreadWithMessage(db, {
    customerPersonId: customer.id,
    title: 'Rokotukset',
    text: 'Mitä rokotuksia tarvitsen?',
    now: new Date(now - 2 * 60 * 60_000),
  });
  if (!absent.ok) return json({ error: absent.reason }, 500);
  await assignThread(db, { me: sari, threadId: absent.threadId, assigneeId: sari, now: new Date(now - 2 * 60 * 60_000) });
  return json({ identityCode: customer.identityCode, phone: customer.phone, unreadThreadId: unread.threadId, absentThreadId: absent.threadId, outsiderId });
}
