/**
 * Acting for another adult on a Suomi.fi mandate (issue 42, ADR 0050), on each database, with the
 * real Web API client against the built-in test service over HTTP: the whole round (start,
 * selection, return) records the principal and the issues the mandate covers, tells the
 * principal the first time only and logs it; a lapsed mandate fails the per-request re-check; a
 * principal who is not our patient, a cancelled choice and a return without a start are refused.
 * The one viewer rule then shows the principal's appointments, invoices and records — and
 * nothing of anyone else: with a mandate for one person, another person's ids answer as not found.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAppointment,
  createClinic,
  createInvoice,
  createPerson,
  createPractitioner,
  createSlot,
  createSpecialty,
  createVisitReport,
} from '~db/factories';
import { accessLog, actingFor, appointmentInsurance, appointments, insuranceChoices, invoices, outbox, persons, testEauthMandates } from '~db/schema';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { makeIdentityCode } from '~/models/identity-code';
import { getAppointments } from '~/services/appointments/appointments.server';
import { logAccess, withActingScope } from '~/services/audit/access-log.server';
import { listPatientLog } from '~/services/audit/patient-log.server';
import { createSession } from '~/services/auth/session.server';
import { bookingPatient, postInsurerStep, reserveAsUser } from '~/services/booking/reservation.server';
import { insuranceChoice } from '~/services/booking/insurance/insurance.server';
import type { ReservationContext } from '~/services/booking/reservation/types';
import { handleProviderReturn, paymentClient, paymentResult, preparePayment } from '~/services/billing/payments.server';
import { completeTestBankPayment, findTestBankPayment, TEST_MERCHANT } from '~/services/billing/test-provider.server';
import { exportSources } from '~/lib/http/records-export.server';
import { findVisibleInvoice } from '~/services/billing/invoices.server';
import { getVisit } from '~/services/records/records.server';
import { beginActing, completeActing, mandateStillValid, stopActing } from '~/services/people/e-authorizations/acting-for.server';
import { createRecheck } from '~/services/people/e-authorizations/recheck';
import { chosenPerson, recordViewerOf, viewerOf, type MandateScope } from '~/services/people/viewer.server';
import { clock } from '../../fixtures/clock';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { withTestEAuthorizations } from '../../fixtures/e-authorizations';

let individual = 700;
const code = (birthDate: string) => makeIdentityCode(birthDate, (individual += 2));
const RETURN = 'http://portal.test/acting-for/return';
const ORIGIN = 'http://portal.test';
const ALL = ['appointments', 'invoices', 'records', 'messages'];

describe.each(databaseKinds())('acting for another adult on %s', (kind) => {
  const t = withTestDatabase(kind);
  const service = withTestEAuthorizations(t);
  const adapter = () => service.client();
  let invoiceNumber = 870_000_000;

  beforeAll(async () => {
    await createClinic(t.db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
    await createSpecialty(
      t.db,
      SPECIALTIES.find((s) => s.id === 'YLE')!,
    );
    await createPractitioner(t.db, {
      id: 'P0001',
      firstName: 'Anna',
      lastName: 'Lahtinen',
      title: { fi: 'Yleislääkäri', sv: 'Allmänläkare', en: 'General practitioner' },
      specialtyIds: ['YLE'],
      clinicIds: ['KA'],
    });
  });

  /** A patient with an appointment, an invoice and a visit report. */
  async function patientWithData(firstName: string, birthDate: string) {
    const person = await createPerson(t.db, {
      identityCode: code(birthDate),
      firstName,
      lastName: 'Valtuutus',
      email: `${firstName.toLowerCase()}@example.fi`,
    });
    const { appointment } = await createAppointment(t.db, {
      patientId: person.id,
      kindId: 'VO',
      kindName: { fi: 'Käynti', sv: 'Besök', en: 'Visit' },
      startAt: new Date(clock.nowMs() + 3 * 86_400_000),
      durationMinutes: 20,
      clinicId: 'KA',
      practitionerId: 'P0001',
      specialtyId: 'YLE',
    });
    const invoice = await createInvoice(t.db, {
      invoiceNumber: String((invoiceNumber += 1)),
      personId: person.id,
      source: 'CustomerInvoice',
      status: 'open',
      sumCents: 4200,
      creationDate: clock.now(),
    });
    const visit = await createVisitReport(t.db, {
      patientId: person.id,
      startAt: new Date(clock.nowMs() - 86_400_000),
      practitionerId: 'P0001',
      specialtyId: 'YLE',
    });
    return { person, appointmentId: appointment.id, invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, visitId: visit.id };
  }

  const mandate = (delegate: string, principal: { identityCode: string; firstName: string }, roles = ALL) =>
    service.grant({ delegate, principalId: principal.identityCode, name: principal.firstName, roles });

  /** Start, choose on the test service's page, return: completeActing's answer. */
  async function actFor(delegate: { id: string; identityCode: string }, sessionIdHash: string, principalCode: string | null) {
    const begun = await beginActing(t.db, adapter(), { sessionIdHash, person: delegate, redirectUri: RETURN, language: 'fi' });
    if (!begun.ok) throw new Error(begun.error);
    const selected = principalCode ? await service.choose(begun.url, principalCode) : null;
    return completeActing(t.db, adapter(), { sessionIdHash, personId: delegate.id, code: selected, redirectUri: RETURN, brand: 'general' });
  }

  it('records the principal and issues, notifies the principal once, and lapses at the re-check', async () => {
    const delegate = await createPerson(t.db, { identityCode: code('1975-01-01'), firstName: 'Asioija', lastName: 'Valtuutettu' });
    const parent = await patientWithData('Vanhempi', '1945-02-02');
    // The mandate names `messages` too: the portal does not ask for it (ADR 0050), so it is not kept.
    await mandate(delegate.identityCode, parent.person, ['appointments', 'records', 'messages']);
    const { row } = await createSession(t.db, { personId: delegate.id, identityProvider: 'test' });

    const result = await actFor(delegate, row.idHash, parent.person.identityCode);
    expect(result).toEqual({ ok: true, chosen: { id: parent.person.id, firstName: 'Vanhempi', lastName: 'Valtuutus' } });
    const [stored] = await t.db.select().from(actingFor).where(eq(actingFor.sessionIdHash, row.idHash));
    expect(stored).toMatchObject({ delegateId: delegate.id, principalId: parent.person.id, issues: ['appointments', 'records'] });
    const notices = await t.db.select().from(outbox).where(eq(outbox.recipient, parent.person.email!));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('Asioija Valtuutettu');
    expect(notices[0]!.body).not.toContain(delegate.identityCode);
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorPersonId, delegate.id), eq(accessLog.subjectPersonId, parent.person.id)));
    expect(logged.map((l) => [l.resource, l.actorKind])).toEqual([['person:mandate', 'mandate']]);
    // Whatever area logs an act during a request on the mandate, it is logged as acting on it,
    // and the principal's "who has handled my data" page names the delegate so.
    await withActingScope({ delegateId: delegate.id, principalId: parent.person.id }, () =>
      logAccess(t.db, { actorPersonId: delegate.id, subjectPersonId: parent.person.id, action: 'view', resource: 'appointments' }),
    );
    const page = await listPatientLog(t.db, {
      viewerId: parent.person.id,
      subject: { id: parent.person.id, firstName: 'Vanhempi', lastName: 'Valtuutus' },
      lang: 'fi',
      filter: {},
      cursor: null,
    });
    expect(page.entries.map((e) => e.who)).toEqual([
      { kind: 'mandate', name: 'Asioija Valtuutettu' },
      { kind: 'mandate', name: 'Asioija Valtuutettu' },
    ]);

    const check = {
      principalIdentityCode: parent.person.identityCode,
      issues: stored!.issues,
      eauthSessionId: stored!.eauthSessionId,
      eauthUserId: stored!.eauthUserId,
      accessToken: stored!.accessToken!,
    };
    expect(await mandateStillValid(adapter(), check)).toBe(true);
    // A deployment keeping the re-check's yes for 30 seconds (VALTUUDET_RECHECK_SECONDS=30).
    let keptAt = clock.nowMs();
    const kept = createRecheck(30, () => keptAt);
    expect(await mandateStillValid(adapter(), check, kept)).toBe(true);

    // Again in a new login session: no second notice.
    const { row: second } = await createSession(t.db, { personId: delegate.id, identityProvider: 'test' });
    expect(await actFor(delegate, second.idHash, parent.person.identityCode)).toMatchObject({ ok: true });
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, parent.person.email!))).toHaveLength(1);

    // The principal withdraws the mandate in Suomi.fi: the next request's re-check fails.
    await t.db.update(testEauthMandates).set({ revokedAt: clock.now() }).where(eq(testEauthMandates.principalId, parent.person.identityCode));
    expect(await mandateStillValid(adapter(), check)).toBe(false);
    // Kept for 30 seconds, the yes stands until they have passed, then the withdrawal ends it.
    keptAt += 29_000;
    expect(await mandateStillValid(adapter(), check, kept)).toBe(true);
    keptAt += 1_000;
    expect(await mandateStillValid(adapter(), check, kept)).toBe(false);
    await stopActing(t.db, row.idHash);
    expect(await t.db.select().from(actingFor).where(eq(actingFor.sessionIdHash, row.idHash))).toHaveLength(0);
  });

  it('refuses a principal who is not our patient, a cancelled choice and a return without a start', async () => {
    const delegate = await createPerson(t.db, { identityCode: code('1976-01-01'), firstName: 'Toinen', lastName: 'Asioija' });
    const stranger = { identityCode: code('1946-03-03'), firstName: 'Tuntematon' };
    await mandate(delegate.identityCode, stranger);
    const { row } = await createSession(t.db, { personId: delegate.id, identityProvider: 'test' });
    expect(await actFor(delegate, row.idHash, stranger.identityCode)).toEqual({ ok: false, error: 'unknownPrincipal' });
    expect(await actFor(delegate, row.idHash, null)).toEqual({ ok: false, error: 'cancelled' });
    expect(await t.db.select().from(actingFor).where(eq(actingFor.sessionIdHash, row.idHash))).toHaveLength(0);
    expect(
      await completeActing(t.db, adapter(), { sessionIdHash: row.idHash, personId: delegate.id, code: 'x', redirectUri: RETURN, brand: 'general' }),
    ).toEqual({
      ok: false,
      error: 'notStarted',
    });
  });

  it('the viewer rule shows the principal’s data as the mandate covers it, and no one else’s (IDOR)', async () => {
    // The delegate is `own`: they see their own data beside the principal's.
    const own = await patientWithData('Oma', '1977-05-05');
    const principal = await patientWithData('Päämies', '1947-04-04');
    const other = await patientWithData('Muu', '1948-04-04');
    const auth = (issues: string[]) => {
      const actingFor: MandateScope = { person: { id: principal.person.id, firstName: 'Päämies', lastName: 'Valtuutus' }, issues };
      return { person: { ...own.person }, wards: [], actingFor };
    };

    const all = viewerOf(auth(ALL));
    const ids = [own.appointmentId, principal.appointmentId, other.appointmentId];
    expect((await getAppointments(t.db, all, ids, 'fi')).map((a) => a.id).sort()).toEqual([own.appointmentId, principal.appointmentId].sort());
    expect(await findVisibleInvoice(t.db, all, { id: principal.invoiceId })).not.toBeNull();
    expect(await findVisibleInvoice(t.db, all, { id: other.invoiceId })).toBeNull();
    const records = recordViewerOf(auth(ALL));
    expect(await getVisit(t.db, records, principal.visitId, 'fi')).not.toBeNull();
    expect(await getVisit(t.db, records, other.visitId, 'fi')).toBeNull();
    expect(chosenPerson(records, principal.person.id)?.id).toBe(principal.person.id);
    expect(chosenPerson(records, other.person.id)).toBeNull();

    // Only what the mandate covers: appointments only → no invoices, no records.
    const appointmentsOnly = viewerOf(auth(['appointments']));
    expect(await getAppointments(t.db, appointmentsOnly, [principal.appointmentId], 'fi')).toHaveLength(1);
    expect(await findVisibleInvoice(t.db, appointmentsOnly, { id: principal.invoiceId })).toBeNull();
    expect(await getVisit(t.db, recordViewerOf(auth(['appointments'])), principal.visitId, 'fi')).toBeNull();

    // Without a mandate: nothing of the principal's.
    const self = viewerOf({ person: own.person, wards: [] });
    expect(await getAppointments(t.db, self, [principal.appointmentId], 'fi')).toHaveLength(0);
    expect(await findVisibleInvoice(t.db, self, { id: principal.invoiceId })).toBeNull();
  });

  it('the insurer step on a mandate is the principal’s: their choice changes and is booked with, the log names the delegate', async () => {
    const delegate = await createPerson(t.db, {
      identityCode: code('1979-07-07'),
      firstName: 'Vakuutus',
      lastName: 'Valtuutettu',
      email: 'vakuutus@example.fi',
    });
    const principal = await patientWithData('Vakuutettu', '1950-07-07');
    await t.db.update(persons).set({ patientDataConsentUpdatedAt: clock.now() }).where(eq(persons.id, principal.person.id));
    const auth = {
      person: delegate,
      wards: [],
      actingFor: { person: { id: principal.person.id, firstName: 'Vakuutettu', lastName: 'Valtuutus' }, issues: ['appointments'] },
    };
    const slot = await createSlot(t.db, {
      clinicId: 'KA',
      practitionerId: 'P0001',
      specialtyId: 'YLE',
      startAt: new Date(clock.nowMs() + 6 * 86_400_000),
      payerTypes: ['insurance'],
    });
    const step = { brand: 'general' as const, slotId: slot.id, isRemote: false };
    const post = (values: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(values)) data.set(k, v);
      return postInsurerStep(t.db, auth, data, step);
    };

    // The reserve page's posts during the delegate's request on the mandate.
    await withActingScope({ delegateId: delegate.id, principalId: principal.person.id }, async () => {
      expect(await post({ intent: 'insurer-choose', insurer: 'IF' })).toEqual({ type: 'ok' });
      expect(await post({ intent: 'if-reimbursement', reimbursement: 'USE_REIMBURSEMENT', consent: 'on' })).toEqual({ type: 'ok' });
    });
    // The choice is the principal's — the one the page shows them and the booking uses — not the delegate's own.
    expect(await insuranceChoice(t.db, principal.person.id, slot.id)).toMatchObject({ insurer: 'IF', reimbursement: 'USE_REIMBURSEMENT' });
    expect(await t.db.select().from(insuranceChoices).where(eq(insuranceChoices.personId, delegate.id))).toEqual([]);
    const booked = await reserveAsUser(
      t.db,
      auth,
      { slotId: slot.id, phone: '+358401113333', emailAddress: 'vakuutus@example.fi' },
      {
        lang: 'fi',
        origin: ORIGIN,
        brand: 'general',
        inApp: false,
        payer: 'insurance',
        settings: { maxFutureReservations: 5, bindingConsentHours: 24, cancellationLimitHours: 24 },
        practiceSystem: null,
      },
    );
    expect(booked.type).toBe('success');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.slotId, slot.id));
    expect(row).toMatchObject({ patientId: principal.person.id, bookedById: delegate.id, payerType: 'insurance' });
    expect(
      await t.db.select({ insurer: appointmentInsurance.insurer }).from(appointmentInsurance).where(eq(appointmentInsurance.appointmentId, row!.id)),
    ).toEqual([{ insurer: 'IF' }]);
    // The principal's log says the delegate did it on the mandate, never that they did it themselves.
    const entries = await t.db
      .select({ actor: accessLog.actorPersonId, kind: accessLog.actorKind, resource: accessLog.resource })
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, principal.person.id), eq(accessLog.action, 'change')));
    expect(entries.filter((e) => e.resource === 'insurance:choice')).toHaveLength(2);
    expect(entries.every((e) => e.actor === delegate.id && e.kind === 'mandate')).toBe(true);
  });

  it('acts on the mandate: books a time for the principal, pays their invoice, exports records without appointments', async () => {
    const delegate = await createPerson(t.db, {
      identityCode: code('1978-06-06'),
      firstName: 'Tekijä',
      lastName: 'Valtuutettu',
      email: 'tekija@example.fi',
      language: 'sv',
    });
    const principal = await patientWithData('Varattava', '1949-06-06');
    await t.db.update(persons).set({ patientDataConsentUpdatedAt: clock.now() }).where(eq(persons.id, principal.person.id));
    const scope = (issues: string[]): MandateScope => ({ person: { id: principal.person.id, firstName: 'Varattava', lastName: 'Valtuutus' }, issues });
    const auth = (issues: string[]) => ({ person: delegate, wards: [], actingFor: scope(issues) });
    const ctx: ReservationContext = {
      lang: 'fi',
      origin: ORIGIN,
      brand: 'general',
      inApp: false,
      settings: { maxFutureReservations: 5, bindingConsentHours: 24, cancellationLimitHours: 24 },
      practiceSystem: null,
    };

    // Booking "as oneself" on a mandate covering appointments books for the principal: they are
    // the patient, the delegate booked it and the reserve page shows the form for them.
    const slot = await createSlot(t.db, {
      clinicId: 'KA',
      practitionerId: 'P0001',
      specialtyId: 'YLE',
      startAt: new Date(clock.nowMs() + 5 * 86_400_000),
      payerTypes: ['self'],
    });
    expect((await bookingPatient(t.db, auth(['appointments'])))?.id).toBe(principal.person.id);
    const booked = await reserveAsUser(t.db, auth(['appointments']), { slotId: slot.id, phone: '+358401112222', emailAddress: 'tekija@example.fi' }, ctx);
    expect(booked.type).toBe('success');
    const appointmentId = booked.type === 'success' ? booked.appointmentId : 0;
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(row).toMatchObject({ patientId: principal.person.id, bookedById: delegate.id });
    expect(await getAppointments(t.db, viewerOf(auth(['appointments'])), [appointmentId], 'fi')).toHaveLength(1);
    // The confirmation goes to the delegate who booked, in their language.
    const [confirmation] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'tekija@example.fi'));
    expect(confirmation?.language).toBe('sv');
    // A mandate without appointments books nothing for the principal: the delegate books for themself.
    expect((await bookingPatient(t.db, auth(['records'])))?.id).toBe(delegate.id);

    // Paying the principal's invoice on a mandate covering invoices, through the test provider.
    const client = paymentClient(t.db, ORIGIN);
    const payFor = (issues: string[]) =>
      preparePayment(t.db, client, {
        viewer: viewerOf(auth(issues)),
        payer: { email: 'tekija@example.fi', firstName: 'Tekijä', lastName: 'Valtuutettu' },
        invoiceNumber: principal.invoiceNumber,
        lang: 'fi',
        origin: ORIGIN,
        returnUrl: `${ORIGIN}/fi/maksu/${principal.invoiceNumber}`,
        callbackUrl: `${ORIGIN}/api/payments/callback`,
        browserBindingHash: 'binding-hash',
      });
    expect((await payFor(['appointments'])).type).toBe('invoiceNotFound');
    const prepared = await payFor(['invoices']);
    if (prepared.type !== 'ready') throw new Error(`not ready: ${prepared.type}`);
    const method = prepared.methods[0]!;
    const field = (name: string) => method.parameters.find((p) => p.name === name)!.value;
    const atBank = await findTestBankPayment(
      t.db,
      { transaction: field('transaction'), method: field('method'), signature: field('bank-signature') },
      TEST_MERCHANT.secret,
    );
    const done = await completeTestBankPayment(t.db, atBank!, method.id, 'pay', TEST_MERCHANT.secret);
    expect((await handleProviderReturn(t.db, client, new URL(done.redirectUrl).searchParams, 'redirect')).result).toBe('success');
    const [paid] = await t.db.select().from(invoices).where(eq(invoices.id, principal.invoiceId));
    expect(paid?.status).toBe('paid');
    expect(await paymentResult(t.db, viewerOf(auth(['invoices'])), principal.invoiceNumber, prepared.paymentId, 'fi')).toMatchObject({
      outcome: 'ok',
      invoicePaid: true,
    });

    // "Download my data" of the principal on a mandate covering records but not appointments:
    // their records, and no appointments (the appointments' section does not throw).
    const exporter = { person: delegate, wards: [], actingFor: scope(['records']) };
    const sources = exportSources(t.db, exporter, principal.person, 'fi');
    const exported: unknown[] = [];
    for await (const batch of sources.appointments()) exported.push(...batch);
    expect(exported).toEqual([]);
    const visits: unknown[] = [];
    for await (const batch of sources.visits()) visits.push(...batch);
    expect(visits).toHaveLength(1);
  });
});
