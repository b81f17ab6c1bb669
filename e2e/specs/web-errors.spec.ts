import { expect, type Page, test } from '@playwright/test';
import { countDocumentLoads, documentLoads, navigateInApp } from './web-helpers';

const homeSentence =
  "Sorry, the page you're looking for could not be found. Please check the URL or return to the homepage and try again.";
const researchSentence =
  "Sorry, the page you're looking for could not be found. Please check the URL or return to the research page and try again.";

async function expectErrorScreen(
  page: Page,
  status: number,
  message: string,
  button: { name: string; href: string },
) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Oops! ${status} - Page not found`);
  await expect(page.getByRole('img', { name: /survey card that has wandered off/ })).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText(message);
  const main = page.getByRole('main');
  await expect(main.getByRole('link')).toHaveCount(1);
  await expect(main.getByRole('link', { name: button.name })).toHaveAttribute('href', button.href);
}

test.describe('error screen', () => {
  test('an unmatched path after the homepage offers the way home', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hear what teenagers');
    await navigateInApp(page, '/no-such-page');
    await expectErrorScreen(page, 404, homeSentence, { name: 'Go to home', href: '/' });
    await expect(page).toHaveTitle('404 - Page not found');
    // Shown in the marketing layout: top navigation and footer around it.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('after a research page it leads back to the research, and a 404 does not move that target', async ({
    page,
    request,
  }) => {
    const listed = await request.get(
      '/cms/api/teenvoice-reports?sort=publishedAt:desc&pagination[pageSize]=1&fields[0]=slug&fields[1]=title',
    );
    const report = ((await listed.json()) as { data: { attributes: { slug: string; title: string } }[] })
      .data[0]!.attributes;
    await page.goto(`/research/reports/${report.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(report.title);

    await navigateInApp(page, '/no-such-page');
    await expectErrorScreen(page, 404, researchSentence, { name: 'Go to our research', href: '/research' });

    await navigateInApp(page, '/another-missing-page');
    await expect(page).toHaveURL('/another-missing-page');
    await expectErrorScreen(page, 404, researchSentence, { name: 'Go to our research', href: '/research' });

    await page.getByRole('main').getByRole('link', { name: 'Go to our research' }).click();
    await expect(page).toHaveURL('/research');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'What America’s teenagers are telling us',
    );
  });

  test('after the survey builder a failed survey check says the survey could not load', async ({ page }) => {
    await page.goto('/research/builder');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your surveys');

    await navigateInApp(page, '/research/builder/survey/not-a-uuid');
    await expectErrorScreen(page, 404, 'Could not load your survey', {
      name: 'Go to your surveys',
      href: '/research/builder',
    });
    await expect(page).toHaveTitle('404 - Page Not Found: /research/builder/survey/not-a-uuid');
  });

  test('a direct visit to an unknown page is a plain 404', async ({ page }) => {
    await page.goto('/definitely/not/here');
    await expectErrorScreen(page, 404, homeSentence, { name: 'Go to home', href: '/' });
    await expect(page).toHaveTitle('404 - Page not found');
  });

  test("a route's failed validity check is a fatal 'Page Not Found: {path}'", async ({ page }) => {
    await page.goto('/legal/not-a-real-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! 404 - Page not found');
    await expect(page).toHaveTitle('404 - Page Not Found: /legal/not-a-real-policy');

    await page.goto('/legal/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  });
});

test.describe('chunk-load failures', () => {
  const loginChunk = /\/assets\/login-screen-[\w-]+\.js$/;

  test.beforeEach(async ({ page }) => countDocumentLoads(page));

  test('a failed chunk reloads the page once and then works', async ({ page }) => {
    let aborted = 0;
    await page.route(loginChunk, async (route) => {
      if (aborted === 0) {
        aborted += 1;
        return route.abort('failed');
      }
      return route.continue();
    });

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to TeenVoice');
    expect(aborted).toBe(1);
    expect(await documentLoads(page)).toBe(2);
  });

  test('a second failure within 10 s shows the error screen instead of reloading again', async ({ page }) => {
    let aborted = 0;
    await page.route(loginChunk, async (route) => {
      aborted += 1;
      return route.abort('failed');
    });

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! 500 - Page not found', {
      timeout: 10_000,
    });
    expect(await documentLoads(page)).toBe(2);
    await page.waitForTimeout(1_500);
    expect(await documentLoads(page)).toBe(2);
    expect(aborted).toBeGreaterThanOrEqual(2);
  });
});
