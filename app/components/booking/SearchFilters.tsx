/**
 * The search filters: a GET form whose fields are the bookmarkable query of spec 3 §2. The
 * hidden `prev` field carries the search as it was, so the server applies the picking rules
 * (spec 3 §5) and redirects to the resulting address. Plain HTML (ADR 0009): without JS the
 * form is submitted with its button; with JS the page script submits it on every change
 * (`data-auto-submit`), and the page comes back to the changed field (search-filter-ids.ts).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { Field } from '~/components/forms';
import { defaultFilter, PRACTITIONER_NAME_PARAM, selectedFilterCount, toSearchParams } from '~/services/booking/search-rules';
import type { SearchFilter, SearchFormOptions } from '~/models/booking/search';
import * as s from '~/styles/booking-search.css';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';
import { PractitionerSelect } from './PractitionerSelect';
import { clinicFieldId, DATE_FIELD_ID, INCLUDE_REMOTE_FIELD_ID, municipalityFieldId, RESULTS_PARAM, specialtyFieldId } from './search-filter-ids';

/** A municipality's display name; unknown ones (new clinics) show their register key capitalised. */
export function useMunicipalityName() {
  const { t, i18n } = useTranslation();
  return (key: string) => {
    const textKey = `search.municipalities.${key}`;
    return i18n.exists(textKey) ? t(textKey) : key.charAt(0).toLocaleUpperCase('fi') + key.slice(1);
  };
}

export function SearchFilters({
  filter,
  today,
  lastDay,
  options,
  calendar,
  listPath,
  pathFor,
  carry = {},
}: {
  filter: SearchFilter;
  today: string;
  lastDay: string;
  options: SearchFormOptions;
  /** The list's path (without a query): where the form goes. */
  listPath: string;
  /** The address of a search (the page's path with the search's canonical query). */
  pathFor: (filter: SearchFilter) => string;
  /** The calendar, shown under the date field. */
  calendar: ReactNode;
  /** Parameters the search carries along unchanged (moving an appointment: `move`, ADR 0036). */
  carry?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const applied = toSearchParams(filter, today).toString();
  // The search as it is, with the practitioner name searched (so a change of the name is seen as one).
  const prev = new URLSearchParams(applied);
  if (options.practitionerName) prev.set(PRACTITIONER_NAME_PARAM, options.practitionerName);
  const selected = selectedFilterCount(filter);
  const wholeMunicipalities = new Set(filter.municipalities);
  return (
    // A plain GET form, keyed by the search so the fields show the server's answer.
    <form
      key={prev.toString()}
      method="get"
      action={listPath}
      className={`${ui.card} ${s.filters}`}
      aria-labelledby="filters-title"
      {...attrs({ autoSubmit: true })}
    >
      <input type="hidden" name="prev" value={prev.toString()} />
      {Object.entries(carry).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {filter.time !== 'all' ? <input type="hidden" name="time" value={filter.time} /> : null}
      {/* Folded on small and medium screens, so the first free times are on the first screen; open on large ones (CSS). */}
      <details className={s.filtersDisclosure}>
        <summary className={s.filtersSummary}>
          <h2 id="filters-title" className={s.filtersTitle}>
            {t('search.filters.title')}
            {selected ? <span className={s.muted}> ({t('search.filters.selectedCount', { count: selected })})</span> : null}
          </h2>
        </summary>

        {/* min and max: a half-typed year is out of range, so the auto-submit waits for a real choice. */}
        <Field field={{ id: DATE_FIELD_ID, errorId: `${DATE_FIELD_ID}-error` }} label={t('search.filters.date')} hint={t('search.filters.dateHint')}>
          {(control) => <input {...control} type="date" name="startDate" className={ui.input} min={today} max={lastDay} defaultValue={filter.startDate} />}
        </Field>
        {calendar}

        <PractitionerSelect options={options} value={filter.practitionerIds[0] ?? ''} />

        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t('search.filters.specialties')}</legend>
          <ul className={s.checkboxList}>
            {options.specialties.map((specialty) => (
              <FilterCheckbox
                key={specialty.id}
                id={specialtyFieldId(specialty.id)}
                name="specialtyIds"
                value={specialty.id}
                defaultChecked={filter.specialtyIds.includes(specialty.id)}
                label={specialty.name}
              />
            ))}
          </ul>
        </fieldset>

        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t('search.filters.clinics')}</legend>
          {options.clinicGroups.map((group) => (
            <ClinicGroup
              key={group.municipality}
              group={group}
              whole={group.municipality !== 'remote' && wholeMunicipalities.has(group.municipality)}
              clinicIds={filter.clinicIds}
            />
          ))}
        </fieldset>

        <div className={ui.field}>
          <label className={s.checkbox}>
            <input
              id={INCLUDE_REMOTE_FIELD_ID}
              type="checkbox"
              className={s.checkboxInput}
              name="includeRemote"
              value="true"
              defaultChecked={filter.includeRemote}
              aria-describedby="include-remote-hint"
            />
            {t('search.filters.includeRemote')}
          </label>
          <span className={ui.hint} id="include-remote-hint">
            {t('search.filters.includeRemoteHint')}
          </span>
        </div>

        <div className={ui.buttonRow}>
          {/* Back to the top of the page, not to the changed field: the results begin there. */}
          <button type="submit" className={ui.button.primary} name={RESULTS_PARAM} value="1">
            {t('search.filters.submit')}
          </button>
          <Link className={ui.button.secondary} to={pathFor({ ...defaultFilter(today), startDate: filter.startDate })} replace preventScrollReset>
            {t('search.filters.clear')}
          </Link>
        </div>
      </details>
    </form>
  );
}

function ClinicGroup({
  group,
  whole,
  clinicIds,
}: {
  group: SearchFormOptions['clinicGroups'][number];
  /** The whole municipality is chosen (its clinics with it). */
  whole: boolean;
  clinicIds: string[];
}) {
  const { t } = useTranslation();
  const municipalityName = useMunicipalityName();
  const selected = whole ? group.clinics.length : group.clinics.filter((c) => clinicIds.includes(c.id)).length;
  const name = municipalityName(group.municipality);
  return (
    <details className={s.group} open={selected > 0}>
      <summary className={s.groupSummary}>
        {name}
        {selected ? <span className={s.muted}> ({t('search.filters.selectedCount', { count: selected })})</span> : null}
      </summary>
      <ul className={`${s.checkboxList} ${s.groupBody}`}>
        {group.municipality === 'remote' ? null : (
          <FilterCheckbox
            id={municipalityFieldId(group.municipality)}
            name="municipality"
            value={group.municipality}
            defaultChecked={whole}
            label={t('search.filters.allClinicsIn', { municipality: name })}
          />
        )}
        {/* A chosen municipality implies its clinics: shown checked, not sent separately. */}
        {group.clinics.map((clinic) => (
          <FilterCheckbox
            key={clinic.id}
            id={clinicFieldId(clinic.id)}
            name="clinicIds"
            value={clinic.id}
            defaultChecked={whole || clinicIds.includes(clinic.id)}
            disabled={whole}
            label={clinic.name}
          />
        ))}
      </ul>
    </details>
  );
}

/** One choice of a filter's list: a checkbox with its label around it. */
function FilterCheckbox({ label, ...input }: { id: string; name: string; value: string; label: ReactNode; defaultChecked: boolean; disabled?: boolean }) {
  return (
    <li>
      <label className={s.checkbox}>
        <input type="checkbox" className={s.checkboxInput} {...input} />
        {label}
      </label>
    </li>
  );
}
