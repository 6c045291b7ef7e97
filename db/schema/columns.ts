/**
 * Column helpers shared by the schema's area files (not tables; db/schema/index.ts re-exports
 * only the `Localized` type from here).
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp } from 'drizzle-orm/pg-core';
import { clock } from '../../app/lib/clock.server';

/** A text in the three portal languages. */
export type Localized = { fi: string; sv: string; en: string };

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => clock.now());

/** A check that a text column holds one of the values (the lists live with the models). */
export const inList = (column: AnyPgColumn, values: readonly string[]) => sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
