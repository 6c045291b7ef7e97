/**
 * One practitioner, clearable (spec 3 §5), with a name search. The form sends at most
 * MAX_LISTED_PRACTITIONERS names; a whole chain has about 1 000, so then the select holds the
 * chosen practitioner and the matches of the name search, which the server answers:
 * - without JS the name is a field of the search form (its "Find" button submits it);
 * - with JS typing narrows a complete list at once, or asks the server after a short pause.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { SearchFormOptions } from '~/models/booking/search';
import { matchesWordPrefix, PRACTITIONER_NAME_PARAM } from '~/services/booking/search-rules';
import * as s from '~/styles/booking-search.css';
import * as ui from '~/styles/ui.css';

/** Pause after the last keystroke before the server is asked for matches. */
const SEARCH_DELAY_MS = 300;

export function PractitionerSelect({
  options,
  value,
  onChange,
  onSearch,
}: {
  options: Pick<SearchFormOptions, 'practitioners' | 'practitionerTotal' | 'practitionersComplete' | 'practitionerName'>;
  value: string;
  onChange: (id: string) => void;
  /** Asks the server for the matches of a name (with JS, when the list is not complete). */
  onSearch: (name: string) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { practitioners, practitionerTotal, practitionersComplete, practitionerName } = options;
  const [query, setQuery] = useState(practitionerName);
  const [asked, setAsked] = useState(practitionerName);
  if (asked !== practitionerName) {
    // A new answer from the server: the field shows what it answered.
    setAsked(practitionerName);
    setQuery(practitionerName);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A complete list narrows in the browser; otherwise the server's answer is what is shown.
  const narrowHere = hydrated && practitionersComplete;
  const shown =
    narrowHere && query ? practitioners.filter((p) => p.id === value || matchesWordPrefix(p.name, query)) : practitioners;
  const matches = practitioners.filter((p) => p.id !== value).length;

  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor="practitioner-search">
        {t('search.filters.practitionerSearch')}
      </label>
      <span className={ui.hint} id="practitioner-search-hint">
        {t('search.filters.practitionerSearchHint')}
      </span>
      <div className={s.inlineField}>
        <input
          id="practitioner-search"
          type="search"
          name={PRACTITIONER_NAME_PARAM}
          className={ui.input}
          value={query}
          maxLength={60}
          autoComplete="off"
          aria-describedby="practitioner-search-hint practitioner-search-status"
          aria-controls="search-practitioner"
          onChange={(event) => {
            const text = event.currentTarget.value;
            setQuery(text);
            if (narrowHere) return;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
          }}
          onKeyDown={(event) => {
            // With a complete list Enter would submit the whole form; the box only narrows it.
            if (event.key === 'Enter' && narrowHere) event.preventDefault();
          }}
        />
        {hydrated ? null : (
          <button type="submit" className={ui.button.secondary}>
            {t('search.filters.practitionerFind')}
          </button>
        )}
      </div>
      <span className={ui.hint} id="practitioner-search-status" role="status">
        {practitionersComplete
          ? null
          : practitionerName
            ? matches
              ? t('search.filters.practitionerMatches', { count: matches })
              : t('search.filters.practitionerNoMatch', { name: practitionerName })
            : t('search.filters.practitionerTypeName', { count: practitionerTotal })}
      </span>
      <label className={ui.label} htmlFor="search-practitioner">
        {t('search.filters.practitioner')}
      </label>
      <select
        id="search-practitioner"
        name="practitionerIds"
        className={ui.input}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{t('search.filters.anyPractitioner')}</option>
        {shown.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} – {p.title}
          </option>
        ))}
      </select>
    </div>
  );
}
