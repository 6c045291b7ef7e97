/** A fresh family for a minor's confidential visits (ADR 0034), from the test-only fixture route. */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

export interface ConfidentialFamily {
  guardian: { identityCode: string; phone: string; email: string };
  teen: { identityCode: string; firstName: string; lastName: string; phone: string };
  child: { identityCode: string; firstName: string; lastName: string };
  teenVisitId: number;
  childVisitId: number;
  invoice: { id: number; invoiceNumber: string };
}

/**
 * A guardian, their ward of 15 with a psychologist visit the guardian booked (its reminder to the
 * guardian due now, its invoice addressed to the guardian) and their ward of 8 with a visit.
 */
export async function confidentialFamily(page: Page): Promise<ConfidentialFamily> {
  const response = await page.request.get('/dev/test-fixtures/confidential-family');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as ConfidentialFamily;
}

/**
 * Runs the reminder sweep now (what the job runner does every minute); with `outsideQuietHours`,
 * inside the quiet hours as of their end, so that what it sends does not depend on the hour.
 */
export async function runReminderSweep(page: Page, { outsideQuietHours = false } = {}): Promise<void> {
  expect((await page.request.get(`/dev/test-fixtures/reminder-sweep${outsideQuietHours ? '?outsideQuietHours=1' : ''}`)).ok()).toBeTruthy();
}
