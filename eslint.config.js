import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
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
    regex: `^(${builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.replace('/', '\\/')).join('|')})$`,
    message: 'Models and rules are pure and client-safe: no Node built-ins.',
  },
];
/** db/ sits below the services. */
const noServices = {
  regex: '^(~/services/|(\\.\\./)+app/services/)',
  message: 'db/ imports no services (the services import db/).',
};

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
    selector: "CallExpression[callee.property.name=/^(getFullYear|getMonth|getDate|getDay|getHours|getMinutes)$/]",
    message: 'Local-zone getters read the machine\'s time zone: use wallClock()/helsinkiDate() (app/lib/dates.ts) or the UTC getters.',
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
    files: ['tests/**', 'bench/**', 'scripts/**', 'db/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The benchmark measures wall-clock durations of its own and runs its servers on the wall clock.
    files: ['app/**/*.{ts,tsx}', 'db/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'server.ts', '*.config.ts'],
    rules: { 'no-restricted-syntax': noWallClock },
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
    files: ['app/components/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(noSeed, noDatabase, noServerModules) },
  },
  {
    // app/models and the *-rules.ts modules are pure and client-safe.
    files: ['app/models/**/*.{ts,tsx}', 'app/**/*-rules.ts', 'app/**/rules.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(noSeed, noDatabase, noServerModules, noNodeBuiltins) },
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
);
