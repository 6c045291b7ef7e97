/**
 * The pages the benchmark measures. Add a page by adding an entry: every scenario gets a
 * throughput/latency run, every page also a page-weight measurement against the budgets.
 */
import { addDays, helsinkiDate } from '../app/lib/dates';
import { clock } from '../app/lib/clock.server';
import type { CookieJar } from './cookie-jar';
import { send } from './http';
import { addAccessLogHistory } from './access-log-data';

/** Who requests the page: nobody in particular (no cookies) or the logged-in demo person. */
export type ScenarioAuth = 'anonymous' | 'user';

export interface Scenario {
  /** Unique short name, used in the printed table and in results.json. */
  name: string;
  /** Path (and query) on the portal, e.g. `/fi/eula`. */
  path: string;
  auth: ScenarioAuth;
  /** A page (HTML, weighed against the budgets) or a resource route (no page weight). */
  kind: 'page' | 'resource';
  /** Text the page must contain; checked once before measuring (catches e.g. a lost login). */
  expectText?: string;
  /**
   * With `auth: 'user'`, whom to log in as: an identity code of the demo data (default: the demo
   * person, Aino). Each person is logged in once per run.
   */
  identityCode?: string;
  /**
   * Finds the path to measure when it depends on the data (a free time's id, a thread's id): run
   * once, after the login and before any load, with the scenario's session. `path` then only
   * names the page in the report until this has run.
   */
  resolvePath?: (context: ScenarioContext) => Promise<string>;
  /**
   * Adds the data the scenario needs to the database, once, after the server has started (and
   * seeded it) and before anyone logs in. Scenarios sharing a `prepare` run it once.
   */
  prepare?: (context: PrepareContext) => Promise<void>;
}

export interface PrepareContext {
  /** The PostgreSQL database the server runs on; null with --pglite (the server holds it alone). */
  databaseUrl: string | null;
}

export interface ScenarioContext {
  origin: string;
  /** The scenario's logged-in session, or null for anonymous scenarios. */
  session: CookieJar | null;
}

/** Mikko, the demo person with an occupational contract: he has conversations with the care team. */
const MIKKO = '020779-913S';

/** A general-practice search the seed always answers (60 days of free times from the seed on). */
const SEARCH_QUERY = 'specialtyIds=YLE';

/** The first Monday–Friday after `date` (YYYY-MM-DD). */
function nextWeekday(date: string): string {
  let day = addDays(date, 1);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

/** The first link of `pattern` in the page at `path` (fetched with the scenario's session). */
async function firstLink(context: ScenarioContext, path: string, pattern: RegExp): Promise<string> {
  const response = await send(new URL(path, context.origin), context.session);
  const html = await response.text();
  const found = pattern.exec(html)?.[1];
  if (response.status !== 200 || !found) throw new Error(`no link ${pattern} in ${path} (status ${response.status})`);
  return found;
}

/** 10 years of the demo person's access log among millions of others' rows (ADR 0033). */
async function accessLogHistory(context: PrepareContext): Promise<void> {
  if (!context.databaseUrl) throw new Error('the access-log scenarios need PostgreSQL (leave out --pglite)');
  await addAccessLogHistory(context.databaseUrl, '150385-9024');
}

/** Every throughput is also reported as a ratio to this scenario's throughput in the same run. */
export const BASELINE_SCENARIO = 'terms';

export const SCENARIOS: readonly Scenario[] = [
  // The cheapest answer through the whole Express + React Router stack: the floor for pages.
  { name: 'healthz', path: '/healthz', auth: 'anonymous', kind: 'resource' },
  { name: 'terms', path: '/fi/eula', auth: 'anonymous', kind: 'page' },
  // The floor for a logged-in answer: the invoices list's JSON API (spec 2 §7) checks the session,
  // reads one page of invoices and writes the view to the access log, and renders no HTML. A
  // logged-in page does at least this much, plus its page.
  { name: 'invoices-api', path: '/api/payments/invoices-list?lang=fi', auth: 'user', kind: 'resource' },
  { name: 'front-anonymous', path: '/fi', auth: 'anonymous', kind: 'page' },
  { name: 'front-logged-in', path: '/fi', auth: 'user', kind: 'page', expectText: 'Hei, Aino!' },
  // Aino's seeded "tomorrow" appointment (id 3) and its anonymous link; the seed's links are
  // deterministic (README, "Try it").
  { name: 'appointment', path: '/fi/ajanvaraukset/3', auth: 'user', kind: 'page', expectText: 'Ihotaudit – Vastaanottokäynti' },
  {
    name: 'anonymous-link',
    path: '/fi/varaus/M184am5zX2haZHhDX3VycU16emR6QXRSekcxMnpjX0N6Sg',
    auth: 'anonymous',
    kind: 'page',
    expectText: 'Ihotaudit – Vastaanottokäynti',
  },
  // A search that finds free times ("Näytetään 20 vapaata aikaa."): the next weekday's list. Today's
  // is empty after its last time (the page then suggests other days: the bench's check failed
  // after 23 in Helsinki), and the seed has no times on Sundays (db/slots.ts).
  {
    name: 'search',
    path: `/fi/ajanvaraus/yksityisasiakas?${SEARCH_QUERY}&startDate=:weekday`,
    auth: 'anonymous',
    kind: 'page',
    expectText: 'vapaata aikaa',
    resolvePath: async () => `/fi/ajanvaraus/yksityisasiakas?${SEARCH_QUERY}&startDate=${nextWeekday(helsinkiDate(clock.now()))}`,
  },
  // The reservation form of a free time three days ahead (anonymous: Aino would first be asked
  // for the patient data consent).
  {
    name: 'reserve',
    path: '/fi/vapaat-ajat/:slotId',
    auth: 'anonymous',
    kind: 'page',
    expectText: 'Hinta-arvio',
    resolvePath: (context) =>
      firstLink(
        context,
        `/fi/ajanvaraus/yksityisasiakas?${SEARCH_QUERY}&startDate=${addDays(helsinkiDate(clock.now()), 3)}`,
        /href="(\/fi\/vapaat-ajat\/\d+)"/,
      ),
  },
  { name: 'invoices', path: '/fi/laskut', auth: 'user', kind: 'page', expectText: 'Yleislääkärin vastaanotto' },
  { name: 'conversations', path: '/fi/viestit', auth: 'user', identityCode: MIKKO, kind: 'page', expectText: 'Selkäkipu' },
  {
    name: 'thread',
    path: '/fi/viestit/:threadId',
    auth: 'user',
    identityCode: MIKKO,
    kind: 'page',
    expectText: 'Kevyt liikunta auttaa yleensä.',
    resolvePath: (context) => firstLink(context, '/fi/viestit', /href="(\/fi\/viestit\/\d+)"[^>]*><span[^>]*>Selkäkipu</),
  },
  { name: 'prescriptions', path: '/fi/reseptit', auth: 'user', kind: 'page', expectText: 'Amoxin' },
  { name: 'laboratory', path: '/fi/laboratorio', auth: 'user', kind: 'page', expectText: 'Laboratoriolähete: kolesteroli ja TSH' },
  { name: 'my-information', path: '/fi/omat-tiedot', auth: 'user', kind: 'page', expectText: 'Mannerheimintie 12 B 7' },
  // Who has handled my data, at 10 years of a busy patient's history: the newest page, and a
  // month five years back (the period filter; keyset, so any page costs the same).
  // The newest entries: in a whole run, Aino's own views of the scenarios before this one.
  { name: 'access-log', path: '/fi/tietojeni-kasittely', auth: 'user', kind: 'page', expectText: 'Katsottu: ', prepare: accessLogHistory },
  {
    name: 'access-log-period',
    path: '/fi/tietojeni-kasittely?from=:from&to=:to',
    auth: 'user',
    kind: 'page',
    expectText: 'Katsottu: reseptit',
    prepare: accessLogHistory,
    resolvePath: async () => {
      const from = addDays(helsinkiDate(clock.now()), -5 * 365);
      return `/fi/tietojeni-kasittely?from=${from}&to=${addDays(from, 30)}`;
    },
  },
];

/**
 * Throughput goals (issue 8, "server time per request"), as ratios of two scenarios of the same
 * run, so they hold on any machine: a page costs at most so much more than a cheaper one.
 */
export interface RatioGoal {
  scenario: string;
  of: string;
  atLeast: number;
}

export const RATIO_GOALS: readonly RatioGoal[] = [
  { scenario: 'terms', of: 'healthz', atLeast: 0.6 },
  { scenario: 'front-logged-in', of: 'terms', atLeast: 0.6 },
  { scenario: 'appointment', of: 'terms', atLeast: 0.6 },
];
