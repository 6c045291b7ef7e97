/**
 * Appointment search: the one service behind the booking pages and the JSON calls of spec 3 §7.
 * Free times are rows of `appointment_slots` that no live appointment holds (the partial unique
 * index `appointments_slot_live_idx` answers that per slot), start in the future, are open to
 * the payer type (`payer_types`; private customers now, occupational and insurance later) and
 * match the filters.
 *
 * Days and time-of-day windows are Helsinki local time. A day's list filters on the start
 * instant between the window's ends, computed by PostgreSQL from the date
 * (`(date + minutes) at time zone 'Europe/Helsinki'`), so the (specialty | practitioner |
 * clinic, start_at) indexes serve a filtered search and the (local_date, start_at) index an
 * unfiltered one; see docs/decisions/0007 for the plans and numbers.
 * Every call is timed; slow ones are logged.
 */
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  appointments,
  appointmentSlots,
  clinics,
  practitionerClinics as practitionerClinicsTable,
  practitioners,
  practitionerSpecialties,
  specialties,
  type Localized,
} from '~db/schema';
import type { Language } from '~/i18n/config';
import { textsIn } from '~/i18n/i18n.server';
import { helsinkiDate, TIME_ZONE } from '~/lib/dates';
import type { Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import type {
  AvailableAppointment,
  SearchAlternatives,
  SearchFilter,
  SearchFormOptions,
  SearchResult,
  SearchRuleData,
  SearchTimings,
} from '~/models/booking/search';
import { clock } from '~/lib/clock.server';
import { env } from '~/env.server';
import { profilePictureSrc } from '~/models/booking/practitioner-picture';
import {
  addDays,
  addMonth,
  ALTERNATIVES,
  matchesWordPrefix,
  MAX_LISTED_PRACTITIONERS,
  MAX_PRACTITIONER_MATCHES,
  NEXT_VACANT_DATES,
  NEXT_VACANT_HORIZON_DAYS,
  neighbourAlternatives,
  normalizeFilter,
  PAGE_SIZE,
  REMOTE_CLINIC_IDS,
  timeOfDayMinutes,
} from './search-rules';

export type { AvailableAppointment, SearchAlternatives, SearchFormOptions, SearchResult, SearchTimings };

/** A search slower than this is logged as a warning (the target is p95 ≤ 20 ms). */
const SLOW_SEARCH_MS = 200;
/** Clinics and specialties change rarely: read them at most once a minute per database. */
const REFERENCE_TTL_MS = 60_000;

export interface ClinicOption {
  id: string;
  name: string;
  municipality: string;
  isRemote: boolean;
}

export interface PractitionerEntry {
  id: string;
  name: string;
  title: Localized;
  isResource: boolean;
  /** The profile picture a page may show (models/booking/practitioner-picture.ts), or null. */
  profilePictureSrc: string | null;
  specialtyIds: string[];
  clinicIds: string[];
}

/**
 * The registers the search reads on every call, small enough to keep in memory: clinics,
 * specialties and practitioners (with their specialties and clinics), plus the rule data
 * derived from them.
 */
export interface ReferenceData extends SearchRuleData {
  clinics: ClinicOption[];
  specialties: { id: string; name: Localized; isRemoteType: boolean }[];
  /** By last name, first name. */
  practitioners: PractitionerEntry[];
  practitionerById: ReadonlyMap<string, PractitionerEntry>;
}

// ---------------------------------------------------------------------------------------------
// Reference data

const referenceCache = new WeakMap<Db, { at: number; data: Promise<ReferenceData> }>();

async function loadReferenceData(db: Db): Promise<ReferenceData> {
  const [clinicRows, specialtyRows, practitionerRows, specialtyLinks, clinicLinks] = await Promise.all([
    db.select({ id: clinics.id, name: clinics.name, municipality: clinics.municipality, isRemote: clinics.isRemote }).from(clinics).orderBy(asc(clinics.name)),
    db.select().from(specialties).orderBy(asc(specialties.id)),
    db.select().from(practitioners).orderBy(asc(practitioners.lastName), asc(practitioners.firstName), asc(practitioners.id)),
    db.select().from(practitionerSpecialties),
    db.select().from(practitionerClinicsTable).orderBy(asc(practitionerClinicsTable.clinicId)),
  ]);
  const remoteClinicIds = [...new Set([...REMOTE_CLINIC_IDS, ...clinicRows.filter((c) => c.isRemote).map((c) => c.id)])];
  const entries: PractitionerEntry[] = practitionerRows.map((p) => ({
    id: p.id,
    name: `${p.firstName} ${p.lastName}`,
    title: p.title,
    isResource: p.isResource,
    profilePictureSrc: profilePictureSrc(p.profilePictureUrl, env().PRACTITIONER_PICTURE_ORIGIN),
    specialtyIds: [],
    clinicIds: [],
  }));
  const practitionerById = new Map(entries.map((p) => [p.id, p]));
  for (const link of specialtyLinks) practitionerById.get(link.practitionerId)?.specialtyIds.push(link.specialtyId);
  for (const link of clinicLinks) practitionerById.get(link.practitionerId)?.clinicIds.push(link.clinicId);
  return {
    clinics: clinicRows.map((c) => ({ ...c, isRemote: c.isRemote || remoteClinicIds.includes(c.id) })),
    specialties: specialtyRows,
    practitioners: entries,
    practitionerById,
    remoteSpecialtyIds: specialtyRows.filter((s) => s.isRemoteType).map((s) => s.id),
    remoteClinicIds,
    clinicMunicipality: Object.fromEntries(clinicRows.map((c) => [c.id, c.municipality])),
  };
}

/**
 * The registers of the search (cached for a minute per database; see ReferenceData). The cache's
 * age is a duration on the monotonic clock, not a time of the app's clock.
 */
export function referenceData(db: Db): Promise<ReferenceData> {
  const cached = referenceCache.get(db);
  const at = performance.now();
  if (cached && at - cached.at < REFERENCE_TTL_MS) return cached.data;
  const data = loadReferenceData(db);
  referenceCache.set(db, { at, data });
  // A failed read is not remembered.
  data.catch(() => referenceCache.delete(db));
  return data;
}

/** Forgets the cached reference data of a database (after a register changes). */
export function forgetReferenceData(db: Db): void {
  referenceCache.delete(db);
}

// ---------------------------------------------------------------------------------------------
// Conditions

const s = appointmentSlots;

/** The clinics a filter names, split into physical ones (null = no place chosen) and remote ones. */
export function resolveClinics(filter: SearchFilter, ref: ReferenceData): { physical: string[] | null; remote: string[] } {
  const chosen = new Set(filter.clinicIds);
  for (const clinic of ref.clinics) if (filter.municipalities.includes(clinic.municipality)) chosen.add(clinic.id);
  if (chosen.size === 0 && filter.municipalities.length === 0) return { physical: null, remote: [] };
  const known = [...chosen].filter((id) => ref.clinicMunicipality[id] !== undefined);
  return {
    physical: known.filter((id) => !ref.remoteClinicIds.includes(id)),
    remote: known.filter((id) => ref.remoteClinicIds.includes(id)),
  };
}

/**
 * Where a slot may be: at a chosen physical clinic (any physical one when none is chosen), or,
 * with include-remote, a remote slot (at a chosen remote clinic when some are chosen).
 */
function locationCondition(filter: SearchFilter, ref: ReferenceData): SQL | undefined {
  const { physical, remote } = resolveClinics(filter, ref);
  const physicalPart =
    physical === null ? sql`${s.isRemote} = false` : physical.length ? and(sql`${s.isRemote} = false`, inArray(s.clinicId, physical)) : undefined;
  if (!filter.includeRemote) return physicalPart ?? sql`false`;
  const remotePart = remote.length ? and(sql`${s.isRemote} = true`, inArray(s.clinicId, remote)) : sql`${s.isRemote} = true`;
  // No place chosen and remote included: every slot qualifies.
  if (physical === null && remote.length === 0) return undefined;
  return physicalPart ? or(physicalPart, remotePart) : remotePart;
}

/** Not held by a live appointment (an index probe of appointments_slot_live_idx per slot). */
const isFree = sql`not exists (select 1 from ${appointments} where ${appointments.slotId} = ${s.id} and ${appointments.cancelledAt} is null)`;

/** Everything but the day: payer, specialties, practitioners, place, free, not started. */
function slotConditions(filter: SearchFilter, ref: ReferenceData, now: Date): SQL[] {
  return [
    gt(s.startAt, now),
    sql`${filter.payerType} = any(${s.payerTypes})`,
    filter.specialtyIds.length ? inArray(s.specialtyId, filter.specialtyIds) : undefined,
    filter.practitionerIds.length ? inArray(s.practitionerId, filter.practitionerIds) : undefined,
    locationCondition(filter, ref),
    isFree,
  ].filter((c): c is SQL => c !== undefined);
}

/** `date` + minutes of the day in Helsinki, as an instant (PostgreSQL knows the DST rules). */
const helsinkiInstant = (date: SQL, minutes: number) => sql`((${date}) + make_interval(mins => ${minutes}::int)) at time zone ${sql.raw(`'${TIME_ZONE}'`)}`;

/**
 * Whether a filter can lean on its own (practitioner | specialty | clinic, start_at) index:
 * a practitioner, a specialty, or physical clinics alone (with remote times included the place
 * is an OR, which no index serves).
 */
function hasIndexedFilter(filter: SearchFilter, ref: ReferenceData): boolean {
  if (filter.practitionerIds.length || filter.specialtyIds.length) return true;
  const { physical } = resolveClinics(filter, ref);
  return Boolean(physical?.length) && !filter.includeRemote;
}

/**
 * Days `from`..`to` and the time-of-day window as a range of start instants, which the
 * filter's own (…, start_at) index serves. A search without such a filter also names the days
 * (`local_date`), so the (local_date, start_at) index walks the window in start order and stops
 * after the first page. The two are not combined: the planner would take the correlated
 * conditions as independent, expect a handful of rows and pick the wrong index.
 * A window over several days also checks each slot's local start time: its local hour and the
 * minute (the same in UTC, since Helsinki's offsets are whole hours).
 */
function dayWindow(from: string, to: string, filter: SearchFilter, ref: ReferenceData): SQL[] {
  const minutes = timeOfDayMinutes(filter.time);
  const conditions = [
    sql`${s.startAt} >= ${helsinkiInstant(sql`${from}::date`, minutes.from)}`,
    sql`${s.startAt} <= ${helsinkiInstant(sql`${to}::date`, minutes.to)}`,
  ];
  if (!hasIndexedFilter(filter, ref)) {
    conditions.push(from === to ? eq(s.localDate, from) : sql`${s.localDate} between ${from} and ${to}`);
  }
  if (from !== to && filter.time !== 'all') {
    conditions.push(sql`${s.localHour} * 60 + extract(minute from ${s.startAt}) between ${minutes.from} and ${minutes.to}`);
  }
  return conditions;
}

/** The same window for a day given as SQL (a per-day probe). */
function probeWindow(day: SQL, filter: SearchFilter, ref: ReferenceData): SQL[] {
  const minutes = timeOfDayMinutes(filter.time);
  return [
    sql`${s.startAt} >= ${helsinkiInstant(day, minutes.from)}`,
    sql`${s.startAt} <= ${helsinkiInstant(day, minutes.to)}`,
    ...(hasIndexedFilter(filter, ref) ? [] : [sql`${s.localDate} = ${day}`]),
  ];
}

// ---------------------------------------------------------------------------------------------
// Queries

const pick = (value: Localized, lang: Language) => value[lang];

/**
 * Free times of the days `from`..`to`, in start order: one sorted, limited scan of the slots;
 * practitioner, clinic and specialty names come from the cached registers.
 */
async function listSlots(
  db: Db,
  filter: SearchFilter,
  ref: ReferenceData,
  lang: Language,
  window: { from: string; to: string; limit: number; offset: number; now: Date },
): Promise<AvailableAppointment[]> {
  const rows = await db
    .select({
      id: s.id,
      startAt: s.startAt,
      durationMinutes: s.durationMinutes,
      isRemote: s.isRemote,
      requiresAuth: s.requiresAuth,
      kindId: s.kindId,
      locationType: s.locationType,
      practitionerId: s.practitionerId,
      clinicId: s.clinicId,
      specialtyId: s.specialtyId,
    })
    .from(s)
    .where(and(...dayWindow(window.from, window.to, filter, ref), ...slotConditions(filter, ref, window.now)))
    // (local_date, start_at) is the order of (start_at) as local_date is the start's Helsinki
    // date; spelt so, the day index returns a window of several days already in order.
    .orderBy(...(hasIndexedFilter(filter, ref) ? [] : [asc(s.localDate)]), asc(s.startAt), asc(s.id))
    .limit(window.limit)
    .offset(window.offset);

  let names = ref;
  // A practitioner, clinic or specialty added since the registers were read: read them again, once.
  const known = (r: (typeof rows)[number]) =>
    ref.practitionerById.has(r.practitionerId) && ref.clinicMunicipality[r.clinicId] !== undefined && ref.specialties.some((sp) => sp.id === r.specialtyId);
  if (!rows.every(known)) {
    forgetReferenceData(db);
    names = await referenceData(db);
  }
  const clinicsById = new Map(names.clinics.map((c) => [c.id, c]));
  const specialtiesById = new Map(names.specialties.map((sp) => [sp.id, sp]));
  return rows.map((r) => {
    const practitioner = names.practitionerById.get(r.practitionerId);
    const clinic = clinicsById.get(r.clinicId);
    const specialty = specialtiesById.get(r.specialtyId);
    return {
      id: r.id,
      startDate: r.startAt.toISOString(),
      durationMinutes: r.durationMinutes,
      isRemote: r.isRemote,
      requiresAuthToReserve: r.requiresAuth,
      kindId: r.kindId,
      locationType: r.locationType,
      practitionerId: r.practitionerId,
      practitioner: {
        name: practitioner?.name ?? r.practitionerId,
        title: practitioner ? pick(practitioner.title, lang) : '',
        isResource: practitioner?.isResource ?? false,
        cmsContent: { profilePicture: practitioner?.profilePictureSrc ? { url: practitioner.profilePictureSrc } : null },
      },
      clinicId: r.clinicId,
      clinic: { name: clinic?.name ?? r.clinicId, municipality: clinic?.municipality ?? '' },
      specialtyId: r.specialtyId,
      specialty: { name: specialty ? pick(specialty.name, lang) : r.specialtyId },
      specialtyData: { specialties: [{ id: r.specialtyId }] },
    };
  });
}

type Rows<T> = { rows: T[] };

/**
 * Days from `from` on (`days` of them) that have at least one free time, earliest first, at
 * most `limit`. Each day is one LATERAL probe that stops at the first free slot, so a dense
 * calendar costs a few index reads per day; with a limit the scan of days stops once enough
 * are found.
 */
async function probeDays(
  db: Db,
  filter: SearchFilter,
  ref: ReferenceData,
  range: { from: string; days: number; limit?: number; now: Date },
): Promise<string[]> {
  if (range.days <= 0) return [];
  const day = sql`(${range.from}::date + g.i)`;
  const conditions = and(...probeWindow(day, filter, ref), ...slotConditions(filter, ref, range.now));
  const result = (await db.execute(sql`
    select ${day}::text as day
    from generate_series(0, ${range.days - 1}::int) as g(i)
    cross join lateral (select 1 from ${s} where ${conditions} limit 1) as hit
    ${range.limit ? sql`limit ${range.limit}` : sql``}
  `)) as unknown as Rows<{ day: string }>;
  return result.rows.map((r) => r.day).sort();
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, Math.round((performance.now() - started) * 100) / 100];
}

/** A log-safe summary of a search (no personal data is ever part of one). */
function describe(filter: SearchFilter) {
  return {
    startDate: filter.startDate,
    endDate: filter.endDate,
    time: filter.time,
    offset: filter.offset,
    payerType: filter.payerType,
    includeRemote: filter.includeRemote,
    clinics: filter.clinicIds.length,
    municipalities: filter.municipalities.length,
    practitioners: filter.practitionerIds.length,
    specialties: filter.specialtyIds.length,
  };
}

function report(op: string, filter: SearchFilter, totalMs: number, extra: Record<string, unknown> = {}) {
  const record = { op, filter: describe(filter), totalMs, ...extra };
  if (totalMs > SLOW_SEARCH_MS) logger.warn(record, 'slow appointment search');
  else logger.debug(record, 'appointment search');
}

// ---------------------------------------------------------------------------------------------
// Public operations

export interface SearchOptions {
  now?: Date;
  /**
   * Return every page up to and including `offset`'s (the page's "show more" grows the list);
   * otherwise only the page at `offset` (the JSON call).
   */
  cumulative?: boolean;
}

/**
 * The list of one day window (`startDate`, or `startDate`..`endDate` in the JSON call), 20 at a
 * time, without next dates or alternatives.
 */
export async function findAvailableAppointments(
  db: Db,
  filter: SearchFilter,
  lang: Language,
  options: SearchOptions = {},
): Promise<{ appointments: AvailableAppointment[]; hasMore: boolean; ms: number }> {
  const now = options.now ?? clock.now();
  const ref = await referenceData(db);
  const f = normalizeFilter(filter, ref);
  const limit = options.cumulative ? f.offset + PAGE_SIZE : PAGE_SIZE;
  const [rows, ms] = await timed(() =>
    listSlots(db, f, ref, lang, { from: f.startDate, to: f.endDate ?? f.startDate, limit, offset: options.cumulative ? 0 : f.offset, now }),
  );
  report('list', f, ms, { found: rows.length });
  return { appointments: rows, hasMore: rows.length === limit, ms };
}

/**
 * The search of the private appointment list: the day's free times, up to five later days with
 * free times, and (when the first page is empty) alternatives: the first free times of the
 * following month, the same day in the neighbouring municipalities, and the chosen
 * practitioner's own clinics.
 */
export async function searchAppointments(db: Db, filter: SearchFilter, lang: Language, options: SearchOptions = {}): Promise<SearchResult> {
  const started = performance.now();
  const now = options.now ?? clock.now();
  const ref = await referenceData(db);
  const f = normalizeFilter(filter, ref);
  const limit = options.cumulative ? f.offset + PAGE_SIZE : PAGE_SIZE;
  const lastDay = f.endDate ?? f.startDate;

  const [[list, listMs], [nextVacantDates, nextDatesMs]] = await Promise.all([
    timed(() => listSlots(db, f, ref, lang, { from: f.startDate, to: lastDay, limit, offset: options.cumulative ? 0 : f.offset, now })),
    timed(() => probeDays(db, f, ref, { from: addDays(lastDay, 1), days: NEXT_VACANT_HORIZON_DAYS, limit: NEXT_VACANT_DATES, now })),
  ]);

  let alternatives: SearchAlternatives | null = null;
  let alternativesMs = 0;
  if (list.length === 0 && f.offset === 0) {
    [alternatives, alternativesMs] = await timed(() => findAlternatives(db, f, ref, lang, now, nextVacantDates));
  }

  const totalMs = Math.round((performance.now() - started) * 100) / 100;
  const timings = { listMs, nextDatesMs, alternativesMs, totalMs };
  report('search', f, totalMs, { found: list.length, timings });
  return { type: 'success', filter: f, appointments: list, hasMore: list.length === limit, nextVacantDates, alternatives, timings };
}

async function findAlternatives(
  db: Db,
  filter: SearchFilter,
  ref: ReferenceData,
  lang: Language,
  now: Date,
  nextVacantDates: string[],
): Promise<SearchAlternatives> {
  const firstPage = { ...filter, offset: 0, endDate: null };
  const lastDay = filter.endDate ?? filter.startDate;
  const neighbours = neighbourAlternatives(filter, ref);
  const placeChosen = filter.clinicIds.length > 0 || filter.municipalities.length > 0;

  const [nextMonth, nearby, ownClinics] = await Promise.all([
    firstTimesOf(
      db,
      firstPage,
      ref,
      lang,
      now,
      nextVacantDates.filter((day) => day <= addMonth(filter.startDate)),
    ),
    neighbours
      ? listSlots(db, { ...firstPage, municipalities: neighbours.municipalities, clinicIds: neighbours.clinicIds }, ref, lang, {
          from: filter.startDate,
          to: lastDay,
          limit: ALTERNATIVES,
          offset: 0,
          now,
        })
      : Promise.resolve(null),
    Promise.resolve(filter.practitionerIds.length && placeChosen ? clinicsOfPractitioners(ref, filter.practitionerIds) : null),
  ]);

  const chosen = new Set(resolveClinics(filter, ref).physical ?? []);
  const practitionerClinicIds = ownClinics && ownClinics.some((id) => !chosen.has(id)) ? ownClinics : null;
  return {
    nextMonth,
    nearby: neighbours && nearby ? { ...neighbours, appointments: nearby } : null,
    practitionerClinicIds,
  };
}

/**
 * The first few free times of the following month: read day by day from the days already known
 * to have free times (usually the first one has enough), rather than sorting a month of slots.
 */
async function firstTimesOf(db: Db, filter: SearchFilter, ref: ReferenceData, lang: Language, now: Date, days: string[]): Promise<AvailableAppointment[]> {
  const found: AvailableAppointment[] = [];
  for (const day of days) {
    if (found.length >= ALTERNATIVES) break;
    found.push(...(await listSlots(db, filter, ref, lang, { from: day, to: day, limit: ALTERNATIVES - found.length, offset: 0, now })));
  }
  return found;
}

/** Days of `from`..`to` (inclusive) that have free times for the search (the calendar). */
export async function availableDates(db: Db, filter: SearchFilter, range: { from: string; to: string }, options: { now?: Date } = {}): Promise<string[]> {
  const now = options.now ?? clock.now();
  const today = helsinkiDate(now);
  const from = range.from < today ? today : range.from;
  if (range.to < from) return [];
  const ref = await referenceData(db);
  const f = normalizeFilter(filter, ref);
  const days = Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  const [dates, ms] = await timed(() => probeDays(db, f, ref, { from, days, now }));
  report('dates', f, ms, { days, found: dates.length });
  return dates;
}

/** A specialty's name in the language and whether it is typically remote; null when unknown. */
export async function specialtyInfo(db: Db, id: string, lang: Language) {
  const ref = await referenceData(db);
  const specialty = ref.specialties.find((sp) => sp.id === id);
  if (!specialty) return null;
  const info = (await textsIn(lang))(`insurance.reservationInfo.${specialty.id}`, { defaultValue: '' });
  return {
    id: specialty.id,
    title: specialty.name[lang],
    isRemoteType: specialty.isRemoteType,
    // The spec's cmsContent (spec 3 §3): shown above the results (texts in insurance.ts, ADR 0022).
    cmsContent: { appointmentReservationInfo: info || null },
  };
}

/** The clinics where the practitioners work (the register's practitioner_clinics). */
function clinicsOfPractitioners(ref: ReferenceData, ids: string[]): string[] {
  return [...new Set(ids.flatMap((id) => ref.practitionerById.get(id)?.clinicIds ?? []))].sort();
}

/** The clinics where a practitioner works; null when there is no such practitioner. */
export async function practitionerClinics(db: Db, id: string): Promise<string[] | null> {
  const ref = await referenceData(db);
  return ref.practitionerById.has(id) ? clinicsOfPractitioners(ref, [id]) : null;
}

/** What the search form offers for this filter (from the cached registers, no query). */
export async function searchFormOptions(
  db: Db,
  filter: SearchFilter,
  lang: Language,
  { practitionerName = '' }: { practitionerName?: string } = {},
): Promise<SearchFormOptions> {
  const ref = await referenceData(db);
  const f = normalizeFilter(filter, ref);
  const { physical, remote } = resolveClinics(f, ref);
  const places = physical === null ? null : new Set([...physical, ...(f.includeRemote ? ref.remoteClinicIds : remote)]);
  const offered = (p: PractitionerEntry) =>
    f.practitionerIds.includes(p.id) ||
    ((f.specialtyIds.length === 0 || p.specialtyIds.some((id) => f.specialtyIds.includes(id))) &&
      (places === null || p.clinicIds.some((id) => places.has(id))));

  const byMunicipality = new Map<string, ClinicOption[]>();
  for (const clinic of ref.clinics) {
    const key = clinic.isRemote ? 'remote' : clinic.municipality;
    byMunicipality.set(key, [...(byMunicipality.get(key) ?? []), clinic]);
  }
  const clinicGroups = [...byMunicipality.entries()]
    .sort(([a], [b]) => (a === 'remote' ? 1 : b === 'remote' ? -1 : a.localeCompare(b, 'fi')))
    .map(([municipality, list]) => ({
      municipality,
      clinics: list.map((c) => ({ id: c.id, name: c.name, isRemote: c.isRemote })).sort((a, b) => a.name.localeCompare(b.name, 'fi')),
    }));

  return {
    clinicGroups,
    specialties: ref.specialties
      .map((sp) => ({ id: sp.id, name: sp.name[lang] }))
      .sort((a, b) => a.name.localeCompare(b.name, lang === 'en' ? 'en' : lang === 'sv' ? 'sv' : 'fi')),
    ...practitionerChoice(ref.practitioners.filter(offered), f.practitionerIds, practitionerName, lang),
    rules: { remoteSpecialtyIds: ref.remoteSpecialtyIds, remoteClinicIds: ref.remoteClinicIds, clinicMunicipality: ref.clinicMunicipality },
  };
}

/**
 * The practitioners the form lists: all offered ones when they are few and no name is searched;
 * otherwise the chosen ones and the first matches of the name (no name: the chosen ones only).
 */
function practitionerChoice(offered: PractitionerEntry[], chosenIds: string[], name: string, lang: Language) {
  const complete = !name && offered.length <= MAX_LISTED_PRACTITIONERS;
  const listed = complete
    ? offered
    : [
        ...offered.filter((p) => chosenIds.includes(p.id)),
        ...(name ? offered.filter((p) => !chosenIds.includes(p.id) && matchesWordPrefix(p.name, name)).slice(0, MAX_PRACTITIONER_MATCHES) : []),
      ];
  return {
    practitioners: listed.map((p) => ({ id: p.id, name: p.name, title: p.title[lang] })),
    practitionerTotal: offered.length,
    practitionersComplete: complete,
    practitionerName: name,
  };
}

/**
 * Runs a search step; a database failure becomes `undefined` (and is logged), which the pages
 * and calls show as the search failure of spec 3 §8. (`null` stays a regular "not found".)
 */
export async function orFailure<T>(op: string, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    logger.error({ op, err: error }, 'appointment search failed');
    return undefined;
  }
}
