/**
 * The ids of the search filters' fields, and where a filter change returns to (plain page, ADR
 * 0009). A change submits the whole GET form (with JS the page script does it on every change),
 * so the page reloads; the loader's redirect to the canonical address ends in `#<id>` of the
 * field that changed, which the browser scrolls to and focuses, unfolding the folded filters on
 * small screens: the keyboard, the screen reader and the eye are back where they were. The
 * "Show appointments" button (`RESULTS_PARAM`) returns to the top, where the results begin.
 * Pure: the component renders the ids, the loader picks one.
 */
import type { SearchFilter } from '~/models/booking/search';

export const DATE_FIELD_ID = 'search-date';
export const PRACTITIONER_NAME_FIELD_ID = 'practitioner-search';
export const PRACTITIONER_FIELD_ID = 'search-practitioner';
export const INCLUDE_REMOTE_FIELD_ID = 'include-remote';
export const specialtyFieldId = (id: string) => `specialty-${id}`;
export const municipalityFieldId = (key: string) => `municipality-${key}`;
export const clinicFieldId = (id: string) => `clinic-${id}`;

/** Sent by the "Show appointments" button: the page returns to its top, not to a field. */
export const RESULTS_PARAM = 'results';

/** The first value in one list and not the other. */
function changedValue(before: readonly string[], after: readonly string[]): string | undefined {
  return after.find((v) => !before.includes(v)) ?? before.find((v) => !after.includes(v));
}

/**
 * The field a submission changed (as the visitor sent it, before the picking rules), in the
 * form's order: the one to return to. Null: nothing changed.
 */
export function changedFieldId(before: SearchFilter & { practitionerName: string }, after: SearchFilter & { practitionerName: string }): string | null {
  if (before.startDate !== after.startDate) return DATE_FIELD_ID;
  if (before.practitionerName !== after.practitionerName) return PRACTITIONER_NAME_FIELD_ID;
  if (changedValue(before.practitionerIds, after.practitionerIds) !== undefined) return PRACTITIONER_FIELD_ID;
  const specialty = changedValue(before.specialtyIds, after.specialtyIds);
  if (specialty !== undefined) return specialtyFieldId(specialty);
  const municipality = changedValue(before.municipalities, after.municipalities);
  if (municipality !== undefined) return municipalityFieldId(municipality);
  const clinic = changedValue(before.clinicIds, after.clinicIds);
  if (clinic !== undefined) return clinicFieldId(clinic);
  if (before.includeRemote !== after.includeRemote) return INCLUDE_REMOTE_FIELD_ID;
  return null;
}
