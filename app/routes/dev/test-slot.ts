/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): creates a fresh free time so each
 * end-to-end test reserves its own, and optionally a fresh patient to book it for.
 * GET /dev/test-fixtures/slot?startInMinutes=4320[&requiresAuth=1][&specialtyId=YLE][&clinicId=KA]
 *   [&practitionerId=P0001][&payerTypes=self,occupationalHealthCare][&remote=1]
 *   [&patient=new[&consent=1][&creditBlocked=1][&contractOf=020779-913S][&phone=+35840…][&email=…]]
 * `remote=1` makes it a remote (phone) time. `consent=1` gives the new patient the patient data consent; `phone` and `email` are their
 * saved contact details (what the logged-in booking form shows and books with); `creditBlocked=1` blocks their
 * online booking as billing would; `contractOf` makes them an employee on the occupational
 * agreement of the person with that identity code. Answers {slotId, startAt, patient?: {identityCode, firstName, lastName}}.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createPerson, createSlot } from '~db/factories';
import { persons } from '~db/schema';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { json } from '~/lib/http/api.server';
import { makeIdentityCode } from '~/models/identity-code';
import { afterSlotFreed } from '~/services/appointments/earlier-time-matching.server';
import { getDb } from '~/services/db/db.server';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/test-slot';

const FIVE_MINUTES = 5 * 60_000;

async function freshPatient(
  db: Db,
  options: { consent: boolean; creditBlocked: boolean; contractOf: string | null; phone: string | null; email: string | null },
) {
  const [employer] = options.contractOf
    ? await db.select({ contractId: persons.occupationalContractId }).from(persons).where(eq(persons.identityCode, options.contractOf))
    : [];
  for (;;) {
    const year = 1950 + randomInt(50);
    const identityCode = makeIdentityCode(`${year}-0${1 + randomInt(9)}-1${randomInt(10)}`, 2 + randomInt(897));
    const [taken] = await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, identityCode));
    if (taken) continue;
    return createPerson(db, {
      identityCode,
      firstName: 'Testi',
      lastName: `Varaaja${randomInt(100_000)}`,
      confidentialityAcceptedAt: clock.now(),
      patientDataConsentUpdatedAt: options.consent ? clock.now() : null,
      creditBlocked: options.creditBlocked,
      occupationalContractId: employer?.contractId ?? null,
      phone: options.phone,
      email: options.email,
    });
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  const params = new URL(request.url).searchParams;
  const db = await getDb();
  const minutes = Number(params.get('startInMinutes') ?? 3 * 24 * 60);
  if (!Number.isFinite(minutes)) return json({ error: 'startInMinutes' }, 400);
  const start = new Date(Math.ceil((clock.nowMs() + minutes * 60_000) / FIVE_MINUTES) * FIVE_MINUTES);
  const slot = await createSlot(db, {
    clinicId: params.get('clinicId') ?? 'KA',
    practitionerId: params.get('practitionerId') ?? 'P0001',
    specialtyId: params.get('specialtyId') ?? 'YLE',
    startAt: start,
    requiresAuth: params.get('requiresAuth') === '1',
    payerTypes: params.get('payerTypes')?.split(',') ?? ['self'],
    ...(params.get('remote') === '1' ? { isRemote: true, locationType: 'phoneAppointment' as const } : {}),
  });
  // A new free time is offered to those waiting for an earlier one at once, as the sweep would
  // within a minute (ADR 0037).
  await afterSlotFreed(db, slot.id);
  const patient =
    params.get('patient') === 'new'
      ? await freshPatient(db, {
          consent: params.get('consent') === '1',
          creditBlocked: params.get('creditBlocked') === '1',
          contractOf: params.get('contractOf'),
          phone: params.get('phone'),
          email: params.get('email'),
        })
      : null;
  return json({
    slotId: slot.id,
    startAt: slot.startAt.toISOString(),
    ...(patient ? { patient: { identityCode: patient.identityCode, firstName: patient.firstName, lastName: patient.lastName } } : {}),
  });
}
