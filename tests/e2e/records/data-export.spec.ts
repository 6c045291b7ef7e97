/**
 * "Download my data" (ADR 0035), with JavaScript on and off: from my information to the page,
 * both downloads by pressing their buttons, each a form post with the CSRF token (the PDF with
 * its sections and Finnish letters, the FHIR Bundle valid against the R4 schema), a guardian's
 * download of a ward under 12, the answers for anyone else or nobody, and a GET of a
 * download's address, which changes nothing (issue 39).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO_PERSONS, expect, login, newIdentityCode, test } from '../fixtures';
import { EXPORTS_PER_HOUR } from '../../../app/models/records/export';
import { fhirSchemaErrors } from '../../fixtures/fhir';
import { readPdf } from '../../fixtures/pdf-text';

async function download(page: Page, buttonName: RegExp) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: buttonName }).click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** The page's CSRF token (the download forms carry it). */
const csrfOf = async (page: Page) => page.locator('form[action="/api/records/export/pdf"] input[name="csrf"]').first().inputValue();

type Bundle = { resourceType: string; entry: Array<{ resource: { resourceType: string; identifier?: Array<{ system: string; value: string }> } }> };

test.describe('download my data', () => {
  // Compiling the 3 MB FHIR schema takes seconds: once per worker, before the tests' own time.
  test.beforeAll(() => void fhirSchemaErrors({}));

  test('Aino finds the page from my information and downloads the PDF and the FHIR file', { tag: '@no-js' }, async ({ page }) => {
    await login(page, 'aino', { lang: 'fi' });
    await page.goto('/fi/omat-tiedot');
    await page.getByRole('link', { name: 'Siirry lataamaan tietosi' }).click();
    await expect(page).toHaveURL(/\/fi\/omat-tiedot\/lataa-tiedot$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lataa tietoni' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Laboratoriotulokset viitearvoineen' })).toBeVisible();

    const pdf = await download(page, /^Lataa PDF: Aino Virtanen$/);
    expect(pdf.name).toMatch(/^terveystiedot-\d{4}-\d{2}-\d{2}\.pdf$/);
    const reading = readPdf(pdf.bytes);
    expect(reading.fontsEmbedded).toBe(true);
    for (const heading of ['Ajanvaraukset', 'Käynnit', 'Laboratoriotulokset', 'Kuvantamistulokset', 'Reseptit', 'Rokotukset', 'Sairauslomatodistukset']) {
      expect(reading.text).toContain(heading);
    }
    expect(reading.text).toContain('Henkilötunnus');
    expect(reading.text).toContain('Äkillinen poskiontelotulehdus');

    // The page stayed where it was: a download is an answer to the post, not a navigation.
    await expect(page).toHaveURL(/\/fi\/omat-tiedot\/lataa-tiedot$/);
    const fhir = await download(page, /^Lataa FHIR-tiedosto: Aino Virtanen$/);
    expect(fhir.name).toMatch(/^terveystiedot-\d{4}-\d{2}-\d{2}\.fhir\.json$/);
    const bundle = JSON.parse(fhir.bytes.toString('utf8')) as Bundle;
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    expect(bundle.entry[0]!.resource.identifier).toEqual([{ use: 'official', system: 'urn:oid:1.2.246.21', value: DEMO_PERSONS.aino.identityCode }]);
    expect(new Set(bundle.entry.map((e) => e.resource.resourceType))).toEqual(
      new Set([
        'Patient',
        'Appointment',
        'Encounter',
        'Condition',
        'Observation',
        'DiagnosticReport',
        'MedicationRequest',
        'Immunization',
        'DocumentReference',
      ]),
    );
  });

  test('the English page downloads in English; the answers are never cached', async ({ page }) => {
    await login(page, 'aino', { lang: 'en' });
    await page.goto('/en/my-information/download-my-data');
    const pdf = await download(page, /^Download PDF: Aino Virtanen$/);
    expect(pdf.name).toMatch(/^health-records-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(readPdf(pdf.bytes).text).toContain('Laboratory results');
    const response = await page.request.post('/api/records/export/fhir', { form: { csrf: await csrfOf(page), lang: 'en' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(response.headers()['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="health-records-[\d-]+\.fhir\.json"/);
  });

  test('Laura downloads her ward Eino’s data; nobody else’s, and nothing without login', async ({ page }) => {
    await login(page, 'laura', { lang: 'sv' });
    await page.goto('/sv/mina-uppgifter/ladda-ner-uppgifter');
    await expect(page.getByRole('button', { name: /^Ladda ner PDF: / })).toHaveCount(2);
    const fhir = await download(page, /^Ladda ner FHIR-fil: Eino Nieminen$/);
    expect(fhir.name).toMatch(/^halsouppgifter-[\d-]+\.fhir\.json$/);
    const bundle = JSON.parse(fhir.bytes.toString('utf8')) as Bundle;
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    expect(bundle.entry[0]!.resource.identifier![0]!.value).toBe(DEMO_PERSONS.eino.identityCode);
    expect(fhir.bytes.toString('utf8')).not.toContain(DEMO_PERSONS.laura.identityCode);

    const csrf = await csrfOf(page);
    expect((await page.request.post('/api/records/export/fhir', { form: { csrf, person: '00000000-0000-4000-8000-000000000000' } })).status()).toBe(404);
    expect((await page.request.post('/api/records/export/pdf', { form: { csrf, person: 'not-an-id' } })).status()).toBe(404);
    // Without the page's token (a post from another site), and without a session, nothing.
    expect((await page.request.post('/api/records/export/pdf', { form: { lang: 'sv' } })).status()).toBe(403);
    await page.context().clearCookies();
    expect((await page.request.post('/api/records/export/pdf', { form: { csrf } })).status()).toBe(403);
  });

  test('a GET of a download address changes nothing: no file, no count, back to the page', async ({ page }) => {
    await login(page, { identityCode: newIdentityCode() }, { lang: 'en' });
    for (let i = 0; i <= EXPORTS_PER_HOUR; i++) {
      const answer = await page.request.get(`/api/records/export/${i % 2 ? 'pdf' : 'fhir'}?lang=en`, { maxRedirects: 0 });
      expect(answer.status()).toBe(303);
      expect(answer.headers()['location']).toBe('/en/my-information/download-my-data');
    }
    // None of them counted against the hourly limit (nor wrote an access-log row): a post still downloads.
    await page.goto('/en/my-information/download-my-data');
    const pdf = await download(page, /^Download PDF:/);
    expect(pdf.name).toMatch(/^health-records-[\d-]+\.pdf$/);
  });

  test('past the hourly limit a download leads back to the page with a message', async ({ page }) => {
    await login(page, { identityCode: newIdentityCode() }, { lang: 'en' });
    await page.goto('/en/my-information/download-my-data');
    const form = { csrf: await csrfOf(page), lang: 'en' };
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) {
      expect((await page.request.post('/api/records/export/fhir', { form, maxRedirects: 0 })).status()).toBe(200);
    }
    const refused = await page.request.post('/api/records/export/pdf', { form, maxRedirects: 0 });
    expect(refused.status()).toBe(303);
    expect(refused.headers()['location']).toBe('/en/my-information/download-my-data');
    await page.goto('/en/my-information/download-my-data');
    await expect(page.getByText(/You have downloaded your data many times in a short while\. Try again in \d+ minutes\./)).toBeVisible();
  });
});
