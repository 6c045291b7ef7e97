import { describe, expect, it } from 'vitest';
import type { SearchFilter, SearchRuleData } from '~/models/booking/search';
import {
  addDays,
  addMonth,
  applyFilterChange,
  calendarRange,
  defaultFilter,
  matchesTimeOfDay,
  matchesWordPrefix,
  MAX_OFFSET,
  neighbourAlternatives,
  normalizeFilter,
  parseSearchParams,
  practitionerNameOf,
  sameQuery,
  selectedFilterCount,
  timeOfDayMinutes,
  toSearchParams,
} from './search-rules';

const TODAY = '2026-11-23';

const RULES: SearchRuleData = {
  remoteSpecialtyIds: ['PSY', 'ENDO', 'GYN', 'NNA', 'GRG'],
  remoteClinicIds: ['RMT', 'CHA', 'OS', 'NRMT'],
  clinicMunicipality: {
    KA: 'helsinki',
    HP: 'helsinki',
    IK: 'helsinki',
    TA: 'espoo',
    LE: 'espoo',
    TI: 'vantaa',
    MY: 'vantaa',
    KE: 'kerava',
    JP: 'järvenpää',
    TU: 'tuusula',
    HY: 'hyvinkää',
    RMT: 'remote',
    CHA: 'remote',
    OS: 'remote',
    NRMT: 'remote',
  },
};

const filter = (changes: Partial<SearchFilter> = {}): SearchFilter => ({ ...defaultFilter(TODAY), ...changes });
const parse = (query: string) => parseSearchParams(new URLSearchParams(query), TODAY);

describe('time of day (inclusive local hours: morning 7–12, afternoon 12–16, evening 16–21)', () => {
  it('maps each start time by its local hour and minute, both window ends included', () => {
    const cases: [number, number, string[]][] = [
      [6, 59, ['all']],
      [7, 0, ['all', 'morning']],
      [11, 30, ['all', 'morning']],
      [12, 0, ['all', 'morning', 'afternoon']],
      [12, 20, ['all', 'afternoon']],
      [15, 40, ['all', 'afternoon']],
      [16, 0, ['all', 'afternoon', 'evening']],
      [20, 30, ['all', 'evening']],
      [21, 0, ['all', 'evening']],
      [21, 20, ['all']],
      [0, 0, ['all']],
      [23, 59, ['all']],
    ];
    for (const [hour, minute, windows] of cases) {
      const matching = (['all', 'morning', 'afternoon', 'evening'] as const).filter((time) => matchesTimeOfDay(time, hour, minute));
      expect(matching, `${hour}:${minute}`).toEqual(windows);
    }
  });

  it('gives the windows as minutes of the day', () => {
    expect(timeOfDayMinutes('morning')).toEqual({ from: 420, to: 720 });
    expect(timeOfDayMinutes('evening')).toEqual({ from: 960, to: 1260 });
    expect(timeOfDayMinutes('all')).toEqual({ from: 0, to: 1439 });
  });
});

describe('query parameters', () => {
  it('reads the bookmarkable parameters of spec 3 §2, arrays repeated or comma-joined', () => {
    expect(
      parse(
        'practitionerIds=P0001&includeRemote=true&startDate=2026-11-30&time=evening&specialtyIds=psy&specialtyIds=YLE,GYN&clinicIds=ka&municipality=Espoo&municipality=järvenpää&offset=40',
      ),
    ).toEqual({
      startDate: '2026-11-30',
      endDate: null,
      clinicIds: ['KA'],
      municipalities: ['espoo', 'järvenpää'],
      practitionerIds: ['P0001'],
      specialtyIds: ['PSY', 'YLE', 'GYN'],
      includeRemote: true,
      time: 'evening',
      offset: 40,
      payerType: 'self',
    });
  });

  it('never fails: unknown values are dropped and dates are kept within today and a year ahead', () => {
    expect(parse('')).toEqual(defaultFilter(TODAY));
    const odd = parse('startDate=2026-02-30&time=night&offset=-20&includeRemote=yes&clinicIds=%3Cscript%3E&specialtyIds=');
    expect(odd).toEqual(defaultFilter(TODAY));
    expect(parse('startDate=2025-01-01').startDate).toBe(TODAY);
    expect(parse('startDate=2030-01-01').startDate).toBe(addDays(TODAY, 365));
    expect(parse('offset=35').offset).toBe(20);
    expect(parse('offset=100000').offset).toBe(MAX_OFFSET);
    expect(parse('timeOfDay=morning').time).toBe('morning');
  });

  it('keeps an end date only when it is later, and at most 62 days after the start', () => {
    expect(parse('startDate=2026-11-30&endDate=2026-11-29').endDate).toBeNull();
    expect(parse('startDate=2026-11-30&endDate=2026-12-30').endDate).toBe('2026-12-30');
    expect(parse('startDate=2026-11-30&endDate=2027-06-01').endDate).toBe(addDays('2026-11-30', 61));
  });

  it('writes the canonical query (defaults left out) that reads back to the same search', () => {
    const search = filter({ startDate: '2026-11-30', practitionerIds: ['P0001'], includeRemote: true, time: 'morning', clinicIds: ['KA', 'HP'], offset: 20 });
    const query = toSearchParams(search, TODAY);
    expect(query.toString()).toBe('practitionerIds=P0001&includeRemote=true&startDate=2026-11-30&time=morning&clinicIds=KA&clinicIds=HP&offset=20');
    expect(parseSearchParams(query, TODAY)).toEqual(search);
    expect(toSearchParams(filter(), TODAY).toString()).toBe('');
    expect(toSearchParams(search, TODAY, { time: 'all', offset: 0 }).toString()).toBe(
      'practitionerIds=P0001&includeRemote=true&startDate=2026-11-30&clinicIds=KA&clinicIds=HP',
    );
  });

  it('compares queries regardless of the order of different parameters', () => {
    expect(sameQuery(new URLSearchParams('a=1&b=2&a=3'), new URLSearchParams('b=2&a=1&a=3'))).toBe(true);
    expect(sameQuery(new URLSearchParams('a=1'), new URLSearchParams('a=1&prev='))).toBe(false);
  });
});

describe('picking filters (spec 3 §5)', () => {
  it('picking a practitioner clears the specialties and turns include-remote on', () => {
    const before = filter({ specialtyIds: ['YLE'], offset: 40 });
    expect(applyFilterChange(before, { ...before, practitionerIds: ['P0001'] }, RULES)).toEqual(filter({ practitionerIds: ['P0001'], includeRemote: true }));
  });

  it('picking a remote-type specialty or a remote clinic turns include-remote on', () => {
    expect(applyFilterChange(filter(), filter({ specialtyIds: ['GYN'] }), RULES).includeRemote).toBe(true);
    expect(applyFilterChange(filter(), filter({ specialtyIds: ['YLE'] }), RULES).includeRemote).toBe(false);
    expect(applyFilterChange(filter(), filter({ clinicIds: ['CHA'] }), RULES).includeRemote).toBe(true);
    expect(applyFilterChange(filter(), filter({ clinicIds: ['KA'] }), RULES).includeRemote).toBe(false);
  });

  it('rules fire on picking only: include-remote can be turned off again afterwards', () => {
    const chosen = filter({ specialtyIds: ['PSY'], includeRemote: true });
    expect(applyFilterChange(chosen, { ...chosen, includeRemote: false }, RULES).includeRemote).toBe(false);
    const withPractitioner = filter({ practitionerIds: ['P0001'], includeRemote: true });
    expect(applyFilterChange(withPractitioner, { ...withPractitioner, specialtyIds: ['YLE'] }, RULES).specialtyIds).toEqual(['YLE']);
  });

  it('a municipality implies its clinics; removing it removes them', () => {
    const picked = applyFilterChange(filter({ clinicIds: ['TA', 'KA'] }), filter({ clinicIds: ['TA', 'KA'], municipalities: ['espoo'] }), RULES);
    expect(picked).toMatchObject({ municipalities: ['espoo'], clinicIds: ['KA'] });
    const removed = applyFilterChange(picked, { ...picked, municipalities: [] }, RULES);
    expect(removed).toMatchObject({ municipalities: [], clinicIds: ['KA'] });
    expect(normalizeFilter(filter({ clinicIds: ['XX'], municipalities: ['espoo'] }), RULES).clinicIds).toEqual(['XX']);
  });
});

describe('neighbouring municipalities (spec 3 §9)', () => {
  const neighbours = (changes: Partial<SearchFilter>) => neighbourAlternatives(filter(changes), RULES);

  it('searches the listed neighbours of each chosen municipality', () => {
    expect(neighbours({ municipalities: ['espoo'] })).toEqual({ municipalities: ['helsinki', 'vantaa'], clinicIds: [] });
    expect(neighbours({ municipalities: ['helsinki'] })).toEqual({ municipalities: ['espoo', 'vantaa'], clinicIds: [] });
    expect(neighbours({ municipalities: ['hyvinkää'] })).toEqual({ municipalities: ['järvenpää', 'tuusula'], clinicIds: [] });
    expect(neighbours({ municipalities: ['järvenpää'] })).toEqual({ municipalities: ['kerava', 'tuusula'], clinicIds: [] });
    expect(neighbours({ municipalities: ['kerava'] })).toEqual({ municipalities: ['järvenpää', 'tuusula'], clinicIds: [] });
    expect(neighbours({ municipalities: ['tuusula'] })).toEqual({ municipalities: ['järvenpää', 'kerava'], clinicIds: [] });
    expect(neighbours({ municipalities: ['vantaa'] })).toEqual({ municipalities: ['espoo', 'helsinki', 'kerava'], clinicIds: [] });
  });

  it('leaves out what is already chosen, and merges several choices', () => {
    expect(neighbours({ municipalities: ['espoo', 'helsinki'] })).toEqual({ municipalities: ['vantaa'], clinicIds: [] });
    expect(neighbours({ municipalities: ['espoo', 'helsinki', 'vantaa'] })).toEqual({ municipalities: ['kerava'], clinicIds: [] });
  });

  it("uses a chosen clinic's municipality; Kamppi also adds Pasila", () => {
    expect(neighbours({ clinicIds: ['TI'] })).toEqual({ municipalities: ['espoo', 'helsinki', 'kerava'], clinicIds: [] });
    expect(neighbours({ clinicIds: ['KA'] })).toEqual({ municipalities: ['espoo', 'vantaa'], clinicIds: ['HP'] });
    expect(neighbours({ clinicIds: ['KA', 'HP'] })).toEqual({ municipalities: ['espoo', 'vantaa'], clinicIds: [] });
  });

  it('has nothing to offer without a physical place or a listed neighbour', () => {
    expect(neighbours({})).toBeNull();
    expect(neighbours({ clinicIds: ['RMT'] })).toBeNull();
    expect(neighbours({ municipalities: ['oulu'] })).toBeNull();
  });
});

describe('dates', () => {
  it('adds days and months across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonth('2026-01-31')).toBe('2026-02-28');
    expect(addMonth('2026-12-15')).toBe('2027-01-15');
  });

  it("spans whole weeks (Monday to Sunday) around the start date's month", () => {
    expect(calendarRange('2026-11-23')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    // February 2027 starts on a Monday and ends on a Sunday.
    expect(calendarRange('2027-02-10')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });
});

describe('practitioner name search (word prefixes)', () => {
  it('matches the beginning of any word of the name, every typed word', () => {
    expect(matchesWordPrefix('Anna Lahtinen', 'lah')).toBe(true);
    expect(matchesWordPrefix('Anna Lahtinen', 'ann lah')).toBe(true);
    expect(matchesWordPrefix('Anna Lahtinen', 'tinen')).toBe(false);
    expect(matchesWordPrefix('Anna-Kaisa Hämäläinen', 'KAI HÄM')).toBe(true);
    expect(matchesWordPrefix('Anna Lahtinen', '  ')).toBe(true);
  });
});

describe('the folded filters and the practitioner name search', () => {
  it('counts the chosen filters (a municipality once, remote times once)', () => {
    const base = defaultFilter('2026-11-23');
    expect(selectedFilterCount(base)).toBe(0);
    expect(
      selectedFilterCount({
        ...base,
        specialtyIds: ['YLE', 'SH'],
        municipalities: ['espoo'],
        clinicIds: ['KA'],
        practitionerIds: ['P0001'],
        includeRemote: true,
      }),
    ).toBe(6);
  });

  it('reads the name search trimmed, its spaces collapsed, at most 60 characters', () => {
    expect(practitionerNameOf(new URLSearchParams('practitionerName=%20%20Timo%20%20Aalto%20'))).toBe('Timo Aalto');
    expect(practitionerNameOf(new URLSearchParams(''))).toBe('');
    expect(practitionerNameOf(new URLSearchParams(`practitionerName=${'a'.repeat(100)}`))).toHaveLength(60);
    expect(practitionerNameOf(new URLSearchParams('practitionerName=Aal%00to%0B%7F%C2%85'))).toBe('Aalto');
  });
});
