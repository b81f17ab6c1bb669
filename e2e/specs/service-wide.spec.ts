import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';

/**
 * Switches that change the whole service for everyone: maintenance mode and a newly deployed build.
 * This file runs in its own Playwright project, after every other spec (see playwright.config.ts),
 * so nothing else is running while the real server is in maintenance or announces a new build.
 */
test.describe.configure({ mode: 'serial' });

const webDist = process.env.WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

async function superAdmin(request: APIRequestContext) {
  const login = await request.post('/v2/login', {
    data: { email: 'super@teenvoice.test', password: 'teenvoice-demo' },
  });
  expect(login.ok()).toBeTruthy();
  return (maintenance: boolean, message: string | null = null) =>
    request.put('/v2/platform/maintenance', { data: { maintenance, message } });
}

test.describe('maintenance mode', () => {
  test.afterEach(async ({ playwright, baseURL }) => {
    // Never leave the shared server in maintenance, whatever happened in the test.
    const request = await playwright.request.newContext({ baseURL: baseURL! });
    await (await superAdmin(request))(false);
    await request.dispose();
  });

  test('sends every page to /maintenance and back when a Super Admin ends it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const staff = await playwright.request.newContext({ baseURL: baseURL! });
    const setMaintenance = await superAdmin(staff);
    expect((await setMaintenance(true, 'We are upgrading our database.')).ok()).toBeTruthy();

    await page.goto('/products');
    await expect(page).toHaveURL('/maintenance');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're making TeenVoice better");
    await expect(page.getByText('We are upgrading our database.')).toBeVisible();
    // The API itself answers 503 while it is on.
    expect((await page.request.get('/v2/redirects/resolve?path=/features')).status()).toBe(503);

    expect((await setMaintenance(false)).ok()).toBeTruthy();
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page).toHaveURL('/');
    await staff.dispose();
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`the maintenance screen has no serious or critical axe violations in ${mode} mode`, async ({
      browser,
      playwright,
      baseURL,
    }) => {
      const staff = await playwright.request.newContext({ baseURL: baseURL! });
      await (await superAdmin(staff))(true);
      const context = await browser.newContext({ colorScheme: mode });
      const page = await context.newPage();
      await page.goto('/maintenance');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're making TeenVoice better");
      await page.waitForTimeout(300);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id);
      expect(blocking).toEqual([]);
      await context.close();
      await staff.dispose();
    });
  }
});

test.describe('a new deploy', () => {
  test('an open tab notices the newer build and offers a reload', async ({ page }) => {
    const file = `${webDist}/build.json`;
    const deployed = readFileSync(file, 'utf8');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    try {
      // What a deploy does: a new bundle with a later build time replaces the old one on disk.
      writeFileSync(file, JSON.stringify({ version: 'next', buildTime: '2999-01-01T00:00:00.000Z' }));
      await page.reload();
      const notice = page.getByText('A new version of TeenVoice is available.');
      await expect(notice).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    } finally {
      writeFileSync(file, deployed);
    }
  });
});
