import { describe, expect, it } from 'vitest';
import type { SearchFilter } from '~/models/booking/search';
import { changedFieldId } from './search-filter-ids';

const base: SearchFilter & { practitionerName: string } = {
  startDate: '2026-03-02',
  endDate: null,
  clinicIds: ['TA'],
  municipalities: ['espoo'],
  practitionerIds: [],
  specialtyIds: ['YLE'],
  includeRemote: false,
  time: 'all',
  offset: 0,
  payerType: 'self',
  practitionerName: '',
};

describe('changedFieldId: where a filter change returns to', () => {
  it('names the field the visitor changed', () => {
    expect(changedFieldId(base, { ...base, startDate: '2026-03-03' })).toBe('search-date');
    expect(changedFieldId(base, { ...base, practitionerName: 'la' })).toBe('practitioner-search');
    expect(changedFieldId(base, { ...base, practitionerIds: ['P0001'] })).toBe('search-practitioner');
    expect(changedFieldId({ ...base, practitionerIds: ['P0001'] }, base)).toBe('search-practitioner');
    expect(changedFieldId(base, { ...base, specialtyIds: ['YLE', 'PSY'] })).toBe('specialty-PSY');
    expect(changedFieldId(base, { ...base, specialtyIds: [] })).toBe('specialty-YLE');
    expect(changedFieldId(base, { ...base, municipalities: [] })).toBe('municipality-espoo');
    expect(changedFieldId(base, { ...base, clinicIds: ['TA', 'KA'] })).toBe('clinic-KA');
    expect(changedFieldId(base, { ...base, includeRemote: true })).toBe('include-remote');
  });

  it('takes the first in the form when several changed, and none when nothing did', () => {
    expect(changedFieldId(base, { ...base, includeRemote: true, specialtyIds: [] })).toBe('specialty-YLE');
    expect(changedFieldId(base, { ...base })).toBeNull();
    // The time of day and the page are links, not fields.
    expect(changedFieldId(base, { ...base, time: 'morning', offset: 20 })).toBeNull();
  });
});
