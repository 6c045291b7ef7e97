/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): invoices for the end-to-end
 * tests, so each test pays its own.
 * GET /dev/test-fixtures/invoice?person=aino|laura|eino|new[&email=invalid][&status=open][&sumCents=4990]
 *   → {id, invoiceNumber, identityCode?} (a new person's identity code, to log in with)
 * GET /dev/test-fixtures/invoice?inspect={invoiceNumber}
 *   → {status, paid, settledPayments, events: [{via, outcome}]} (what the callbacks did)
 */
import { randomInt } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { createInvoice, createPerson } from '~db/factories';
import { invoices, paymentEvents, payments, persons } from '~db/schema';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { json } from '~/lib/http/api.server';
import { makeIdentityCode } from '~/models/identity-code';
import { LISTABLE_INVOICE_STATUSES, type ListableInvoiceStatus } from '~/models/billing/invoice';
import { getDb } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/test-invoice';

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  // The demo data is loaded only here, in a test deployment: other deployments never load it.
  const { DEMO_PERSONS } = await import('~db/seed-data');
  const params = new URL(request.url).searchParams;
  const db = await getDb();

  const inspect = params.get('inspect');
  if (inspect) {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.invoiceNumber, inspect));
    if (!invoice) return json({ error: 'notFound' }, 404);
    const attempts = await db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    const events = attempts.length
      ? await db
          .select({ via: paymentEvents.via, outcome: paymentEvents.outcome })
          .from(paymentEvents)
          .where(
            inArray(
              paymentEvents.paymentId,
              attempts.map((p) => p.id),
            ),
          )
          .orderBy(asc(paymentEvents.id))
      : [];
    return json({
      status: invoice.status,
      paid: invoice.paidAt !== null,
      settledPayments: attempts.filter((p) => p.status === 'settled').length,
      payments: attempts.map((p) => p.status),
      events,
    });
  }

  const who = params.get('person') ?? 'aino';
  let personId: string;
  let identityCode: string | undefined;
  if (who === 'new') {
    identityCode = makeIdentityCode(`19${60 + randomInt(39)}-0${1 + randomInt(9)}-1${randomInt(10)}`, 2 + randomInt(897));
    const person = await createPerson(db, {
      identityCode,
      firstName: 'Testi',
      lastName: `Maksaja${randomInt(100_000)}`,
      email: params.get('email') === 'invalid' ? 'not-an-address' : 'testi.maksaja@example.fi',
      phone: '+358401112222',
      streetAddress: 'Testikatu 1',
      postalCode: '00100',
      postOffice: 'Helsinki',
      confidentialityAcceptedAt: clock.now(),
      patientDataConsentUpdatedAt: clock.now(),
    });
    personId = person.id;
  } else {
    const demo = DEMO_PERSONS[who as keyof typeof DEMO_PERSONS];
    if (!demo) return json({ error: 'person' }, 400);
    const [person] = await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, demo.identityCode));
    if (!person) return json({ error: 'person' }, 400);
    personId = person.id;
  }
  const status = (params.get('status') ?? 'open') as ListableInvoiceStatus;
  if (!LISTABLE_INVOICE_STATUSES.includes(status)) return json({ error: 'status' }, 400);
  const sumCents = Number(params.get('sumCents') ?? 4990);
  if (!Number.isInteger(sumCents) || sumCents <= 0) return json({ error: 'sumCents' }, 400);
  const invoice = await createInvoice(db, {
    invoiceNumber: String(900_000_000 + randomInt(99_999_999)),
    personId,
    source: 'CustomerInvoice',
    status,
    sumCents,
    creationDate: clock.now(),
  });
  return json({ id: invoice.id, invoiceNumber: invoice.invoiceNumber, ...(identityCode ? { identityCode } : {}) });
}
