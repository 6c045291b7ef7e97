/**
 * The search filters: a GET form whose fields are the bookmarkable query of spec 3 §2. Without
 * JS it is submitted with its button; the hidden `prev` field carries the search as it was, so
 * the server can apply the picking rules (spec 3 §5) and redirect to the resulting address.
 * With JS every change applies the same rules at once and replaces the address (a client
 * navigation, which also cancels a search still in flight).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/i18n/react';
import { Form, Link, useNavigate } from 'react-router';
import {
  applyFilterChange,
  defaultFilter,
  isDate,
  PRACTITIONER_NAME_PARAM,
  selectedFilterCount,
  toSearchParams,
} from '~/services/booking/search-rules';
import type { SearchFilter, SearchFormOptions } from '~/models/booking/search';
import { mediaQuery } from '~/styles/breakpoints';
import * as s from '~/styles/booking-search.css';
import * as ui from '~/styles/ui.css';
import { PractitionerSelect } from './PractitionerSelect';

const largeScreen = mediaQuery.large;

type Apply = (changes: Partial<SearchFilter>) => void;

/** With JS the state matches what large screens show (CSS keeps the filters open there). */
function openOnLargeScreens(details: HTMLDetailsElement | null) {
  if (details && window.matchMedia(largeScreen).matches) details.open = true;
}

const toggle = (values: string[], value: string, on: boolean) =>
  on ? [...new Set([...values, value])] : values.filter((v) => v !== value);

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
  pathFor,
}: {
  filter: SearchFilter;
  today: string;
  lastDay: string;
  options: SearchFormOptions;
  /** The address of a search (the page's path with the search's canonical query). */
  pathFor: (filter: SearchFilter) => string;
  /** The calendar, shown under the date field. */
  calendar: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const applied = toSearchParams(filter, today).toString();
  // The fields follow the visitor at once; a new result from the server resets them to it.
  const [draft, setDraft] = useState(filter);
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setDraft(filter);
  }

  const apply: Apply = (changes) => {
    const next = applyFilterChange(draft, { ...draft, ...changes }, options.rules);
    setDraft(next);
    void navigate(pathFor(next), { replace: true, preventScrollReset: true });
  };

  const selected = selectedFilterCount(filter);
  return (
    <Form method="get" replace preventScrollReset className={`${ui.card} ${s.filters}`} aria-labelledby="filters-title">
      <input type="hidden" name="prev" value={applied} />
      {filter.time !== 'all' ? <input type="hidden" name="time" value={filter.time} /> : null}
      {/* Folded on small and medium screens, so the first free times are on the first screen; open on large ones. */}
      <details className={s.filtersDisclosure} ref={openOnLargeScreens}>
        <summary className={s.filtersSummary}>
          <h2 id="filters-title" className={s.filtersTitle}>
            {t('search.filters.title')}
            {selected ? <span className={s.muted}> ({t('search.filters.selectedCount', { count: selected })})</span> : null}
          </h2>
        </summary>

        <div className={ui.field}>
          <label className={ui.label} htmlFor="search-date">
            {t('search.filters.date')}
          </label>
          <span className={ui.hint} id="search-date-hint">
            {t('search.filters.dateHint')}
          </span>
          <input
            id="search-date"
            type="date"
            name="startDate"
            className={ui.input}
            min={today}
            max={lastDay}
            value={draft.startDate}
            aria-describedby="search-date-hint"
            onChange={(event) => {
              const value = event.currentTarget.value;
              // Typing a year passes through odd dates: search only once the date is a valid choice.
              if (isDate(value) && value >= today && value <= lastDay) apply({ startDate: value });
              else setDraft({ ...draft, startDate: value });
            }}
          />
        </div>
        {calendar}

        <PractitionerSelect
          options={options}
          value={draft.practitionerIds[0] ?? ''}
          onChange={(id) => apply({ practitionerIds: id ? [id] : [] })}
          onSearch={(name) => {
            const params = toSearchParams(draft, today);
            if (name) params.set(PRACTITIONER_NAME_PARAM, name);
            void navigate(`?${params}`, { replace: true, preventScrollReset: true });
          }}
        />

        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t('search.filters.specialties')}</legend>
          <ul className={s.checkboxList}>
            {options.specialties.map((specialty) => (
              <li key={specialty.id}>
                <label className={s.checkbox}>
                  <input
                    type="checkbox"
                    className={s.checkboxInput}
                    name="specialtyIds"
                    value={specialty.id}
                    checked={draft.specialtyIds.includes(specialty.id)}
                    onChange={(event) => apply({ specialtyIds: toggle(draft.specialtyIds, specialty.id, event.currentTarget.checked) })}
                  />
                  {specialty.name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>

        <fieldset className={s.fieldset}>
          <legend className={s.legend}>{t('search.filters.clinics')}</legend>
          {options.clinicGroups.map((group) => (
            <ClinicGroup key={group.municipality} group={group} draft={draft} apply={apply} />
          ))}
        </fieldset>

        <div className={ui.field}>
          <label className={s.checkbox}>
            <input
              type="checkbox"
              className={s.checkboxInput}
              name="includeRemote"
              value="true"
              checked={draft.includeRemote}
              aria-describedby="include-remote-hint"
              onChange={(event) => apply({ includeRemote: event.currentTarget.checked })}
            />
            {t('search.filters.includeRemote')}
          </label>
          <span className={ui.hint} id="include-remote-hint">
            {t('search.filters.includeRemoteHint')}
          </span>
        </div>

        <div className={ui.buttonRow}>
          <button type="submit" className={ui.button.primary}>
            {t('search.filters.submit')}
          </button>
          <Link className={ui.button.secondary} to={pathFor({ ...defaultFilter(today), startDate: filter.startDate })} replace preventScrollReset>
            {t('search.filters.clear')}
          </Link>
        </div>
      </details>
    </Form>
  );
}

function ClinicGroup({
  group,
  draft,
  apply,
}: {
  group: SearchFormOptions['clinicGroups'][number];
  draft: SearchFilter;
  apply: Apply;
}) {
  const { t } = useTranslation();
  const municipalityName = useMunicipalityName();
  const remoteGroup = group.municipality === 'remote';
  const wholeMunicipality = !remoteGroup && draft.municipalities.includes(group.municipality);
  const selected = wholeMunicipality ? group.clinics.length : group.clinics.filter((c) => draft.clinicIds.includes(c.id)).length;
  const [open, setOpen] = useState(selected > 0);
  const name = municipalityName(group.municipality);
  return (
    <details className={s.group} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={s.groupSummary}>
        {name}
        {selected ? <span className={s.muted}> ({t('search.filters.selectedCount', { count: selected })})</span> : null}
      </summary>
      <ul className={`${s.checkboxList} ${s.groupBody}`}>
        {remoteGroup ? null : (
          <li>
            <label className={s.checkbox}>
              <input
                type="checkbox"
                className={s.checkboxInput}
                name="municipality"
                value={group.municipality}
                checked={wholeMunicipality}
                onChange={(event) =>
                  apply({ municipalities: toggle(draft.municipalities, group.municipality, event.currentTarget.checked) })
                }
              />
              {t('search.filters.allClinicsIn', { municipality: name })}
            </label>
          </li>
        )}
        {group.clinics.map((clinic) => (
          <li key={clinic.id}>
            <label className={s.checkbox}>
              {/* A chosen municipality implies its clinics: shown checked, not sent separately. */}
              <input
                type="checkbox"
                className={s.checkboxInput}
                name="clinicIds"
                value={clinic.id}
                checked={wholeMunicipality || draft.clinicIds.includes(clinic.id)}
                disabled={wholeMunicipality}
                onChange={(event) => apply({ clinicIds: toggle(draft.clinicIds, clinic.id, event.currentTarget.checked) })}
              />
              {clinic.name}
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}
