/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): creates an appointment for a
 * demo person so each end-to-end test works on its own data. Uses the same factory as the seed.
 * GET /dev/test-fixtures/appointment?person=aino&startInMinutes=20[&locationType=…][&withoutConsent=1]
 */
import { eq } from 'drizzle-orm';
import { createAppointment } from '~db/factories';
import { persons } from '~db/schema';
import { appointmentValues } from '~db/seed';
import { DEMO_PERSONS, type DemoAppointment } from '~db/seed-data';
import { env } from '~/env.server';
import { json } from '~/lib/api.server';
import { getDb } from '~/services/db/db.server';
import type { Route } from './+types/test-fixtures';

export async function loader({ request }: Route.LoaderArgs) {
  if (env().DEPLOYMENT_ENV !== 'test') return new Response('Not found', { status: 404 });
  const params = new URL(request.url).searchParams;
  const person = params.get('person') as DemoAppointment['person'];
  if (!(person in DEMO_PERSONS)) return json({ error: 'unknown person' }, 400);
  const db = await getDb();
  const [patient] = await db.select().from(persons).where(eq(persons.identityCode, DEMO_PERSONS[person].identityCode));
  if (!patient) return json({ error: 'person not seeded' }, 400);
  const spec: DemoAppointment = {
    person,
    description: 'test fixture',
    startInMinutes: Number(params.get('startInMinutes') ?? 60),
    kindId: 'VAS',
    specialtyId: params.get('specialtyId') ?? 'YLE',
    clinicId: params.get('clinicId') ?? 'KA',
    practitionerId: params.get('practitionerId') ?? 'P0001',
    locationType: (params.get('locationType') as DemoAppointment['locationType'] | null) ?? 'physicalLocation',
    roomLocation: params.get('room') ?? undefined,
  };
  const { appointment, anonymousCode } = await createAppointment(db, {
    ...appointmentValues(spec, new Date()),
    patientId: patient.id,
  });
  return json({ id: appointment.id, code: anonymousCode, startAt: appointment.startAt.toISOString() });
}
