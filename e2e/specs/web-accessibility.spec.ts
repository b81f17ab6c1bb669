import { expect, type Page, test } from '@playwright/test';
import { axeFor } from './axe-helpers';

/**
 * The site's header and footer are the same on every public page: checked in full on the home page,
 * left out elsewhere (`wholePage: false`), so each check reads the screen's own content.
 */
const screens = [
  { name: 'home', path: '/', heading: 'Hear what teenagers actually think.', wholePage: true },
  { name: 'error screen', path: '/no-such-page', heading: 'Oops! 404 - Page not found' },
  { name: 'style tokens', path: '/style-tokens', heading: 'Design tokens' },
  { name: 'login', path: '/login', heading: 'Sign in to TeenVoice' },
  { name: 'products', path: '/products', heading: 'The right kind of survey for every question' },
  { name: 'why us', path: '/why-us', heading: 'Youth research that is quick to run and right to run' },
  { name: 'quality', path: '/quality', heading: 'Every answer checked, every teenager protected' },
  { name: 'legal page', path: '/legal/privacy-policy', heading: 'Privacy policy' },
];

/** Serious and critical violations of the page as it is now, in the mode it shows. */
async function blockingIn(page: Page, mode: 'light' | 'dark', wholePage: boolean) {
  await page.emulateMedia({ colorScheme: mode });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
    .toBe(mode);
  // Let colour transitions settle so colors are measured at rest.
  await page.waitForTimeout(300);
  const builder = axeFor(page);
  const results = await (wholePage ? builder : builder.exclude('[data-site-chrome]')).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      mode,
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }));
}

// One load per screen, checked in light mode and then in dark: a page in the system mode follows the
// system when it changes, before the app starts as after (public/colour-mode.js).
test.describe('accessibility in light and dark mode', () => {
  test.use({ colorScheme: 'light' });
  // Two axe checks of a whole screen per test: twice the time of one on a loaded two-core machine.
  test.describe.configure({ timeout: 90_000 });

  for (const screen of screens) {
    test(`${screen.name} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
      const wholePage = 'wholePage' in screen;
      expect([
        ...(await blockingIn(page, 'light', wholePage)),
        ...(await blockingIn(page, 'dark', wholePage)),
      ]).toEqual([]);
    });
  }
});
