/**
 * One practitioner, clearable (spec 3 §5). Without JS a plain <select>; with JS a search box
 * above it narrows the options to names whose words start with what was typed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from 'remix-utils/use-hydrated';
import { matchesWordPrefix } from '~/services/booking/search-rules';
import type { SearchFormOptions } from '~/models/search';
import * as ui from '~/styles/ui.css';

export function PractitionerSelect({
  practitioners,
  value,
  onChange,
}: {
  practitioners: SearchFormOptions['practitioners'];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [query, setQuery] = useState('');
  const shown = query ? practitioners.filter((p) => p.id === value || matchesWordPrefix(p.name, query)) : practitioners;
  return (
    <div className={ui.field}>
      {hydrated ? (
        <>
          <label className={ui.label} htmlFor="practitioner-search">
            {t('search.filters.practitionerSearch')}
          </label>
          <span className={ui.hint} id="practitioner-search-hint">
            {t('search.filters.practitionerSearchHint')}
          </span>
          <input
            id="practitioner-search"
            type="search"
            className={ui.input}
            value={query}
            autoComplete="off"
            aria-describedby="practitioner-search-hint"
            aria-controls="search-practitioner"
            onChange={(event) => setQuery(event.currentTarget.value)}
            // Enter would submit the whole form; the box only narrows the list below.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </>
      ) : null}
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
