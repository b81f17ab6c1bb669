import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { axeFor } from './axe-helpers';
import { DEMO_PASSWORD, demo, registerAccount, uniqueEmail } from './identity-helpers';

/**
 * Publishing a terms version asks every signed-in person to accept it, demo accounts included, so this
 * file runs in its own Playwright project after all the others (see playwright.config.ts). Serial, so
 * no test publishes a newer version while another is accepting the one it shows.
 */
test.describe.configure({ mode: 'serial' });

const newTerms = `# TeenVoice Terms and Conditions

Last updated {versionTimestamp}.

## 1. Using TeenVoice
You may use TeenVoice to survey US teenagers for research, following these terms and the law.

## 2. Protecting young people
Surveys must never ask a teenager for information that identifies them, and every survey is reviewed before it goes live.`;

const longDate = (versionTimestamp: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(versionTimestamp));

/** As the platform admin, drafts and publishes a new terms version; returns its timestamp. */
async function publishNewTerms(api: APIRequestContext): Promise<string> {
  const login = await api.post('/v2/login', { data: { email: demo.platformAdmin, password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const draft = await api.post('/v2/admin/content/terms', { data: { content: newTerms } });
  expect(draft.status(), await draft.text()).toBe(201);
  const { versionTimestamp } = (await draft.json()).data as { versionTimestamp: string };
  const published = await api.post(`/v2/admin/content/terms/${encodeURIComponent(versionTimestamp)}/publish`);
  expect(published.ok(), await published.text()).toBe(true);
  return versionTimestamp;
}

/**
 * A fresh account that accepted the terms current at sign-up, signed in in the page's context; then a
 * newer version is published, which it has not accepted.
 */
async function memberWithOutdatedTerms(page: Page, baseURL: string) {
  await registerAccount(page.request, { email: uniqueEmail('terms'), firstName: 'Tess', lastName: 'Terms' });
  const admin = await request.newContext({ baseURL });
  try {
    return await publishNewTerms(admin);
  } finally {
    await admin.dispose();
  }
}

const termsDialog = (page: Page) => page.getByRole('dialog', { name: "We've updated our terms" });

test('a signed-in member accepts a newly published terms version once', async ({ page, baseURL }) => {
  const version = await memberWithOutdatedTerms(page, baseURL!);

  await page.goto('/research/builder');
  const dialog = termsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`on ${longDate(version)}`);
  await expect(dialog.getByRole('region', { name: /terms and conditions/ })).toContainText(
    `Last updated ${longDate(version)}.`,
  );
  await expect(dialog.getByRole('heading', { name: '2. Protecting young people' })).toBeVisible();

  // It cannot be dismissed: no close button, and Escape leaves it open.
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign out' })).toBeVisible();

  const accepted = page.waitForResponse((response) => response.url().endsWith('/v2/profile/accept-terms'));
  // From the keyboard: focus starts on the text, then the two choices follow.
  await expect(dialog.getByRole('region', { name: /terms and conditions/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Accept and continue' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await accepted).status()).toBe(200);
  await expect(dialog).toBeHidden();

  // After a reload the profile, checked with the server again, no longer asks.
  const profile = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/v2/profile' && response.request().method() === 'GET',
  );
  await page.reload();
  const body = await (await profile).json();
  expect(body.data.mustAcceptTerms).toBe(false);
  await expect(page.locator('main#main')).toBeVisible();
  await expect(termsDialog(page)).toHaveCount(0);
});

test('on a phone, a failed save shows in the dialog, and signing out is the way out', async ({
  page,
  baseURL,
}) => {
  await memberWithOutdatedTerms(page, baseURL!);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/research/builder');
  const dialog = termsDialog(page);
  await expect(dialog).toBeVisible();
  // At 360 px both choices are on screen and the dialog fits the width.
  const accept = dialog.getByRole('button', { name: 'Accept and continue' });
  await expect(accept).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A failed save (a dropped connection: a network fault, not a fake answer from our server) says so
  // in the dialog, which stays.
  await page.route('**/v2/profile/accept-terms', (route) => route.abort('connectionreset'));
  await accept.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'We could not reach TeenVoice. Check your connection and try again.',
  );
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(termsDialog(page)).toHaveCount(0);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the terms dialog has no serious or critical axe violations in ${mode} mode`, async ({
    page,
    baseURL,
  }) => {
    await memberWithOutdatedTerms(page, baseURL!);
    await page.emulateMedia({ colorScheme: mode });
    await page.goto('/research/builder');
    const dialog = termsDialog(page);
    await expect(dialog.getByRole('button', { name: 'Accept and continue' })).toBeEnabled();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
      .toBe(mode);
    // Colours are measured once the entrance transition has settled.
    await page.waitForTimeout(400);
    const results = await axeFor(page).include('[role="dialog"]').analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        nodes: violation.nodes.slice(0, 5).map((node) => node.target),
      }));
    expect(serious).toEqual([]);
  });
}
