/**
 * An appointment as an iCalendar file (RFC 5545) in Europe/Helsinki time. It carries the time,
 * the place and the specialty only: no other health details.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { TIME_ZONE } from '~/lib/format';

export interface CalendarEntry {
  uid: string;
  summary: string;
  startAt: Date;
  durationMinutes: number;
  location: string;
  description?: string;
  createdAt: Date;
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Helsinki',
  'BEGIN:STANDARD',
  'DTSTART:19701025T040000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0200',
  'TZNAME:EET',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0300',
  'TZNAME:EEST',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const local = (d: Date) => formatInTimeZone(d, TIME_ZONE, "yyyyMMdd'T'HHmmss");
const utc = (d: Date) => formatInTimeZone(d, 'UTC', "yyyyMMdd'T'HHmmss'Z'");

/** Escapes a text value (RFC 5545 §3.3.11). */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds lines longer than 75 octets (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = new TextEncoder().encode(char).length;
    if (size + length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function toIcs(entry: CalendarEntry, productId = '-//Patient portal//FI'): string {
  const end = new Date(entry.startAt.getTime() + entry.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    `DTSTAMP:${utc(entry.createdAt)}`,
    `DTSTART;TZID=Europe/Helsinki:${local(entry.startAt)}`,
    `DTEND;TZID=Europe/Helsinki:${local(end)}`,
    `SUMMARY:${text(entry.summary)}`,
    `LOCATION:${text(entry.location)}`,
    ...(entry.description ? [`DESCRIPTION:${text(entry.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
