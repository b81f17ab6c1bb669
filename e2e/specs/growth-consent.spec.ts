import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { startTagManagerStub, type TagManagerStub } from '../stubs/tag-manager-stub';
import { axeFor } from './axe-helpers';
import { DEMO_PASSWORD, demo } from './identity-helpers';

const LIVE_DEMO_SURVEY = '/s/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';
const CONTAINER_ID = 'GTM-E2E0001';

// One stub and one flag for the whole file: the tests share them in order.
test.describe.configure({ mode: 'serial' });

let stub: TagManagerStub;
let admin: APIRequestContext;

const setTagManager = async (enabled: boolean) => {
  const response = await admin.put('/v2/admin/feature-flags/analytics_tag_manager', {
    data: { enabled, settings: { containerId: CONTAINER_ID, scriptOrigin: stub.origin } },
  });
  expect(response.ok(), await response.text()).toBe(true);
};

test.beforeAll(async ({ baseURL }) => {
  stub = await startTagManagerStub();
  admin = await request.newContext({ baseURL });
  const login = await admin.post('/v2/login', { data: { email: demo.superAdmin, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  await setTagManager(true);
});

test.afterAll(async () => {
  // Other specs share the server: leave the flag off.
  await admin?.put('/v2/admin/feature-flags/analytics_tag_manager', {
    data: { enabled: false, settings: {} },
  });
  await admin?.dispose();
  await stub?.close();
});

const consentCommands = (page: Page): Promise<unknown[][]> =>
  page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((entry) => entry[0] === 'consent'),
  );

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on TeenVoice' });

test('"Reject all" keeps the tag manager away, and consent mode records the choice', async ({ page }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  const before = stub.requests.length;
  await banner(page).getByRole('button', { name: 'Reject all' }).click();
  await expect(banner(page)).toBeHidden();
  await page.waitForTimeout(1_500);
  expect(stub.requests.length).toBe(before);
  expect(
    await page.evaluate(() => (window as { __stubGtmLoaded?: boolean }).__stubGtmLoaded),
  ).toBeUndefined();
  expect(await consentCommands(page)).toEqual([
    [
      'consent',
      'default',
      {
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
        wait_for_update: 500,
      },
    ],
    [
      'consent',
      'update',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      },
    ],
  ]);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tv_consent') ?? 'null'));
  expect(stored).toMatchObject({ analytics: false, ads: false });

  // The choice holds on the next visit: no banner, still no tag manager.
  await page.reload();
  await page.waitForTimeout(1_000);
  await expect(banner(page)).toBeHidden();
  expect(stub.requests.length).toBe(before);
});

test('"Accept all" loads the tag manager from the flag\'s origin', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as { __stubGtmLoaded?: boolean }).__stubGtmLoaded))
    .toBe(true);
  expect(stub.requests).toContain(`/gtm.js?id=${CONTAINER_ID}`);
  const commands = await consentCommands(page);
  expect(commands.map((command) => command[1])).toEqual(['default', 'update']);
  expect(commands[1]?.[2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'granted' });
});

test('the marketing form script renders the newsletter sign-up only with its flag and consent', async ({
  page,
}) => {
  const on = await admin.put('/v2/admin/feature-flags/marketing_automation', {
    data: { enabled: true, settings: {} },
  });
  expect(on.ok(), await on.text()).toBe(true);
  try {
    await page.goto('/');
    const signUp = page.getByRole('region', { name: 'Get new research in your inbox' });
    await page.waitForTimeout(1_000);
    await expect(signUp).toHaveCount(0);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(signUp).toBeVisible();
    await signUp.getByRole('button', { name: 'Sign up' }).click();
    await expect(signUp.getByText('Required')).toBeVisible();
    await signUp.getByLabel('Email *').fill(`e2e-newsletter-${Date.now()}@example.test`);
    await signUp.getByRole('button', { name: 'Sign up' }).click();
    await expect(signUp.getByRole('status')).toContainText('you’re on the list');
  } finally {
    await admin.put('/v2/admin/feature-flags/marketing_automation', {
      data: { enabled: false, settings: {} },
    });
  }
});

test('"Choose" and the footer\'s Cookie settings set each kind of cookie', async ({ page }) => {
  await page.goto('/about-us');
  await banner(page).getByRole('button', { name: 'Choose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
  await dialog.getByRole('switch', { name: /Advertising/ }).uncheck();
  await dialog.getByRole('button', { name: 'Save choices' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tv_consent') ?? 'null'))).toMatchObject({
    analytics: true,
    ads: false,
  });
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(dialog.getByRole('switch', { name: /Advertising/ })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: /Analytics/ })).toBeChecked();
});

test('respondent pages never load the tag manager and show no banner', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'tv_consent',
      JSON.stringify({ analytics: true, ads: true, updatedAt: new Date().toISOString() }),
    );
  });
  const before = stub.requests.length;
  const response = await page.goto(LIVE_DEMO_SURVEY);
  expect(response?.headers()['content-security-policy']).not.toContain(stub.origin);
  await expect(page.locator('main')).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(banner(page)).toHaveCount(0);
  expect(stub.requests.length).toBe(before);
  expect(
    await page.evaluate(() => (window as { __stubGtmLoaded?: boolean }).__stubGtmLoaded),
  ).toBeUndefined();
});

for (const mode of ['light', 'dark'] as const) {
  test(`the open banner has no serious or critical axe violations in ${mode} mode`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: mode });
    const page = await context.newPage();
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await page.waitForTimeout(300);
    const results = await axeFor(page).include('[aria-labelledby="consent-banner-heading"]').analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
    expect(serious).toEqual([]);
    await context.close();
  });
}
