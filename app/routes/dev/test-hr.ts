/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): a fresh HR user of the demo
 * company (its care team is the demo team), and a fresh employee of the same company with health
 * data an HR user must never reach: a visit report, a questionnaire, an invoice, an appointment
 * and a conversation with the care team. Each e2e test gets its own (JS on and off in parallel).
 * GET /dev/test-fixtures/hr → {identityCode, hrName, employee: {visitId, questionnaireId,
 *   invoiceId, invoiceNumber, appointmentId, threadId}}
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  createAppointment,
  createHrUser,
  createInvoice,
  createPerson,
  createQuestionnaireForm,
  createQuestionnaireInvitation,
  createVisitReport,
} from '~db/factories';
import { occupationalCareTeam, persons } from '~db/schema';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { json } from '~/lib/http/api.server';
import { makeIdentityCode } from '~/models/identity-code';
import { getDb } from '~/services/db/db.server';
import { createThreadWithMessage } from '~/services/messaging/threads.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/test-hr';

export async function loader(_args: Route.LoaderArgs) {
  requireTestDeployment();
  const [{ HEALTH_QUESTIONNAIRE }, { appointmentValues }] = await Promise.all([import('~db/seed-records'), import('~db/seed')]);
  const db = await getDb();
  const [team] = await db.select({ contractId: occupationalCareTeam.contractId }).from(occupationalCareTeam).limit(1);
  if (!team) return json({ error: 'no care team seeded' }, 500);
  const freeCode = async (birthDate: string) => {
    for (;;) {
      const code = makeIdentityCode(birthDate, 2 + randomInt(897));
      const [taken] = await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, code));
      if (!taken) return code;
    }
  };
  const suffix = randomInt(100_000);
  const hr = await createHrUser(db, {
    identityCode: await freeCode(`${1960 + randomInt(40)}-0${1 + randomInt(9)}-2${randomInt(8)}`),
    firstName: 'Testi',
    lastName: `Henkilöstö${suffix}`,
    contractId: team.contractId,
    title: 'HR-asiantuntija',
    emailAddress: `hr${suffix}@example.fi`,
  });
  const employee = await createPerson(db, {
    identityCode: await freeCode(`${1960 + randomInt(40)}-1${randomInt(3)}-1${randomInt(9)}`),
    firstName: 'Testi',
    lastName: `Työntekijä${suffix}`,
    occupationalContractId: team.contractId,
    confidentialityAcceptedAt: clock.now(),
  });
  const now = clock.now();
  const visit = await createVisitReport(db, {
    patientId: employee.id,
    startAt: new Date(now.getTime() - 3 * 86_400_000),
    practitionerId: 'P0001',
    specialtyId: 'YLE',
  });
  const form = await createQuestionnaireForm(db, HEALTH_QUESTIONNAIRE);
  const questionnaire = await createQuestionnaireInvitation(db, { patientId: employee.id, formId: form.id });
  const invoice = await createInvoice(db, {
    invoiceNumber: String(800_000_000 + randomInt(99_999_999)),
    personId: employee.id,
    source: 'CustomerInvoice',
    status: 'open',
    creationDate: now,
  });
  const { appointment } = await createAppointment(db, {
    ...appointmentValues(
      {
        person: 'mikko',
        description: 'hr fixture',
        startInMinutes: 24 * 60,
        kindId: 'VAS',
        specialtyId: 'YLE',
        clinicId: 'KA',
        practitionerId: 'P0001',
        locationType: 'physicalLocation',
      },
      now,
    ),
    patientId: employee.id,
  });
  const thread = await createThreadWithMessage(db, { customerPersonId: employee.id, title: 'Selkäkipu', text: 'Selkä on kipeä.' });
  if (!thread.ok) return json({ error: thread.reason }, 500);
  return json({
    identityCode: hr.person.identityCode,
    hrName: `${hr.person.firstName} ${hr.person.lastName}`,
    employee: {
      visitId: visit.id,
      questionnaireId: questionnaire.id,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      appointmentId: appointment.id,
      threadId: thread.threadId,
    },
  });
}
