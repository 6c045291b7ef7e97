import { expect, login, test } from '../fixtures';

test('with JS, warnings come 90 and 30 s before expiry and then the timed-out page', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'js', 'the browser timer is a JavaScript enhancement');
  await page.clock.install();
  await login(page, 'aino');
  await page.goto('/en');
  await expect(page.getByRole('heading', { name: 'Hello, Aino!' })).toBeVisible();

  // The default idle timeout is 30 minutes.
  await page.clock.fastForward('28:31');
  await expect(page.getByText('Save pending changes. Your session will expire in 90 seconds.')).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page.getByText('Save pending changes. Your session will expire in 30 seconds.')).toBeVisible();
  await page.clock.fastForward('00:31');
  await expect(page).toHaveURL(/\/en\/expired-session\?next=%2Fen$/);
  await expect(page.getByRole('heading', { name: 'Session timed out' })).toBeVisible();
  await expect(page.getByText('For your security you were logged out after 30 minutes without activity.')).toBeVisible();
  // The server ended the session too.
  await page.goto('/fi/ohjeita');
  await expect(page).toHaveURL(/\/fi\/kirjaudu/);
});
