/**
 * The accessibility statement's one list of known problems (Act 306/2019: the content that is
 * not yet accessible, and why) and its dates: when it was prepared and when it was last
 * reviewed. The statement page (routes/shell/accessibility-statement.tsx) renders exactly this
 * list, in this order, each problem with its texts (`problems.<id>` of
 * app/i18n/resources/shell/accessibility.ts, whose keys must be these ids: the typecheck says so).
 *
 * Kept true by accessibility-statement.test.ts: each listed problem has a check that it still
 * exists (a problem fixed makes its check fail, so it cannot stay listed), each resolved one has
 * a test that proves the fix and is never listed, and the review date is not older than any
 * change of the lists. Fixing a problem: move it to `RESOLVED_PROBLEMS` with the day and the test
 * that proves it, drop its texts, and review the statement (`STATEMENT_LAST_REVIEWED`).
 * Client-safe.
 */

export interface KnownProblem {
  id: string;
  /** The Helsinki day it was added to the statement (YYYY-MM-DD). */
  listedOn: string;
}

export interface ResolvedProblem {
  id: string;
  /** The Helsinki day the fix was made (YYYY-MM-DD). */
  fixedOn: string;
  /** The test that proves it fixed: a file and the name of a test in it. */
  provedBy: { file: string; test: string };
}

export const KNOWN_PROBLEMS = [
  /**
   * Spec 1 §8 and spec 2 §8–§9 make notices (flash messages) disappear after 10 s (the reason for
   * the visit's after 5 s, "appointment cancelled" after 15 s), and nothing lets a user keep one
   * longer (WCAG 2.2.1 Timing Adjustable). Without JavaScript they stay on their page.
   */
  { id: 'vanishingNotices', listedOn: '2026-12-07' },
] as const satisfies readonly KnownProblem[];

export type KnownProblemId = (typeof KNOWN_PROBLEMS)[number]['id'];

export const RESOLVED_PROBLEMS = [
  {
    id: 'untaggedPdfs',
    fixedOn: '2026-11-25',
    provedBy: { file: 'app/lib/pdf.server.test.ts', test: 'is a tagged PDF (PDF/UA): structure tree, marked, language, title shown, decorations as artifacts' },
  },
  {
    id: 'kelaCardError',
    fixedOn: '2026-11-25',
    provedBy: { file: 'app/browser/kela-upload.test.ts', test: "keeps a side's refusal shown until that side is chosen again (issue 26)" },
  },
] as const satisfies readonly ResolvedProblem[];

/** The Helsinki day the statement was first prepared. */
export const STATEMENT_PREPARED = '2026-11-25';
/** The Helsinki day the statement was last reviewed against the portal (every list change is a review). */
export const STATEMENT_LAST_REVIEWED = '2026-12-07';
