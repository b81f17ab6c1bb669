import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from './identity-helpers';
import { accounts, RESULTS_ID } from './respond-helpers';

/** The link of the 'first responses are in' mail, with a query and a hash the app must keep. */
const summaryLink = `/research/builder/survey/summary/${RESULTS_ID}?from=mail#review`;

async function expectSentToSignIn(page: Page) {
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === summaryLink,
  );
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Could not load your survey')).toHaveCount(0);
}

async function expectBackAtSummary(page: Page) {
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}${url.hash}` === summaryLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Life after school 2026' })).toBeVisible();
  await expect(page.getByTestId('survey-status')).toHaveText('Results ready');
  await expect(page.getByTestId('total-responses-value')).toBeVisible();
}

/** Both session cookies made to expire, as the browser does when the refresh token's lifetime ends. */
async function expireSessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  expect(cookies.length).toBeGreaterThan(0);
  await context.clearCookies();
  await context.addCookies(
    cookies.map(({ name, value, domain, path }) => ({ name, value, domain, path, expires: 1 })),
  );
  expect(await context.cookies()).toEqual([]);
}

test('a signed-out visitor opening the summary link signs in and lands on the summary', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(summaryLink);
  await expectSentToSignIn(page);
  await signInThroughForm(page, accounts.researcher);
  await expectBackAtSummary(page);
  await context.close();
});

test('a user whose session expired is sent to sign in and brought back to the summary', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, accounts.researcher);
  await expect(page).toHaveURL(/\/research\/builder$/);
  // The browser still remembers the signed-in profile; only the session has gone.
  expect(await page.evaluate(() => localStorage.getItem('tv_user'))).toContain('authenticated');

  await expireSessionCookies(context);
  await page.goto(summaryLink);
  await expectSentToSignIn(page);
  await signInThroughForm(page, accounts.researcher);
  await expectBackAtSummary(page);
  await context.close();
});

test('a visitor with an anonymous draft session is asked to sign in for someone else’s summary', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Opening the builder signed out makes an anonymous session for the visitor's own drafts.
  await page.goto('/research/builder');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await context.cookies()).length).toBeGreaterThan(0);

  await page.goto(summaryLink);
  await expectSentToSignIn(page);
  await signInThroughForm(page, accounts.researcher);
  await expectBackAtSummary(page);
  await context.close();
});

test('sign-in never follows a redirect to another site', async ({ browser }) => {
  for (const target of ['//evil.example', 'https://evil.example/research', '/\\evil.example']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
    await signInThroughForm(page, accounts.researcher);
    await expect(page).toHaveURL((url) => url.origin !== 'null' && url.pathname === '/research/builder');
    expect(new URL(page.url()).host).not.toContain('evil');
    await context.close();
  }
});
