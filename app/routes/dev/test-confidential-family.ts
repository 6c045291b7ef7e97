/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else) for a minor's confidential visits
 * (ADR 0034), so each end-to-end test has its own family:
 * GET /dev/test-fixtures/confidential-family
 *   → a guardian with a ward of 15 and a ward of 8, in the built-in population register (so
 *     identification keeps the guardianships) and as patients with the terms and the consent
 *     given; the 15-year-old's psychologist visit booked by the guardian, its reminder to the
 *     guardian's contact (as the booking would have scheduled it) due now, and its invoice
 *     addressed to the guardian; the 8-year-old's paediatrician visit. Answers the identity codes,
 *     phones, appointment ids and the invoice.
 * GET /dev/test-fixtures/reminder-sweep → runs the reminder sweep now (what the job runner does
 *   every minute) and answers its summary; with `?outsideQuietHours=1`, inside the quiet hours,
 *   as of their end (08.00), when the job runner would next send, so that a test sees what is
 *   sent whatever the hour it runs at.
 * Uses the same factories as the seed.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addGuardianship, addRegisterFamily, createAppointment, createInvoice, createPerson, localized } from '~db/factories';
import { appointmentReminders } from '~db/schema';
import { json } from '~/lib/http/api.server';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { clock } from '~/lib/clock.server';
import { addDays, helsinkiDate, helsinkiInstant, wallClock } from '~/lib/dates';
import { inQuietHours } from '~/services/appointments/reminder-rules';
import { runReminderSweep, scheduleReminder } from '~/services/appointments/reminders.server';
import { getDb } from '~/services/db/db.server';
import { freeIdentityCode } from '~/services/people/free-identity-code.server';
import type { Route } from './+types/test-confidential-family';

const uniquePhone = () => `+35840${String(1_000_000 + randomInt(8_999_999))}`;

/** A birth date `years` years and a few weeks before today (so the age is `years` for weeks to come). */
function bornYearsAgo(years: number): string {
  const [y, m] = helsinkiDate(clock.now()).split('-').map(Number) as [number, number];
  const month = m <= 2 ? m + 10 : m - 2;
  return `${m <= 2 ? y - years - 1 : y - years}-${String(month).padStart(2, '0')}-1${randomInt(10)}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  const db = await getDb();
  const url = new URL(request.url);
  if (url.pathname.endsWith('/reminder-sweep')) {
    const now = clock.now();
    const at = url.searchParams.get('outsideQuietHours') === '1' ? quietHoursOver(now) : now;
    return json(await runReminderSweep(db, { now: at }));
  }
  // The demo data is loaded only here, in a test deployment: other deployments never load it.
  const { appointmentValues } = await import('~db/seed');
  const now = clock.now();
  const lastName = `Perhe${randomInt(100_000)}`;
  const address = { streetAddress: 'Perhepolku 2', postalCode: '00100', postOffice: 'Helsinki' };
  const given = { confidentialityAcceptedAt: now, patientDataConsentUpdatedAt: now };
  const guardianCode = await freeIdentityCode(db, `${1975 + randomInt(15)}-0${1 + randomInt(9)}-1${randomInt(10)}`);
  const teenCode = await freeIdentityCode(db, bornYearsAgo(15));
  const childCode = await freeIdentityCode(db, bornYearsAgo(8));
  const people = {
    guardian: { identityCode: guardianCode, firstName: 'Huoltaja', lastName, ...address },
    teen: { identityCode: teenCode, firstName: 'Nuori', lastName, ...address },
    child: { identityCode: childCode, firstName: 'Lapsi', lastName, ...address },
  };
  await addRegisterFamily(db, people.guardian, [people.teen, people.child]);
  const phones = { guardian: uniquePhone(), teen: uniquePhone() };
  const guardian = await createPerson(db, { ...people.guardian, ...given, phone: phones.guardian, email: `huoltaja.${lastName.toLowerCase()}@example.fi` });
  const teen = await createPerson(db, { ...people.teen, ...given, phone: phones.teen, email: null });
  const child = await createPerson(db, { ...people.child, ...given });
  await addGuardianship(db, guardian.id, teen.id);
  await addGuardianship(db, guardian.id, child.id);

  const teenVisit = await createAppointment(db, {
    ...appointmentValues(
      {
        person: 'sanni',
        description: 'confidential',
        startInMinutes: 3 * 24 * 60 + 60,
        kindId: 'VAS',
        specialtyId: 'PSY',
        clinicId: 'JP',
        practitionerId: 'P0026',
        locationType: 'physicalLocation',
        durationMinutes: 45,
      },
      now,
    ),
    patientId: teen.id,
    bookedById: guardian.id,
    bookedVia: 'web',
  });
  const childVisit = await createAppointment(db, {
    ...appointmentValues(
      {
        person: 'eino',
        description: 'child',
        startInMinutes: 2 * 24 * 60 + 60,
        kindId: 'VAS',
        specialtyId: 'LAS',
        clinicId: 'TI',
        practitionerId: 'P0013',
        locationType: 'physicalLocation',
      },
      now,
    ),
    patientId: child.id,
    bookedById: guardian.id,
    bookedVia: 'web',
  });
  // The reminder as the guardian's booking scheduled it (to the guardian's contact, ADR 0031), due now.
  await scheduleReminder(db, teenVisit.appointment.id, {
    recipient: { phone: phones.guardian, email: guardian.email, language: 'fi', brand: 'general' },
    now,
  });
  await db.update(appointmentReminders).set({ dueAt: now }).where(eq(appointmentReminders.appointmentId, teenVisit.appointment.id));
  const invoice = await createInvoice(db, {
    invoiceNumber: String(800_000_000 + randomInt(99_999_999)),
    personId: teen.id,
    addresseeId: guardian.id,
    appointmentId: teenVisit.appointment.id,
    description: localized('Psykologin vastaanotto, Järvenpää', 'Psykologmottagning, Träskända', 'Psychologist visit, Järvenpää'),
    source: 'CustomerInvoice',
    status: 'open',
    sumCents: 9800,
    creationDate: now,
  });
  return json({
    guardian: { identityCode: guardianCode, phone: phones.guardian, email: guardian.email },
    teen: { identityCode: teenCode, firstName: teen.firstName, lastName, phone: phones.teen },
    child: { identityCode: childCode, firstName: child.firstName, lastName },
    teenVisitId: teenVisit.appointment.id,
    childVisitId: childVisit.appointment.id,
    invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber },
  });
}

/** `now`, or — inside the quiet hours (21.00–08.00) — the 08.00 that ends them. */
function quietHoursOver(now: Date): Date {
  if (!inQuietHours(now)) return now;
  const today = helsinkiDate(now);
  return helsinkiInstant(wallClock(now).hour < 8 ? today : addDays(today, 1), 8, 0);
}
