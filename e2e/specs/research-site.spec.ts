import { expect, type Page, test } from '@playwright/test';
import { axeFor } from './axe-helpers';
import { demo, signInThroughForm } from './identity-helpers';

// Demo content seeded by the server (apps/server/src/db/seed/content).
const article = {
  slug: 'pulse-checks-vs-long-form-surveys',
  tocEntry: 'Choosing between them',
};
const report = 'always-on-teens-phones-and-sleep-2026';
const longDate =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;

const feedCards = (page: Page) => page.getByTestId('research-feed').getByRole('article');
const resultCount = async (page: Page) =>
  Number((await page.getByTestId('research-count').innerText()).replace(/\D/g, ''));

async function expectNoSeriousAxeViolations(page: Page) {
  // Let entrance transitions settle so colors are measured at rest.
  await page.waitForTimeout(300);
  // The cookie banner, the site header and the footer belong to every page and are checked with the
  // consent feature and on the home page; these checks are about the research screens themselves.
  const results = await axeFor(page)
    .exclude('[aria-labelledby="consent-banner-heading"]')
    .exclude('[data-site-chrome]')
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
  expect(blocking).toEqual([]);
}

test('the research page mixes reports and articles and filters them by theme, tag and search', async ({
  page,
}) => {
  await page.goto('/research');
  const cards = feedCards(page);
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: 'Report' }).first()).toBeVisible();
  await expect(cards.filter({ hasText: 'Article' }).first()).toBeVisible();
  // The demo seed publishes at least 12 articles and 8 reports; the first nine show, then "Show more".
  const total = await resultCount(page);
  expect(total).toBeGreaterThanOrEqual(20);
  await expect(cards).toHaveCount(9);
  await page.getByRole('button', { name: /^Show more research/ }).click();
  await expect(cards).toHaveCount(18);

  await page.getByRole('group', { name: 'Filter by theme' }).getByText('Money and work').click();
  await expect(page).toHaveURL(/[?&]theme=money-and-work/);
  await expect.poll(() => resultCount(page)).toBeLessThan(total);
  for (const card of await cards.all()) await expect(card).toContainText('Money and work');

  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).not.toHaveURL(/theme=/);
  await expect.poll(() => resultCount(page)).toBe(total);

  await page.getByLabel('Search research').fill('group chat');
  await expect(page).toHaveURL(/[?&]q=group(\+|%20)chat/);
  await expect.poll(() => resultCount(page)).toBeLessThan(total);
  for (const card of await cards.all()) await expect(card).toContainText(/group chat/i);

  // A link with the filters in it shows the same list; a search nothing matches says what to do.
  await page.goto('/research?tag=sleep');
  await expect(page.getByLabel('Tag', { exact: true }).first()).toHaveValue('sleep');
  await expect(cards.first()).toBeVisible();
  await page.goto('/research?q=zebra%20migration%20patterns');
  await expect(page.getByRole('heading', { name: 'No research matches those filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect.poll(() => resultCount(page)).toBe(total);
});

test('an article has a table of contents that scrolls to its headings', async ({ page }) => {
  await page.goto(`/research/articles/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Pulse checks vs. long-form surveys: choosing the right tool',
  );
  await expect(page.getByText(/\d+ min read/)).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'Contents' });
  await toc.getByRole('link', { name: article.tocEntry }).click();
  const heading = page.getByRole('heading', { level: 2, name: article.tocEntry });
  await expect(heading).toBeInViewport();
  await expect(page).toHaveURL(new RegExp(`#${await heading.getAttribute('id')}$`));
});

test('a visitor votes once on an article and sees the vote after a reload', async ({ page }) => {
  await page.goto(`/research/articles/${article.slug}`);
  const box = page.getByRole('region', { name: 'Was this useful?' });
  await box.getByRole('button', { name: 'Yes' }).click();
  await box.getByLabel('What helped most? (optional)').fill('The comparison table answered my question.');
  await box.getByRole('button', { name: 'Send' }).click();
  await expect(box.getByTestId('feedback-thanks')).toContainText('You told us this article was useful.');

  await page.reload();
  // The visitor scrolls down to it again (a lite page starts the app when it comes near the screen).
  await box.scrollIntoViewIfNeeded();
  await expect(box.getByTestId('feedback-thanks')).toContainText('You told us this article was useful.');
  await expect(box.getByRole('button', { name: 'Yes' })).toHaveCount(0);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a report page fits the screen and its preview pages work from the keyboard', async ({ page }) => {
    await page.goto(`/research/reports/${report}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('report-price')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(
      page
        .getByRole('complementary', { name: 'Buy this report' })
        .getByRole('button', { name: 'Buy report' }),
    ).toBeEnabled();

    const stage = page.getByTestId('preview-stage');
    await stage.scrollIntoViewIfNeeded();
    await expect(stage).toHaveAttribute('aria-label', /^Preview page 1 of \d+$/);
    await stage.focus();
    await page.keyboard.press('ArrowRight');
    await expect(stage).toHaveAttribute('aria-label', /^Preview page 2 of \d+$/);
    await page.keyboard.press('ArrowLeft');
    await expect(stage).toHaveAttribute('aria-label', /^Preview page 1 of \d+$/);
    await page.getByRole('button', { name: 'Next preview page' }).click();
    await expect(stage).toHaveAttribute('aria-label', /^Preview page 2 of \d+$/);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("the terms of use are the sign-up terms, dated 'Month day, year'", async ({ page }) => {
  await page.goto('/legal/terms-of-use');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TeenVoice Terms and Conditions');
  const effective = (await page.getByTestId('legal-effective-date').innerText()).replace(/^Effective /, '');
  expect(effective).toMatch(longDate);
  await expect(page.getByText(`Last updated ${effective}.`)).toBeVisible();
  await expect(page.getByText('{versionTimestamp}')).toHaveCount(0);
});

test('the builder falls back to the bundled copy when the content service copy fails', async ({ page }) => {
  // A network fault on the copy call only; everything else is the real server.
  await page.route('**/cms/api/teenvoice-copy.json', (route) => route.abort('failed'));
  const fallback = page.waitForRequest((request) => request.url().endsWith('/copy/strapiCopyFallback.json'));
  await page.goto('/login');
  await signInThroughForm(page, demo.northsideMember);
  await page.goto('/research/builder');
  await fallback;
  await expect(page.getByRole('heading', { level: 1, name: 'Your surveys' })).toBeVisible();
});

test('an unknown article, report or legal page is a Page Not Found', async ({ page }) => {
  for (const path of [
    '/research/articles/no-such-article',
    '/research/reports/no-such-report',
    '/insights/no-such-insight',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! 404 - Page not found');
    await expect(page.getByRole('link', { name: 'Go to our research' })).toBeVisible();
    await expect.poll(() => page.title()).toContain('Page Not Found: /research/');
  }
  await page.goto('/legal/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! 404 - Page not found');
});

// One load per screen, checked in light mode and then in dark (the page follows the system mode).
test.describe('research screens in light and dark mode', () => {
  test.use({ colorScheme: 'light' });
  // Two axe checks of a whole screen per test: twice the time of one on a loaded two-core machine.
  test.describe.configure({ timeout: 90_000 });

  for (const screen of [
    { name: 'research', path: '/research' },
    { name: 'report', path: `/research/reports/${report}` },
    { name: 'article', path: `/research/articles/${article.slug}` },
  ]) {
    test(`${screen.name} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const mode of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: mode });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
          .toBe(mode);
        await expectNoSeriousAxeViolations(page);
      }
    });
  }
});
