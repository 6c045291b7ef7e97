/**
 * Who is asking, and whose data they may see: the one viewer module every area's queries use
 * (issue 28, ADR 0026). A logged-in person sees their own data and acts for their wards (the
 * guardianships mirror the population register, ADR 0023): appointments and billing for every
 * ward (`viewerOf`), health records only for wards under 12 (`recordViewerOf`, ADR 0016; a ward
 * of 12 or more logs in personally and their records are theirs alone). The confidentiality
 * rules for minors (issue 23) belong here too, so that no area decides them on its own.
 */
import type { Auth } from '~/context';
import { helsinkiDate } from '~/lib/dates';
import { guardianSeesRecords } from '~/models/person';
import { clock } from '~/lib/clock.server';

/** A logged-in person and the wards they act for (appointments, invoices, payments). */
export interface Viewer {
  personId: string;
  wardIds: string[];
}

export function viewerOf(auth: { person: { id: string }; wards: { id: string }[] }): Viewer {
  return { personId: auth.person.id, wardIds: auth.wards.map((w) => w.id) };
}

/** The persons whose appointments and invoices the viewer may see: themselves, then their wards. */
export const visiblePersonIds = (viewer: Viewer): string[] => [viewer.personId, ...viewer.wardIds];

/** A person whose records a viewer may read. */
export interface RecordPerson {
  id: string;
  firstName: string;
  lastName: string;
}

/** Who reads health records, and whose (ADR 0016). */
export interface RecordViewer {
  /** Who is asking (for the access log). */
  actorId: string;
  /** Everyone whose records the asker may read: themselves first, then wards under 12. */
  people: RecordPerson[];
}

export function recordViewerOf(auth: Pick<Auth, 'person' | 'wards'>, now = clock.now()): RecordViewer {
  const today = helsinkiDate(now);
  return {
    actorId: auth.person.id,
    people: [
      { id: auth.person.id, firstName: auth.person.firstName, lastName: auth.person.lastName },
      ...auth.wards
        .filter((w) => guardianSeesRecords(w.birthDate, today))
        .map((w) => ({ id: w.id, firstName: w.firstName, lastName: w.lastName })),
    ],
  };
}

/** The persons whose records the viewer may read. */
export const visibleRecordIds = (viewer: RecordViewer): string[] => viewer.people.map((p) => p.id);

/**
 * The person a record list page shows: `?person=<id>` if the viewer may read their records, the
 * viewer themselves without the parameter, null (→ 404) for anyone else.
 */
export function chosenPerson(viewer: RecordViewer, param: string | null): RecordPerson | null {
  if (param === null || param === '') return viewer.people[0]!;
  return viewer.people.find((p) => p.id === param) ?? null;
}
