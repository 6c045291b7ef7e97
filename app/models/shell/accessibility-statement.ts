/**
 * The accessibility statement's dates (Act 306/2019: when it was prepared and last updated).
 * Change `STATEMENT_UPDATED` whenever the statement's texts change (a shortcoming fixed or found):
 * app/i18n/resources/shell/accessibility.ts. Client-safe.
 */
export const STATEMENT_PREPARED = '2026-11-25T12:00:00+02:00';
export const STATEMENT_UPDATED = '2026-11-25T16:00:00+02:00';
