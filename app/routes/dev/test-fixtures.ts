/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): creates an appointment for a
 * demo person so each end-to-end test works on its own data. Uses the same factory as the seed.
 * GET /dev/test-fixtures/appointment?person=aino|new&startInMinutes=20[&locationType=…][&room=…][&withSlot=1][&insurance=if-company][&phone=+35850…][&email=…][&paid=1]
 * `withSlot=1` books it from a free time of the calendar made for it (as an online booking holds
 * its slot), so moving it frees that time (issue 24). `insurance=if-company` makes it an
 * insurance visit booked with IF's company insurance (the insurance row a reservation stores).
 * `phone`/`email` (with `person=new`) make the new patient a person of this test only, with that
 * saved contact (where their earlier-time offers go, ADR 0037). `paid=1` (a remote, self-paid
 * visit) pays its fee online as the patient would: the fee approved, paid at the built-in test
 * provider's bank and settled by its callback (answers its `invoiceNumber`; ADR 0048).
 */
import { eq } from 'drizzle-orm';
import { createAppointment, createPerson, createSlot } from '~db/factories';
import { appointmentInsurance, persons } from '~db/schema';
import type { DemoAppointment, DemoPersonKey } from '~db/seed-data';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { json } from '~/lib/http/api.server';
import { makeIdentityCode } from '~/models/identity-code';
import { conceptCodeFor } from '~/services/booking/insurance/insurance-rules';
import { handleProviderReturn, paymentClient, preparePayment, testProviderSecret } from '~/services/billing/payments.server';
import { completeTestBankPayment, findTestBankPayment } from '~/services/billing/test-provider.server';
import { approveVisitPayment } from '~/services/billing/visit-payment.server';
import type { Db } from '~/services/db/db.server';
import { getDb } from '~/services/db/db.server';
import { freeIdentityCode } from '~/services/people/free-identity-code.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/test-fixtures';

/** The visit's fee paid online through the test provider, as the patient pays it: its invoice number. */
async function payVisit(db: Db, patient: typeof persons.$inferSelect, appointmentId: number, origin: string): Promise<string> {
  const viewer = { personId: patient.id, youngWardIds: [], olderWardIds: [] };
  const approved = await approveVisitPayment(
    db,
    viewer,
    { name: `${patient.firstName} ${patient.lastName}`, street: null, postalCode: null, postOffice: null },
    appointmentId,
  );
  if (approved.type !== 'invoice') throw new Error(`the visit's fee: ${approved.type}`);
  const client = paymentClient(db, origin);
  const prepared = await preparePayment(db, client, {
    viewer,
    payer: { email: 'testi.potilas@example.fi', firstName: patient.firstName, lastName: patient.lastName },
    invoiceNumber: approved.invoiceNumber,
    lang: 'fi',
    origin,
    returnUrl: `${origin}/`,
    callbackUrl: `${origin}/api/payments/callback`,
    browserBindingHash: 'test-fixture',
  });
  if (prepared.type !== 'ready') throw new Error(`the payment: ${prepared.type}`);
  const method = prepared.methods[0]!;
  const field = (name: string) => method.parameters.find((p) => p.name === name)?.value ?? '';
  const bank = await findTestBankPayment(
    db,
    { transaction: field('transaction'), method: field('method'), signature: field('bank-signature') },
    testProviderSecret(),
  );
  if (!bank) throw new Error('the test bank payment');
  const done = await completeTestBankPayment(db, bank, method.id, 'pay', testProviderSecret());
  const settled = await handleProviderReturn(db, client, new URL(done.callbackUrl!).searchParams, 'callback');
  if (settled.result !== 'success') throw new Error(`the payment: ${settled.result}`);
  return approved.invoiceNumber;
}

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  // The demo data is loaded only here, in a test deployment: other deployments never load it.
  const [{ appointmentValues }, { DEMO_PERSONS }] = await Promise.all([import('~db/seed'), import('~db/seed-data')]);
  const params = new URL(request.url).searchParams;
  const requested = params.get('person') ?? '';
  const db = await getDb();
  let patient: typeof persons.$inferSelect | undefined;
  const contact = { phone: params.get('phone'), email: params.get('email') };
  if (requested === 'new' && (contact.phone || contact.email)) {
    patient = await createPerson(db, { identityCode: await freeIdentityCode(db, '1990-01-01'), firstName: 'Testi', lastName: 'Potilas', ...contact });
  } else if (requested === 'new') {
    // A fresh adult patient (no confidentiality terms accepted) for tests that change per-person state.
    const identityCode = makeIdentityCode('1990-01-01', 100 + Math.floor(Math.random() * 800));
    const [existing] = await db.select().from(persons).where(eq(persons.identityCode, identityCode));
    patient = existing ?? (await createPerson(db, { identityCode, firstName: 'Testi', lastName: 'Potilas' }));
  } else if (requested in DEMO_PERSONS) {
    [patient] = await db
      .select()
      .from(persons)
      .where(eq(persons.identityCode, DEMO_PERSONS[requested as DemoPersonKey].identityCode));
  }
  if (!patient) return json({ error: 'unknown person' }, 400);
  const person = (requested === 'new' ? 'aino' : requested) as DemoAppointment['person'];
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
  const values = appointmentValues(spec, clock.now());
  const insured = params.get('insurance') === 'if-company';
  const slot =
    params.get('withSlot') === '1'
      ? await createSlot(db, {
          clinicId: values.clinicId,
          practitionerId: values.practitionerId,
          specialtyId: values.specialtyId,
          startAt: values.startAt,
          kindId: values.kindId,
          durationMinutes: values.durationMinutes,
          isRemote: values.isRemote,
          locationType: values.locationType,
          payerTypes: [insured ? 'insurance' : 'self'],
        })
      : null;
  const { appointment, anonymousCode } = await createAppointment(db, {
    ...values,
    patientId: patient.id,
    // Still a staff booking: it does not count toward the person's online reservations.
    ...(slot ? { slotId: slot.id } : {}),
    ...(insured ? { payerType: 'insurance' as const } : {}),
  });
  if (insured) {
    await db.insert(appointmentInsurance).values({
      appointmentId: appointment.id,
      insurer: 'IF',
      reimbursement: 'COMPANY_REIMBURSEMENT',
      conceptCode: conceptCodeFor('general', 'IF', 'COMPANY_REIMBURSEMENT'),
      description: 'test fixture: If, company insurance',
    });
  }
  const invoiceNumber = params.get('paid') === '1' ? await payVisit(db, patient, appointment.id, new URL(request.url).origin) : null;
  return json({
    id: appointment.id,
    code: anonymousCode,
    ...(invoiceNumber ? { invoiceNumber } : {}),
    startAt: appointment.startAt.toISOString(),
    ...(slot ? { slotId: slot.id } : {}),
    ...(requested === 'new' ? { identityCode: patient.identityCode } : {}),
  });
}
