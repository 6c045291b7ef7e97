/**
 * Database schema (drizzle, PostgreSQL dialect; the same migrations run on PGlite and on a
 * PostgreSQL server), one file per area; `~db/schema` is this index. A new table goes into its
 * area's file (a new area gets a file and a line here); then generate a migration with
 * `npm run db:generate` (drizzle.config.ts reads this index). The area files import each
 * other's tables for foreign keys in one direction, without cycles: people ← auth, platform,
 * booking; booking ← appointments ← billing; booking, platform ← messaging ← records; platform ← shell; appointments ← earlier-times;
 * platform ← account; booking, appointments, people ← practice-system. Column helpers shared by the files are in columns.ts.
 */
export type { Localized } from './columns';
export * from './people';
export * from './auth';
export * from './booking';
export * from './appointments';
export * from './earlier-times';
export * from './messaging';
export * from './records';
export * from './billing';
export * from './account';
export * from './platform';
export * from './shell';
export * from './e-authorizations';
export * from './practice-system';
