import { describe, expect, it } from 'vitest';
import { toIcs } from './ics';

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

  it('escapes text and uses CRLF line ends', () => {
    expect(ics).toContain('LOCATION:Kamppi\\, Urho Kekkosen katu 1\\, 00100 Helsinki');
    expect(ics.split('\r\n').length).toBeGreaterThan(10);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });

  it('folds long lines at 75 octets', () => {
    const long = toIcs({
      uid: 'x',
      summary: 'Ä'.repeat(100),
      startAt: new Date(),
      durationMinutes: 10,
      location: 'x',
      createdAt: new Date(),
    });
    for (const line of long.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
