/**
 * Health records (issue 11), with JavaScript on and off: prescription renewal, lab results,
 * imaging, visits, questionnaires, certificates as PDF, vaccination paging, a guardian reading
 * a ward's records, another person's record as 404, and the children's brand without
 * certificates and questionnaires. Tests that change state get fresh items from
 * /dev/test-fixtures/records.
 */
import type { Page } from '@playwright/test';
import { expect, jsEnabled, login, test } from '../fixtures';
import { CHILDREN_URL } from '../urls';
import { pagePath } from '../../../app/route-table';
import { flattenTags, readPdf } from '../../fixtures/pdf-text';

interface RecordFixture {
  prescriptionIds: [number, number];
  medicines: [string, string];
  questionnaireId: number;
}

async function recordFixture(page: Page): Promise<RecordFixture> {
  const response = await page.request.get('/dev/test-fixtures/records?person=aino');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as RecordFixture;
}

test.describe('prescriptions and renewal', () => {
  test('Aino renews two prescriptions; an unanswered follow-up blocks sending; a second request is refused', { tag: '@no-js' }, async ({ page }, testInfo) => {
    await login(page, 'aino');
    const fixture = await recordFixture(page);
    const [a, b] = fixture.medicines;
    await page.goto('/en/prescriptions');
    await expect(page.getByText('Cannot be renewed online').first()).toBeVisible();
    await page.getByLabel(`Select ${a} for renewal`).check();
    await page.getByLabel(`Select ${b} for renewal`).check();
    await page.getByRole('button', { name: 'Renew selected' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/prescription-renewal/${[...fixture.prescriptionIds].sort((x, y) => x - y).join(',')}$`));

    await page.getByLabel('Has your health or your other medication changed').fill('No changes');
    const first = page.getByRole('group', { name: new RegExp(a) });
    const second = page.getByRole('group', { name: new RegExp(b) });
    await first.getByLabel('Why do you need the renewal?').fill('Continuous medication');
    await first.getByRole('group', { name: 'Is the medicine finished?' }).getByLabel('Yes').check();
    await first.getByRole('group', { name: 'Have you had side effects?' }).getByLabel('No').check();
    await second.getByLabel('Why do you need the renewal?').fill('Still needed');
    await second.getByRole('group', { name: 'Is the medicine finished?' }).getByLabel('No').check();
    await second.getByRole('group', { name: 'Have you had side effects?' }).getByLabel('No').check();
    // A follow-up shows for the answer that asks for it (with JS; without JS every one shows).
    const amountLeft = 'How much medicine is left and when will it run out?';
    await expect(second.getByLabel(amountLeft)).toBeVisible();
    await expect(first.getByLabel(amountLeft)).toBeVisible({ visible: !jsEnabled(testInfo.project.name) });
    await expect(first.getByLabel('Describe the side effects')).toBeVisible({ visible: !jsEnabled(testInfo.project.name) });
    // "No" needs the amount left: with JS sending waits for it, without JS the server refuses;
    // either way the hint shows and nothing typed is lost.
    if (jsEnabled(testInfo.project.name)) {
      await expect(page.getByRole('button', { name: 'Send renewal request' })).toBeDisabled();
    } else {
      await page.getByRole('button', { name: 'Send renewal request' }).click();
    }
    await expect(page.getByText('Fill in all fields first.').first()).toBeVisible();
    await expect(first.getByLabel('Why do you need the renewal?')).toHaveValue('Continuous medication');
    await second.getByLabel('How much medicine is left and when will it run out?').fill('Five tablets, until Friday');
    await page.getByRole('button', { name: 'Send renewal request' }).click();
    await expect(page.getByRole('heading', { name: 'Renewal request sent' })).toBeVisible();
    await expect(page.getByText('Prescription requests are processed in 1–3 workdays. You will get a confirmation by SMS.')).toBeVisible();

    // One request per prescription while it is pending.
    await page.goto(`/en/prescription-renewal/${fixture.prescriptionIds[0]}`);
    await expect(page.getByText(`A renewal request for ${a} is already being processed.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send renewal request' })).toHaveCount(0);
  });

  test('"select all renewable" and "clear": in place with JS, answered by the server without', { tag: '@no-js' }, async ({ page }, testInfo) => {
    await login(page, 'aino');
    const fixture = await recordFixture(page);
    await page.goto('/en/prescriptions');
    const boxes = fixture.medicines.map((medicine) => page.getByLabel(`Select ${medicine} for renewal`));
    await page.getByRole('button', { name: 'Select all renewable' }).click();
    for (const box of boxes) await expect(box).toBeChecked();
    await expect(page).toHaveURL(jsEnabled(testInfo.project.name) ? /\/en\/prescriptions$/ : /\/en\/prescriptions\?select=all$/);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    for (const box of boxes) await expect(box).not.toBeChecked();
    await boxes[1]!.check();
    await page.getByRole('button', { name: 'Renew selected' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/prescription-renewal/${fixture.prescriptionIds[1]}$`));
  });

  test('the front page links to the renewal when Aino can renew', async ({ page }) => {
    await login(page, 'aino');
    await page.goto('/en');
    await expect(page.getByRole('heading', { name: 'Latest in your health records' })).toBeVisible();
    await page.getByRole('link', { name: 'Renew a prescription' }).click();
    await expect(page).toHaveURL(/\/en\/prescriptions$/);
  });
});

test.describe('laboratory, imaging and visits', () => {
  test('a ready lab day shows an out-of-range value in words, the package and the reference range', async ({ page }) => {
    await login(page, 'aino');
    await page.goto('/en/laboratory');
    await expect(page.getByText('Not valid')).toBeVisible();
    await page.getByRole('listitem').filter({ hasText: 'Ready' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Laboratory results/ })).toBeVisible();
    const leukocytes = page.getByRole('row', { name: /Leukosyytit/ });
    await expect(leukocytes).toContainText('11.2 E9/l – Outside the reference range');
    await expect(leukocytes).toContainText('3.4–8.2 E9/l');
    await expect(page.getByRole('row', { name: /Kolesteroli, LDL/ })).toContainText('<3.0 mmol/l');
    await expect(page.getByRole('row', { name: /CRP/ })).toContainText('< 3 mg/l');
    await expect(page.getByRole('rowheader', { name: 'Perusverenkuva (PVK)' })).toBeVisible();
    await page.goto('/en/laboratoryresult/2001-01-01');
    await expect(page.getByRole('heading', { name: 'Results were not found' })).toBeVisible();
  });

  test('an imaging result without a statement, and a visit with diagnoses', async ({ page }) => {
    await login(page, 'aino');
    await page.goto('/en/imaging');
    await page.getByRole('link', { name: 'Polven röntgenkuvaus' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Polven röntgenkuvaus' })).toBeVisible();
    await expect(page.getByText("No doctor's statement")).toBeVisible();
    await page.goto('/en/visits');
    await page.getByRole('main').getByRole('listitem').first().getByRole('link').click();
    await expect(page.getByText('J01.9')).toBeVisible();
    await expect(page.getByText('Äkillinen poskiontelotulehdus, määrittämätön')).toBeVisible();
    await expect(page.getByText('150385-9024')).toBeVisible();
    await expect(page.getByRole('main').getByText('Aino Virtanen')).toBeVisible();
  });
});

test.describe('questionnaires, certificates and vaccinations', () => {
  test('Aino answers a questionnaire, which is then read-only', async ({ page }) => {
    await login(page, 'aino');
    const fixture = await recordFixture(page);
    await page.goto(`/en/questionnaires/${fixture.questionnaireId}`);
    await page.getByRole('button', { name: 'Send answers' }).click();
    await expect(page.getByText('Required').first()).toBeVisible();
    await page.getByLabel('What is the reason for your visit?').fill('Back pain');
    await page.getByRole('group', { name: 'Do you smoke?' }).getByLabel('No').check();
    await page
      .getByRole('group', { name: /What exercise do you do/ })
      .getByLabel('Walking')
      .check();
    await page
      .getByRole('group', { name: /How would you rate how you feel/ })
      .getByLabel('4')
      .check();
    await page.getByRole('button', { name: 'Send answers' }).click();
    await expect(page.getByText('Thank you, your answers were saved.')).toBeVisible();
    await expect(page.getByText(/You answered this questionnaire on/)).toBeVisible();
    await expect(page.getByText('Back pain')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send answers' })).toHaveCount(0);
    await page.goto('/en/questionnaires');
    await expect(
      page.getByRole('region', { name: 'Answered' }).getByRole('link', { name: 'Health questionnaire before the appointment' }).first(),
    ).toBeVisible();
  });

  test('Aino downloads a certificate PDF with her name inside', async ({ page }) => {
    await login(page, 'aino');
    await page.goto('/en/certificates');
    const links = page.getByRole('link', { name: /Download the certificate/ });
    await expect(links).toHaveCount(2);
    const href = await links.first().getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = (await pdf.body()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/\/FontFile2/);
    expect(text).toContain('(Aino Virtanen)');
    expect(pdf.headers()['content-disposition']).toContain('filename="sick-leave-certificate-');
    // Tagged (ADR 0043): a screen reader gets the title as a heading and the facts as a list.
    const { tags } = readPdf(await pdf.body());
    expect(tags).toMatchObject({ marked: true, lang: 'en', displayDocTitle: true });
    expect(flattenTags(tags.root).find((e) => e.type === 'H1')?.text).toBe('Sick-leave certificate');
  });

  test('the Swedish certificate downloads under a Swedish file name', async ({ page }) => {
    await login(page, 'aino', { lang: 'sv' });
    await page.goto(pagePath('certificates', 'sv'));
    const href = await page
      .getByRole('link', { name: /^Ladda ner intyget/ })
      .first()
      .getAttribute('href');
    expect(href).toContain('lang=sv');
    const pdf = await page.request.get(href!);
    expect(pdf.headers()['content-disposition']).toMatch(/filename="sjukledighetsintyg-\d{4}-\d{2}-\d{2}\.pdf"/);
    expect(readPdf(await pdf.body()).tags.lang).toBe('sv');
  });

  test('vaccinations are paged 25 at a time with links', async ({ page }) => {
    await login(page, 'aino');
    await page.goto('/en/vaccinations');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(25);
    await expect(page.getByRole('link', { name: 'Book a vaccination' })).toBeVisible();
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/en\/vaccinations\?page=2$/);
    await expect(page.getByText('Page 2')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Previous page' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  });
});

test.describe('plain HTML (ADR 0009)', () => {
  // With JavaScript on (a browser without it loads no script whatever the page says).
  test('the record pages are plain HTML: a browser with JavaScript loads no script file', async ({ page }) => {
    await login(page, 'aino');
    const fixture = await recordFixture(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const paths = [
      '/en/visits',
      '/en/laboratory',
      '/en/imaging',
      '/en/prescriptions',
      `/en/prescription-renewal/${[...fixture.prescriptionIds].sort((x, y) => x - y).join(',')}`,
      '/en/vaccinations',
      '/en/certificates',
      '/en/questionnaires',
      `/en/questionnaires/${fixture.questionnaireId}`,
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveAttribute('data-static', 'true');
    }
    expect(scripts).toEqual([]);
  });
});

test.describe('who sees which records', () => {
  test("Laura sees Eino's lab results; Aino gets 404 for Eino's", async ({ page, browser }, testInfo) => {
    await login(page, 'laura');
    await page.goto('/en/laboratory');
    await page.getByRole('navigation', { name: 'Whose records' }).getByRole('link', { name: 'Eino Nieminen' }).click();
    await expect(page).toHaveURL(/\/en\/laboratory\?person=/);
    await page.getByRole('main').getByRole('listitem').filter({ hasText: 'Ready' }).getByRole('link').first().click();
    await expect(page.getByText('Streptokokki A, pikatesti')).toBeVisible();
    await expect(page.getByText('Positiivinen')).toBeVisible();
    const einoDay = page.url();
    await page.goto('/en/visits');
    await page.getByRole('navigation', { name: 'Whose records' }).getByRole('link', { name: 'Eino Nieminen' }).click();
    await page.getByRole('main').getByRole('listitem').filter({ hasText: 'Paediatrics' }).getByRole('link').click();
    await expect(page).toHaveURL(/\/en\/visits\/\d+$/);
    const einoVisit = page.url();

    const other = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo.project.name) });
    const aino = await other.newPage();
    await login(aino, 'aino');
    const dayResponse = await aino.goto(einoDay);
    expect(dayResponse!.status()).toBe(404);
    const visitResponse = await aino.goto(einoVisit);
    expect(visitResponse!.status()).toBe(404);
    await expect(aino.getByRole('heading', { name: 'Visit was not found' })).toBeVisible();
    await other.close();
  });

  test("the children's brand has no certificates or questionnaires", async ({ page }) => {
    await login(page, 'laura', { baseURL: CHILDREN_URL });
    expect((await page.request.get(`${CHILDREN_URL}/en/certificates`)).status()).toBe(404);
    expect((await page.request.get(`${CHILDREN_URL}/en/questionnaires`)).status()).toBe(404);
    expect((await page.request.get(`${CHILDREN_URL}/api/certificates/1/pdf`)).status()).toBe(404);
    await page.goto(`${CHILDREN_URL}/en/laboratory`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Laboratory' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Certificates' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Questionnaires' })).toHaveCount(0);
  });
});

test.describe('sickness fund', () => {
  test('Mikko, a fund member, reads the four tabs (links); Aino has no such page', async ({ page, browser }) => {
    await login(page, 'mikko');
    await page.goto('/en');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sickness Fund' }).click();
    await expect(page.getByRole('heading', { name: 'Tervetuloa sairauskassan palveluihin' })).toBeVisible();
    await expect(page.getByText('Hoitajan puhelinpalvelu arkisin klo 7–21, viikonloppuisin ja pyhinä klo 9–18.')).toBeVisible();
    await page.getByRole('link', { name: 'Korvauskäytännöt' }).click();
    await expect(page).toHaveURL(/\/en\/sairauskassa\?tab=korvauskaytannot$/);
    await expect(page.getByText(/Yleislääkärin vastaanotto: omavastuu 15,00\s€, enintään 12 käyntiä kalenterivuodessa\./)).toBeVisible();
    await expect(page.getByText(/Fysioterapia: omavastuu 50 %, korvaus yhteensä enintään 500,00\s€ vuodessa\./)).toBeVisible();
    await page.getByRole('link', { name: 'Usein kysyttyä' }).click();
    await expect(page.getByRole('heading', { name: 'Tarvitsenko lähetteen erikoislääkärille?' })).toBeVisible();

    const other = await browser.newContext();
    const aino = await other.newPage();
    await login(aino, 'aino');
    expect((await aino.request.get('/en/sairauskassa')).status()).toBe(404);
    await other.close();
  });
});

test.describe('employee memo', () => {
  test('Mikko reads his examination memo with the agreed follow-ups; Aino has none', async ({ page, browser }) => {
    await login(page, 'mikko');
    await page.goto('/en');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Employee memo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Employee memo' })).toBeVisible();
    await expect(page.getByText('Able to work').first()).toBeVisible();
    await expect(page.getByText(/Työpisteen ergonomiakäynti fysioterapeutin kanssa – by /)).toBeVisible();
    const other = await browser.newContext();
    const aino = await other.newPage();
    await login(aino, 'aino');
    expect((await aino.request.get('/en/employee-memo')).status()).toBe(404);
    await other.close();
  });
});
