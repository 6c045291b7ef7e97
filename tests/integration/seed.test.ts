import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedIfEmpty, type SeededLink } from '~db/seed';
import { OCCUPATIONAL_ONLY_SPECIALTIES, PAYER_DEMO_PERSONS, TEAM_PRACTITIONERS } from '~db/seed-booking-payers';
import { INSURANCE_DEMO_PERSONS } from '~db/seed-insurance';
import { CLINICS, DEMO_PERSONS, SPECIALTIES } from '~db/seed-data';
import { DEMO_HR_USERS, DEMO_PROFESSIONALS } from '~db/seed-messaging';
import { REGISTER_DEMO_PERSONS } from '~db/seed-population-register';
import { createBuiltinRegister } from '~/services/people/population-register/builtin.server';
import { refreshGuardianships } from '~/services/people/population-register/population-register.server';
import { appointments, appointmentSlots, clinics, guardianships, occupationalContracts, outbox, persons, practitioners, specialties } from '~db/schema';
import { clock } from '~/lib/clock.server';
import { formatDateTime } from '~/lib/format';
import { getAnonymousAppointment } from '~/services/appointments/appointments.server';
import { moveAppointment } from '~/services/appointments/move.server';
import { reminderDueAt } from '~/services/appointments/reminder-rules';
import { runReminderSweep } from '~/services/appointments/reminders.server';
import { listWards } from '~/services/auth/session.server';
import type { Db } from '~/services/db/db.server';
import { databaseKinds, withTestDatabase } from '../fixtures/db';

async function personByCode(db: Db, identityCode: string) {
  const [row] = await db.select().from(persons).where(eq(persons.identityCode, identityCode));
  if (!row) throw new Error(`no person ${identityCode}`);
  return row;
}

async function rowCounts(db: Db) {
  const tables = { persons, clinics, specialties, practitioners, guardianships, occupationalContracts };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The anonymous link's code in a message (any language's path). */
const codeIn = (body: string) => /\/(?:appointment|varaus|bokning)\/([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';

describe.each(databaseKinds())('seed on %s', (kind) => {
  const t = withTestDatabase(kind);
  /** The demo appointments' links, from the first test's seeding. */
  let seeded: SeededLink[] = [];

  // The whole demo, seeded: seconds alone, a minute or more with both lanes on CI's two cores.
  it('seeds an empty database once and leaves a seeded one alone', { timeout: 180_000 }, async () => {
    expect((await rowCounts(t.db)).persons).toBe(0);
    const links = await seedIfEmpty(t.db);
    expect(links).not.toBeNull();
    seeded = links!;
    // One anonymous link per upcoming, live demo appointment.
    expect(links!.length).toBeGreaterThanOrEqual(8);
    const afterFirst = await rowCounts(t.db);
    // The demo persons, the payers' demo families and the insured customer (issue 13), Hanna (her
    // son Otto is in the population register only), the professionals (who log in to the staff area; issue 10)
    // and the HR users of the demo company (ADR 0042).
    expect(afterFirst.persons).toBe(
      Object.keys(DEMO_PERSONS).length +
        Object.keys(PAYER_DEMO_PERSONS).length +
        Object.keys(INSURANCE_DEMO_PERSONS).length +
        1 +
        Object.keys(DEMO_PROFESSIONALS).length +
        Object.keys(DEMO_HR_USERS).length,
    );

    expect(await seedIfEmpty(t.db)).toBeNull();
    expect(await rowCounts(t.db)).toEqual(afterFirst);
  });

  it('creates every demo person with the birth date of their identity code', async () => {
    const rows = await t.db.select().from(persons);
    expect(rows.map((p) => p.identityCode).sort()).toEqual(
      [
        ...Object.values(DEMO_PERSONS),
        ...Object.values(PAYER_DEMO_PERSONS),
        ...Object.values(INSURANCE_DEMO_PERSONS),
        REGISTER_DEMO_PERSONS.hanna,
        ...Object.values(DEMO_PROFESSIONALS),
        ...Object.values(DEMO_HR_USERS),
      ]
        .map((p) => p.identityCode)
        .sort(),
    );
    const aino = await personByCode(t.db, DEMO_PERSONS.aino.identityCode);
    expect(aino).toMatchObject({ firstName: 'Aino', lastName: 'Virtanen', birthDate: '1985-03-15', isPatient: true });
    const eino = await personByCode(t.db, DEMO_PERSONS.eino.identityCode);
    expect(eino.birthDate).toBe('2018-05-12');
  });

  it('makes Laura the guardian of Eino and Sanni (ADR 0034), and Jussi of Aada and Veeti', async () => {
    const laura = await personByCode(t.db, DEMO_PERSONS.laura.identityCode);
    const eino = await personByCode(t.db, DEMO_PERSONS.eino.identityCode);
    const sanni = await personByCode(t.db, DEMO_PERSONS.sanni.identityCode);
    expect(await listWards(t.db, laura.id)).toEqual([
      { id: eino.id, firstName: 'Eino', lastName: 'Nieminen', birthDate: '2018-05-12' },
      { id: sanni.id, firstName: 'Sanni', lastName: 'Mäkinen', birthDate: '2011-09-03' },
    ]);
    const aino = await personByCode(t.db, DEMO_PERSONS.aino.identityCode);
    expect(await listWards(t.db, aino.id)).toEqual([]);
    expect(await listWards(t.db, eino.id)).toEqual([]);
    // Eino's patient data consent was given by Laura (issue 13's seed).
    expect(eino.patientDataConsentUpdatedAt).not.toBeNull();
    const jussi = await personByCode(t.db, PAYER_DEMO_PERSONS.jussi.identityCode);
    expect((await listWards(t.db, jussi.id)).map((w) => w.firstName).sort()).toEqual(['Aada', 'Veeti']);
  });

  it('marks Pekka as not a patient and the others as patients', async () => {
    const rows = await t.db.select().from(persons);
    for (const row of rows) {
      expect({ code: row.identityCode, isPatient: row.isPatient }).toEqual({
        code: row.identityCode,
        // Pekka, Veeti of the Laine family (issue 13), the professionals and the HR users are not patients.
        isPatient:
          row.identityCode !== DEMO_PERSONS.pekka.identityCode &&
          row.identityCode !== PAYER_DEMO_PERSONS.veeti.identityCode &&
          !Object.values(DEMO_PROFESSIONALS).some((p) => p.identityCode === row.identityCode) &&
          !Object.values(DEMO_HR_USERS).some((p) => p.identityCode === row.identityCode),
      });
    }
  });

  it('gives Mikko an occupational contract that allows web reservation and vaccinations', async () => {
    const [row] = await t.db
      .select({ contract: occupationalContracts })
      .from(persons)
      .innerJoin(occupationalContracts, eq(occupationalContracts.id, persons.occupationalContractId))
      .where(eq(persons.identityCode, DEMO_PERSONS.mikko.identityCode));
    expect(row?.contract).toMatchObject({ allowsWebReservation: true, allowsVaccinations: true });

    const withContract = await t.db
      .select({ code: persons.identityCode })
      .from(persons)
      .innerJoin(occupationalContracts, eq(occupationalContracts.id, persons.occupationalContractId));
    // The other employees: one without web reservation, one with a special agreement (issue 13).
    expect(withContract.map((r) => r.code).sort()).toEqual(
      [DEMO_PERSONS.mikko.identityCode, PAYER_DEMO_PERSONS.olli.identityCode, PAYER_DEMO_PERSONS.reetta.identityCode].sort(),
    );
  });

  it('creates clinics in the seven municipalities and remote clinics', async () => {
    const rows = await t.db.select().from(clinics);
    expect(rows).toHaveLength(CLINICS.length);
    const physicalMunicipalities = new Set(rows.filter((c) => !c.isRemote).map((c) => c.municipality));
    expect([...physicalMunicipalities].sort()).toEqual(['espoo', 'helsinki', 'hyvinkää', 'järvenpää', 'kerava', 'tuusula', 'vantaa'].sort());
    const remote = rows.filter((c) => c.isRemote);
    expect(remote.length).toBeGreaterThan(0);
    for (const clinic of remote) {
      expect(clinic).toMatchObject({ municipality: 'remote', streetAddress: null });
    }
    expect(remote.map((c) => c.id)).toContain('RMT');
  });

  it('creates every specialty with practitioners', async () => {
    const rows = await t.db.select().from(specialties);
    expect(rows.map((s) => s.id).sort()).toEqual([...SPECIALTIES, ...OCCUPATIONAL_ONLY_SPECIALTIES].map((s) => s.id).sort());
    const [practitionerCount] = await t.db.select({ n: count() }).from(practitioners);
    // Four per specialty, one for each occupational-only specialty, and Mikko's team members who take appointments.
    expect(practitionerCount?.n).toBe(SPECIALTIES.length * 4 + OCCUPATIONAL_ONLY_SPECIALTIES.length + TEAM_PRACTITIONERS.length);
  });

  it("fills the built-in population register with the families; the seed's guardianships already mirror it", async () => {
    const register = createBuiltinRegister(t.db);
    const names = async (identityCode: string) =>
      (await register.wardsOf({ identityCode, endUserId: 'seed-test' })).map((w) => `${w.firstName} ${w.lastName} (${w.guardianType})`);
    expect(await names(DEMO_PERSONS.laura.identityCode)).toEqual(['Sanni Mäkinen (parent)', 'Eino Nieminen (parent)']);
    expect(await names(PAYER_DEMO_PERSONS.jussi.identityCode)).toEqual(['Aada Laine (parent)', 'Veeti Laine (parent)']);
    expect(await names(REGISTER_DEMO_PERSONS.hanna.identityCode)).toEqual(['Otto Virtanen (parent)']);
    expect(await names(DEMO_PERSONS.aino.identityCode)).toEqual([]);
    for (const code of [DEMO_PERSONS.laura.identityCode, PAYER_DEMO_PERSONS.jussi.identityCode]) {
      const guardian = await personByCode(t.db, code);
      expect(await refreshGuardianships(t.db, guardian, register)).toMatchObject({ added: 0, removed: 0 });
    }
    // Otto is the register's only: he becomes a person (not a patient) when Hanna identifies.
    const hanna = await personByCode(t.db, REGISTER_DEMO_PERSONS.hanna.identityCode);
    expect(await refreshGuardianships(t.db, hanna, register)).toMatchObject({ wards: 1, added: 1 });
    expect(await personByCode(t.db, REGISTER_DEMO_PERSONS.otto.identityCode)).toMatchObject({ isPatient: false, streetAddress: 'Koivukuja 3' });
  });
  // The README's demo (issue 39, ADR 0046): the demo appointments are made as the clinic makes
  // them (no booking message, no reminder row) and still get their reminders and confirmations.
  it('the demo appointments get their messages: a move confirms the new time to Aino, reminders go to Aino and to Eino’s guardian Laura, each with a link of its own', async () => {
    const appointmentOf = (description: string) => seeded.find((l) => l.description === description)!.appointmentId;
    const startOf = async (id: number) => (await t.db.select({ startAt: appointments.startAt }).from(appointments).where(eq(appointments.id, id)))[0]!.startAt;
    const messagesTo = (kind: 'reminder' | 'confirmation', recipients: string[]) =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, kind), inArray(outbox.recipient, recipients)));
    const aino = DEMO_PERSONS.aino;
    const laura = DEMO_PERSONS.laura;

    // Aino moves "tomorrow" to a free time of the same service three days or more ahead.
    const now = clock.now();
    const tomorrow = appointmentOf('tomorrow: can be cancelled');
    const viewer = { personId: (await personByCode(t.db, aino.identityCode)).id, youngWardIds: [], olderWardIds: [] };
    const free = await t.db
      .select({ id: appointmentSlots.id })
      .from(appointmentSlots)
      .where(
        and(
          eq(appointmentSlots.specialtyId, 'IHO'),
          eq(appointmentSlots.requiresAuth, false),
          gt(appointmentSlots.startAt, new Date(now.getTime() + 3 * 86_400_000)),
        ),
      )
      .orderBy(asc(appointmentSlots.startAt))
      .limit(10);
    let moved = null;
    for (const slot of free) {
      const result = await moveAppointment(t.db, { actor: { kind: 'viewer', viewer, appointmentId: tomorrow }, slotId: slot.id }, { now });
      if (result.type === 'moved') {
        moved = result;
        break;
      }
    }
    expect(moved).toMatchObject({ type: 'moved', messages: 2 });
    const confirmations = await messagesTo('confirmation', [aino.phone, aino.email]);
    expect(confirmations.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    for (const m of confirmations) expect((await getAnonymousAppointment(t.db, codeIn(m.body), 'fi', now))?.startAt).toBe(moved!.to.startAt.toISOString());

    // Eino (8) has no contact of his own: at his reminder's due time (never in the quiet hours) it
    // goes to his guardian Laura, who may see the visit, in her language, without his name.
    const einoVisit = appointmentOf("child's visit (guardian Laura)");
    await runReminderSweep(t.db, { now: reminderDueAt(await startOf(einoVisit), 24), leadHours: 24 });
    const toLaura = await messagesTo('reminder', [laura.phone, laura.email]);
    expect(toLaura.map((m) => [m.channel, m.language]).sort()).toEqual([
      ['email', 'sv'],
      ['sms', 'sv'],
    ]);
    for (const m of toLaura) {
      expect(m.body).not.toContain('Eino');
      expect((await getAnonymousAppointment(t.db, codeIn(m.body), 'sv', now))?.id).toBe(einoVisit);
    }

    // Aino's phone appointment, at its due time: to Aino, with a link that opens it.
    const phoneVisit = appointmentOf('phone appointment');
    const phoneStart = await startOf(phoneVisit);
    await runReminderSweep(t.db, { now: reminderDueAt(phoneStart, 24), leadHours: 24 });
    const reminder = (await messagesTo('reminder', [aino.phone])).find((m) => m.body.includes(formatDateTime(phoneStart, 'fi')));
    expect((await getAnonymousAppointment(t.db, codeIn(reminder?.body ?? ''), 'fi', now))?.id).toBe(phoneVisit);
  });
});
