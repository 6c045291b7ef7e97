import { describe, expect, it } from 'vitest';
import { appointmentCalendarEntry, clinicPlace, toIcs } from './ics';

describe('calendar file', () => {
  const ics = toIcs({
    uid: 'appointment-42@portal',
    summary: 'Yleislääketiede, Kaari',
    startAt: new Date('2026-07-01T06:30:00Z'),
    durationMinutes: 30,
    location: 'Kamppi, Urho Kekkosen katu 1, 00100 Helsinki',
    createdAt: new Date('2026-06-01T10:00:00Z'),
  });

  it('states the time in Helsinki time with its zone', () => {
    expect(ics).toContain('DTSTART;TZID=Europe/Helsinki:20260701T093000');
    expect(ics).toContain('DTEND;TZID=Europe/Helsinki:20260701T100000');
    expect(ics).toContain('TZID:Europe/Helsinki');
  });

  it('states a time of the repeated autumn hour in UTC (a local time there names two instants)', () => {
    const entry = { uid: 'x', summary: 'x', durationMinutes: 30, location: 'x', createdAt: new Date('2027-10-01T10:00:00Z') };
    // 03:50 summer time, ending 03:20 winter time on 31 October 2027.
    const crossing = toIcs({ ...entry, startAt: new Date('2027-10-31T00:50:00Z') });
    expect(crossing).toContain('DTSTART:20271031T005000Z');
    expect(crossing).toContain('DTEND:20271031T012000Z');
    // The second 03:30 (winter time) is not the first one.
    expect(toIcs({ ...entry, startAt: new Date('2027-10-31T01:30:00Z') })).toContain('DTSTART:20271031T013000Z');
    // An hour later the wall clock is unambiguous again.
    expect(toIcs({ ...entry, startAt: new Date('2027-10-31T02:30:00Z') })).toContain('DTSTART;TZID=Europe/Helsinki:20271031T043000');
  });

  it('reminds two hours before the start with a display alarm inside the event', () => {
    const lines = ics.split('\r\n');
    const begin = lines.indexOf('BEGIN:VALARM');
    expect(begin).toBeGreaterThan(lines.indexOf('BEGIN:VEVENT'));
    expect(lines.slice(begin, lines.indexOf('END:VALARM') + 1)).toEqual([
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER;RELATED=START:-PT2H',
      expect.stringMatching(/^DESCRIPTION:.+/),
      'END:VALARM',
    ]);
    expect(lines.indexOf('END:VALARM')).toBeLessThan(lines.indexOf('END:VEVENT'));
  });

  it('escapes text and uses CRLF line ends', () => {
    expect(ics).toContain('LOCATION:Kamppi\\, Urho Kekkosen katu 1\\, 00100 Helsinki');
    expect(ics.split('\r\n').length).toBeGreaterThan(10);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });

  it('folds long lines at 75 octets', () => {
    const long = toIcs({
      uid: 'x',
      summary: 'Ä'.repeat(100),
      startAt: new Date('2026-07-01T06:30:00Z'),
      durationMinutes: 10,
      location: 'x',
      createdAt: new Date('2026-06-01T10:00:00Z'),
    });
    for (const line of long.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});

describe('an appointment calendar entry', () => {
  const facts = {
    appointmentId: 42,
    startAt: new Date('2026-07-01T06:30:00Z'),
    durationMinutes: 30,
    createdAt: new Date('2026-06-01T10:00:00Z'),
    service: 'Yleislääketiede',
    place: clinicPlace({ name: 'Kamppi', streetAddress: 'Urho Kekkosen katu 1', postalCode: '00100', postOffice: 'Helsinki' }),
  };
  const brand = { name: 'Kaari', homePage: 'https://www.kaari.example' };

  it('has a stable UID per appointment and brand, "service – brand" and the clinic address', () => {
    expect(appointmentCalendarEntry(facts, brand)).toEqual({
      uid: 'appointment-42@www.kaari.example',
      summary: 'Yleislääketiede – Kaari',
      startAt: facts.startAt,
      durationMinutes: 30,
      location: 'Kamppi, Urho Kekkosen katu 1, 00100 Helsinki',
      createdAt: facts.createdAt,
    });
  });

  it('carries the link as its description only when given one (the e-mail)', () => {
    const withLink = appointmentCalendarEntry({ ...facts, link: 'https://portal.example/fi/varaus/abc' }, brand);
    expect(withLink.description).toBe('https://portal.example/fi/varaus/abc');
    expect(toIcs(withLink)).toContain('DESCRIPTION:https://portal.example/fi/varaus/abc');
  });

  it('leaves out missing address parts', () => {
    expect(clinicPlace({ name: 'Etävastaanotto', streetAddress: null, postalCode: null, postOffice: 'Helsinki' })).toBe('Etävastaanotto, Helsinki');
  });

  it('stamps the creation time in UTC', () => {
    expect(toIcs(appointmentCalendarEntry(facts, brand))).toContain('DTSTAMP:20260601T100000Z');
  });

  it('keeps the UID of a moved appointment and states its revision and when it was made', () => {
    const facts = {
      appointmentId: 42,
      startAt: new Date('2026-07-02T06:30:00Z'),
      durationMinutes: 30,
      createdAt: new Date('2026-06-01T10:00:00Z'),
      service: 'x',
      place: 'y',
    };
    const brandFacts = { name: 'Kaari', homePage: 'https://kaari.fi' };
    const booked = toIcs(appointmentCalendarEntry(facts, brandFacts));
    const moved = toIcs(appointmentCalendarEntry({ ...facts, revision: 2, revisedAt: new Date('2026-06-20T08:00:00Z') }, brandFacts));
    const uid = (ics: string) => ics.split('\r\n').find((l) => l.startsWith('UID:'));
    expect(uid(moved)).toBe(uid(booked));
    expect(booked).not.toContain('SEQUENCE');
    expect(booked).toContain('DTSTAMP:20260601T100000Z');
    expect(moved).toContain('SEQUENCE:2');
    expect(moved).toContain('DTSTAMP:20260620T080000Z');
  });
});
