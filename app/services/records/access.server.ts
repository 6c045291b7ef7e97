/**
 * Whose records a request may read (docs/decisions/0016): the logged-in person's own, and the
 * wards' under 12 (a ward aged 12 or more logs in personally and their records are theirs
 * alone). Pages choose a person with `?person=<id>`; any other id is "not found". Every view is
 * written to the access log by the service that reads it.
 */
import { helsinkiDate } from '~/lib/dates';
import type { Auth } from '~/context';
import { guardianSeesRecords } from './records-rules';
import { clock } from '~/lib/clock.server';

export interface RecordPerson {
  id: string;
  firstName: string;
  lastName: string;
}

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

export const visibleIds = (viewer: RecordViewer) => viewer.people.map((p) => p.id);

/**
 * The person a list page shows: `?person=<id>` if the viewer may read their records, the viewer
 * themselves without the parameter, null (→ 404) for anyone else.
 */
export function chosenPerson(viewer: RecordViewer, param: string | null): RecordPerson | null {
  if (param === null || param === '') return viewer.people[0]!;
  return viewer.people.find((p) => p.id === param) ?? null;
}
