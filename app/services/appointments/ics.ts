/**
 * An appointment as an iCalendar file (RFC 5545) in Europe/Helsinki time. It carries the time,
 * the place and the specialty only: no other health details. Its event has a reminder alarm
 * (VALARM, `ALARM_BEFORE_START`), so the calendar reminds the patient too (issue 22). `appointmentCalendarEntry` is the
 * one builder of an appointment's entry, for the download and the confirmation e-mail alike.
 */
import type { TFunction } from '~/i18n/translate';
import type { Brand } from '~/brands';
import { TIME_ZONE, wallClock } from '~/lib/dates';

export interface CalendarEntry {
  uid: string;
  summary: string;
  startAt: Date;
  durationMinutes: number;
  location: string;
  description?: string;
  createdAt: Date;
  /**
   * The entry's revision (RFC 5545 §3.8.7.4 SEQUENCE): 0 as booked, one more after each move
   * (issue 24), so a calendar replaces the event of the same UID instead of adding another.
   */
  sequence?: number;
  /** When this revision was made (DTSTAMP); the creation time when not given. */
  stampedAt?: Date;
}

/** What an appointment's calendar entry is made of (texts already in the recipient's language). */
export interface AppointmentCalendarFacts {
  appointmentId: number;
  startAt: Date;
  durationMinutes: number;
  createdAt: Date;
  /** The specialty's name. */
  service: string;
  /** The clinic and its address, or how a remote appointment happens. */
  place: string;
  /** The anonymous appointment link, when the entry may carry it (the confirmation e-mail). */
  link?: string;
  /** The appointment's revision (moves, ADR 0036) and when it was made; none before any move. */
  revision?: number;
  revisedAt?: Date | null;
}

/** The clinic's name and address as one line: "Kamppi, Urho Kekkosen katu 1, 00100 Helsinki". */
export function clinicPlace(clinic: { name: string; streetAddress: string | null; postalCode: string | null; postOffice: string | null }): string {
  const town = [clinic.postalCode, clinic.postOffice].filter(Boolean).join(' ');
  return [clinic.name, clinic.streetAddress, town].filter(Boolean).join(', ');
}

/**
 * Where the appointment is, as the booking's messages say it (the confirmation and the reminder):
 * a video or phone appointment by its kind, another remote one as remote, else the clinic's
 * name and address.
 */
export function messagePlace(t: TFunction, facts: { locationType: string; isRemote: boolean; clinic: Parameters<typeof clinicPlace>[0] }): string {
  if (facts.locationType === 'videoAppointment') return t('reservation.message.video');
  if (facts.locationType === 'phoneAppointment') return t('reservation.message.phone');
  if (facts.isRemote) return t('reservation.message.remote');
  return clinicPlace(facts.clinic);
}

/** The calendar entry of an appointment: a stable UID per appointment and brand, "service – brand". */
export function appointmentCalendarEntry(facts: AppointmentCalendarFacts, brand: Pick<Brand, 'name' | 'homePage'>): CalendarEntry {
  return {
    uid: `appointment-${facts.appointmentId}@${brand.homePage.replace(/^https?:\/\//, '')}`,
    summary: `${facts.service} – ${brand.name}`,
    startAt: facts.startAt,
    durationMinutes: facts.durationMinutes,
    location: facts.place,
    ...(facts.link ? { description: facts.link } : {}),
    createdAt: facts.createdAt,
    ...(facts.revision ? { sequence: facts.revision, ...(facts.revisedAt ? { stampedAt: facts.revisedAt } : {}) } : {}),
  };
}

/**
 * The appointment's calendar entry as an e-mail attachment (the booking's and the move's
 * confirmation, the reminder), its file named in the recipient's language.
 */
export function calendarAttachment(
  t: TFunction,
  facts: AppointmentCalendarFacts,
  brand: Pick<Brand, 'name' | 'homePage'>,
): { fileName: string; contentType: string; content: string } {
  return {
    fileName: `${t('reservation.message.calendarFile')}-${facts.appointmentId}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(toIcs(appointmentCalendarEntry(facts, brand)), 'utf8').toString('base64'),
  };
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
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

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** yyyyMMdd'T'HHmmss on the wall clock of a zone. */
function stamp(d: Date, timeZone: string): string {
  const c = wallClock(d, timeZone);
  return `${pad(c.year, 4)}${pad(c.month)}${pad(c.day)}T${pad(c.hour)}${pad(c.minute)}${pad(c.second)}`;
}

const local = (d: Date) => stamp(d, TIME_ZONE);
const utc = (d: Date) => `${stamp(d, 'UTC')}Z`;

const HOUR_MS = 3_600_000;

/** The calendar's own reminder: this long before the start (RFC 5545 §3.8.6.3 duration). */
const ALARM_BEFORE_START = '-PT2H';

/**
 * DTSTART/DTEND: Helsinki time with its zone, except in the hour the autumn change repeats
 * (03:00–03:59 on the last Sunday of October), where a local time names two instants and
 * RFC 5545 §3.3.5 reads it as the first: there the instant itself, in UTC.
 */
function dateTime(name: 'DTSTART' | 'DTEND', d: Date): string {
  const wall = local(d);
  const repeated = local(new Date(d.getTime() - HOUR_MS)) === wall || local(new Date(d.getTime() + HOUR_MS)) === wall;
  return repeated ? `${name}:${utc(d)}` : `${name};TZID=${TIME_ZONE}:${wall}`;
}

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
    `DTSTAMP:${utc(entry.stampedAt ?? entry.createdAt)}`,
    // Left out before the first move: 0 is the default (RFC 5545 §3.8.7.4).
    ...(entry.sequence ? [`SEQUENCE:${entry.sequence}`] : []),
    dateTime('DTSTART', entry.startAt),
    dateTime('DTEND', end),
    `SUMMARY:${text(entry.summary)}`,
    `LOCATION:${text(entry.location)}`,
    ...(entry.description ? [`DESCRIPTION:${text(entry.description)}`] : []),
    // RFC 5545 §3.6.6: a display alarm needs ACTION, TRIGGER and DESCRIPTION.
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `TRIGGER;RELATED=START:${ALARM_BEFORE_START}`,
    `DESCRIPTION:${text(entry.summary)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
