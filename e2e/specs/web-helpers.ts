import type { Page } from '@playwright/test';

/**
 * Counts documents loaded in this tab (sessionStorage survives reloads and same-origin loads), so a
 * test can tell an in-app navigation (same document) from a full page load.
 */
export async function countDocumentLoads(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const loads = Number(sessionStorage.getItem('e2e-document-loads') ?? '0') + 1;
    sessionStorage.setItem('e2e-document-loads', String(loads));
  });
}

export const documentLoads = (page: Page) =>
  page.evaluate(() => Number(sessionStorage.getItem('e2e-document-loads') ?? '0'));

/**
 * Navigates inside the running app: the router's history listens to pushState, exactly as when
 * a Link is clicked, so no document is loaded.
 */
/**
 * Starts the app on a lite public page (decision 018), as the visitor's first click on a control
 * would; a page that runs the app already is left as it is.
 */
export async function startApp(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const upgrade = (window as { __tvUpgrade?: () => Promise<void> }).__tvUpgrade;
    if (document.documentElement.hasAttribute('data-lite') && upgrade) await upgrade();
  });
}

export async function navigateInApp(page: Page, path: string): Promise<void> {
  // Only the app's router sees pushState: a lite public page starts the app first.
  await startApp(page);
  await page.evaluate((target) => window.history.pushState({}, '', target), path);
}

export const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
