/**
 * "Who has handled my data" (issue 23, ADR 0033) on PGlite and PostgreSQL: a professional's read
 * in the staff area is listed with their name, role and reason; keyset paging returns every
 * listed row exactly once, newest first, across ties and grouped acts; the period filter counts
 * Helsinki days; the viewer's own views of the page are logged but not listed; a guardian may
 * choose a ward under 12 and not one of 15; nobody ever gets another person's rows.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCareTeam, addGuardianship, createOccupationalContract, createPerson, createProfessional, localized } from '~db/factories';
import { accessLog } from '~db/schema';
import { addDays } from '~/lib/dates';
import { makeIdentityCode } from '~/models/identity-code';
import { listAccessFor, logAccesses } from '~/services/audit/access-log.server';
import { ENTRIES_PER_PAGE, listPatientLog, ROWS_PER_PAGE } from '~/services/audit/patient-log.server';
import { openStaffThread } from '~/services/messaging/staff.server';
import { createThreadWithMessage } from '~/services/messaging/threads.server';
import { listWards } from '~/services/auth/session.server';
import { chosenPerson, recordViewerOf } from '~/services/people/viewer.server';
import type { AccessLogCursor } from '~/models/audit/access-log-filter';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock, today } from '../../fixtures/clock';

let individual = 700;
const code = (birthDate: string) => makeIdentityCode(birthDate, (individual += 1));
const yearsAgo = (years: number) => addDays(today(), -Math.round(years * 365.25) - 20);

describe.each(databaseKinds())('who has handled my data on %s', (kind) => {
  const t = withTestDatabase(kind);
  const person = (firstName: string, birthDate = '1984-04-04') => createPerson(t.db, { identityCode: code(birthDate), firstName, lastName: 'Testinen' });

  /** Every listed entry of the subject, page by page (at most `pages`). */
  async function walk(viewerId: string, subject: { id: string; firstName: string; lastName: string }, filter = {}, pages = 100) {
    const all = [];
    let cursor: AccessLogCursor | null = null;
    for (let i = 0; i < pages; i++) {
      const page = await listPatientLog(t.db, { viewerId, subject, lang: 'fi', filter, cursor });
      all.push(page.entries);
      if (!page.next) break;
      cursor = page.next;
    }
    return all;
  }

  /** Rows at given instants (the clock writes "now"; history needs its own `at`). */
  async function insertRows(rows: Array<Partial<typeof accessLog.$inferInsert> & { at: Date; subjectPersonId: string }>) {
    return t.db
      .insert(accessLog)
      .values(rows.map((r) => ({ action: 'view', resource: 'visit', actorPersonId: r.subjectPersonId, actorKind: 'patient' as const, ...r })))
      .returning({ id: accessLog.id });
  }

  it('lists a professional’s read of a thread in the staff area with name, role and reason', async () => {
    const contract = await createOccupationalContract(t.db, { employerName: 'Loki Oy' });
    const nurse = await createProfessional(t.db, {
      identityCode: code('1975-05-05'),
      firstName: 'Hanna',
      lastName: 'Hoitaja',
      title: localized('Työterveyshoitaja', 'Företagshälsovårdare', 'Occupational health nurse'),
      professionalType: 'Nurse',
    });
    await addCareTeam(t.db, contract.id, [nurse.personId]);
    const customer = await createPerson(t.db, {
      identityCode: code('1988-08-08'),
      firstName: 'Maija',
      lastName: 'Asiakas',
      occupationalContractId: contract.id,
    });
    const created = await createThreadWithMessage(t.db, { customerPersonId: customer.id, title: 'Selkä', text: 'Kipeä' });
    if (!created.ok) throw new Error(created.reason);

    expect(await openStaffThread(t.db, nurse.personId, created.threadId, 'fi')).not.toBeNull();
    const [row] = await listAccessFor(t.db, customer.id, 'messaging-thread', 1);
    expect(row).toMatchObject({ actorPersonId: nurse.personId, actorKind: 'professional', reason: 'message-handling', action: 'view' });

    for (const [lang, role] of [
      ['fi', 'Työterveyshoitaja'],
      ['en', 'Occupational health nurse'],
    ] as const) {
      const page = await listPatientLog(t.db, { viewerId: customer.id, subject: customer, lang, filter: {}, cursor: null });
      expect(page.entries[0]).toMatchObject({
        who: { kind: 'professional', name: 'Hanna Hoitaja', role },
        action: 'view',
        type: 'messages',
        reason: 'message-handling',
      });
    }
  });

  it('pages by keyset: every listed row once, newest first, across equal instants and grouped acts', async () => {
    const me = await person('Sivu');
    const base = Date.parse('2025-06-01T09:00:00Z');
    // 70 single acts an hour apart, pairs of them at the same instant (ties broken by id), and
    // one list view of 30 items (one act, 30 rows) in the middle; a row with microseconds.
    const singles = Array.from({ length: 70 }, (_, i) => ({
      subjectPersonId: me.id,
      at: new Date(base + Math.floor(i / 2) * 3_600_000),
      resource: i % 2 ? 'visit' : 'imaging-result',
      resourceId: String(i),
    }));
    await insertRows(singles);
    const listView = Array.from({ length: 30 }, (_, i) => ({
      subjectPersonId: me.id,
      at: new Date(base + 10.5 * 3_600_000),
      resource: 'prescription',
      resourceId: String(i),
    }));
    await insertRows(listView);
    await t.db.execute(
      `insert into access_log (at, actor_person_id, actor_kind, subject_person_id, action, resource) values ('2025-06-01 08:59:59.999999+00', '${me.id}', 'patient', '${me.id}', 'view', 'vaccination')`,
    );

    const pages = await walk(me.id, me);
    expect(pages.map((p) => p.length)).toEqual([ENTRIES_PER_PAGE, ENTRIES_PER_PAGE, 72 - 2 * ENTRIES_PER_PAGE]);
    const entries = pages.flat();
    // 70 single acts + the list view (one line of 30) + the row with microseconds.
    expect(entries).toHaveLength(72);
    expect(new Set(entries.map((e) => e.id)).size).toBe(72);
    const keys = entries.map((e) => [Date.parse(e.at), e.id] as const);
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1]!, keys[i]!];
      expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]), `entry ${i} is older than ${i - 1}`).toBe(true);
    }
    expect(entries.find((e) => e.type === 'prescription')).toMatchObject({ count: 30, who: { kind: 'you' } });
    expect(entries.at(-1)).toMatchObject({ type: 'vaccination', at: '2025-06-01T08:59:59.999999Z' });
  });

  it('reads at most a bounded number of rows per page, and a long act is not lost across pages', async () => {
    const me = await person('Iso');
    const at = new Date(Date.parse('2025-01-10T10:00:00Z'));
    // One act larger than a page's rows, then an older single act.
    await insertRows(Array.from({ length: ROWS_PER_PAGE + 50 }, (_, i) => ({ subjectPersonId: me.id, at, resource: 'lab-test', resourceId: String(i) })));
    await insertRows([{ subjectPersonId: me.id, at: new Date(at.getTime() - 60_000), resource: 'visit' }]);
    const pages = await walk(me.id, me);
    const entries = pages.flat();
    expect(entries.filter((e) => e.type === 'laboratory').reduce((n, e) => n + e.count, 0)).toBe(ROWS_PER_PAGE + 50);
    expect(entries.at(-1)).toMatchObject({ type: 'visit', count: 1 });
  });

  it('filters by Helsinki days, both included', async () => {
    const me = await person('Jakso');
    // 23:59:59 and 00:00:00 Helsinki time (UTC+2 in March) around 1 March 2026.
    await insertRows([
      { subjectPersonId: me.id, at: new Date('2026-02-28T21:59:59Z'), resource: 'visit' },
      { subjectPersonId: me.id, at: new Date('2026-02-28T22:00:00Z'), resource: 'prescription' },
      { subjectPersonId: me.id, at: new Date('2026-03-01T21:59:59Z'), resource: 'vaccination' },
      { subjectPersonId: me.id, at: new Date('2026-03-01T22:00:00Z'), resource: 'invoice' },
    ]);
    const types = async (filter: { from?: string; to?: string }) => (await walk(me.id, me, filter)).flat().map((e) => e.type);
    expect(await types({ from: '2026-03-01', to: '2026-03-01' })).toEqual(['vaccination', 'prescription']);
    expect(await types({ to: '2026-02-28' })).toEqual(['visit']);
    expect(await types({ from: '2026-03-02' })).toEqual(['invoice']);
  });

  it('logs every view of the page; lists a guardian’s views, never the patient’s own', async () => {
    const ward = await person('Pieni', yearsAgo(8));
    const [mother, father] = [await person('Äiti'), await person('Isä')];
    await listPatientLog(t.db, { viewerId: mother.id, subject: ward, lang: 'fi', filter: {}, cursor: null });
    await listPatientLog(t.db, { viewerId: father.id, subject: ward, lang: 'en', filter: {}, cursor: null });
    await listPatientLog(t.db, { viewerId: ward.id, subject: ward, lang: 'fi', filter: {}, cursor: null });
    const views = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, ward.id), eq(accessLog.resource, 'access-log')));
    expect(views.map((v) => [v.actorPersonId, v.actorKind])).toEqual([
      [mother.id, 'guardian'],
      [father.id, 'guardian'],
      [ward.id, 'patient'],
    ]);
    // The patient sees both guardians' views and never their own, however often they look.
    for (let i = 0; i < 3; i++) await listPatientLog(t.db, { viewerId: ward.id, subject: ward, lang: 'fi', filter: {}, cursor: null });
    expect((await walk(ward.id, ward)).flat().map((e) => [e.type, e.who])).toEqual([
      ['accessLog', { kind: 'guardian', name: 'Isä Testinen' }],
      ['accessLog', { kind: 'guardian', name: 'Äiti Testinen' }],
    ]);
    // The mother sees her own earlier view as hers.
    expect((await walk(mother.id, ward)).flat().map((e) => e.who)).toEqual([{ kind: 'guardian', name: 'Isä Testinen' }, { kind: 'you' }]);
  });

  it('labels rows written before the actor kind was recorded', async () => {
    const me = await person('Vanha');
    const pro = await createProfessional(t.db, {
      identityCode: code('1966-06-06'),
      firstName: 'Leena',
      lastName: 'Lääkäri',
      title: localized('Lääkäri', 'Läkare', 'Doctor'),
      professionalType: 'Doctor',
    });
    await insertRows([
      { subjectPersonId: me.id, at: new Date('2024-01-01T10:00:00Z'), actorPersonId: pro.personId, actorKind: null },
      { subjectPersonId: me.id, at: new Date('2024-01-01T09:00:00Z'), actorPersonId: null, actorKind: null, resource: 'appointment:anonymous-link' },
      { subjectPersonId: me.id, at: new Date('2024-01-01T08:00:00Z'), actorKind: null, resource: 'session', action: 'login' },
    ]);
    const entries = (await walk(me.id, me)).flat();
    expect(entries.map((e) => e.who)).toEqual([{ kind: 'professional', name: 'Leena Lääkäri', role: 'Lääkäri' }, { kind: 'anonymous' }, { kind: 'you' }]);
    expect(entries.map((e) => [e.action, e.type])).toEqual([
      ['view', 'visit'],
      ['view', 'appointment'],
      ['login', 'session'],
    ]);
  });

  it('writes the default kinds, and a named kind and reason, in one statement', async () => {
    const [me, ward] = [await person('Oma'), await person('Huollettava', yearsAgo(5))];
    await logAccesses(t.db, [
      { actorPersonId: me.id, subjectPersonId: me.id, action: 'view', resource: 'visit' },
      { actorPersonId: me.id, subjectPersonId: ward.id, action: 'view', resource: 'visit' },
      { actorPersonId: null, subjectPersonId: ward.id, action: 'view', resource: 'appointment:anonymous-link' },
      { actorPersonId: me.id, subjectPersonId: ward.id, action: 'change', resource: 'invoice', actorKind: 'system', reason: 'billing' },
    ]);
    const rows = await t.db.select().from(accessLog).where(eq(accessLog.actorPersonId, me.id));
    const wardRows = await listAccessFor(t.db, ward.id);
    expect(rows.find((r) => r.subjectPersonId === me.id)).toMatchObject({ actorKind: 'patient', reason: null });
    expect(wardRows.map((r) => [r.actorKind, r.reason])).toEqual([
      ['system', 'billing'],
      ['anonymous', null],
      ['guardian', null],
    ]);
  });

  describe('whose log', () => {
    let guardian: { id: string };
    let young: { id: string; firstName: string; lastName: string };
    let teen: { id: string };
    let stranger: { id: string };
    beforeAll(async () => {
      guardian = await person('Huoltaja');
      young = await person('Kahdeksan', yearsAgo(8));
      teen = await person('Viisitoista', yearsAgo(15));
      stranger = await person('Vieras');
      await addGuardianship(t.db, guardian.id, young.id);
      await addGuardianship(t.db, guardian.id, teen.id);
      await insertRows([
        { subjectPersonId: young.id, at: clock.now(), resource: 'visit' },
        { subjectPersonId: teen.id, at: clock.now(), resource: 'visit' },
        { subjectPersonId: stranger.id, at: clock.now(), resource: 'visit' },
      ]);
    });

    it('a guardian may choose an 8-year-old’s log, never a 15-year-old’s or a stranger’s', async () => {
      const [self] = await t.db
        .select()
        .from((await import('~db/schema')).persons)
        .where(eq((await import('~db/schema')).persons.id, guardian.id));
      const viewer = recordViewerOf({ person: self!, wards: await listWards(t.db, guardian.id) });
      expect(viewer.people.map((p) => p.id).sort()).toEqual([guardian.id, young.id].sort());
      expect(chosenPerson(viewer, young.id)?.id).toBe(young.id);
      expect(chosenPerson(viewer, teen.id)).toBeNull();
      expect(chosenPerson(viewer, stranger.id)).toBeNull();
      expect(chosenPerson(viewer, 'not-an-id')).toBeNull();
      expect(chosenPerson(viewer, null)?.id).toBe(guardian.id);
    });

    it('lists only the chosen person’s rows', async () => {
      const entries = (await walk(guardian.id, young)).flat();
      const ids = entries.map((e) => e.id);
      const youngIds = (await listAccessFor(t.db, young.id, undefined, 1000)).map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(youngIds).toContain(id);
    });
  });
});
