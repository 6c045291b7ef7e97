/**
 * The rules of appointment search that do not need a database (spec 3 §2, §5, §9): the filter
 * and its URL form, time-of-day windows, the remote rules that fire when a filter is picked,
 * municipality neighbours, the calendar range and the practitioner name match.
 *
 * Client-safe: the search page applies the same rules in the browser (JS enhancement) as the
 * server applies to a plain form submission.
 */
import { addDays, addMonth, daysBetween, isDate, isoWeekday } from '~/lib/dates';
import { TIMES_OF_DAY, type SearchFilter, type SearchRuleData, type TimeOfDay } from '~/models/booking/search';
import { withoutControlCharacters } from '~/models/text';

/**
 * Up to this many practitioners are sent with the form for the browser to choose from; with more
 * (a whole chain has about 1 000) the form offers the matches of a name search instead.
 */
export const MAX_LISTED_PRACTITIONERS = 60;
/** The practitioner name search answers at most this many matches. */
export const MAX_PRACTITIONER_MATCHES = 30;
/** Query parameter of the practitioner name search (not part of the search itself). */
export const PRACTITIONER_NAME_PARAM = 'practitionerName';

/** How many filters are chosen, for the folded filters' summary (a municipality counts once). */
export function selectedFilterCount(filter: SearchFilter): number {
  return filter.practitionerIds.length + filter.specialtyIds.length + filter.clinicIds.length + filter.municipalities.length + (filter.includeRemote ? 1 : 0);
}

/**
 * The practitioner name search's text from the address: without control characters (a search
 * keeps nothing, so they are dropped rather than refused; models/text.ts), spaces collapsed,
 * trimmed, at most 60 characters.
 */
export function practitionerNameOf(params: URLSearchParams): string {
  return withoutControlCharacters(params.get(PRACTITIONER_NAME_PARAM) ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
}

/** Results per page; "show more" appears when exactly this many came back (spec 3 §9). */
export const PAGE_SIZE = 20;
/** How many later dates with free times the list offers (spec 3 §9). */
export const NEXT_VACANT_DATES = 5;
/** Days after the list day searched for the next vacant dates. */
export const NEXT_VACANT_HORIZON_DAYS = 92;
/** Upper bound of `offset`: 20 pages of "show more" (deeper paging is cheaper as another day). */
export const MAX_OFFSET = 400;
/** The latest start date the search accepts, in days from today. */
export const MAX_DAYS_AHEAD = 365;
/** Longest date range of the JSON calls (list window and available dates). */
export const MAX_RANGE_DAYS = 62;
/** Alternatives shown per kind when nothing is found. */
export const ALTERNATIVES = 5;
/** At most this many values of one repeated query parameter are read. */
const MAX_VALUES = 50;

/**
 * Time-of-day windows in Helsinki local time, inclusive at both ends (spec 3 §5: "inclusive
 * local hours"). A slot belongs to a window when its local start time t satisfies
 * from:00 ≤ t ≤ to:00. So a slot starting at exactly 12:00 is both morning and afternoon, one
 * at 16:00 both afternoon and evening, 21:00 is still evening and 12:30 is afternoon only.
 * Slots starting before 7:00 or after 21:00 appear only under "all".
 */
export const TIME_WINDOWS = {
  morning: { fromHour: 7, toHour: 12 },
  afternoon: { fromHour: 12, toHour: 16 },
  evening: { fromHour: 16, toHour: 21 },
} as const satisfies Record<Exclude<TimeOfDay, 'all'>, { fromHour: number; toHour: number }>;

/** The window as minutes of the local day, both ends inclusive ('all' = the whole day). */
export function timeOfDayMinutes(time: TimeOfDay): { from: number; to: number } {
  if (time === 'all') return { from: 0, to: 24 * 60 - 1 };
  const w = TIME_WINDOWS[time];
  return { from: w.fromHour * 60, to: w.toHour * 60 };
}

/** Whether a slot starting at local `hour`:`minute` is in the window (the SQL does the same). */
export function matchesTimeOfDay(time: TimeOfDay, hour: number, minute: number): boolean {
  const { from, to } = timeOfDayMinutes(time);
  const t = hour * 60 + minute;
  return t >= from && t <= to;
}

export function defaultFilter(today: string): SearchFilter {
  return {
    startDate: today,
    endDate: null,
    clinicIds: [],
    municipalities: [],
    practitionerIds: [],
    specialtyIds: [],
    includeRemote: false,
    time: 'all',
    offset: 0,
    payerType: 'self',
  };
}

// ---------------------------------------------------------------------------------------------
// Dates (plain YYYY-MM-DD calendar days, from app/lib/dates.ts)

export { addDays, addMonth, daysBetween, isDate, isoWeekday };

/**
 * The calendar's initial range (spec 3 §9): from the Monday of the week containing the first
 * day of the start date's month to the Sunday of the week containing its last day.
 */
export function calendarRange(startDate: string): { from: string; to: string } {
  const first = `${startDate.slice(0, 7)}-01`;
  const last = addDays(addMonth(first), -1);
  return { from: addDays(first, 1 - isoWeekday(first)), to: addDays(last, 7 - isoWeekday(last)) };
}

// ---------------------------------------------------------------------------------------------
// Query parameters (spec 3 §2: practitionerIds, includeRemote=true, startDate, time,
// specialtyIds, clinicIds, municipality; arrays repeated)

const ID = /^[A-Za-z0-9_-]{1,40}$/;
const MUNICIPALITY = /^[\p{Ll}-]{1,40}$/u;

function list(params: URLSearchParams, name: string, valid: RegExp, normalize = (v: string) => v): string[] {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => normalize(v.trim()))
    .filter((v) => valid.test(v));
  return [...new Set(values)].slice(0, MAX_VALUES);
}

function clampDate(value: string | null, today: string): string {
  if (!value || !isDate(value) || value < today) return today;
  const latest = addDays(today, MAX_DAYS_AHEAD);
  return value > latest ? latest : value;
}

function parseTime(value: string | null): TimeOfDay {
  return (TIMES_OF_DAY as readonly string[]).includes(value ?? '') ? (value as TimeOfDay) : 'all';
}

function parseOffset(value: string | null): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) return 0;
  return Math.min(MAX_OFFSET, n - (n % PAGE_SIZE));
}

/**
 * Reads a search from query parameters. Never fails: an unknown value is dropped, a date before
 * today (or not a date) becomes today, a date too far ahead the last searchable day, an offset
 * is rounded down to a page. `endDate` is kept only when it is a later day within the range
 * limit. The `timeOfDay` spelling of the dates call is accepted for `time`.
 */
export function parseSearchParams(params: URLSearchParams, today: string): SearchFilter {
  const startDate = clampDate(params.get('startDate'), today);
  const end = params.get('endDate');
  const endDate = end && isDate(end) && end > startDate ? (daysBetween(startDate, end) < MAX_RANGE_DAYS ? end : addDays(startDate, MAX_RANGE_DAYS - 1)) : null;
  return {
    startDate,
    endDate,
    clinicIds: list(params, 'clinicIds', ID, (v) => v.toUpperCase()),
    municipalities: list(params, 'municipality', MUNICIPALITY, (v) => v.toLocaleLowerCase('fi')),
    practitionerIds: list(params, 'practitionerIds', ID),
    specialtyIds: list(params, 'specialtyIds', ID, (v) => v.toUpperCase()),
    includeRemote: params.get('includeRemote') === 'true',
    time: parseTime(params.get('time') ?? params.get('timeOfDay')),
    offset: parseOffset(params.get('offset')),
    payerType: 'self',
  };
}

/**
 * The canonical, bookmarkable query of a search: only what differs from the default, in a fixed
 * order (the start date is left out when it is today, so a bookmark keeps meaning "from today").
 */
export function toSearchParams(filter: SearchFilter, today: string, changes: Partial<SearchFilter> = {}): URLSearchParams {
  const f = { ...filter, ...changes };
  const params = new URLSearchParams();
  for (const id of f.practitionerIds) params.append('practitionerIds', id);
  if (f.includeRemote) params.set('includeRemote', 'true');
  if (f.startDate !== today) params.set('startDate', f.startDate);
  if (f.endDate) params.set('endDate', f.endDate);
  if (f.time !== 'all') params.set('time', f.time);
  for (const id of f.specialtyIds) params.append('specialtyIds', id);
  for (const id of f.clinicIds) params.append('clinicIds', id);
  for (const m of f.municipalities) params.append('municipality', m);
  if (f.offset > 0) params.set('offset', String(f.offset));
  return params;
}

/** Whether two queries hold the same parameters (order of different names aside). */
export function sameQuery(a: URLSearchParams, b: URLSearchParams): boolean {
  const entries = (p: URLSearchParams) => [...p.entries()].map(([k, v]) => `${k}=${v}`).sort();
  const x = entries(a);
  const y = entries(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

// ---------------------------------------------------------------------------------------------
// Picking filters (spec 3 §5)

/** Remote clinics (spec 3 §9). The clinic register's `is_remote` flag adds any new ones. */
export const REMOTE_CLINIC_IDS = ['RMT', 'CHA', 'OS', 'NRMT'] as const;

const added = (before: readonly string[], after: readonly string[]) => after.filter((v) => !before.includes(v));

/**
 * Keeps a filter tidy: clinics of a chosen municipality are implied by it, so they are not also
 * listed one by one (and unchoosing the municipality then removes them all).
 */
export function normalizeFilter(filter: SearchFilter, data: SearchRuleData): SearchFilter {
  const clinicIds = filter.clinicIds.filter((id) => {
    const municipality = data.clinicMunicipality[id];
    return municipality === undefined || !filter.municipalities.includes(municipality);
  });
  return { ...filter, clinicIds };
}

/**
 * What picking filters does (spec 3 §5), from the filter as it was to the one the visitor asks
 * for now. These are transitions, not invariants: a visitor may turn "include remote" off again
 * after picking a remote-type specialty.
 *
 * - Picking a practitioner clears the specialties and turns include-remote on.
 * - Picking a remote-type specialty turns include-remote on.
 * - Picking a remote clinic turns include-remote on.
 * - Any change starts the list from its first page.
 */
export function applyFilterChange(previous: SearchFilter, next: SearchFilter, data: SearchRuleData): SearchFilter {
  const result: SearchFilter = { ...next, offset: 0 };
  if (added(previous.practitionerIds, next.practitionerIds).length > 0) {
    result.specialtyIds = [];
    result.includeRemote = true;
  }
  if (added(previous.specialtyIds, result.specialtyIds).some((id) => data.remoteSpecialtyIds.includes(id))) {
    result.includeRemote = true;
  }
  if (added(previous.clinicIds, next.clinicIds).some((id) => data.remoteClinicIds.includes(id))) {
    result.includeRemote = true;
  }
  return normalizeFilter(result, data);
}

// ---------------------------------------------------------------------------------------------
// Alternatives when nothing is found (spec 3 §9)

/** Neighbouring municipalities searched when a municipality's clinics have nothing. */
export const NEIGHBOUR_MUNICIPALITIES: Readonly<Record<string, readonly string[]>> = {
  espoo: ['helsinki', 'vantaa'],
  helsinki: ['espoo', 'vantaa'],
  hyvinkää: ['järvenpää', 'tuusula'],
  järvenpää: ['kerava', 'tuusula'],
  kerava: ['järvenpää', 'tuusula'],
  tuusula: ['järvenpää', 'kerava'],
  vantaa: ['espoo', 'helsinki', 'kerava'],
};

/** Clinics that add a nearby clinic of their own municipality (Kamppi → Pasila). */
export const NEIGHBOUR_CLINICS: Readonly<Record<string, readonly string[]>> = { KA: ['HP'] };

/**
 * Where else to look when the chosen clinics have nothing: the neighbouring municipalities of
 * every chosen municipality and of every chosen clinic's municipality, plus the clinics that a
 * chosen clinic adds; minus what is already chosen. Null when no physical place was chosen or
 * no neighbour is left.
 */
export function neighbourAlternatives(
  filter: Pick<SearchFilter, 'municipalities' | 'clinicIds'>,
  data: Pick<SearchRuleData, 'clinicMunicipality' | 'remoteClinicIds'>,
): { municipalities: string[]; clinicIds: string[] } | null {
  const physicalClinics = filter.clinicIds.filter((id) => !data.remoteClinicIds.includes(id) && data.clinicMunicipality[id]);
  const chosen = new Set([...filter.municipalities, ...physicalClinics.map((id) => data.clinicMunicipality[id]!)]);
  if (chosen.size === 0) return null;
  const municipalities = [...new Set([...chosen].flatMap((m) => NEIGHBOUR_MUNICIPALITIES[m] ?? []))].filter((m) => !filter.municipalities.includes(m));
  const covered = (id: string) =>
    filter.clinicIds.includes(id) ||
    filter.municipalities.includes(data.clinicMunicipality[id] ?? '') ||
    municipalities.includes(data.clinicMunicipality[id] ?? '');
  const clinicIds = [...new Set(physicalClinics.flatMap((id) => NEIGHBOUR_CLINICS[id] ?? []))].filter(
    (id) => data.clinicMunicipality[id] !== undefined && !covered(id),
  );
  return municipalities.length || clinicIds.length ? { municipalities, clinicIds } : null;
}

// ---------------------------------------------------------------------------------------------
// Practitioner choice (spec 3 §5: "search matches word prefixes of the name")

const words = (text: string) =>
  text
    .toLocaleLowerCase('fi')
    .split(/[\s-]+/)
    .filter(Boolean);

/** Whether every word typed is the beginning of some word of the name ("ann lah" → Anna Lahtinen). */
export function matchesWordPrefix(name: string, query: string): boolean {
  const typed = words(query);
  if (typed.length === 0) return true;
  const nameWords = words(name);
  return typed.every((t) => nameWords.some((w) => w.startsWith(t)));
}
