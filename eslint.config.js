import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// Layering (README, "Layout"). `no-restricted-imports` options replace each other when several
// blocks match a file, so each block lists every restriction that applies to its files.

/** Nothing in app/ loads the demo data: only the seed and its CLI do. */
const noSeed = {
  regex: '(^~db/|/db/)seed',
  message: 'Demo data is for seeding only: move what the app needs to app/models or a service.',
};
/** The database (schema, client, factories) and its drivers: only *.server.ts modules use them. */
const noDatabase = [
  { regex: '^(~db/|(\\.\\./)+db/)', message: 'Only *.server.ts modules touch the database: call a service.' },
  { regex: '^(drizzle-orm|pg|@electric-sql/pglite)(/|$)', message: 'Only *.server.ts modules touch the database: call a service.' },
];
/** Server-only modules (database, secrets, logging). */
const noServerModules = {
  regex: '\\.server$',
  message: 'Client-safe code imports no *.server module: take shared types and rules from app/models or *-rules.ts.',
};
/** Node built-ins. */
const noNodeBuiltins = [
  { regex: '^node:', message: 'Models and rules are pure and client-safe: no Node built-ins.' },
  {
    regex: `^(${builtinModules
      .filter((m) => !m.startsWith('_'))
      .map((m) => m.replace('/', '\\/'))
      .join('|')})$`,
    message: 'Models and rules are pure and client-safe: no Node built-ins.',
  },
];
/** db/ sits below the services. */
const noServices = {
  regex: '^(~/services/|(\\.\\./)+app/services/)',
  message: 'db/ imports no services (the services import db/).',
};

// --- Layers (docs/decisions/0027-layout-and-layers.md) -----------------------------------------
// routes → components, services, models; services → models, db, platform services, and another
// area's service only through CROSS_AREA_ALLOWED; models → nothing of the app's above them.

/** The HTTP side: route modules, view components, HTTP glue (cookies, flash, JSON answers, guards), the router. */
const noRoutes = { regex: '^(~/|(\\.\\./)+)routes/', message: 'Routes sit on top: nothing below them imports a route module.' };
const noComponents = {
  regex: '^(~/|(\\.\\./)+)components/',
  message: 'Services and models import no components (not even types): move the shared type to app/models.',
};
const noHttpGlue = [
  {
    regex: '^(~/|(\\.\\./)+)lib/http/',
    message: 'Services speak no HTTP: the route (or app/lib/http) turns their results into responses, cookies and redirects.',
  },
  {
    regex: '^(react-router|@react-router/[^/]+)(/|$)',
    message: 'Services do not import the router: take plain values and return plain results; HTTP glue lives in app/lib/http.',
  },
];
/** Models are the bottom layer: no services at all (not even their *-rules). */
const noServicesBelow = {
  regex: '^(~/|(\\.\\./)+)services/',
  message: 'Models sit below the services: move what both need into app/models.',
};
/** Components may use a service's pure, client-safe *-rules.ts; nothing else of the services. */
const noServicesButRules = {
  regex: '^(~/|(\\.\\./)+)services/(?!.*(-rules|/rules)$)',
  message: "Components get data from their route, not from services; only a service's pure *-rules.ts is client-safe.",
};

/**
 * Service areas. A domain area's services may import another domain area's service only when
 * CROSS_AREA_ALLOWED lists that module for it; platform services are open to every service.
 * `people` also owns the population register.
 */
const DOMAIN_AREAS = {
  booking: ['booking'],
  appointments: ['appointments'],
  messaging: ['messaging'],
  records: ['records'],
  billing: ['billing'],
  account: ['account'],
  auth: ['auth'],
  shell: ['shell'],
  people: ['people'],
};
const PLATFORM_SERVICES = ['db', 'audit', 'observability', 'outbox', 'jobs', 'storage', 'security', 'features', 'analytics'];

/**
 * The allowed imports of another domain area's service: `from` an area (or a platform service
 * folder, or '*' for every service), `to` one module under app/services (as imported, without
 * the extension), and why. Add an entry only with a reason a reviewer accepts; prefer moving
 * the shared piece to app/models.
 */
const CROSS_AREA_ALLOWED = [
  { from: 'account', to: 'auth/session.server', reason: 'The SMS code login resumes a lapsed login session or ends it (resumeSession, revokeSession).' },
  {
    from: '*',
    to: 'people/viewer.server',
    reason: "Who is asking and whose data they may see: every area's queries take their viewer from one module (ADR 0026).",
  },
  {
    from: '*',
    to: 'people/people.server',
    reason: 'The people service owns every write to persons; other areas call it inside their own transactions (ADR 0026).',
  },
  {
    from: 'auth',
    to: 'people/population-register/population-register.server',
    reason: "Identification refreshes the person's guardianships from the population register (ADR 0023).",
  },
  {
    from: 'booking',
    to: 'auth/flow-binding.server',
    reason: "The insurer's permit round trip is bound to the browser that started it, like the identification flow.",
  },
  { from: 'booking', to: 'appointments/ics', reason: "The booking confirmation carries the new appointment's calendar entry." },
  {
    from: 'booking',
    to: 'appointments/reminders.server',
    reason: "A booking schedules the new appointment's reminder in its transaction (scheduleReminder, ADR 0031).",
  },
  { from: 'records', to: 'messaging/threads.server', reason: 'A prescription renewal request is sent as a message thread (ADR 0016).' },
  { from: 'appointments', to: 'booking/payers/index.server', reason: "Moving an appointment re-checks its payer's rules for the new time (ADR 0036)." },
  {
    from: 'appointments',
    to: 'booking/reservation/slot.server',
    reason: 'Moving an appointment takes a free slot as a booking does: the same loading, openness and preview (ADR 0036).',
  },
  {
    from: 'appointments',
    to: 'booking/reservation/settings.server',
    reason: 'A move asks the binding consent and states the cancellation limit as the booking does (ADR 0036).',
  },
  {
    from: 'appointments',
    to: 'booking/reservation-rules',
    reason: "A move applies the booking's binding-consent window and recognises the lost race for a slot (ADR 0036).",
  },
  {
    from: 'appointments',
    to: 'billing/refunds.server',
    reason: "Moving a prepaid remote visit elsewhere refunds or credits its fee in the move's transaction, and sends the refund after it (ADR 0048).",
  },
  {
    from: 'messaging',
    to: 'records/questionnaires.server',
    reason: 'The messaging API answers a questionnaire invitation carried in a message through the one questionnaire service (answerQuestionnaire, ADR 0042).',
  },
];

/** The cross-area restriction for the services in one folder (an area's or a platform service's). */
function crossArea(folder) {
  const own = Object.entries(DOMAIN_AREAS).find(([, folders]) => folders.includes(folder))?.[0];
  const others = Object.entries(DOMAIN_AREAS)
    .filter(([area]) => area !== own)
    .flatMap(([, folders]) => folders);
  const allowed = CROSS_AREA_ALLOWED.filter((entry) => entry.from === '*' || entry.from === own || entry.from === folder).map((entry) =>
    entry.to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  const except = allowed.length ? `(?!(${allowed.join('|')})$)` : '';
  return [
    {
      regex: `^~/services/${except}(${others.join('|')})/`,
      message: "Another area's service: allowed only through CROSS_AREA_ALLOWED in eslint.config.js, with a reason (ADR 0027).",
    },
    {
      regex: `^(\\.\\./)+(services/)?(${others.join('|')})/`,
      message: "Import another area's service as ~/services/<area>/… so that CROSS_AREA_ALLOWED can check it.",
    },
  ];
}

/**
 * One clock (app/lib/clock.server.ts): every "now" of the server, the seed, the scripts and the
 * tests comes from `clock`, so a whole run can be set to any instant with PORTAL_NOW. The browser
 * gets times relative to the server's (e.g. the session's time left), never its own clock's.
 * Durations are measured with `performance.now()`.
 */
const noWallClock = [
  'error',
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "Take now from the app's clock: `clock.now()` (app/lib/clock.server.ts).",
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: "Take now from the app's clock: `clock.nowMs()` (app/lib/clock.server.ts); durations: performance.now().",
  },
  {
    // The server's own time zone is not Helsinki's (CI and containers run in UTC).
    selector: 'CallExpression[callee.property.name=/^(getFullYear|getMonth|getDate|getDay|getHours|getMinutes)$/]',
    message: "Local-zone getters read the machine's time zone: use wallClock()/helsinkiDate() (app/lib/dates.ts) or the UTC getters.",
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/now\\(\\)|current_(date|time)/i]",
    message: "The database's clock is not the app's: bind `clock.now()` as a parameter instead of SQL now().",
  },
];

const restrict = (...patterns) => ['error', { patterns: patterns.flat() }];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export default defineConfig(
  { ignores: ['build*/', '.react-router/', 'node_modules/', '.data/', 'test-results*/', 'playwright-report/', 'db/migrations/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The current rules, with the React Compiler's checks (purity, refs, state in effects...).
      ...reactHooks.configs.flat['recommended-latest'].rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn'] }],
    },
  },
  {
    // Imports first, in groups: Node's built-ins, packages, the app's own (~/, ~db/), then
    // relative paths; within a group in any order (issue 40).
    plugins: { 'import-x': importX },
    rules: {
      'import-x/first': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '{~,~db}/**', group: 'internal' }],
          'newlines-between': 'ignore',
        },
      ],
    },
  },
  {
    files: ['tests/**', 'bench/**', 'scripts/**', 'db/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // A bare `location` (or `history`, `name` …) is the browser's global, which the type check
    // accepts: on the server it is a ReferenceError at render. Browser code says `window.…`.
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['location', 'history', 'name', 'status', 'event', 'origin', 'top', 'parent', 'self', 'close', 'open', 'length'].map((name) => ({
          name,
          message: `the browser's global: say window.${name} in browser-only code, or use the value React Router or the request gives`,
        })),
      ],
    },
  },
  {
    // The benchmark measures wall-clock durations of its own and runs its servers on the wall clock.
    files: ['app/**/*.{ts,tsx}', 'db/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'server.ts', '*.config.ts'],
    rules: { 'no-restricted-syntax': noWallClock },
  },
  {
    // Every <time> goes through ~/components/Time, whose datetime is always valid HTML (at most
    // milliseconds: PostgreSQL's microseconds are not). The same block repeats the clock rules,
    // since a file's last no-restricted-syntax replaces the earlier ones.
    files: ['app/**/*.tsx'],
    ignores: ['app/components/Time.tsx'],
    rules: {
      'no-restricted-syntax': [
        ...noWallClock,
        { selector: "JSXOpeningElement[name.name='time']", message: 'Write a time with <Time at={…}> (~/components/Time): its datetime is valid HTML.' },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['tests/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },

  // --- Layering -------------------------------------------------------------------------------
  {
    // Everything in app/: no demo data.
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(noSeed) },
  },
  {
    // Only *.server.ts modules touch the database.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.{ts,tsx}', ...TESTS],
    rules: { 'no-restricted-imports': restrict(noSeed, noDatabase) },
  },
  {
    // Components take their types from app/models, never from server modules (not even types).
    // Route modules may import server types for their loaders and actions; their views live here.
    // Components import no route module and, of the services, only their pure *-rules.ts.
    files: ['app/components/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(noSeed, noDatabase, noServerModules, noRoutes, noServicesButRules) },
  },
  {
    // app/models and the *-rules.ts modules are pure and client-safe.
    files: ['app/**/*-rules.ts', 'app/**/rules.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(noSeed, noDatabase, noServerModules, noNodeBuiltins) },
  },
  {
    // app/models is the bottom layer: no services, components or routes either.
    files: ['app/models/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': restrict(noSeed, noDatabase, noServerModules, noNodeBuiltins, noServicesBelow, noComponents, noRoutes),
    },
  },
  {
    // app/browser runs in the browser (ADR 0009): the DOM and pure models only, no React, router,
    // services or components (the server side imports it, not the other way round).
    files: ['app/browser/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': restrict(noSeed, noDatabase, noServerModules, noNodeBuiltins, noServicesBelow, noComponents, noRoutes, {
        regex: '^(react|react-dom|react-router|@react-router/[^/]+|@conform-to/[^/]+|zod|i18next)(/|$)',
        message: 'The browser library is framework-free: the DOM and app/models only.',
      }),
    },
  },
  {
    // The test-only fixture routes (404 unless DEPLOYMENT_ENV=test) create rows directly and
    // load the demo data lazily, after that check (type imports are erased).
    files: ['app/routes/dev/test-*.ts'],
    rules: { 'no-restricted-imports': restrict({ ...noSeed, allowTypeImports: true }) },
  },
  {
    // db/ sits below the services. The CLIs (`npm run db:migrate`, `db:seed`) are entry points
    // that read the configuration like scripts/start.ts does.
    files: ['db/**/*.ts'],
    ignores: ['db/*-cli.ts'],
    rules: { 'no-restricted-imports': restrict(noServices) },
  },
  // Services import no routes, components, HTTP glue or router (each kind of module keeps the
  // restrictions it has above: *.server may use the database, *-rules.ts stay pure).
  {
    files: ['app/services/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(noSeed, noDatabase, noRoutes, noComponents, noHttpGlue) },
  },
  {
    files: ['app/services/**/*.server.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(noSeed, noRoutes, noComponents, noHttpGlue) },
  },
  {
    files: ['app/services/**/*-rules.ts', 'app/services/**/rules.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': restrict(noSeed, noDatabase, noServerModules, noNodeBuiltins, noRoutes, noComponents, noHttpGlue),
    },
  },
  // A service imports another domain area's service only through CROSS_AREA_ALLOWED (a rule of
  // its own, so its options do not replace the ones above).
  ...[...Object.values(DOMAIN_AREAS).flat(), ...PLATFORM_SERVICES].map((folder) => ({
    files: [`app/services/${folder}/**/*.{ts,tsx}`],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': restrict(crossArea(folder)) },
  })),
);
