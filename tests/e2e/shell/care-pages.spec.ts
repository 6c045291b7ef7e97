/**
 * Issue 26's pages, with JavaScript on and off (axe on them: a11y.spec.ts): the health portal's
 * front page, the mental-support chat page, the practitioner page of the occupational team, the
 * occupational landing page for anonymous users, the side navigation's calendar link and the
 * reserve page's "register at a reception" (the analytics event registerAtReception).
 */
import { expect, freshSlot, login, newIdentityCode, test } from '../fixtures';
import { DEMO_PROFESSIONALS } from '../../../db/seed-messaging';
import { CHILDREN_URL } from '../urls';

test.describe('health portal front page', () => {
  test('an anonymous visitor gets the symptom check, booking, health topics and registration', async ({ page }) => {
    const response = await page.goto('/en/health-portal');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Health portal' })).toBeVisible();
    const symptoms = page.getByRole('region', { name: 'Check your symptoms' });
    await expect(symptoms.getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    await expect(symptoms.getByRole('link', { name: '116117' })).toHaveAttribute('href', 'tel:116117');
    await expect(symptoms.getByRole('link', { name: '09 4242 0000' })).toHaveAttribute('href', 'tel:+358942420000');
    // No secure message for a visitor who cannot write one.
    await expect(symptoms.getByRole('link', { name: /secure message/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'My vaccinations' })).toHaveAttribute('href', '/en/vaccinations');
    await page.getByRole('link', { name: 'Mental support', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/mental-support$/);
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Register as a patient' })).toHaveAttribute(
      'href',
      `/en/hpa/register?next=${encodeURIComponent('/en/health-portal')}`,
    );
    await page.getByRole('main').getByRole('link', { name: 'Book an appointment', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/booking$/);
  });

  test('in Finnish and Swedish, and on the children’s brand without the general brand’s mental support', async ({ page }) => {
    await page.goto('/fi/terveysportaali');
    await expect(page.getByRole('heading', { level: 1, name: 'Terveysportaali' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mielen tuki', exact: true })).toHaveAttribute('href', '/fi/mielen-tuki');
    await page.goto('/sv/halsoportalen');
    await expect(page.getByRole('heading', { level: 1, name: 'Hälsoportalen' })).toBeVisible();
    await page.goto(`${CHILDREN_URL}/fi/terveysportaali`);
    await expect(page.getByRole('heading', { level: 1, name: 'Terveysportaali' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Omat rokotukset' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mielen tuki', exact: true })).toHaveCount(0);
  });

  test('an occupational customer with messaging can write from the symptom check; a patient is not asked to register', async ({ page }) => {
    await login(page, 'mikko', { lang: 'fi' });
    await page.goto('/fi/terveysportaali');
    await expect(page.getByRole('link', { name: 'Kiireettömät kysymykset hoitajillemme: lähetä suojattu viesti' })).toHaveAttribute('href', '/fi/viestit/uusi');
    await expect(page.getByRole('link', { name: 'Rekisteröidy potilaaksi' })).toHaveCount(0);
  });
});

test.describe('mental-support chat page', () => {
  test('anyone sees the crisis lines; an anonymous visitor is asked to log in to write', async ({ page }) => {
    await page.goto('/fi/mielen-tuki');
    await expect(page.getByRole('heading', { level: 1, name: 'Mielen tuen chat' })).toBeVisible();
    const crisis = page.getByTestId('crisis-lines');
    await expect(crisis.getByRole('link', { name: '09 2525 0111' })).toHaveAttribute('href', 'tel:+358925250111');
    await expect(crisis.getByRole('link', { name: '09 2525 0112' })).toHaveAttribute('href', 'tel:+358925250112');
    await expect(crisis.getByRole('link', { name: '112', exact: true })).toHaveAttribute('href', 'tel:112');
    await expect(page.getByRole('link', { name: 'Etsi psykologin aika' })).toHaveAttribute(
      'href',
      '/fi/ajanvaraus/yksityisasiakas?specialtyIds=PSY&includeRemote=true',
    );
    await page.getByRole('main').getByRole('link', { name: 'Kirjaudu', exact: true }).click();
    await expect(page).toHaveURL(/\/fi\/kirjaudu\?nextPath=%2Ffi%2Fmielen-tuki$/);
  });

  test('an occupational customer starts a conversation with the team psychologist, subject set', async ({ page }) => {
    await login(page, 'mikko', { lang: 'en' });
    await page.goto('/en/mental-support');
    await page.getByRole('link', { name: 'Start a conversation' }).click();
    await expect(page).toHaveURL(/\/en\/conversations\/new\?topic=mental-support&recipient=/);
    await expect(page.getByLabel('Subject')).toHaveValue('Mental support');
    const maija = DEMO_PROFESSIONALS.maija;
    await expect(page.getByLabel('Recipient').locator('option:checked')).toHaveText(`${maija.firstName} ${maija.lastName}, ${maija.title.en}`);
  });

  test('a customer without a care team is told how else to reach us; the children’s brand has no such page', async ({ page }) => {
    await login(page, 'aino', { lang: 'sv' });
    await page.goto('/sv/psykiskt-stod');
    await expect(page.getByText('Skyddade meddelanden används inte för dig.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Starta en konversation' })).toHaveCount(0);
    const children = await page.goto(`${CHILDREN_URL}/en/mental-support`);
    expect(children?.status()).toBe(404);
  });
});

test.describe('practitioner page', () => {
  test('each member of the team links to their page: title, languages, clinics and a search for their free times', async ({ page }) => {
    await login(page, 'mikko', { lang: 'fi' });
    await page.goto('/fi/tyoterveystiimi');
    const leena = DEMO_PROFESSIONALS.leena;
    await page.getByRole('link', { name: `${leena.firstName} ${leena.lastName}` }).click();
    await expect(page).toHaveURL(/\/fi\/tyoterveystiimi\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leena Lahtinen' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Työterveyslääkäri')).toBeVisible();
    await expect(page.getByRole('main').getByText('suomi, ruotsi, englanti')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('listitem').filter({ hasText: 'Pasila' })).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: 'Tapiola' })).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: 'Työterveyshuolto' })).toBeVisible();
    await page.getByRole('link', { name: 'Katso ammattilaisen Leena Lahtinen vapaat ajat' }).click();
    await expect(page).toHaveURL(/\/fi\/ajanvaraus\/tyoterveys\?practitionerIds=P9101/);
    // The occupational search, filtered to her.
    await expect(page.getByRole('heading', { level: 1, name: 'Työterveyshuollon ajanvaraus' })).toBeVisible();
    await expect(page.getByLabel('Ammattilainen', { exact: true })).toHaveValue('P9101');
  });

  test('the absent nurse shows her absence and substitute', async ({ page }) => {
    await login(page, 'mikko', { lang: 'en' });
    await page.goto('/en/occupational-health-care-team');
    await page.getByRole('link', { name: 'Sari Saarinen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sari Saarinen' })).toBeVisible();
    await expect(page.getByText(/^Absent /)).toBeVisible();
    await expect(page.getByText('Substitute: Hanna Hakala')).toBeVisible();
    await expect(page.getByText('Sari Saarinen does not take online bookings.', { exact: false })).toBeVisible();
  });

  test("an unknown id, and a team member's page for someone outside the team, are not found", async ({ page }) => {
    await login(page, 'mikko', { lang: 'en' });
    await page.goto('/en/occupational-health-care-team');
    const href = (await page.getByRole('link', { name: 'Leena Lahtinen' }).getAttribute('href'))!;
    expect((await page.goto('/en/occupational-health-care-team/00000000-0000-4000-8000-000000000000'))?.status()).toBe(404);
    expect((await page.goto('/en/occupational-health-care-team/not-an-id'))?.status()).toBe(404);
    // Someone else (no care team, another person) gets 404 for the same page.
    await login(page, { identityCode: newIdentityCode() }, { lang: 'en' });
    expect((await page.goto(href))?.status()).toBe(404);
  });
});

test.describe('side navigation', () => {
  test('has the calendar (booking) link before the appointment list', async ({ page }) => {
    await login(page, 'aino', { lang: 'fi' });
    await page.goto('/fi/laskut');
    const nav = page.getByRole('navigation', { name: 'Päävalikko' });
    const links = nav.getByRole('link');
    const texts = await links.allInnerTexts();
    const at = texts.findIndex((text) => text.trim() === 'Varaa aika');
    expect(at, texts.join(' | ')).toBeGreaterThan(0);
    expect(texts[at + 1]?.trim()).toBe('Ajanvaraukset');
    await expect(nav.getByRole('link', { name: 'Varaa aika' })).toHaveAttribute('href', '/fi/ajanvaraus');
  });
});

test.describe('register at a reception (registerAtReception)', () => {
  test('a visitor who is not yet a patient chooses the reception: the page tells how, and the event is recorded', async ({ page }) => {
    const slot = await freshSlot(page.request);
    await page.goto(`/en/available-appointments/${slot.slotId}`);
    await page.getByLabel('Personal identity code').fill(newIdentityCode());
    await page.getByLabel('First name').fill('Uusi');
    await page.getByLabel('Last name').fill('Asiakas');
    await page.getByLabel('Mobile phone number').fill('040 123 4567');
    await page.getByLabel('E-mail address').fill('uusi@example.fi');
    await page.getByLabel(/I accept the booking terms/).check();
    await page.getByRole('button', { name: 'Book appointment' }).click();
    await expect(page.getByRole('heading', { name: 'Please identify yourself' })).toBeVisible();
    const before = await (await page.request.get(`/dev/test-fixtures/analytics?name=registerAtReception&slotId=${slot.slotId}`)).json();
    expect(before).toEqual({ count: 0 });

    await page.getByRole('button', { name: 'Register at a reception instead' }).click();
    await expect(page).toHaveURL(new RegExp(`/en/available-appointments/${slot.slotId}\\?reception=1$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Register at the reception' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: '09 4242 0000' })).toHaveAttribute('href', 'tel:+358942420000');
    const after = await (await page.request.get(`/dev/test-fixtures/analytics?name=registerAtReception&slotId=${slot.slotId}`)).json();
    expect(after).toEqual({ count: 1 });
    await page.getByRole('link', { name: 'Back to the time you chose' }).click();
    await expect(page.getByRole('button', { name: 'Book appointment' })).toBeVisible();
  });
});
