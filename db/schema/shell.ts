/**
 * Schema, shell (the frame's own pages): feedback on the portal's accessibility (issue 23,
 * ADR 0032), sent from the accessibility statement's form, with or without a login.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { outbox } from './platform';

/**
 * One accessibility feedback (Act 306/2019 §16: the feedback channel of the accessibility
 * statement). Who sent it is not recorded: anyone may send it, and the optional e-mail address
 * is the only way back. The texts are the sender's own: shown to staff as text, never logged.
 */
export const accessibilityFeedback = pgTable(
  'accessibility_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The brand and language of the page the form was sent from. */
    brand: text('brand', { enum: ['general', 'children'] }).notNull(),
    language: text('language', { enum: ['fi', 'sv', 'en'] }).notNull(),
    /** Where the problem is, as the sender wrote it. */
    location: text('location').notNull(),
    /** What the problem is, as the sender wrote it. */
    description: text('description').notNull(),
    /** Where to answer; null when not given. */
    email: text('email'),
    /** The acknowledgement e-mail written to the outbox, when an address was given. */
    acknowledgementId: bigint('acknowledgement_id', { mode: 'number' }).references(() => outbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The staff list: newest first, paged.
    index('accessibility_feedback_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('accessibility_feedback_brand_check', sql`${t.brand} in ('general', 'children')`),
    check('accessibility_feedback_language_check', sql`${t.language} in ('fi', 'sv', 'en')`),
  ],
);
