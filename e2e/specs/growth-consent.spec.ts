import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { startTagManagerStub, type TagManagerStub } from '../stubs/tag-manager-stub';
import { axeFor } from './axe-helpers';
import { DEMO_PASSWORD, demo, signInApi } from './identity-helpers';
import { countDocumentLoads, documentLoads, startApp } from './web-helpers';

const LIVE_DEMO_SURVEY = '/s/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';
const RESULTS = '/research/builder/survey/summary/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01';
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

test('the open banner has no serious or critical axe violations in light and dark mode', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  for (const mode of ['light', 'dark'] as const) {
    // The marketing page follows the system mode as it changes (public/colour-mode.js).
    await page.emulateMedia({ colorScheme: mode });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
      .toBe(mode);
    await page.waitForTimeout(300);
    const results = await axeFor(page).include('[aria-labelledby="consent-banner-heading"]').analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        mode,
        id: violation.id,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
    expect(serious).toEqual([]);
  }
  await context.close();
});

// Decision 012, revisited: the flagged scripts load on the public marketing pages alone. Both flags on,
// each script served by the stub's origin, and every visitor below has allowed analytics.
test.describe('third-party scripts stay on the marketing pages', () => {
  const setMarketingForm = async (enabled: boolean) => {
    const response = await admin.put('/v2/admin/feature-flags/marketing_automation', {
      data: { enabled, settings: enabled ? { scriptUrl: `${stub.origin}/form.js` } : {} },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  test.beforeAll(() => setMarketingForm(true));
  test.afterAll(() => setMarketingForm(false));

  /** A returning visitor who chose "Accept all" earlier. */
  const allowAnalytics = (page: Page) =>
    page.addInitScript(() => {
      localStorage.setItem(
        'tv_consent',
        JSON.stringify({ analytics: true, ads: true, updatedAt: new Date().toISOString() }),
      );
    });

  /** Every request of the page that goes anywhere but the app's own origin. */
  const requestsElsewhere = (page: Page, ownOrigin: string) => {
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== ownOrigin) {
        elsewhere.push(request.url());
      }
    });
    return elsewhere;
  };

  /** The sources of a CSP that name an origin ('self', hashes, data: and blob: do not). */
  const originsNamed = (csp: string) =>
    csp
      .split(';')
      .flatMap((directive) => directive.trim().split(/\s+/).slice(1))
      .filter((source) => source !== '' && !source.startsWith("'") && !/^(data|blob):$/.test(source));

  const scriptsLoaded = (page: Page) =>
    page.evaluate(() => {
      const marks = window as { __stubGtmLoaded?: boolean; __stubFormLoaded?: boolean };
      return { tagManager: marks.__stubGtmLoaded ?? false, form: marks.__stubFormLoaded ?? false };
    });

  const pageViews = (page: Page) =>
    page.evaluate(() =>
      ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
        .filter((entry) => (entry as { event?: string }).event === 'page_view')
        .map((entry) => (entry as { page_path?: string }).page_path),
    );

  test('a public marketing page loads both scripts, from the origins its CSP names', async ({ page }) => {
    await allowAnalytics(page);
    const before = stub.requests.length;
    const response = await page.goto('/research');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(originsNamed(csp)).toContain(stub.origin);
    await expect.poll(() => scriptsLoaded(page)).toEqual({ tagManager: true, form: true });
    expect(stub.requests.slice(before)).toEqual(
      expect.arrayContaining([`/gtm.js?id=${CONTAINER_ID}`, '/form.js']),
    );
  });

  test('results, the builder, the profile and the cart load nothing from another origin, and their CSP names none', async ({
    page,
    baseURL,
  }) => {
    await allowAnalytics(page);
    await signInApi(page.request, demo.northsideMember);
    const elsewhere = requestsElsewhere(page, new URL(baseURL!).origin);
    const before = stub.requests.length;
    for (const path of [RESULTS, '/research/builder', '/user/profile', '/cart']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(originsNamed(csp), path).toEqual([]);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // The spec's page_view is still pushed on every navigation; nothing outside the page reads it.
      await expect.poll(() => pageViews(page), { message: path }).toContain(path);
      await page.waitForLoadState('networkidle');
      expect(await scriptsLoaded(page), path).toEqual({ tagManager: false, form: false });
    }
    expect(elsewhere).toEqual([]);
    expect(stub.requests.length).toBe(before);
  });

  test('a visitor signed in to an account gets no third-party script on a marketing page either', async ({
    page,
    baseURL,
  }) => {
    await allowAnalytics(page);
    await signInApi(page.request, demo.northsideMember);
    // The app learns who is signed in on this device from their first screen.
    await page.goto('/user/profile');
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    const elsewhere = requestsElsewhere(page, new URL(baseURL!).origin);
    const before = stub.requests.length;
    await page.goto('/research');
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    expect(await scriptsLoaded(page)).toEqual({ tagManager: false, form: false });
    expect(elsewhere).toEqual([]);
    expect(stub.requests.length).toBe(before);
  });

  /**
   * What a tag manager's history trigger would see: every address a document takes (pushState,
   * replaceState, back and forward) while the stub's script is loaded in it, kept across page loads.
   */
  const watchAddressesSeenByScripts = (page: Page) =>
    page.addInitScript(() => {
      const note = () => {
        if (!(window as { __stubGtmLoaded?: boolean }).__stubGtmLoaded) return;
        const seen = JSON.parse(sessionStorage.getItem('e2e-seen-by-scripts') ?? '[]') as string[];
        sessionStorage.setItem('e2e-seen-by-scripts', JSON.stringify([...seen, window.location.pathname]));
      };
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          note();
        };
      }
      window.addEventListener('popstate', note);
    });
  const addressesSeenByScripts = (page: Page) =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-seen-by-scripts') ?? '[]') as string[]);

  test('from a page with the scripts, the way into the app is a full page load that leaves them behind', async ({
    page,
    baseURL,
  }) => {
    await countDocumentLoads(page);
    await allowAnalytics(page);
    await watchAddressesSeenByScripts(page);
    const signInLink = () => page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    const signInForm = page.getByRole('form', { name: 'Sign in' });

    // A lite page (decision 018): its site script leaves the link to the browser.
    await page.goto('/');
    await expect.poll(() => scriptsLoaded(page)).toEqual({ tagManager: true, form: true });
    await signInLink().click();
    await expect(signInForm).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await documentLoads(page)).toBe(2);
    expect(await scriptsLoaded(page)).toEqual({ tagManager: false, form: false });

    // The app running on a marketing page: between marketing pages it stays one document, with its
    // scripts; its router takes the way into the app as a full page load.
    await page.goto('/');
    await expect.poll(() => scriptsLoaded(page)).toEqual({ tagManager: true, form: true });
    await startApp(page);
    await page.getByRole('banner').getByRole('link', { name: 'Research' }).click();
    await expect(page.getByRole('region', { name: 'Reports and articles' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/research');
    expect(await documentLoads(page)).toBe(3);
    expect(await scriptsLoaded(page)).toEqual({ tagManager: true, form: true });

    const elsewhere = requestsElsewhere(page, new URL(baseURL!).origin);
    await signInLink().click();
    await expect(signInForm).toBeVisible();
    expect(await documentLoads(page)).toBe(4);
    expect(await scriptsLoaded(page)).toEqual({ tagManager: false, form: false });
    expect(elsewhere).toEqual([]);
    // The documents with the scripts only ever had marketing pages' addresses.
    const seen = await addressesSeenByScripts(page);
    expect(seen).toContain('/research');
    expect(seen.filter((path) => path !== '/' && path !== '/research')).toEqual([]);
  });
});
