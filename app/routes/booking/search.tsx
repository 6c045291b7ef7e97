/**
 * Private customers' appointment search (/fi/ajanvaraus/yksityisasiakas, spec 3 §2, §4, §5):
 * filters, the calendar, time-of-day tabs and the day's free times, each linking to its reserve
 * page; "show more", the next days with free times, and alternatives when nothing is found.
 *
 * The address is the search: every filter is a query parameter, so a search can be bookmarked
 * and everything works without JS (the form is a GET form, tabs and days are links). A form
 * submission carries the previous search in `prev`; the loader applies the picking rules and
 * redirects to the canonical address, ending in the changed field's id (search-filter-ids.ts),
 * so the browser returns there. The page is plain HTML (ADR 0009): with JS the page script
 * submits the filters on every change (`data-auto-submit`); the rules stay on the server.
 *
 * The same module serves the occupational health list (`occupationalSearch`, spec 3 §2, §4):
 * logged in, on the person's employer agreement. Without an agreement it answers
 * no-occupational-healthcare (an authentication-failure analytics event, the private-customer
 * link), without web reservation the customer service's number (or the special-contract panel);
 * otherwise the search runs on occupational free times of the specialties the agreement covers,
 * and its times lead to the occupational reserve page. The insurance list (`insuranceSearch`,
 * strong identification) searches the free times insurers pay for and leads to the insurance
 * reserve page, where the customer declares the insurer (ADR 0022).
 */
import { data, Link, redirect, useLocation } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { Section } from '~/components/Section';
import { AppointmentResults, FIRST_NEW_RESULT_ID } from '~/components/booking/AppointmentResults';
import { SearchCalendar } from '~/components/booking/SearchCalendar';
import { SearchFailure } from '~/components/booking/SearchFailure';
import { OccupationalRefusal } from '~/components/booking/OccupationalRefusal';
import { SearchFilters, useMunicipalityName } from '~/components/booking/SearchFilters';
import { TimeOfDayTabs } from '~/components/booking/TimeOfDayTabs';
import { changedFieldId, RESULTS_PARAM } from '~/components/booking/search-filter-ids';
import { authContext, portalContext, type Auth } from '~/context';
import type { Language } from '~/i18n/config';
import { formatDateTime, formatTime, formatWeekdayDate, helsinkiDate } from '~/lib/format';
import { pageTitle, serverT } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { notFound } from '~/lib/http/responses';
import type { AppointmentListItem, AvailableAppointment, SearchFilter, SearchResult } from '~/models/booking/search';
import { pagePath } from '~/route-table';
import {
  addDays,
  applyFilterChange,
  calendarRange,
  MAX_DAYS_AHEAD,
  normalizeFilter,
  PAGE_SIZE,
  parseSearchParams,
  PRACTITIONER_NAME_PARAM,
  practitionerNameOf,
  sameQuery,
  toSearchParams,
} from '~/services/booking/search-rules';
import { availableDates, orFailure, referenceData, searchAppointments, searchFormOptions } from '~/services/booking/search.server';
import { recordEvent } from '~/services/analytics/analytics.server';
import { payerOf } from '~/services/booking/payers/index.server';
import {
  offersSpecialty,
  PAYER_PAGES,
  payerOfPage,
  scopedFilter,
  scopedSearch,
  type PayerKey,
  type PayerSearchPage,
} from '~/services/booking/payers/payer-rules';
import { getDb, type Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import { moveActorOf, moveBackPath, moveConfirmPath } from '~/lib/http/move.server';
import { MOVE_PARAM, MOVE_SLOT_PARAM } from '~/models/appointments/move';
import { appointmentToMove } from '~/services/appointments/move.server';
import * as s from '~/styles/booking-search.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/search';

/** One free time as the page's lists show it (the first HTML carries nothing the page does not use). */
function listItem(a: AvailableAppointment, lang: Language, withDate = false): AppointmentListItem {
  return {
    id: a.id,
    startDate: a.startDate,
    timeText: withDate ? formatDateTime(a.startDate, lang) : formatTime(a.startDate, lang),
    durationMinutes: a.durationMinutes,
    requiresAuthToReserve: a.requiresAuthToReserve,
    clinicName: a.isRemote ? null : a.clinic.name,
    locationType: a.locationType,
    clinicId: a.clinicId,
    practitioner: {
      id: a.practitionerId,
      name: a.practitioner.name,
      title: a.practitioner.title,
      profilePictureSrc: a.practitioner.cmsContent.profilePicture?.url ?? null,
    },
    specialtyName: a.specialty.name,
  };
}

/** The search result as the page uses it: list items, no timings. */
function pageResult(result: SearchResult, lang: Language) {
  const { alternatives } = result;
  return {
    appointments: result.appointments.map((a) => listItem(a, lang)),
    hasMore: result.hasMore,
    nextVacantDates: result.nextVacantDates,
    alternatives: alternatives && {
      nextMonth: alternatives.nextMonth.map((a) => listItem(a, lang, true)),
      nearby: alternatives.nearby && {
        municipalities: alternatives.nearby.municipalities,
        clinicIds: alternatives.nearby.clinicIds,
        appointments: alternatives.nearby.appointments.map((a) => listItem(a, lang)),
      },
      practitionerClinicIds: alternatives.practitionerClinicIds,
    },
  };
}
type PageResult = ReturnType<typeof pageResult>;

type ListKey = PayerSearchPage;

/**
 * The reschedule context (issue 24, ADR 0036): the appointment being moved, when the `move`
 * reference is one the visitor may move with this list's payer. Its times then lead to the
 * move's confirm step, and the page says which appointment is being moved.
 */
async function moveContext(db: Db, ref: string | null, auth: Auth | null, payer: PayerKey, lang: Language) {
  const actor = moveActorOf(ref, auth);
  if (ref === null || actor === null) return null;
  const facts = await appointmentToMove(db, actor);
  if (!facts || facts.refusal || facts.payer !== payer) return null;
  return { ref, time: formatDateTime(facts.startAt, lang), back: moveBackPath(ref, lang), confirm: moveConfirmPath(ref, lang) };
}

const LIST_TITLES = {
  privateSearch: 'search.listTitle',
  occupationalSearch: 'occupational.listTitle',
  insuranceSearch: 'insurance.listTitle',
} as const satisfies Record<ListKey, string>;

export async function loader({ request, context, url: routedUrl }: Route.LoaderArgs) {
  const { lang, page: match } = context.get(portalContext);
  // One module, three lists: the payer is the matched page's (none matched: no list at all), and
  // its list's own rule (the occupational list's flag, brand and login) is checked again here.
  if (!match) throw notFound();
  const payer = payerOf(payerOfPage(match.key));
  const list: ListKey = PAYER_PAGES[payer.key].search;
  requirePage({ context, url: routedUrl }, list);
  const insurance = payer.key === 'insurance';
  const url = new URL(request.url);
  const now = clock.now();
  const today = helsinkiDate(now);
  const title = pageTitle(context, LIST_TITLES[list]);
  const db = await getDb();
  const failed = () => data({ ok: false as const, list, title, retry: `${url.pathname}${url.search}` }, { status: 503 });

  // The payer decides whether and what the person may search (occupational: their agreement).
  const scope = await orFailure('search scope', () => payer.searchScope(db, context.get(authContext)?.person ?? null));
  if (scope === undefined) return failed();
  if (scope.type === 'refused') {
    // The route table's access rule lets only logged-in users reach the lists that need them.
    if (scope.reason === 'requiresAuthentication') throw notFound();
    if (scope.reason === 'noOccupationalHealthcare') await recordEvent(db, 'authenticationFailure', { reason: 'noOccupationalHealthcare' });
    return data({ ok: 'refused' as const, list, title, lang, reason: scope.reason, specialContract: scope.specialContract });
  }
  const { employer } = scope;
  const moveRef = url.searchParams.get(MOVE_PARAM);
  const moving = await moveContext(db, moveRef, context.get(authContext), payer.key, lang);

  const ref = await orFailure('reference data', () => referenceData(db));
  if (!ref) return failed();

  // The list shows one day: the JSON call's end date has no meaning here.
  let filter: SearchFilter = normalizeFilter({ ...parseSearchParams(url.searchParams, today), endDate: null }, ref);
  // The practitioner name search rides along with the search, outside its canonical form.
  const practitionerName = practitionerNameOf(url.searchParams);
  const prev = url.searchParams.get('prev');
  // A filter change comes back to the changed field (its id as the address's fragment).
  let back: string | null = null;
  if (prev !== null) {
    const prevParams = new URLSearchParams(prev);
    const before = parseSearchParams(prevParams, today);
    if (!url.searchParams.has(RESULTS_PARAM)) {
      back = changedFieldId({ ...before, practitionerName: practitionerNameOf(prevParams) }, { ...filter, practitionerName });
    }
    filter = applyFilterChange(before, filter, ref);
  }
  // Specialties outside the agreement drop out of the address.
  filter = scopedFilter(scope, filter);
  const canonical = toSearchParams(filter, today);
  const asked = new URLSearchParams(url.searchParams);
  asked.delete(PRACTITIONER_NAME_PARAM);
  asked.delete(MOVE_PARAM);
  // A move the visitor may not make (or no longer) drops out of the address.
  const strayMove = moveRef !== null && moving === null;
  if (!sameQuery(canonical, asked) || strayMove || (url.searchParams.has(PRACTITIONER_NAME_PARAM) && !practitionerName)) {
    if (practitionerName) canonical.set(PRACTITIONER_NAME_PARAM, practitionerName);
    if (moving) canonical.set(MOVE_PARAM, moving.ref);
    throw redirect(`${pagePath(list, lang, {}, canonical)}${back ? `#${back}` : ''}`);
  }

  // The search itself, in the payer's scope (occupational: its free times of the covered specialties).
  const query = scopedSearch(scope, filter);
  if (!query) return data({ ok: 'refused' as const, list, title, lang, reason: 'noSpecialties' as const, specialContract: false });
  const [result, dates, found] = await Promise.all([
    orFailure('search', () => searchAppointments(db, query, lang, { now, cumulative: true })),
    orFailure('available dates', () => availableDates(db, query, calendarRange(query.startDate), { now })),
    orFailure('form options', () =>
      searchFormOptions(db, scope.covered ? { ...filter, specialtyIds: query.specialtyIds } : filter, lang, { practitionerName }),
    ),
  ]);
  if (!found) return failed();
  // The agreement's specialties on the occupational list; the other lists leave out the occupational-only ones.
  const options = { ...found, specialties: found.specialties.filter((sp) => offersSpecialty(scope, sp.id)) };
  // The chosen specialties' reservation info (the spec's cmsContent), above the insurance list's results.
  const t = serverT(context);
  const reservationInfo = insurance ? filter.specialtyIds.map((id) => t(`insurance.reservationInfo.${id}`, { defaultValue: '' })).filter(Boolean) : [];
  return data(
    {
      ok: true as const,
      list,
      title,
      lang,
      today,
      filter,
      employer,
      reservationInfo,
      result: result ? pageResult(result, lang) : null,
      dates: dates ?? null,
      options,
      moving,
    },
    { status: result ? 200 : 503 },
  );
}

export default function AppointmentSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const occupational = loaderData.list === 'occupationalSearch';
  const insurance = loaderData.list === 'insuranceSearch';
  const heading = t(LIST_TITLES[loaderData.list]);
  if (loaderData.ok === false) {
    return (
      <>
        <h1>{heading}</h1>
        <SearchFailure retryHref={loaderData.retry} />
      </>
    );
  }
  if (loaderData.ok === 'refused') {
    const { reason, lang, specialContract } = loaderData;
    return (
      <>
        <h1>{heading}</h1>
        {reason === 'noSpecialties' ? (
          <p>{t('occupational.noSpecialties')}</p>
        ) : (
          <OccupationalRefusal reason={reason} lang={lang} specialContract={specialContract} headingLevel={2} />
        )}
      </>
    );
  }
  const { lang, today, filter, result, dates, options, list, employer, reservationInfo, moving } = loaderData;
  const reservePage = PAYER_PAGES[payerOfPage(loaderData.list)].reserve;
  const lastDay = addDays(today, MAX_DAYS_AHEAD);
  const listPath = pagePath(list, lang);
  // Moving an appointment: every address of the search carries the move, and its times lead to the confirm step.
  const withMove = (params: URLSearchParams) => {
    if (moving) params.set(MOVE_PARAM, moving.ref);
    return params;
  };
  const pathFor = (f: SearchFilter) => pagePath(list, lang, {}, withMove(toSearchParams(f, today)));
  const hrefOf = moving ? (slotId: number) => `${moving.confirm}?${new URLSearchParams({ [MOVE_SLOT_PARAM]: String(slotId) })}` : undefined;
  // Links change one thing and start the list from its first page.
  const hrefFor = (changes: Partial<SearchFilter>) => pathFor({ ...filter, offset: 0, ...changes });
  const clinicNames = Object.fromEntries(options.clinicGroups.flatMap((g) => g.clinics.map((c) => [c.id, c.name])));

  return (
    <>
      <h1>{heading}</h1>
      {moving ? (
        <p className={`${ui.alertBox} ${ui.alert.info}`} data-move-notice="">
          {t('move.search.notice', { time: moving.time })} <Link to={moving.back}>{t('move.search.stop')}</Link>
        </p>
      ) : null}
      <p>{occupational ? t('occupational.listIntro') : insurance ? t('insurance.listIntro') : t('search.listIntro')}</p>
      {employer ? <p>{t('occupational.employer', { employer })}</p> : null}
      {reservationInfo.map((info) => (
        <p key={info} className={`${ui.alertBox} ${ui.alert.info}`}>
          {info}
        </p>
      ))}
      <div className={s.layout}>
        <SearchFilters
          filter={filter}
          today={today}
          lastDay={lastDay}
          options={options}
          listPath={listPath}
          pathFor={pathFor}
          carry={moving ? { [MOVE_PARAM]: moving.ref } : {}}
          calendar={
            <SearchCalendar
              selected={filter.startDate}
              today={today}
              lastDay={lastDay}
              available={dates}
              hrefFor={(startDate) => hrefFor({ startDate })}
              lang={lang}
            />
          }
        />
        <Results filter={filter} result={result} lang={lang} hrefFor={hrefFor} clinicNames={clinicNames} reservePage={reservePage} hrefOf={hrefOf} />
      </div>
    </>
  );
}

const noon = (date: string) => `${date}T12:00:00Z`;

interface ResultsProps {
  filter: SearchFilter;
  lang: Language;
  hrefFor: (changes: Partial<SearchFilter>) => string;
  clinicNames: Record<string, string>;
  reservePage: 'reserve' | 'occupationalReserve' | 'insuranceReserve';
  /** Moving an appointment: where a time leads (the confirm step). */
  hrefOf?: (slotId: number) => string;
}

function Results({ filter, result, lang, hrefFor, clinicNames, reservePage, hrefOf }: ResultsProps & { result: PageResult | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <section className={`${ui.card} ${s.results}`} aria-labelledby="results-title">
      <TimeOfDayTabs current={filter.time} hrefFor={(time) => hrefFor({ time })} />
      <h2 id="results-title">{t('search.results.title', { date: formatWeekdayDate(noon(filter.startDate), lang) })}</h2>
      {result === null ? (
        <SearchFailure retryHref={here} />
      ) : (
        <>
          <p role="status">{result.appointments.length ? t('search.results.count', { count: result.appointments.length }) : t('search.empty.text')}</p>
          {result.appointments.length ? (
            <AppointmentResults items={result.appointments} lang={lang} focusFrom={filter.offset} reservePage={reservePage} hrefOf={hrefOf} />
          ) : null}
          {result.hasMore ? (
            <p>
              <Link className={ui.button.secondary} to={`${hrefFor({ offset: filter.offset + PAGE_SIZE })}#${FIRST_NEW_RESULT_ID}`} replace preventScrollReset>
                {t('search.results.showMore')}
              </Link>
            </p>
          ) : null}
          {result.alternatives ? (
            <Suggestions filter={filter} result={result} lang={lang} hrefFor={hrefFor} clinicNames={clinicNames} reservePage={reservePage} hrefOf={hrefOf} />
          ) : null}
          {result.nextVacantDates.length ? (
            <Section id="next-dates-title" title={t('search.nextVacant.title')} level={3} plain>
              <ul className={s.dateLinks}>
                {result.nextVacantDates.map((date) => (
                  <li key={date}>
                    <Link to={hrefFor({ startDate: date })} replace preventScrollReset>
                      {formatWeekdayDate(noon(date), lang)}
                    </Link>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </>
      )}
    </section>
  );
}

/** What to try when nothing was found (spec 3 §8): other clinics, other days, the practitioner's clinics. */
function Suggestions({ filter, result, lang, hrefFor, clinicNames, reservePage, hrefOf }: ResultsProps & { result: PageResult }) {
  const { t } = useTranslation();
  const municipalityName = useMunicipalityName();
  const { nearby, nextMonth, practitionerClinicIds } = result.alternatives!;
  const places = nearby ? [...nearby.municipalities.map(municipalityName), ...nearby.clinicIds.map((id) => clinicNames[id] ?? id)].join(', ') : '';
  return (
    <>
      <h3>{t('search.empty.suggestions')}</h3>
      <ul>
        <li>{t('search.empty.otherFilters')}</li>
        {result.nextVacantDates.length ? <li>{t('search.empty.otherDays')}</li> : null}
        {nearby ? (
          <li>
            <Link
              to={hrefFor({
                municipalities: [...filter.municipalities, ...nearby.municipalities],
                clinicIds: [...filter.clinicIds, ...nearby.clinicIds],
              })}
              replace
              preventScrollReset
            >
              {t('search.empty.nearby', { places })}
            </Link>
          </li>
        ) : null}
        {practitionerClinicIds ? (
          <li>
            <Link to={hrefFor({ clinicIds: practitionerClinicIds, municipalities: [], includeRemote: true })} replace preventScrollReset>
              {t('search.empty.practitionerClinics')}
            </Link>
          </li>
        ) : null}
      </ul>
      {[
        { id: 'nearby-title', title: t('search.empty.nearbyTitle'), items: nearby?.appointments ?? [] },
        { id: 'next-month-title', title: t('search.empty.nextMonthTitle'), items: nextMonth },
      ].map(({ id, title, items }) =>
        items.length ? (
          <Section key={id} id={id} title={title} level={3} plain>
            <AppointmentResults items={items} lang={lang} reservePage={reservePage} hrefOf={hrefOf} />
          </Section>
        ) : null,
      )}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
