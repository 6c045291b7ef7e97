import { bookFixture, expectNoAxeViolations, login, test } from './fixtures';
import { CHILDREN_URL } from './urls';

const LANGS = ['fi', 'sv', 'en'] as const;
const anonymousPages = {
  fi: ['/fi', '/fi/eula', '/fi/kirjaudu', '/fi/katkennut-istunto', '/fi/ei-ole'],
  sv: ['/sv', '/sv/eula', '/sv/logga-in', '/sv/utgatt-session', '/sv/finns-inte'],
  en: ['/en', '/en/eula', '/en/login', '/en/expired-session', '/en/nope'],
};

test.describe('accessibility (axe)', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the rendered HTML is the same; checked once');

  for (const lang of LANGS) {
    test(`anonymous pages in ${lang}`, async ({ page }) => {
      for (const path of anonymousPages[lang]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
      await page.goto(`/oauth/authenticate?lang=${lang}&next=/${lang}&acr_values=fi-op`);
      await expectNoAxeViolations(page);
      const fixture = await bookFixture(page, 'aino', 20);
      const segment = { fi: 'varaus', sv: 'bokning', en: 'appointment' }[lang];
      await page.goto(`/${lang}/${segment}/${fixture.code}`);
      await expectNoAxeViolations(page);
      await page.goto(`/${lang}/${segment}/bm90LWEtY29kZQ`);
      await expectNoAxeViolations(page);
    });

    test(`logged-in pages in ${lang}`, async ({ page }) => {
      await login(page, 'aino', { lang });
      const fixture = await bookFixture(page, 'aino', 2 * 24 * 60);
      const logout = { fi: '/fi/kirjaudu-ulos', sv: '/sv/logga-ut', en: '/en/logout' }[lang];
      const list = { fi: '/fi/ajanvaraukset', sv: '/sv/tidsbokningar', en: '/en/appointments' }[lang];
      const cancel = { fi: 'peru', sv: 'avboka', en: 'cancel' }[lang];
      for (const path of [
        `/${lang}`,
        logout,
        list,
        `${list}/${fixture.id}`,
        `${list}/${fixture.id}/${cancel}`,
        ...(lang === 'fi' ? ['/fi/ohjeita'] : []),
      ]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
    });
  }

  test("children's brand pages", async ({ page }) => {
    await page.goto(`${CHILDREN_URL}/fi`);
    await expectNoAxeViolations(page);
    await login(page, 'laura', { baseURL: CHILDREN_URL, lang: 'fi' });
    await page.goto(`${CHILDREN_URL}/fi/pikkutsatti`);
    await expectNoAxeViolations(page);
  });
});
