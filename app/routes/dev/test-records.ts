/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): fresh record items for a demo
 * person, so each end-to-end test works on its own data (renewals and answers change state).
 * GET /dev/test-fixtures/records?person=aino → { prescriptionIds: [renewable, renewable], questionnaireId }
 */
import { eq } from 'drizzle-orm';
import { createPrescription, createQuestionnaireForm, createQuestionnaireInvitation } from '~db/factories';
import { persons } from '~db/schema';
import type { DemoPersonKey } from '~db/seed-data';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { json } from '~/lib/http/api.server';
import { helsinkiDate } from '~/lib/dates';
import { getDb } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/test-records';

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  const [{ DEMO_PERSONS }, { HEALTH_QUESTIONNAIRE }] = await Promise.all([import('~db/seed-data'), import('~db/seed-records')]);
  const requested = new URL(request.url).searchParams.get('person') ?? '';
  if (!(requested in DEMO_PERSONS)) return json({ error: 'unknown person' }, 400);
  const db = await getDb();
  const [patient] = await db
    .select()
    .from(persons)
    .where(eq(persons.identityCode, DEMO_PERSONS[requested as DemoPersonKey].identityCode));
  if (!patient) return json({ error: 'unknown person' }, 400);
  const today = helsinkiDate(clock.now());
  const base = {
    patientId: patient.id,
    issuedDate: today,
    isRenewable: true,
    medicineType: 'tabletti',
    packageUnit: 'kpl',
    packageSize: 30,
    packageCount: 1,
    totalAmount: '30 tablettia',
    dosageGuide: '1 tabletti päivässä',
    usageGuide: 'Testilääke',
  };
  const suffix = Math.floor(Math.random() * 1e6);
  const a = await createPrescription(db, { ...base, medicineName: `Testilääke A${suffix}`, strength: '10 mg' });
  const b = await createPrescription(db, { ...base, medicineName: `Testilääke B${suffix}`, strength: '20 mg' });
  const form = await createQuestionnaireForm(db, HEALTH_QUESTIONNAIRE);
  const invitation = await createQuestionnaireInvitation(db, { patientId: patient.id, formId: form.id });
  return json({ prescriptionIds: [a.id, b.id], medicines: [a.medicineName, b.medicineName], questionnaireId: invitation.id });
}
