import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addGuardianship, createLabDay, createPerson } from '~db/factories';
import { DEMO_PERSONS } from '~db/seed-data';
import { accessLog, labTests, persons } from '~db/schema';
import { helsinkiDate } from '~/lib/dates';
import { makeIdentityCode } from '~/models/identity-code';
import { listWards } from '~/services/auth/session.server';
import type { Db } from '~/services/db/db.server';
import { chosenPerson, recordViewerOf } from '~/services/people/viewer.server';
import { listFeed } from '~/services/records/feed.server';
import { listEmployeeMemos } from '~/services/records/employee-memo.server';
import {
  countVisible,
  getCertificate,
  getImagingResult,
  getLabDay,
  getReferral,
  getVisit,
  listCertificates,
  listImagingResults,
  listLabDays,
  listPrescriptions,
  listReferrals,
  listVaccinations,
  listVisits,
} from '~/services/records/records.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

async function viewerFor(db: Db, key: keyof typeof DEMO_PERSONS) {
  const [person] = await db.select().from(persons).where(eq(persons.identityCode, DEMO_PERSONS[key].identityCode));
  return recordViewerOf({ person: person!, wards: await listWards(db, person!.id) });
}

describe.each(databaseKinds())('health records on %s', (kind) => {
  const t = withTestDatabase(kind, { seed: true });

  it("lists Aino's prescriptions, referrals, lab days, imaging, visits, vaccinations and certificates", async () => {
    const v = await viewerFor(t.db, 'aino');
    const me = v.people[0]!;
    const rx = await listPrescriptions(t.db, v, me, 'en');
    expect(rx.items.map((p) => [p.medicineName, p.isRenewable])).toEqual([
      ['Amoxin', false],
      ['Burana', true],
      ['Levothyroxin Sandoz', true],
      ['Simvastatin Orion', true],
    ]);
    const lab = await listReferrals(t.db, v, me, 'laboratory', 'en');
    expect(lab.items.map((r) => r.status)).toEqual(['valid', 'expired']);
    expect(lab.items[0]!.description).toBeNull(); // Finnish only
    expect((await listReferrals(t.db, v, me, 'laboratory', 'fi')).items[0]!.description).toContain('paaston');
    const days = await listLabDays(t.db, v, me, 'en');
    // The professional-only day of yesterday is neither shown nor counted.
    expect(days.items.map((d) => d.state)).toEqual(['pending', 'ready']);
    const imaging = await listImagingResults(t.db, v, me, 'en');
    expect(imaging.items.map((i) => i.hasStatement)).toEqual([false, true]);
    expect((await listVisits(t.db, v, me, 'en')).items).toHaveLength(2);
    const vacc = await listVaccinations(t.db, v, me, 'en');
    expect(vacc.items).toHaveLength(25);
    expect(vacc.hasNext).toBe(true);
    const page2 = await listVaccinations(t.db, v, me, 'en', 2);
    expect(page2.items.length).toBeGreaterThan(0);
    expect(page2.hasNext).toBe(false);
    // Certificates since 1.1.2022 only.
    expect((await listCertificates(t.db, v, me, 'en')).items).toHaveLength(2);
    expect(await countVisible(t.db, me.id)).toEqual({ labTests: 6, imagingResults: 2, visits: 2 });
  });

  it('shows a result day with package items, prefixes, out-of-range flags and reference ranges', async () => {
    const v = await viewerFor(t.db, 'aino');
    const days = await listLabDays(t.db, v, v.people[0]!, 'fi');
    const ready = days.items.find((d) => d.state === 'ready')!;
    const day = await getLabDay(t.db, v, v.people[0]!, ready.date, 'fi');
    expect(day!.state).toBe('ready');
    const pvk = day!.tests.find((x) => x.kind === 'package')!;
    expect(pvk.items.map((i) => i.displayName)).toEqual(['Hemoglobiini', 'Leukosyytit', 'Trombosyytit']);
    expect(pvk.items[1]!.result).toEqual({ type: 'numeric', text: '11,2', isWithinReferenceRange: false });
    expect(pvk.items[1]!.referenceRange).toBe('3,4–8,2 E9/l');
    const ldl = day!.tests.find((x) => x.code === '4515')!;
    expect(ldl.referenceRange).toBe('<3,0 mmol/l');
    const crp = day!.tests.find((x) => x.code === '4520')!;
    expect(crp.result).toMatchObject({ text: '< 3' });
    expect(day!.tests.find((x) => x.code === '1880')!.result).toEqual({ type: 'text', text: 'Negatiivinen' });
    expect(await getLabDay(t.db, v, v.people[0]!, '1999-01-01', 'fi')).toBeNull();
  });

  it("lets Laura read Eino's records and gives Aino nothing of Eino's", async () => {
    const laura = await viewerFor(t.db, 'laura');
    const eino = laura.people.find((p) => p.firstName === 'Eino')!;
    expect(eino).toBeTruthy();
    const days = await listLabDays(t.db, laura, eino, 'en');
    expect(days.items).toHaveLength(1);
    const aino = await viewerFor(t.db, 'aino');
    expect(chosenPerson(aino, eino.id)).toBeNull();
    const einoVisit = (await listVisits(t.db, laura, eino, 'en')).items[0]!;
    expect(await getVisit(t.db, aino, einoVisit.id, 'en')).toBeNull();
    expect((await getVisit(t.db, laura, einoVisit.id, 'en'))!.patientName).toBe('Eino Nieminen');
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, eino.id), eq(accessLog.resource, 'visit')));
    expect(logged.some((row) => row.resourceId === String(einoVisit.id))).toBe(true);
  });

  it('stops showing a ward’s records to the guardian from the age of 12', async () => {
    const laura = await viewerFor(t.db, 'laura');
    const birth = `${Number(helsinkiDate(clock.now()).slice(0, 4)) - 13}-01-01`;
    const teen = await createPerson(t.db, { identityCode: makeIdentityCode(birth, 951), firstName: 'Veera', lastName: 'Nieminen' });
    await addGuardianship(t.db, laura.people[0]!.id, teen.id);
    await createLabDay(t.db, teen.id, helsinkiDate(clock.now()), [{ code: '1', displayName: 'Hb', status: 'ready', resultNumber: '130' }]);
    const again = await viewerFor(t.db, 'laura');
    expect(again.people.map((p) => p.firstName)).toEqual(['Laura', 'Eino']);
    expect(chosenPerson(again, teen.id)).toBeNull();
  });

  it('hides restricted and foreign items from detail lookups', async () => {
    const aino = await viewerFor(t.db, 'aino');
    const laura = await viewerFor(t.db, 'laura');
    const imaging = await listImagingResults(t.db, aino, aino.people[0]!, 'en');
    const withoutStatement = imaging.items.find((i) => !i.hasStatement)!;
    expect((await getImagingResult(t.db, aino, withoutStatement.id, 'en'))!.statementText).toBeNull();
    expect(await getImagingResult(t.db, laura, withoutStatement.id, 'en')).toBeNull();
    const referral = (await listReferrals(t.db, aino, aino.people[0]!, 'imaging', 'en')).items[0]!;
    expect(await getReferral(t.db, aino, referral.id, 'laboratory', 'en')).toBeNull();
    expect(await getReferral(t.db, laura, referral.id, 'imaging', 'en')).toBeNull();
    const cert = (await listCertificates(t.db, aino, aino.people[0]!, 'en')).items[0]!;
    expect(await getCertificate(t.db, laura, cert.id)).toBeNull();
    expect((await getCertificate(t.db, aino, cert.id))!.patientFirstName).toBe('Aino');
    const [restricted] = await t.db.select().from(labTests).where(eq(labTests.viewRestriction, 'professional'));
    expect(await getLabDay(t.db, aino, aino.people[0]!, restricted!.resultDate, 'en')).toBeNull();
  });

  it('feeds the newest visible record items, with relative dates and validity hints', async () => {
    const aino = await viewerFor(t.db, 'aino');
    // Relative to the seed's day (the run may have passed midnight since).
    const { items: feed } = await listFeed(t.db, aino, 'en', { limit: 6, now: t.seededAt });
    expect(feed).toHaveLength(6);
    // Newest first; yesterday's restricted items never appear.
    expect(feed.map((i) => i.type)).toEqual([
      'imagingResult',
      'laboratoryResult',
      'imagingReferral',
      'laboratoryReferral',
      'laboratoryResult',
      'sickLeaveCertificate',
    ]);
    expect(feed[0]!.when).toEqual({ kind: 'yesterday' });
    expect(feed[2]!.validity).toEqual({ kind: 'weeks', weeks: 4 });
    expect(feed[3]!.validity).toEqual({ kind: 'weeks', weeks: 1 });
    expect((await listFeed(t.db, aino, 'en', { limit: 20, certificates: false })).items.some((i) => i.type === 'sickLeaveCertificate')).toBe(false);
    const laura = await viewerFor(t.db, 'laura');
    const { items: lauraFeed } = await listFeed(t.db, laura, 'en');
    expect(lauraFeed.every((i) => i.personName === 'Eino Nieminen')).toBe(true);
    expect(lauraFeed.find((i) => i.type === 'laboratoryResult')!.target.person).toBe(laura.people[1]!.id);
  });

  it("tells in the feed's read whether the viewer has a prescription of their own to renew", async () => {
    const aino = await viewerFor(t.db, 'aino');
    expect((await listFeed(t.db, aino, 'en', { renewal: true })).canRenew).toBe(true);
    // Renewal switched off (PRESCRIPTION_RENEWAL=off): no link.
    expect((await listFeed(t.db, aino, 'en', { renewal: false })).canRenew).toBe(false);
    // Laura's ward Eino has a prescription, but not a renewable one, and Laura has none.
    expect((await listFeed(t.db, await viewerFor(t.db, 'laura'), 'en', { renewal: true })).canRenew).toBe(false);
  });

  it("lists Mikko's employee memos newest first with the agreed follow-ups, and logs the view", async () => {
    const mikko = await viewerFor(t.db, 'mikko');
    const memos = await listEmployeeMemos(t.db, mikko.actorId, 'fi');
    expect(memos.items).toHaveLength(2);
    expect(memos.items[0]!.followUps.map((f) => f.text)).toContain('Työpisteen ergonomiakäynti fysioterapeutin kanssa');
    expect(memos.items[1]!.followUps).toEqual([]);
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.subjectPersonId, mikko.actorId), eq(accessLog.resource, 'employee-memo')));
    expect(logged).toHaveLength(2);
    const aino = await viewerFor(t.db, 'aino');
    expect((await listEmployeeMemos(t.db, aino.actorId, 'fi')).items).toEqual([]);
  });
});
