/**
 * Keeps the accessibility statement true (Act 306/2019): every problem it lists still exists
 * (a check per problem, keyed by the list, so a problem cannot be listed without one), every
 * fixed one is off the list with the test that proves the fix, the texts describe exactly the
 * listed problems in each language, and the review date is not older than the lists.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import texts from '~/i18n/resources/shell/accessibility';
import { LANGUAGES } from '~/i18n/config';
import { FLASH_MS, flashDurationMs } from '~/models/shell/flash';
import { KNOWN_PROBLEMS, RESOLVED_PROBLEMS, STATEMENT_LAST_REVIEWED, STATEMENT_PREPARED, type KnownProblemId } from './accessibility-statement';

/** How each listed problem is seen to still exist: fixing it makes its check fail. */
const STILL_EXISTS: Record<KnownProblemId, () => void> = {
  vanishingNotices: () => {
    // Every notice has a time after which the page script (or React) removes it.
    for (const flash of [{}, { durationMs: FLASH_MS.arrivalReason }, { durationMs: FLASH_MS.appointmentCancelled }]) {
      expect(Number.isFinite(flashDurationMs(flash))).toBe(true);
    }
  },
};

describe('the accessibility statement’s list of known problems', () => {
  it.each(KNOWN_PROBLEMS.map((problem) => [problem.id]))('%s still exists', (id) => {
    STILL_EXISTS[id as KnownProblemId]();
  });

  it('lists no problem that has been fixed, and each fix has its proving test', () => {
    const listed = new Set<string>(KNOWN_PROBLEMS.map((p) => p.id));
    for (const resolved of RESOLVED_PROBLEMS) {
      expect(listed.has(resolved.id), resolved.id).toBe(false);
      const source = readFileSync(resolved.provedBy.file, 'utf8');
      expect(source, `${resolved.provedBy.file} proves ${resolved.id}`).toContain(resolved.provedBy.test);
    }
    expect(listed.size).toBe(KNOWN_PROBLEMS.length);
  });

  it('has the texts of exactly the listed problems, in the list’s order, in every language', () => {
    for (const lang of LANGUAGES) {
      expect(Object.keys(texts[lang].problems), lang).toEqual(KNOWN_PROBLEMS.map((p) => p.id));
      for (const problem of Object.values(texts[lang].problems)) {
        expect(problem.title.length && problem.body.length && problem.criteria.startsWith('WCAG ')).toBeTruthy();
      }
    }
  });

  it('was reviewed on or after every change of the lists', () => {
    const day = /^\d{4}-\d{2}-\d{2}$/;
    const changes = [STATEMENT_PREPARED, ...KNOWN_PROBLEMS.map((p) => p.listedOn), ...RESOLVED_PROBLEMS.map((p) => p.fixedOn)];
    for (const date of [...changes, STATEMENT_LAST_REVIEWED]) expect(date).toMatch(day);
    for (const date of changes) expect(STATEMENT_LAST_REVIEWED >= date, `reviewed ${STATEMENT_LAST_REVIEWED}, changed ${date}`).toBe(true);
  });
});
