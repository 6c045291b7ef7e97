/**
 * One practitioner, clearable (spec 3 §5), with a name search. The form sends at most
 * MAX_LISTED_PRACTITIONERS names; a whole chain has about 1 000, so then the select holds the
 * chosen practitioner and the matches of the name search. A plain select and a text field of
 * the search form: the server answers the name's matches (word prefixes), whether "Find" sends
 * it or, with JS, the page script's auto-submit when the field changes (Enter or leaving it).
 */
import { useTranslation } from '~/i18n/react';
import type { SearchFormOptions } from '~/models/booking/search';
import { PRACTITIONER_NAME_PARAM } from '~/services/booking/search-rules';
import * as s from '~/styles/booking-search.css';
import * as ui from '~/styles/ui.css';
import { PRACTITIONER_FIELD_ID, PRACTITIONER_NAME_FIELD_ID as NAME_FIELD_ID } from './search-filter-ids';

export function PractitionerSelect({
  options,
  value,
}: {
  options: Pick<SearchFormOptions, 'practitioners' | 'practitionerTotal' | 'practitionersComplete' | 'practitionerName'>;
  value: string;
}) {
  const { t } = useTranslation();
  const { practitioners, practitionerTotal, practitionersComplete, practitionerName } = options;
  const matches = practitioners.filter((p) => p.id !== value).length;

  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={NAME_FIELD_ID}>
        {t('search.filters.practitionerSearch')}
      </label>
      <span className={ui.hint} id="practitioner-search-hint">
        {t('search.filters.practitionerSearchHint')}
      </span>
      <div className={s.inlineField}>
        <input
          id={NAME_FIELD_ID}
          type="search"
          name={PRACTITIONER_NAME_PARAM}
          className={ui.input}
          defaultValue={practitionerName}
          maxLength={60}
          autoComplete="off"
          aria-describedby="practitioner-search-hint practitioner-search-status"
          aria-controls={PRACTITIONER_FIELD_ID}
        />
        <button type="submit" className={ui.button.secondary}>
          {t('search.filters.practitionerFind')}
        </button>
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
      <label className={ui.label} htmlFor={PRACTITIONER_FIELD_ID}>
        {t('search.filters.practitioner')}
      </label>
      <select id={PRACTITIONER_FIELD_ID} name="practitionerIds" className={ui.input} defaultValue={value}>
        <option value="">{t('search.filters.anyPractitioner')}</option>
        {practitioners.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} – {p.title}
          </option>
        ))}
      </select>
    </div>
  );
}
