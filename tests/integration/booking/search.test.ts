/**
 * The appointment search service on a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): the day window and time-of-day edges in Helsinki time (DST days
 * included), free versus held slots, paging, payer types, municipalities and remote rules, next
 * vacant dates, alternatives when nothing is found, the calendar's dates, the form options and
 * the failure path. Slots come from db/slots.ts (hand-placed ones with its Helsinki time helper,
 * and a generated calendar for the volume checks).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppointment, createClinic, createPerson, createPractitioner, createSlot, createSpecialty, type NewSlot } from '~db/factories';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { KINDS } from '~/models/booking/price-list';
import { prng } from '~db/seed';
import { generateSlots, helsinkiSlotTime, insertSlots } from '~db/slots';
import { makeIdentityCode } from '~/models/identity-code';
import type { SearchFilter } from '~/models/booking/search';
import { defaultFilter } from '~/services/booking/search-rules';
import {
  availableDates,
  findAvailableAppointments,
  orFailure,
  practitionerClinics,
  referenceData,
  searchAppointments,
  searchFormOptions,
  specialtyInfo,
} from '~/services/booking/search.server';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { createTestDatabase, databaseKinds, withTestDatabase } from '../../fixtures/db';

/** Monday 23 November 2026, 11:00 in Helsinki. */
const NOW = new Date('2026-11-23T09:00:00.000Z');
const TODAY = '2026-11-23';
/** Wednesday: the hand-placed day. */
const DAY = '2026-11-25';

const title = (text: string) => ({ fi: text, sv: text, en: text });

async function reference(db: Db) {
  for (const clinic of CLINICS) await createClinic(db, { isRemote: false, ...clinic });
  for (const specialty of SPECIALTIES) await createSpecialty(db, specialty);
  const practitioner = (id: string, firstName: string, lastName: string, specialtyId: string, clinicIds: string[]) =>
    createPractitioner(db, { id, firstName, lastName, title: title(specialtyId), specialtyIds: [specialtyId], clinicIds });
  await practitioner('T1', 'Anna', 'Lahtinen', 'YLE', ['KA', 'TA']);
  await practitioner('T2', 'Kaisa', 'Järvinen', 'PSY', ['TA', 'RMT']);
  await practitioner('T3', 'Juha', 'Koskinen', 'SH', ['KE']);
  await practitioner('T4', 'Elina', 'Salminen', 'YLE', ['HP']);
  await practitioner('T5', 'Timo', 'Laine', 'FYS', ['MY', 'TI']);
}

type SlotSpec = { date: string; hour: number; minute?: number; practitionerId: string; clinicId: string; specialtyId: string } & Partial<NewSlot>;

function slot({ date, hour, minute = 0, practitionerId, clinicId, specialtyId, ...rest }: SlotSpec) {
  const remote = ['RMT', 'CHA', 'OS', 'NRMT'].includes(clinicId);
  return {
    startAt: helsinkiSlotTime(date, hour, minute).startAt,
    practitionerId,
    clinicId,
    specialtyId,
    kindId: remote ? 'VETA' : 'VAS',
    durationMinutes: 30,
    isRemote: remote,
    locationType: remote ? ('videoAppointment' as const) : ('physicalLocation' as const),
    ...rest,
  };
}

async function insert(db: Db, specs: SlotSpec[]) {
  const rows = [];
  for (const spec of specs) rows.push(await createSlot(db, slot(spec)));
  return rows;
}

async function hold(db: Db, slotId: number, startAt: Date, cancelled: boolean) {
  const patient = await createPerson(db, {
    identityCode: makeIdentityCode('1980-01-15', 400 + slotId * 2),
    firstName: 'Testi',
    lastName: `Potilas${slotId}`,
  });
  await createAppointment(db, {
    patientId: patient.id,
    slotId,
    kindId: 'VAS',
    kindName: KINDS.VAS,
    startAt,
    durationMinutes: 30,
    clinicId: 'KA',
    practitionerId: 'T1',
    specialtyId: 'YLE',
    cancelledAt: cancelled ? NOW : null,
    cancelledBy: cancelled ? 'patient' : null,
  });
}

const search = (changes: Partial<SearchFilter> = {}) => ({ ...defaultFilter(TODAY), startDate: DAY, ...changes });
/** Local start times "HH:mm" of a list, for readable expectations. */
const times = (items: { startDate: string }[]) =>
  items.map((a) => new Date(a.startDate).toLocaleTimeString('fi-FI', { timeZone: 'Europe/Helsinki', hour: '2-digit', minute: '2-digit' }).replace('.', ':'));

describe.each(databaseKinds())('appointment search on %s', (kind) => {
  const t = withTestDatabase(kind);

  beforeAll(async () => {
    const db = t.db;
    await reference(db);
    const k = { practitionerId: 'T1', clinicId: 'KA', specialtyId: 'YLE' };
    const [, , , , , , , , , held, cancelled] = await insert(db, [
      { date: DAY, hour: 6, minute: 30, ...k },
      { date: DAY, hour: 7, ...k },
      { date: DAY, hour: 12, ...k },
      { date: DAY, hour: 12, minute: 30, practitionerId: 'T1', clinicId: 'TA', specialtyId: 'YLE' },
      { date: DAY, hour: 16, practitionerId: 'T4', clinicId: 'HP', specialtyId: 'YLE' },
      { date: DAY, hour: 21, practitionerId: 'T3', clinicId: 'KE', specialtyId: 'SH' },
      { date: DAY, hour: 21, minute: 30, practitionerId: 'T3', clinicId: 'KE', specialtyId: 'SH' },
      { date: DAY, hour: 10, practitionerId: 'T2', clinicId: 'RMT', specialtyId: 'PSY' },
      { date: DAY, hour: 11, practitionerId: 'T2', clinicId: 'TA', specialtyId: 'PSY' },
      { date: DAY, hour: 9, ...k },
      { date: DAY, hour: 9, minute: 30, ...k },
      { date: DAY, hour: 8, ...k, payerTypes: ['occupationalHealthCare'] },
      // Today: one already started, one still ahead.
      { date: TODAY, hour: 10, practitionerId: 'T3', clinicId: 'KE', specialtyId: 'SH' },
      { date: TODAY, hour: 13, practitionerId: 'T3', clinicId: 'KE', specialtyId: 'SH' },
      // Later days of T1 (the next vacant dates).
      ...['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].map((date) => ({ date, hour: 17, ...k })),
      // An empty Espoo day with times in Vantaa, and Espoo times later that month.
      { date: '2026-12-16', hour: 10, practitionerId: 'T5', clinicId: 'TI', specialtyId: 'FYS' },
      { date: '2026-12-20', hour: 10, practitionerId: 'T1', clinicId: 'TA', specialtyId: 'YLE' },
      // Daylight saving days: clocks go forward on 28 March 2027 and back on 31 October 2027.
      { date: '2027-03-28', hour: 7, practitionerId: 'T4', clinicId: 'HP', specialtyId: 'YLE' },
      { date: '2027-03-28', hour: 6, minute: 30, practitionerId: 'T4', clinicId: 'HP', specialtyId: 'YLE' },
      { date: '2027-10-31', hour: 7, practitionerId: 'T4', clinicId: 'HP', specialtyId: 'YLE' },
      { date: '2027-10-31', hour: 21, practitionerId: 'T4', clinicId: 'HP', specialtyId: 'YLE' },
      // A busy day for paging: 25 times at Pasila.
      ...Array.from({ length: 25 }, (_, i) => ({
        date: '2026-12-10',
        hour: 8 + Math.floor(i / 3),
        minute: (i % 3) * 20,
        practitionerId: 'T4',
        clinicId: 'HP',
        specialtyId: 'YLE',
      })),
    ]);
    await hold(db, held!.id, held!.startAt, false);
    await hold(db, cancelled!.id, cancelled!.startAt, true);
  });

  it("lists the day's free times in start order: held and other payers' slots left out, a cancelled booking frees its slot", async () => {
    const result = await searchAppointments(t.db, search({ includeRemote: true }), 'en', { now: NOW });
    expect(times(result.appointments)).toEqual(['06:30', '07:00', '09:30', '10:00', '11:00', '12:00', '12:30', '16:00', '21:00', '21:30']);
    expect(result.hasMore).toBe(false);
    expect(result.alternatives).toBeNull();
    expect(result.timings.totalMs).toBeGreaterThan(0);
    const first = result.appointments[0]!;
    expect(first).toMatchObject({
      durationMinutes: 30,
      isRemote: false,
      requiresAuthToReserve: false,
      kindId: 'VAS',
      practitionerId: 'T1',
      practitioner: { name: 'Anna Lahtinen', title: 'YLE', isResource: false },
      clinicId: 'KA',
      clinic: { name: 'Kamppi', municipality: 'helsinki' },
      specialtyId: 'YLE',
      specialty: { name: 'General practice' },
      specialtyData: { specialties: [{ id: 'YLE' }] },
    });
    expect(first.startDate).toBe('2026-11-25T04:30:00.000Z');
  });

  it('keeps each payer type to its own slots (occupational and insurance searches slot in here)', async () => {
    const result = await findAvailableAppointments(t.db, search({ payerType: 'occupationalHealthCare' }), 'en', { now: NOW });
    expect(times(result.appointments)).toEqual(['08:00']);
  });

  it('applies the time-of-day windows with both ends included', async () => {
    const list = async (time: SearchFilter['time']) =>
      times((await findAvailableAppointments(t.db, search({ time, includeRemote: true }), 'en', { now: NOW })).appointments);
    expect(await list('morning')).toEqual(['07:00', '09:30', '10:00', '11:00', '12:00']);
    expect(await list('afternoon')).toEqual(['12:00', '12:30', '16:00']);
    expect(await list('evening')).toEqual(['16:00', '21:00']);
  });

  it('keeps the Helsinki day and windows on daylight saving days', async () => {
    const spring = await findAvailableAppointments(t.db, search({ startDate: '2027-03-28', time: 'morning' }), 'en', { now: NOW });
    expect(spring.appointments.map((a) => a.startDate)).toEqual(['2027-03-28T04:00:00.000Z']);
    const autumn = await findAvailableAppointments(t.db, search({ startDate: '2027-10-31' }), 'en', { now: NOW });
    expect(autumn.appointments.map((a) => a.startDate)).toEqual(['2027-10-31T05:00:00.000Z', '2027-10-31T19:00:00.000Z']);
    const evening = await findAvailableAppointments(t.db, search({ startDate: '2027-10-31', time: 'evening' }), 'en', { now: NOW });
    expect(times(evening.appointments)).toEqual(['21:00']);
  });

  it('never lists a time that has already started', async () => {
    const result = await findAvailableAppointments(t.db, search({ startDate: TODAY }), 'en', { now: NOW });
    expect(times(result.appointments)).toEqual(['13:00']);
  });

  it('pages 20 at a time; "show more" is offered when exactly 20 came back', async () => {
    const filter = search({ startDate: '2026-12-10' });
    const first = await findAvailableAppointments(t.db, filter, 'en', { now: NOW });
    expect(first.appointments).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = await findAvailableAppointments(t.db, { ...filter, offset: 20 }, 'en', { now: NOW });
    expect(second.appointments).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect(second.appointments[0]!.id).not.toBe(first.appointments[19]!.id);
    const grown = await searchAppointments(t.db, { ...filter, offset: 20 }, 'en', { now: NOW, cumulative: true });
    expect(grown.appointments).toHaveLength(25);
    expect(grown.appointments.slice(0, 20).map((a) => a.id)).toEqual(first.appointments.map((a) => a.id));
  });

  it('a municipality selects all its clinics; remote times only with include-remote', async () => {
    const helsinki = await findAvailableAppointments(t.db, search({ municipalities: ['helsinki'] }), 'en', { now: NOW });
    expect(new Set(helsinki.appointments.map((a) => a.clinicId))).toEqual(new Set(['KA', 'HP']));
    const espoo = await findAvailableAppointments(t.db, search({ municipalities: ['espoo'] }), 'en', { now: NOW });
    expect(times(espoo.appointments)).toEqual(['11:00', '12:30']);
    const espooAndRemote = await findAvailableAppointments(t.db, search({ municipalities: ['espoo'], includeRemote: true }), 'en', { now: NOW });
    expect(times(espooAndRemote.appointments)).toEqual(['10:00', '11:00', '12:30']);
    const remoteClinic = await findAvailableAppointments(t.db, search({ clinicIds: ['RMT'], includeRemote: true }), 'en', { now: NOW });
    expect(remoteClinic.appointments.map((a) => [a.clinicId, a.locationType])).toEqual([['RMT', 'videoAppointment']]);
    const withoutRemote = await findAvailableAppointments(t.db, search({ specialtyIds: ['PSY'] }), 'en', { now: NOW });
    expect(withoutRemote.appointments.map((a) => a.clinicId)).toEqual(['TA']);
  });

  it('filters by practitioner and by several specialties', async () => {
    const practitioner = await findAvailableAppointments(t.db, search({ practitionerIds: ['T4'] }), 'en', { now: NOW });
    expect(times(practitioner.appointments)).toEqual(['16:00']);
    const specialties = await findAvailableAppointments(t.db, search({ specialtyIds: ['SH', 'PSY'], includeRemote: true }), 'en', { now: NOW });
    expect(times(specialties.appointments)).toEqual(['10:00', '11:00', '21:00', '21:30']);
  });

  it('lists the next five later days with free times, for the same filters', async () => {
    const result = await searchAppointments(t.db, search({ practitionerIds: ['T1'] }), 'en', { now: NOW });
    expect(result.nextVacantDates).toEqual(['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
    const mornings = await searchAppointments(t.db, search({ practitionerIds: ['T1'], time: 'morning' }), 'en', { now: NOW });
    // T1's later times are at 17:00, except the Tapiola morning of 20 December.
    expect(mornings.nextVacantDates).toEqual(['2026-12-20']);
  });

  it('lists several days with the time window applied per day (the JSON end date)', async () => {
    const result = await findAvailableAppointments(t.db, search({ endDate: '2026-11-30', practitionerIds: ['T1'], time: 'evening' }), 'en', { now: NOW });
    expect(result.appointments.map((a) => a.startDate)).toEqual(['2026-11-27T15:00:00.000Z', '2026-11-30T15:00:00.000Z']);
  });

  it('offers alternatives when nothing is found: next month, neighbouring municipalities, the practitioner’s clinics', async () => {
    const espoo = await searchAppointments(t.db, search({ startDate: '2026-12-16', municipalities: ['espoo'] }), 'en', { now: NOW });
    expect(espoo.appointments).toEqual([]);
    expect(espoo.alternatives?.nearby).toMatchObject({ municipalities: ['helsinki', 'vantaa'], clinicIds: [] });
    expect(espoo.alternatives?.nearby?.appointments.map((a) => a.clinicId)).toEqual(['TI']);
    expect(espoo.alternatives?.nextMonth.map((a) => a.startDate)).toEqual(['2026-12-20T08:00:00.000Z']);
    expect(espoo.alternatives?.practitionerClinicIds).toBeNull();

    const practitionerElsewhere = await searchAppointments(t.db, search({ startDate: '2026-12-16', practitionerIds: ['T2'], clinicIds: ['KE'] }), 'en', {
      now: NOW,
    });
    expect(practitionerElsewhere.alternatives?.practitionerClinicIds).toEqual(['RMT', 'TA']);

    const kamppi = await searchAppointments(t.db, search({ startDate: '2026-12-16', clinicIds: ['KA'] }), 'en', { now: NOW });
    expect(kamppi.alternatives?.nearby).toMatchObject({ municipalities: ['espoo', 'vantaa'], clinicIds: ['HP'] });
  });

  it('gives the calendar the days with free times in a range, from today on', async () => {
    const dates = await availableDates(t.db, search({ practitionerIds: ['T1'] }), { from: '2026-11-16', to: '2026-12-06' }, { now: NOW });
    expect(dates).toEqual(['2026-11-25', '2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    const evenings = await availableDates(t.db, search({ clinicIds: ['KE'], time: 'evening' }), { from: TODAY, to: '2026-11-30' }, { now: NOW });
    expect(evenings).toEqual(['2026-11-25']);
  });

  it('answers specialty and practitioner questions of the JSON calls', async () => {
    expect(await specialtyInfo(t.db, 'PSY', 'fi')).toEqual({
      id: 'PSY',
      title: 'Psykologia',
      isRemoteType: true,
      cmsContent: {
        appointmentReservationInfo: 'Psykologia: useimmat vakuutusyhtiöt edellyttävät lääkärin lähetettä ja maksusitoumusta ennen ensimmäistä käyntiä.',
      },
    });
    expect(await specialtyInfo(t.db, 'NOPE', 'fi')).toBeNull();
    expect(await practitionerClinics(t.db, 'T2')).toEqual(['RMT', 'TA']);
    expect(await practitionerClinics(t.db, 'T999')).toBeNull();
  });

  it('offers the form: clinics by municipality, and practitioners narrowed by specialty and place', async () => {
    const all = await searchFormOptions(t.db, search(), 'sv');
    expect(all.clinicGroups.map((g) => g.municipality)).toEqual(['espoo', 'helsinki', 'hyvinkää', 'järvenpää', 'kerava', 'tuusula', 'vantaa', 'remote']);
    expect(all.practitioners).toHaveLength(5);
    expect(all.specialties.find((s) => s.id === 'PSY')?.name).toBe('Psykologi');
    expect([...all.rules.remoteSpecialtyIds].sort()).toEqual(['ENDO', 'GRG', 'GYN', 'NNA', 'PSY']);
    expect(all.rules.remoteClinicIds).toEqual(expect.arrayContaining(['RMT', 'CHA', 'OS', 'NRMT']));
    const psychology = await searchFormOptions(t.db, search({ specialtyIds: ['PSY'] }), 'en');
    expect(psychology.practitioners.map((p) => p.id)).toEqual(['T2']);
    const kerava = await searchFormOptions(t.db, search({ municipalities: ['kerava'], practitionerIds: ['T1'] }), 'en');
    expect(kerava.practitioners.map((p) => p.id).sort()).toEqual(['T1', 'T3']);
    expect(kerava).toMatchObject({ practitionerTotal: 2, practitionersComplete: true, practitionerName: '' });
  });

  it('answers a practitioner name search with the matches and keeps the chosen practitioner', async () => {
    const named = await searchFormOptions(t.db, search(), 'en', { practitionerName: 'la' });
    expect(named).toMatchObject({ practitionerTotal: 5, practitionersComplete: false, practitionerName: 'la' });
    // Anna Lahtinen, Timo Laine: a word starts with "la".
    expect(named.practitioners.map((p) => p.id).sort()).toEqual(['T1', 'T5']);
    const chosen = await searchFormOptions(t.db, search({ practitionerIds: ['T3'] }), 'en', { practitionerName: 'laine' });
    expect(chosen.practitioners.map((p) => p.id)).toEqual(['T3', 'T5']);
    const none = await searchFormOptions(t.db, search(), 'en', { practitionerName: 'zz' });
    expect(none.practitioners).toEqual([]);
  });

  it('handles a generated calendar: every listed time is free, in order, within the window', async () => {
    const db = t.db;
    const generated = await insertSlots(
      db,
      generateSlots(
        [
          { id: 'T1', specialtyId: 'YLE', clinicIds: ['KA', 'TA'] },
          { id: 'T2', specialtyId: 'PSY', clinicIds: ['TA'], remoteClinicId: 'RMT' },
          { id: 'T5', specialtyId: 'FYS', clinicIds: ['MY', 'TI'] },
        ],
        { fromDate: '2027-01-04', days: 14, notBefore: NOW, random: prng(77) },
      ),
    );
    expect(generated).toBeGreaterThan(100);
    const filter = search({ startDate: '2027-01-05', municipalities: ['espoo'], time: 'afternoon', includeRemote: true });
    const result = await searchAppointments(db, filter, 'en', { now: NOW });
    expect(result.appointments.length).toBeGreaterThan(0);
    const starts = result.appointments.map((a) => a.startDate);
    expect([...starts].sort()).toEqual(starts);
    for (const a of result.appointments) {
      expect(a.isRemote || a.clinicId === 'TA' || a.clinicId === 'LE').toBe(true);
      expect(times([a])[0]! >= '12:00' && times([a])[0]! <= '16:00').toBe(true);
    }
    const dates = await availableDates(db, filter, { from: '2027-01-04', to: '2027-01-17' }, { now: NOW });
    expect(dates).toContain(filter.startDate);
    expect(result.nextVacantDates).toEqual(dates.filter((d) => d > filter.startDate).slice(0, 5));
  });

  it('reads clinics and specialties again when a slot names one added after they were cached', async () => {
    await findAvailableAppointments(t.db, search(), 'en', { now: NOW });
    await createClinic(t.db, { id: 'UUSI', name: 'Uusi klinikka', municipality: 'helsinki' });
    await insert(t.db, [{ date: '2026-12-21', hour: 9, practitionerId: 'T4', clinicId: 'UUSI', specialtyId: 'YLE' }]);
    const result = await findAvailableAppointments(t.db, search({ startDate: '2026-12-21' }), 'en', { now: NOW });
    expect(result.appointments.map((a) => a.clinic)).toEqual([{ name: 'Uusi klinikka', municipality: 'helsinki' }]);
    const helsinki = await findAvailableAppointments(t.db, search({ startDate: '2026-12-21', municipalities: ['helsinki'] }), 'en', { now: NOW });
    expect(helsinki.appointments.map((a) => a.clinicId)).toEqual(['UUSI']);
  });

  it('turns a database failure into "failure" (logged), not an exception', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const broken = await createTestDatabase(kind);
    await broken.close();
    expect(await orFailure('test', () => referenceData(broken.db))).toBeUndefined();
    expect(await orFailure('test', () => searchAppointments(broken.db, search(), 'en', { now: NOW }))).toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
