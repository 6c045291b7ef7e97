/**
 * A minor's confidential visits (issue 23, ADR 0034) on a real database (PGlite, and PostgreSQL
 * with TEST_DATABASE_URL), through every read path a guardian has: the appointment list (also the
 * front page's), by id (the page and the JSON routes), the `.ics`, cancel / check-in / the reason
 * for the visit, pay a visit, the invoice list, summary, PDF and pay page, the reminder sweep,
 * health records and the messaging GraphQL API. The SQL of the viewer module is checked against
 * the pure rule (`guardianSeesAppointment`, `guardianSeesInvoice`) on every combination.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, createAppointment, createInvoice, createPerson } from '~db/factories';
import { accessLog, appointmentReminders, appointments, invoices, outbox, persons } from '~db/schema';
import { appointmentValues } from '~db/seed';
import { DEMO_PERSONS, SANNI_VISIT_INVOICE } from '~db/seed-data';
import { helsinkiDate } from '~/lib/dates';
import { guardianSeesAppointment, guardianSeesInvoice } from '~/models/appointments/confidential';
import type { ConfidentialBy } from '~/models/appointments/appointment-types';
import { makeIdentityCode } from '~/models/identity-code';
import { guardianScopeOf, type GuardianScope } from '~/models/person';
import {
  appointmentForCalendar,
  cancelAppointment,
  checkIn,
  findByAnonymousCode,
  getAppointments,
  listAppointments,
  saveArrivalReason,
  setHiddenFromGuardians,
} from '~/services/appointments/appointments.server';
import { newAppointmentLink } from '~/services/appointments/links.server';
import { runReminderSweep, scheduleReminder } from '~/services/appointments/reminders.server';
import { renderInvoicePdf } from '~/services/billing/invoice-pdf.server';
import { findVisibleInvoice, getInvoiceSummary, invoiceForPdf, listInvoices, serviceText, summaryView } from '~/services/billing/invoices.server';
import { invoiceForPayment } from '~/services/billing/payments.server';
import { listPayableVisits } from '~/services/billing/visit-payment.server';
import type { Db } from '~/services/db/db.server';
import { runMessagingQuery } from '~/services/messaging/graphql.server';
import { createThreadWithMessage } from '~/services/messaging/threads.server';
import { recordViewerOf, viewerOf, type Viewer } from '~/services/people/viewer.server';
import { brand } from '~/brands';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { readPdf } from '../../fixtures/pdf-text';
import { clock } from '../../fixtures/clock';

const links = {
  pdf: (i: { id: number }) => `/pdf/${i.id}`,
  pay: (i: { invoiceNumber: string }) => `/pay/${i.invoiceNumber}`,
  summary: (i: { id: number }) => `/summary/${i.id}`,
};
const HIDDEN_WORDS = /Psyk|Psych|Järvenpää|Träskända/;

type PersonRow = typeof persons.$inferSelect;
let individual = 500;

/** A birth date `years` (and a few days) before today, so the age is exactly `years` today. */
function bornYearsAgo(years: number): string {
  const today = helsinkiDate(clock.now());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y - years, m - 1, d - 3));
  return shifted.toISOString().slice(0, 10);
}

async function newPerson(db: Db, birthDate: string, contact: { phone?: string | null; email?: string | null } = {}) {
  individual += 2;
  return createPerson(db, {
    identityCode: makeIdentityCode(birthDate, individual),
    firstName: 'Testi',
    lastName: `Henkilö${individual}`,
    phone: contact.phone ?? null,
    email: contact.email ?? null,
    confidentialityAcceptedAt: clock.now(),
  });
}

async function visit(db: Db, patientId: string, extra: Partial<typeof appointments.$inferInsert> = {}, startInMinutes = 3 * 24 * 60) {
  const values = appointmentValues(
    {
      person: 'aino',
      description: 'test',
      startInMinutes,
      kindId: 'VAS',
      specialtyId: 'PSY',
      clinicId: 'JP',
      practitionerId: 'P0026',
      locationType: 'physicalLocation',
    },
    clock.now(),
  );
  return createAppointment(db, { ...values, ...extra, patientId });
}

/** The viewer as the session builds it: the guardian and their wards with birth dates. */
const viewerFor = (guardian: PersonRow, wards: PersonRow[]): Viewer =>
  viewerOf({ person: { id: guardian.id }, wards: wards.map((w) => ({ id: w.id, birthDate: w.birthDate })) });

async function byIdentityCode(db: Db, key: keyof typeof DEMO_PERSONS) {
  const [row] = await db.select().from(persons).where(eq(persons.identityCode, DEMO_PERSONS[key].identityCode));
  return row!;
}

describe.each(databaseKinds())('confidential visits of minors on %s', (kind) => {
  const t = withTestDatabase(kind, { seed: true });
  let laura: PersonRow;
  let sanni: PersonRow;
  let eino: PersonRow;
  let lauraView: Viewer;
  let sanniView: Viewer;

  beforeAll(async () => {
    laura = await byIdentityCode(t.db, 'laura');
    sanni = await byIdentityCode(t.db, 'sanni');
    eino = await byIdentityCode(t.db, 'eino');
    lauraView = viewerFor(laura, [eino, sanni]);
    sanniView = viewerFor(sanni, []);
  });

  it('splits the wards by age: Eino (8) sees-all, Sanni (15) own bookings only', () => {
    expect(lauraView).toEqual({ personId: laura.id, youngWardIds: [eino.id], olderWardIds: [sanni.id] });
  });

  it('agrees with the pure rule on every age, booker and confidentiality (list, by id, .ics)', async () => {
    const guardian = await newPerson(t.db, '1980-04-04');
    const other = await newPerson(t.db, '1979-05-05');
    const wards: Record<GuardianScope, PersonRow> = {
      all: await newPerson(t.db, bornYearsAgo(8)),
      ownBookings: await newPerson(t.db, bornYearsAgo(15)),
      none: await newPerson(t.db, bornYearsAgo(19)),
    };
    for (const ward of Object.values(wards)) await addGuardianship(t.db, guardian.id, ward.id);
    const viewer = viewerFor(guardian, Object.values(wards));
    const cases: { scope: GuardianScope; bookedById: string | null; confidentialBy: ConfidentialBy | null; id: number }[] = [];
    for (const scope of ['all', 'ownBookings', 'none'] as const) {
      const ward = wards[scope];
      expect(guardianScopeOf(ward.birthDate, helsinkiDate(clock.now()))).toBe(scope);
      for (const bookedById of [guardian.id, other.id, null]) {
        for (const confidentialBy of [null, 'patient', 'professional'] as const) {
          const marked = confidentialBy
            ? { confidentialAt: clock.now(), confidentialBy, confidentialMarkedById: confidentialBy === 'patient' ? ward.id : other.id }
            : {};
          const { appointment } = await visit(t.db, ward.id, { bookedById, ...marked });
          cases.push({ scope, bookedById, confidentialBy, id: appointment.id });
        }
      }
    }
    const list = await listAppointments(t.db, viewer, 'fi');
    const listed = new Set([...list.upcoming, ...list.cancelled, ...list.past].map((a) => a.id));
    const byId = new Set(
      (
        await getAppointments(
          t.db,
          viewer,
          cases.map((c) => c.id),
          'fi',
        )
      ).map((a) => a.id),
    );
    for (const c of cases) {
      const expected = guardianSeesAppointment(c.scope, c, guardian.id);
      expect({ ...c, listed: listed.has(c.id) }).toEqual({ ...c, listed: expected });
      expect({ ...c, byId: byId.has(c.id) }).toEqual({ ...c, byId: expected });
      expect({ ...c, ics: (await appointmentForCalendar(t.db, viewer, c.id)) !== null }).toEqual({ ...c, ics: expected });
      // One id alone (the page's and the JSON routes' form of the prepared query).
      expect({ ...c, one: (await getAppointments(t.db, viewer, [c.id], 'fi')).length === 1 }).toEqual({ ...c, one: expected });
    }
    // The ward themself sees every one of their own.
    const own = await getAppointments(
      t.db,
      viewerFor(wards.ownBookings, []),
      cases.filter((c) => c.scope === 'ownBookings').map((c) => c.id),
      'fi',
    );
    expect(own).toHaveLength(9);
  });

  it('agrees with the pure rule for invoices by age and addressee', async () => {
    const guardian = await newPerson(t.db, '1981-06-06');
    const other = await newPerson(t.db, '1982-07-07');
    const wards = {
      all: await newPerson(t.db, bornYearsAgo(7)),
      ownBookings: await newPerson(t.db, bornYearsAgo(13)),
      none: await newPerson(t.db, bornYearsAgo(18)),
    };
    for (const ward of Object.values(wards)) await addGuardianship(t.db, guardian.id, ward.id);
    const viewer = viewerFor(guardian, Object.values(wards));
    const cases: { scope: GuardianScope; addresseeId: string | null; number: string }[] = [];
    for (const scope of ['all', 'ownBookings', 'none'] as const) {
      for (const addresseeId of [guardian.id, other.id, null]) {
        const number = `CV${kind}${++individual}`;
        await createInvoice(t.db, {
          invoiceNumber: number,
          personId: wards[scope].id,
          addresseeId,
          source: 'CustomerInvoice',
          status: 'open',
          creationDate: clock.now(),
        });
        cases.push({ scope, addresseeId, number });
      }
    }
    const page = await listInvoices(t.db, viewer, 'fi', 1, links);
    const listed = new Set(page.items.map((i) => i.invoiceNumber));
    for (const c of cases) {
      const expected = guardianSeesInvoice(c.scope, c, guardian.id);
      expect({ ...c, listed: listed.has(c.number) }).toEqual({ ...c, listed: expected });
      expect({ ...c, found: (await findVisibleInvoice(t.db, viewer, { invoiceNumber: c.number })) !== null }).toEqual({ ...c, found: expected });
    }
  });

  it("the demo: Laura sees Sanni's visit she booked and its invoice until Sanni hides it; then 404 on every path, the invoice without service or clinic", async () => {
    const [seeded] = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.patientId, sanni.id), eq(appointments.bookedById, laura.id)));
    const id = seeded!.id;
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, SANNI_VISIT_INVOICE.invoiceNumber));
    expect(invoice).toMatchObject({ personId: sanni.id, addresseeId: laura.id, appointmentId: id, buyerName: 'Laura Nieminen' });

    // Before: Laura sees it (she booked it) and the invoice's service; not Sanni's other visit.
    const before = await listAppointments(t.db, lauraView, 'fi');
    const beforeIds = before.upcoming.map((a) => a.id);
    expect(beforeIds).toContain(id);
    const sanniOwnBooking = (await t.db.select().from(appointments).where(eq(appointments.patientId, sanni.id))).find((a) => a.bookedById === null)!;
    expect(beforeIds).not.toContain(sanniOwnBooking.id);
    expect(beforeIds.some((x) => before.upcoming.find((a) => a.id === x)?.patientName === 'Eino Nieminen')).toBe(true);
    expect((await getInvoiceSummary(t.db, lauraView, invoice!.id, 'fi', links))?.description).toBe(SANNI_VISIT_INVOICE.description.fi);

    // A guardian cannot hide it; Sanni can, from her own login.
    expect(await setHiddenFromGuardians(t.db, lauraView, id, true)).toBe('notFound');
    const oldCode = await visitCode(t.db, id);
    expect(await setHiddenFromGuardians(t.db, sanniView, id, true)).toBe('hidden');
    expect(await setHiddenFromGuardians(t.db, sanniView, id, true)).toBe('hidden');
    const [logged] = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.resource, 'appointment:hide-from-guardians'), eq(accessLog.resourceId, String(id))));
    expect(logged).toMatchObject({ actorPersonId: sanni.id, subjectPersonId: sanni.id, action: 'change' });

    // After: not in Laura's list (the front page's too), by id, .ics; cancel, check-in and the reason are "not found".
    const after = await listAppointments(t.db, lauraView, 'fi');
    expect([...after.upcoming, ...after.cancelled, ...after.past].map((a) => a.id)).not.toContain(id);
    expect(await getAppointments(t.db, lauraView, [id], 'fi')).toEqual([]);
    expect(await appointmentForCalendar(t.db, lauraView, id)).toBeNull();
    expect(await cancelAppointment(t.db, lauraView, id)).toBe('appointmentNotFound');
    expect(await checkIn(t.db, lauraView, id)).toBe('customerNotFound');
    expect(await saveArrivalReason(t.db, lauraView, id, 'Hei')).toBe('notFound');
    // The anonymous link of Laura's confirmation no longer opens it.
    expect(await findByAnonymousCode(t.db, oldCode)).toBeNull();
    // Eino's visit still shows for Laura.
    expect(after.upcoming.some((a) => a.patientName === 'Eino Nieminen')).toBe(true);
    // Sanni still sees it, with the way back.
    const [mine] = await getAppointments(t.db, sanniView, [id], 'fi');
    expect(mine?.guardianControl).toBe('show');

    // The invoice is still Laura's to pay, without its service and clinic: list, summary, PDF, pay page.
    const neutral = await serviceText(null, 'fi');
    const list = await listInvoices(t.db, lauraView, 'fi', 1, links);
    const item = list.items.find((i) => i.invoiceNumber === SANNI_VISIT_INVOICE.invoiceNumber);
    expect(item?.description).toBe(neutral);
    expect(JSON.stringify(list)).not.toMatch(HIDDEN_WORDS);
    const summary = await getInvoiceSummary(t.db, lauraView, invoice!.id, 'fi', links);
    expect(summary?.description).toBe(neutral);
    expect(summary?.rows.map((r) => r.description)).toEqual([neutral]);
    expect(JSON.stringify(summary)).not.toMatch(HIDDEN_WORDS);
    const pdf = await invoiceForPdf(t.db, lauraView, invoice!.id);
    expect(pdf?.invoice.description).toBeNull();
    expect(pdf?.rows.every((r) => r.description === null)).toBe(true);
    const pdfView = summaryView(pdf!.invoice, pdf!.rows, 'en', { pdf: () => '' }, await serviceText(null, 'en'));
    // What the PDF draws (its bytes are compressed glyphs): the neutral text, nothing of the service.
    expect(pdfView.description).toBe('Health care service');
    expect(pdfView.rows.map((r) => r.description)).toEqual(['Health care service']);
    expect(JSON.stringify(pdfView)).not.toMatch(HIDDEN_WORDS);
    const bytes = await renderInvoicePdf(
      pdfView,
      {
        label: 'Invoice',
        invoiceNumber: 'No',
        created: 'Date',
        due: 'Due',
        paid: 'Paid',
        buyer: 'Buyer',
        description: 'Description',
        count: 'Count',
        unitPrice: 'Price',
        date: 'Day',
        vat: 'VAT',
        total: 'Total',
        credited: 'Credits',
        seller: 'Seller',
        businessId: 'Business ID',
        vatFree: 'VAT-exempt',
      },
      'Kaari',
      brand('general').seller,
      'en',
    );
    expect(bytes.toString('latin1').startsWith('%PDF-')).toBe(true);
    expect(readPdf(bytes).text).toContain('Health care service');
    expect(readPdf(bytes).text).not.toMatch(HIDDEN_WORDS);
    const pay = await invoiceForPayment(t.db, lauraView, SANNI_VISIT_INVOICE.invoiceNumber, 'sv');
    expect(pay?.view.description).toBe('Hälso- och sjukvårdstjänst');
    // Sanni herself sees her invoice with its service.
    expect((await findVisibleInvoice(t.db, sanniView, { id: invoice!.id }))?.description).toEqual(SANNI_VISIT_INVOICE.description);

    // Shown again: Laura sees it again (she booked it).
    expect(await setHiddenFromGuardians(t.db, sanniView, id, false)).toBe('shown');
    expect(await getAppointments(t.db, lauraView, [id], 'fi')).toHaveLength(1);
    expect((await getInvoiceSummary(t.db, lauraView, invoice!.id, 'fi', links))?.description).toBe(SANNI_VISIT_INVOICE.description.fi);
  });

  it("a professional's mark is not the minor's to lift, and only 12–17 may hide", async () => {
    const guardian = await newPerson(t.db, '1975-01-01');
    const minor = await newPerson(t.db, bornYearsAgo(14));
    const child = await newPerson(t.db, bornYearsAgo(9));
    const adult = await newPerson(t.db, '1990-02-02');
    const { appointment } = await visit(t.db, minor.id, {
      bookedById: guardian.id,
      confidentialAt: clock.now(),
      confidentialBy: 'professional',
      confidentialMarkedById: guardian.id,
    });
    expect(await setHiddenFromGuardians(t.db, viewerFor(minor, []), appointment.id, false)).toBe('notAllowed');
    expect(await setHiddenFromGuardians(t.db, viewerFor(minor, []), appointment.id, true)).toBe('notAllowed');
    expect((await getAppointments(t.db, viewerFor(minor, []), [appointment.id], 'fi'))[0]?.guardianControl).toBe('professional');
    const childVisit = await visit(t.db, child.id);
    expect(await setHiddenFromGuardians(t.db, viewerFor(child, []), childVisit.appointment.id, true)).toBe('notAllowed');
    const adultVisit = await visit(t.db, adult.id);
    expect(await setHiddenFromGuardians(t.db, viewerFor(adult, []), adultVisit.appointment.id, true)).toBe('notAllowed');
  });

  it("pay a visit: a hidden remote visit of a ward is not among the guardian's payable visits", async () => {
    const guardian = await newPerson(t.db, '1976-03-03');
    const minor = await newPerson(t.db, bornYearsAgo(16));
    await addGuardianship(t.db, guardian.id, minor.id);
    const { appointment } = await visit(t.db, minor.id, { bookedById: guardian.id, isRemote: true, locationType: 'videoAppointment', clinicId: 'RMT' }, 120);
    const viewer = viewerFor(guardian, [minor]);
    expect((await listPayableVisits(t.db, viewer, 'fi')).map((v) => v.appointmentId)).toContain(appointment.id);
    expect(await setHiddenFromGuardians(t.db, viewerFor(minor, []), appointment.id, true)).toBe('hidden');
    expect((await listPayableVisits(t.db, viewer, 'fi')).map((v) => v.appointmentId)).not.toContain(appointment.id);
  });

  it("reminders: a hidden visit the guardian booked reminds the minor with a working link, never the guardian, whose links stop working; without the minor's contact none goes", async () => {
    const guardianPhone = '+358405550101';
    const minorPhone = '+358405550202';
    const guardian = await newPerson(t.db, '1977-08-08', { phone: guardianPhone, email: 'huoltaja.cv@example.fi' });
    const minor = await newPerson(t.db, bornYearsAgo(15), { phone: minorPhone, email: null });
    const silent = await newPerson(t.db, bornYearsAgo(13));
    const scheduled: number[] = [];
    const guardiansLinks: string[] = [];
    for (const patient of [minor, silent]) {
      const { appointment, anonymousCode } = await visit(t.db, patient.id, { bookedById: guardian.id }, 2 * 24 * 60);
      const plan = await scheduleReminder(t.db, appointment.id, {
        recipient: { phone: guardianPhone, email: 'huoltaja.cv@example.fi', language: 'sv', brand: 'general' },
        now: clock.now(),
        leadHours: 24,
      });
      expect(plan.type).toBe('scheduled');
      // What the guardian holds: the booking's link and one a message carried before the visit was hidden (ADR 0046).
      const carried = (await newAppointmentLink(t.db, appointment.id, 'sv', clock.now())).split('/').pop()!;
      expect((await findByAnonymousCode(t.db, carried))?.appointment.id).toBe(appointment.id);
      guardiansLinks.push(anonymousCode, carried);
      expect(await setHiddenFromGuardians(t.db, viewerFor(patient, []), appointment.id, true)).toBe('hidden');
      scheduled.push(appointment.id);
    }
    for (const code of guardiansLinks) expect(await findByAnonymousCode(t.db, code)).toBeNull();
    // At the due time (outside the quiet hours by construction).
    const [due] = await t.db
      .select({ dueAt: appointmentReminders.dueAt })
      .from(appointmentReminders)
      .where(eq(appointmentReminders.appointmentId, scheduled[0]!));
    await runReminderSweep(t.db, { now: due!.dueAt, leadHours: 24 });
    const reminderOf = async (id: number) => (await t.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, id)))[0]!;
    const minorReminder = await reminderOf(scheduled[0]!);
    const silentReminder = await reminderOf(scheduled[1]!);
    expect(minorReminder.state).toBe('written');
    expect(silentReminder).toMatchObject({ state: 'dropped', dropReason: 'confidential' });
    const messages = await t.db.select().from(outbox).where(eq(outbox.kind, 'reminder'));
    const toGuardian = messages.filter((m) => m.recipient === guardianPhone || m.recipient === 'huoltaja.cv@example.fi');
    expect(toGuardian).toEqual([]);
    const toMinor = messages.filter((m) => m.recipient === minorPhone);
    expect(toMinor).toHaveLength(1);
    expect(toMinor[0]!.language).toBe('fi');
    // The link in it is a new one, in the minor's language: it opens the appointment.
    expect(toMinor[0]!.body).toContain('/fi/varaus/');
    const code = /\/([A-Za-z0-9_-]+)$/.exec(toMinor[0]!.body.trim())?.[1] ?? '';
    expect((await findByAnonymousCode(t.db, code))?.appointment.id).toBe(scheduled[0]);
  });

  it('records and messages never reach a guardian of a ward of 12 or more (ADR 0016, messaging is the customer’s own)', async () => {
    const records = recordViewerOf({
      person: laura,
      wards: [eino, sanni].map((w) => ({ id: w.id, firstName: w.firstName, lastName: w.lastName, birthDate: w.birthDate })),
    });
    expect(records.people.map((p) => p.id)).toEqual([laura.id, eino.id]);
    const created = await createThreadWithMessage(t.db, { customerPersonId: sanni.id, title: 'Oma asia', text: 'Hei' });
    if (!created.ok) throw new Error(created.reason);
    const ctx = { db: t.db, customerId: laura.id, lang: 'fi' as const, now: clock.now() };
    const list = await runMessagingQuery(ctx, { query: '{ threads(pagination: {limit: 50}) { paginatedThreads { id title } } }' }, { introspection: false });
    expect(list.status).toBe(200);
    const threads = (list.body as { data: { threads: { paginatedThreads: { id: string; title: string }[] } } }).data.threads.paginatedThreads;
    expect(threads.map((x) => x.id)).not.toContain(String(created.threadId));
    expect(threads.map((x) => x.title)).not.toContain('Oma asia');
    const one = await runMessagingQuery(ctx, { query: `{ thread(id: "${created.threadId}") { id } }` }, { introspection: false });
    expect(one).toEqual({ status: 200, body: { data: { thread: null } } });
  });
});

/** A fresh code for an appointment: its link's token is replaced so the test knows the old one. */
async function visitCode(db: Db, id: number): Promise<string> {
  const { encodeAnonymousCode } = await import('~/models/appointments/anonymous-code');
  const { sha256 } = await import('~/lib/crypto.server');
  const token = `testtoken${id}abcdefghijklmnop`;
  await db
    .update(appointments)
    .set({ anonymousTokenHash: sha256(token) })
    .where(eq(appointments.id, id));
  const code = encodeAnonymousCode(id, token);
  expect((await findByAnonymousCode(db, code))?.appointment.id).toBe(id);
  return code;
}
