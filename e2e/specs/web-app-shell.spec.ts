import { expect, test } from '@playwright/test';
import { navigateInApp } from './web-helpers';

const colorScheme = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

test.describe('color mode', () => {
  test.use({ colorScheme: 'light' });

  test('a chosen mode is kept in localStorage and survives a reload', async ({ page }) => {
    await page.goto('/');
    expect(await colorScheme(page)).toBe('light');

    await page.getByRole('button', { name: 'Color mode: System' }).first().click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => colorScheme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('colour-mode'))).toBe('dark');

    await page.reload({ waitUntil: 'domcontentloaded' });
    // Already dark before the app renders, then still dark once it has.
    expect(await colorScheme(page)).toBe('dark');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hear what teenagers');
    expect(await colorScheme(page)).toBe('dark');
    await expect(page.getByRole('button', { name: 'Color mode: Dark' }).first()).toBeVisible();
  });

  test('a route that forces a mode wins while it is shown, without changing the preference', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('colour-mode', 'dark'));
    await page.goto('/');
    await expect.poll(() => colorScheme(page)).toBe('dark');
    // A draft of this visitor's own, so the preview has a survey to show.
    await page.request.post('/v2/soft-register');
    const created = await page.request.post('/v2/surveys', { data: { type: 'long_form' } });
    const surveyId = (await created.json()).data.id as string;

    await navigateInApp(page, `/research/builder/survey/preview/${surveyId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My First Survey');
    await expect.poll(() => colorScheme(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('colour-mode'))).toBe('dark');

    await navigateInApp(page, '/');
    await expect.poll(() => colorScheme(page)).toBe('dark');
  });
});

test.describe('marketing attribution', () => {
  test('utm parameters are stored and sent as X-UTM headers on backend calls', async ({ page }) => {
    await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('utm_params') ?? '{}')))
      .toEqual({ source: 'newsletter', medium: 'email', campaign: 'spring-launch' });

    // The public page came with its data; the first backend call is the sign-in page's redirect check,
    // from a page without utm parameters, and it carries the stored ones.
    const laterCall = page.waitForRequest(
      (request) => request.url().includes('/v2/redirects/resolve') && request.url().includes('login'),
    );
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    const headers = (await laterCall).headers();
    expect(headers['x-utm-source']).toBe('newsletter');
    expect(headers['x-utm-medium']).toBe('email');
    expect(headers['x-utm-campaign']).toBe('spring-launch');
  });

  test('an ad click id sets the attribution cookies for 28 days', async ({ page, context }) => {
    await page.goto('/?gclid=EAIaIQobChMI-test');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hear what teenagers');
    const cookies = await context.cookies();
    const source = cookies.find((cookie) => cookie.name === 'ad_click_source');
    const id = cookies.find((cookie) => cookie.name === 'ad_click_id');
    expect(source?.value).toBe('gclid');
    expect(id?.value).toBe('EAIaIQobChMI-test');
    for (const cookie of [source!, id!]) {
      expect(cookie.path).toBe('/');
      expect(cookie.sameSite).toBe('Lax');
      // localhost gets no domain attribute, so the cookie is host-only.
      expect(cookie.domain).toBe('localhost');
      const lifetime = cookie.expires - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(2_419_200 - 120);
      expect(lifetime).toBeLessThanOrEqual(2_419_200 + 5);
    }
  });
});

test.describe('browser storage', () => {
  test('the clear-cache utility clears browser storage and says what it removed', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('colour-mode', 'dark');
      localStorage.setItem('tv_user', '{}');
      sessionStorage.setItem('utm_params', '{"source":"x"}');
    });
    await page.goto('/utils/clear-cache');
    const list = page.getByTestId('cleared-list');
    await expect(list).toContainText('2 items removed from local storage');
    await expect(list).toContainText('removed from session storage');
    await expect(list).toContainText('deleted from Cache Storage');
    await expect(list).toContainText('unregistered');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

test.describe('page structure', () => {
  test('the skip link moves focus to the main landmark', async ({ page }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
    await expect(page).toHaveURL('/products');
  });
});
