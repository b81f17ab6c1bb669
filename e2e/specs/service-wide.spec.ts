import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { axeFor } from './axe-helpers';

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

  test('sends every page to /maintenance, and a signed-in Super Admin ends it from there', async ({
    page,
    browser,
  }) => {
    // The Super Admin signs in before maintenance begins: sign-in is closed while it is on.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    expect(
      (
        await admin.request.post('/v2/login', {
          data: { email: 'super@teenvoice.test', password: 'teenvoice-demo' },
        })
      ).ok(),
    ).toBeTruthy();
    await admin.goto('/research/builder/admin/users');
    await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    const blank = await admin.request.put('/v2/platform/maintenance', {
      data: { maintenance: true, message: '  ' },
    });
    expect(blank.status()).toBe(400);
    const on = await admin.request.put('/v2/platform/maintenance', {
      data: { maintenance: true, message: 'We are upgrading our database.' },
    });
    expect(on.ok()).toBeTruthy();

    // A visitor is sent to /maintenance, sees the message, and cannot end it.
    await page.goto('/products');
    await expect(page).toHaveURL('/maintenance');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're making TeenVoice better");
    await expect(page.getByText('We are upgrading our database.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'End maintenance for everyone' })).toHaveCount(0);
    expect((await page.request.get('/v2/redirects/resolve?path=/features')).status()).toBe(503);

    // The Super Admin ends it from the same screen and is taken back.
    await admin.goto('/products');
    await expect(admin).toHaveURL('/maintenance');
    await admin.getByRole('button', { name: 'End maintenance for everyone' }).click();
    await expect(admin).not.toHaveURL('/maintenance');

    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page).toHaveURL('/');
    await adminContext.close();
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
      const results = await axeFor(page).analyze();
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
    // An app page: a lite public page runs no app until it is used, and loads the newest one then.
    await page.goto('/login');
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
