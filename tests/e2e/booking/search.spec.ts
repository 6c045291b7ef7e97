/**
 * Booking landing and the private appointment search, with JavaScript on and off: filtering by
 * municipality and time of day, the picking rules, "show more", following a time to its reserve
 * page, the empty text with the next days (axe on both pages: a11y.spec.ts). The seed's
 * free times start from the server's start-up, so tests search days a little ahead. The search
 * is a plain page (ADR 0009): with JS the page script submits the filters on every change.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../../app/lib/dates';
import { dayAhead, firstDayAfter, firstDayAhead as firstAhead, today } from '../../fixtures/clock';
import { expect, jsEnabled, test } from '../fixtures';
import { CHILDREN_URL } from '../urls';

const WEEKDAYS = [1, 2, 3, 4, 5];
const EMPTY_TEXT = 'Unfortunately no appointments matching given search criteria were found.';

const results = (page: Page) => page.locator('[data-result-index]');

/** Without JS a filter change needs the form's button; with JS it applies at once. */
async function submitFilters(page: Page, js: boolean) {
  if (!js) await page.getByRole('button', { name: 'Show appointments' }).click();
}

/**
 * The end of the address after a filter change: with JS (auto-submit) the page comes back to the
 * changed field, its id the address's fragment; the button returns to the top.
 */
const back = (js: boolean, fieldId: string) => (js ? `#${fieldId}` : '');

test.describe('booking landing', () => {
  test("offers the brand's customer types; private leads to the list with the query carried over", async ({ page }) => {
    await page.goto('/en/booking?practitionerIds=P0001&includeRemote=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();
    for (const type of ['Private customer', 'Insurance customer', 'Occupational health customer']) {
      await expect(page.getByRole('heading', { level: 2, name: type })).toBeVisible();
    }
    // Occupational health is online (flag ohc-appointment-search on this server); insurance too (ADR 0022).
    await expect(page.getByRole('main').getByRole('link')).toHaveText([
      'Book as a private customer',
      'Book as an insurance customer',
      'Book on your occupational health agreement',
    ]);
    await page.getByRole('link', { name: 'Book as a private customer' }).click();
    await expect(page).toHaveURL(/\/en\/booking\/private\?practitionerIds=P0001&includeRemote=true$/);
    await expect(page.getByLabel('Practitioner', { exact: true })).toHaveValue('P0001');
    await expect(page.getByLabel('Include remote appointments')).toBeChecked();
  });

  test("the children's brand has no occupational health type", async ({ page }) => {
    await page.goto(`${CHILDREN_URL}/fi/ajanvaraus`);
    await expect(page.getByRole('heading', { level: 2, name: 'Yksityisasiakas' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Vakuutusasiakas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Työterveysasiakas' })).toHaveCount(0);
  });
});

test.describe('private appointment search', () => {
  test('an anonymous visitor filters by municipality and time of day', { tag: '@no-js' }, async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    // Hydration mismatches, script errors and failed requests would show here (the portal has
    // no favicon, which the browser asks for on its own).
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });
    page.on('pageerror', (error) => void errors.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()} ${response.url()}`);
    });
    const day = firstAhead(2, WEEKDAYS);
    await page.goto(`/en/booking/private?startDate=${day}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible();

    await page.locator('summary', { hasText: 'Espoo' }).click();
    await page.getByLabel('All clinics in Espoo').check();
    await submitFilters(page, js);
    await expect(page).toHaveURL(new RegExp(`startDate=${day}&municipality=espoo${back(js, 'municipality-espoo')}$`));
    // Back at the field that changed (focused, in view).
    if (js) await expect(page.getByLabel('All clinics in Espoo')).toBeFocused();
    // The municipality's clinics are chosen with it.
    await expect(page.getByLabel('Tapiola')).toBeChecked();
    await expect(page.getByLabel('Tapiola')).toBeDisabled();

    await page.getByRole('link', { name: 'Morning 7–12' }).click();
    await expect(page).toHaveURL(new RegExp(`startDate=${day}&time=morning&municipality=espoo$`));
    await expect(page.getByRole('link', { name: 'Morning 7–12' })).toHaveAttribute('aria-current', 'true');
    await expect(results(page).first()).toBeVisible();
    for (const item of await page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: results(page) })
      .all()) {
      const text = await item.innerText();
      expect(text).toMatch(/Tapiola|Leppävaara/);
      const time = /(\d\d):(\d\d)/.exec(text)!;
      const minutes = Number(time[1]) * 60 + Number(time[2]);
      expect(minutes).toBeGreaterThanOrEqual(7 * 60);
      expect(minutes).toBeLessThanOrEqual(12 * 60);
    }

    // Removing the municipality removes its clinics.
    await page.getByLabel('All clinics in Espoo').uncheck();
    await submitFilters(page, js);
    await expect(page).toHaveURL(new RegExp(`startDate=${day}&time=morning${back(js, 'municipality-espoo')}$`));
    await expect(page.getByLabel('Tapiola')).not.toBeChecked();
    expect(errors).toEqual([]);
  });

  test(
    'picking a practitioner clears specialties and includes remote times; a remote-type specialty includes them too',
    { tag: '@no-js' },
    async ({ page }, testInfo) => {
      const js = jsEnabled(testInfo.project.name);
      const day = firstAhead(2, WEEKDAYS);
      await page.goto(`/en/booking/private?startDate=${day}`);
      const practitioners = page.getByLabel('Practitioner', { exact: true });
      await page.getByLabel('General practice').check();
      await submitFilters(page, js);
      await expect(page).toHaveURL(new RegExp(`specialtyIds=YLE${back(js, 'specialty-YLE')}$`));
      await expect(page.getByLabel('Include remote appointments')).not.toBeChecked();

      const practitioner = await practitioners.locator('option:not([value=""])').first().getAttribute('value');
      await practitioners.selectOption(practitioner!);
      await submitFilters(page, js);
      await expect(page).toHaveURL(new RegExp(`practitionerIds=${practitioner}&includeRemote=true&startDate=${day}${back(js, 'search-practitioner')}$`));
      await expect(page.getByLabel('General practice')).not.toBeChecked();
      await expect(page.getByLabel('Include remote appointments')).toBeChecked();

      await practitioners.selectOption('');
      // With JS each change is its own search: wait for the first.
      if (js) await expect(page).toHaveURL(new RegExp(`includeRemote=true&startDate=${day}#search-practitioner$`));
      await page.getByLabel('Include remote appointments').uncheck();
      await submitFilters(page, js);
      await expect(page).toHaveURL(new RegExp(`\\?startDate=${day}${back(js, 'include-remote')}$`));
      await page.getByLabel('Psychology').check();
      await submitFilters(page, js);
      await expect(page).toHaveURL(new RegExp(`includeRemote=true&startDate=${day}&specialtyIds=PSY${back(js, 'specialty-PSY')}$`));
    },
  );

  test('on a phone (360 × 640) the filters fold into one disclosure and the first free time is on the first screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    const day = firstAhead(2, WEEKDAYS);
    await page.goto(`/en/booking/private?startDate=${day}`);
    const first = results(page).first();
    await expect(first).toBeVisible();
    await expect(first).toBeInViewport({ ratio: 1 });
    // Folded: the fields are there but not shown until the summary is opened.
    const summary = page.locator('summary', { hasText: 'Search filters' });
    await expect(summary).toBeInViewport();
    await expect(page.getByLabel('Date', { exact: true })).toBeHidden();
    await summary.click();
    await expect(page.getByLabel('Date', { exact: true })).toBeVisible();

    await page.goto(`/en/booking/private?startDate=${day}&specialtyIds=YLE&municipality=espoo`);
    await expect(page.locator('summary', { hasText: 'Search filters' })).toHaveText(/Search filters\s*\(2 selected\)/);
  });

  test('on a phone a filter change comes back to the unfolded filters; the button to the results', { tag: '@no-js' }, async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    await page.setViewportSize({ width: 360, height: 640 });
    const day = firstAhead(2, WEEKDAYS);
    await page.goto(`/en/booking/private?startDate=${day}`);
    await page.locator('summary', { hasText: 'Search filters' }).click();
    await page.getByLabel('General practice').check();
    await submitFilters(page, js);
    await expect(page).toHaveURL(new RegExp(`startDate=${day}&specialtyIds=YLE${back(js, 'specialty-YLE')}$`));
    await expect(page.locator('summary', { hasText: 'Search filters' })).toHaveText(/\(1 selected\)/);
    if (js) {
      // Auto-submitted: the filters unfold at the changed field, focused and in view for the next change.
      await expect(page.getByLabel('General practice')).toBeChecked();
      await expect(page.getByLabel('General practice')).toBeFocused();
      await expect(page.getByLabel('General practice')).toBeInViewport();
    }
    // "Show appointments" leads to the top, where the results begin (the filters folded again).
    if (!js) await page.locator('summary', { hasText: 'Search filters' }).click();
    await page.getByRole('button', { name: 'Show appointments' }).click();
    await expect(page).toHaveURL(new RegExp(`startDate=${day}&specialtyIds=YLE$`));
    await expect(page.getByLabel('Date', { exact: true })).toBeHidden();
    await expect(results(page).first()).toBeInViewport();
  });

  test('a day typed in the date field is searched (with JS at once, back at the field)', { tag: '@no-js' }, async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const day = firstAhead(2, WEEKDAYS);
    // Another weekday than `day` (on a Thursday or Friday both "2 and 3 days ahead" are Monday).
    const next = firstDayAfter(day, WEEKDAYS);
    await page.goto(`/en/booking/private?startDate=${day}`);
    await page.getByLabel('Date', { exact: true }).fill(next);
    await submitFilters(page, js);
    await expect(page).toHaveURL(new RegExp(`\\?startDate=${next}${back(js, 'search-date')}$`));
    if (js) await expect(page.getByLabel('Date', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(next);
    await expect(results(page).first()).toBeVisible();
  });

  test("a free time's link reads its time and the practitioner's name as separate words", async ({ page }) => {
    const day = firstAhead(2, WEEKDAYS);
    await page.goto(`/en/booking/private?startDate=${day}`);
    const first = results(page).first();
    const time = (await first.locator('time').innerText()).trim();
    const name = (await first.locator('span').innerText()).trim();
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    await expect(first).toHaveAccessibleName(`${time} ${name}`);
  });

  test('a practitioner is found by name: the server answers the matches', { tag: '@no-js' }, async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const day = firstAhead(2, WEEKDAYS);
    await page.goto(`/en/booking/private?startDate=${day}`);
    const practitioners = page.getByLabel('Practitioner', { exact: true });
    const all = await practitioners.locator('option').count();
    const name = page.getByLabel('Search practitioners by name');
    await name.fill('la');
    // "Find", or Enter in the field (the form's first button).
    if (js) await name.press('Enter');
    else await page.getByRole('button', { name: 'Find' }).click();
    await expect(page).toHaveURL(new RegExp(`startDate=${day}&practitionerName=la#practitioner-search$`));
    // Back at the name field (the address's target), to pick from its matches below.
    await expect(name).toBeFocused();
    await expect(name).toHaveValue('la');
    const options = practitioners.locator('option:not([value=""])');
    await expect(page.getByRole('status').filter({ hasText: 'matching practitioners' })).toBeVisible();
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(all - 1);
    for (const text of await options.allInnerTexts()) expect(text).toMatch(/\bLa/);

    const chosen = await options.first().getAttribute('value');
    await practitioners.selectOption(chosen!);
    await submitFilters(page, js);
    await expect(page).toHaveURL(
      new RegExp(`practitionerIds=${chosen}&includeRemote=true&startDate=${day}&practitionerName=la${back(js, 'search-practitioner')}$`),
    );
    await expect(practitioners).toHaveValue(chosen!);
  });

  test('"show more" grows the list by 20 and a time leads to its reserve page', async ({ page }) => {
    const day = firstAhead(2, WEEKDAYS);
    await page.goto(`/en/booking/private?startDate=${day}`);
    await expect(results(page)).toHaveCount(20);
    await expect(page.getByText('20 free appointments shown.')).toBeVisible();
    await page.getByRole('link', { name: 'Show more' }).click();
    await expect(page).toHaveURL(new RegExp(`startDate=${day}&offset=20#first-new-result$`));
    await expect(results(page)).toHaveCount(40);
    // The keyboard goes on from the first new time (the address's target), with or without JS.
    await expect(results(page).nth(20)).toBeFocused();

    // The second page's first time that anyone may book: one that needs identification leads to
    // the login first, and which times do depends on the demo data.
    const item = (index: number) => page.getByRole('listitem').filter({ has: page.locator(`[data-result-index="${index}"]`) });
    let index = 20;
    while ((await item(index).innerText()).includes('Identification required')) index++;
    expect(index).toBeLessThan(40);
    const href = await results(page).nth(index).getAttribute('href');
    expect(href).toMatch(/^\/en\/available-appointments\/\d+$/);
    await results(page).nth(index).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('a day without times shows the empty text and the next days with times, which work as links', async ({ page }) => {
    // No calendar has Sunday times, and the tests' own free times (fixtures) start at most a few
    // days ahead: a Sunday five days or more ahead has none.
    const sunday = firstAhead(5, [7]);
    await page.goto(`/en/booking/private?startDate=${sunday}`);
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You could try:' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Free appointments in the coming month' })).toBeVisible();
    const nextDays = page.getByRole('region', { name: 'Next days with free appointments' }).getByRole('link');
    await expect(nextDays).toHaveCount(5);
    await nextDays.first().click();
    await expect(page).toHaveURL(new RegExp(`startDate=${addDays(sunday, 1)}$`));
    await expect(results(page).first()).toBeVisible();
    await expect(page.getByText(EMPTY_TEXT)).toHaveCount(0);
  });

  test('an empty search far ahead shows only the empty text and suggestions', async ({ page }) => {
    await page.goto(`/en/booking/private?startDate=${dayAhead(300)}&municipality=espoo`);
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
    await expect(results(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Search also in Helsinki, Vantaa' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Next days with free appointments' })).toHaveCount(0);
  });

  test('the calendar links to days from today on and the address stays canonical', async ({ page }) => {
    const response = await page.goto(`/en/booking/private?startDate=2020-01-01&time=all&offset=7`);
    expect(response?.ok()).toBe(true);
    await expect(page).toHaveURL(/\/en\/booking\/private$/);
    const calendar = page.getByRole('table');
    // Today is the first day that can be chosen (days before it are plain text).
    await expect(calendar.getByRole('link').first()).toHaveAttribute('href', '/en/booking/private');
    await expect(calendar.getByRole('link').first()).toHaveAttribute('aria-current', 'date');
    // A later day with free times, from its month's calendar (at the end of a month it is the next
    // month's: this one may have no day with free times left).
    const day = firstAhead(2, WEEKDAYS);
    if (!day.startsWith(today().slice(0, 7))) await page.goto(`/en/booking/private?startDate=${day.slice(0, 8)}01`);
    const href = `/en/booking/private?startDate=${day}`;
    const later = calendar.locator(`a[href="${href}"]`);
    await expect(later).toHaveAccessibleName(/, free appointments$/);
    await later.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
    await expect(results(page).first()).toBeVisible();
  });

  test('the search API answers the list, dates, specialty and practitioner clinics', async ({ page }) => {
    const day = firstAhead(2, WEEKDAYS);
    const list = await page.request.get(`/api/appointments?startDate=${day}&municipality=espoo&time=morning&lang=en`);
    expect(list.headers()['server-timing']).toMatch(/^db;dur=/);
    const body = (await list.json()) as { availableAppointments: { type: string; appointments: { clinic: { name: string }; kind: string }[] } };
    expect(body.availableAppointments.type).toBe('success');
    expect(body.availableAppointments.appointments.length).toBeGreaterThan(0);
    expect(body.availableAppointments.appointments[0]!.kind).toBe('Clinic visit');
    const dates = (await (await page.request.get(`/api/appointments/available-appointment-dates?startDate=${day}`)).json()) as {
      dates: string[];
    };
    expect(dates.dates).toContain(day);
    expect(await (await page.request.get('/api/appointments/specialty?id=PSY&lang=sv')).json()).toEqual({
      specialty: {
        id: 'PSY',
        title: 'Psykologi',
        isRemoteType: true,
        cmsContent: {
          appointmentReservationInfo: 'Psykologi: de flesta försäkringsbolag kräver läkarremiss och betalningsförbindelse före det första besöket.',
        },
      },
    });
    const clinics = await page.request.get('/api/appointments/practitioner-clinics?id=P0001&lang=fi');
    expect(((await clinics.json()) as { clinicIds: string[] }).clinicIds.length).toBeGreaterThan(0);
    expect((await page.request.get('/api/appointments/practitioner-clinics?id=NOPE')).status()).toBe(404);
  });
});
