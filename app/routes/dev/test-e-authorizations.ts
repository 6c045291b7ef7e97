/**
 * Test support (DEPLOYMENT_ENV=test with the built-in e-Authorizations test service only; 404
 * everywhere else; ADR 0050): GET /dev/test-fixtures/e-authorizations → a fresh delegate (a
 * person of their own) with a mandate in force for Aino (all issues), so e2e tests running side
 * by side never share one; `?expire=<identity code>` ends that delegate's mandates' term
 * yesterday (Helsinki date), as a mandate granted until a date lapses. Aino is given the patient data consent if she has not yet (the
 * tests share her; a delegate cannot give it for her, and books for her). → {identityCode, name}
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { createPerson } from '~db/factories';
import { persons, testEauthMandates } from '~db/schema';
import { env } from '~/env.server';
import { json } from '~/lib/http/api.server';
import { clock } from '~/lib/clock.server';
import { addDays, helsinkiDate } from '~/lib/dates';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { makeIdentityCode } from '~/models/identity-code';
import { getDb } from '~/services/db/db.server';
import { HPA_ISSUES } from '~/services/people/e-authorizations/acting-for.server';
import type { Route } from './+types/test-e-authorizations';

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment(env().E_AUTHORIZATIONS === 'test');
  const db = await getDb();
  const expire = new URL(request.url).searchParams.get('expire');
  if (expire) {
    const yesterday = addDays(helsinkiDate(clock.now()), -1);
    await db
      .update(testEauthMandates)
      .set({ validFrom: addDays(yesterday, -1), validUntil: yesterday })
      .where(eq(testEauthMandates.delegateIdentityCode, expire));
    return json({ identityCode: expire });
  }
  let identityCode: string;
  for (;;) {
    identityCode = makeIdentityCode('1972-06-15', 2 + randomInt(897));
    const [taken] = await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, identityCode));
    if (!taken) break;
  }
  const firstName = 'Valtuutettu';
  const lastName = `Testi${randomInt(100_000)}`;
  // Saved contact details: a delegate booking for Aino gets the confirmation at their own.
  const phone = `+35840${String(randomInt(10_000_000)).padStart(7, '0')}`;
  const email = `${lastName.toLowerCase()}@example.fi`;
  await createPerson(db, { identityCode, firstName, lastName, phone, email, confidentialityAcceptedAt: clock.now() });
  const { aino } = (await import('~db/seed-data')).DEMO_PERSONS;
  await db
    .update(persons)
    .set({ patientDataConsentUpdatedAt: clock.now() })
    .where(and(eq(persons.identityCode, aino.identityCode), isNull(persons.patientDataConsentUpdatedAt)));
  await db.insert(testEauthMandates).values({
    kind: 'hpa',
    delegateIdentityCode: identityCode,
    principalId: aino.identityCode,
    principalName: `${aino.firstName} ${aino.lastName}`,
    roles: [...HPA_ISSUES],
    validFrom: addDays(helsinkiDate(clock.now()), -1),
  });
  return json({ identityCode, name: `${firstName} ${lastName}` });
}
