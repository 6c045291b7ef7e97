/** Sends the accessibility feedback form through the page (anonymous unless the context is logged in). */
import type { Page } from '@playwright/test';
import type { Language } from '../../../app/i18n/config';
import texts from '../../../app/i18n/resources/shell/accessibility';
import { pagePath } from '../../../app/route-table';
import { expect } from '../fixtures';

export async function sendAccessibilityFeedback(
  page: Page,
  lang: Language,
  {
    location = 'Laskut-sivu',
    description = 'Maksulinkin nimi ei vastaa näkyvää tekstiä.',
    email,
  }: { location?: string; description?: string; email?: string } = {},
  baseURL = '',
) {
  await page.goto(`${baseURL}${pagePath('accessibilityFeedback', lang)}`);
  await page.getByLabel(texts[lang].feedbackForm.location).fill(location);
  await page.getByLabel(texts[lang].feedbackForm.description).fill(description);
  if (email) await page.getByLabel(texts[lang].feedbackForm.email).fill(email);
  await page.getByRole('button', { name: texts[lang].feedbackForm.send }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts[lang].feedbackReceived.title })).toBeVisible();
}
