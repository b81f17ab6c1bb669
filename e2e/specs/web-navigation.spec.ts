import { expect, test } from '@playwright/test';
import { countDocumentLoads, documentLoads, navigateInApp, scrollY, startApp } from './web-helpers';

test.describe('scrolling on navigation', () => {
  // Smooth scrolling is what is tested here: motion as a visitor who has not asked for less.
  test.use({ reducedMotion: 'no-preference' });

  test('a page change jumps to the top at once', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hear what teenagers');
    // A page change inside the app (a lite page's links load the next page afresh, at its top).
    await startApp(page);
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);

    // Record every scroll position the browser paints after the click.
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as unknown as { __positions: number[] }).__positions = positions;
      const record = () => {
        positions.push(Math.round(window.scrollY));
        if (positions.length < 30) requestAnimationFrame(record);
      };
      document.addEventListener('click', () => requestAnimationFrame(record), { capture: true, once: true });
    });
    await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Young people are studied constantly',
    );
    await expect.poll(() => scrollY(page)).toBe(0);

    const positions = await page.evaluate(() => (window as unknown as { __positions: number[] }).__positions);
    const between = positions.filter((position) => position > 0 && position < positions[0]!);
    // Instant: no intermediate positions on the way to the top.
    expect(between).toEqual([]);
  });

  test('a hash link scrolls smoothly to its anchor', async ({ page }) => {
    await page.goto('/legal/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);

    await page.evaluate(() => {
      const positions: number[] = [];
      (window as unknown as { __positions: number[] }).__positions = positions;
      window.addEventListener('scroll', () => positions.push(Math.round(window.scrollY)), { passive: true });
    });
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'Your rights and choices' })
      .click();
    await expect(page).toHaveURL('/legal/privacy-policy#your-rights-and-choices');

    const heading = page.getByRole('heading', { level: 2, name: 'Your rights and choices' });
    await expect
      .poll(async () => (await heading.boundingBox())?.y ?? 9999, { timeout: 5_000 })
      .toBeLessThan(200);
    const final = await scrollY(page);
    expect(final).toBeGreaterThan(300);

    const positions = await page.evaluate(() => (window as unknown as { __positions: number[] }).__positions);
    const intermediate = positions.filter((position) => position > 0 && position < final);
    // Smooth: the browser passed through positions on the way (a loaded machine draws fewer frames of
    // the same scroll, so two are enough to tell it from a jump).
    expect(intermediate.length).toBeGreaterThanOrEqual(2);
  });
});

test.describe('page_view events', () => {
  test('arrive 100 ms after a page change and 1500 ms after a same-path change', async ({ page }) => {
    await page.addInitScript(() => {
      const views: { at: number; path: unknown; location: unknown; title: unknown }[] = [];
      const marks: number[] = [];
      Object.assign(window, { __views: views, __marks: marks });
      const dataLayer: unknown[] = [];
      (window as unknown as { dataLayer: unknown[] }).dataLayer = dataLayer;
      const push = dataLayer.push.bind(dataLayer);
      dataLayer.push = (...events: unknown[]) => {
        for (const event of events as Record<string, unknown>[]) {
          if (event?.event === 'page_view') {
            views.push({
              at: performance.now(),
              path: event.page_path,
              location: event.page_location,
              title: event.page_title,
            });
          }
        }
        return push(...events);
      };
      document.addEventListener('click', () => marks.push(performance.now()), { capture: true });
    });
    type Recorded = {
      views: { at: number; path: string; location: string; title: string }[];
      marks: number[];
    };
    const recorded = () =>
      page.evaluate(() => {
        const w = window as unknown as Recorded & { __views: Recorded['views']; __marks: number[] };
        return { views: [...w.__views], marks: [...w.__marks] };
      });

    await page.goto('/');
    await expect.poll(async () => (await recorded()).views.length).toBe(1);
    const first = (await recorded()).views[0]!;
    expect(first.path).toBe('/');
    expect(first.title).toBe('Teen research with consent built in | TeenVoice');
    // The timing rules are the app's, measured once it runs (a lite page starts it on the first click).
    await startApp(page);
    expect((await recorded()).views).toHaveLength(1);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await expect.poll(async () => (await recorded()).views.length).toBe(2);
    let state = await recorded();
    const pathChange = state.views[1]!;
    const pathChangeDelay = pathChange.at - state.marks[0]!;
    expect(pathChange.path).toBe('/products');
    expect(pathChange.title).toBe('Products | TeenVoice');
    expect(pathChangeDelay).toBeGreaterThanOrEqual(100);
    expect(pathChangeDelay).toBeLessThan(1_200);

    await page
      .getByRole('navigation', { name: 'Platform' })
      .getByRole('link', { name: 'Pulse checks' })
      .click();
    await expect(page).toHaveURL('/products#pulse-check');
    // Measured from the click itself, so a slow moment in the test runner cannot make it fail.
    await expect.poll(async () => (await recorded()).views.length, { timeout: 5_000 }).toBe(3);
    state = await recorded();
    const samePath = state.views[2]!;
    const samePathDelay = samePath.at - state.marks[1]!;
    expect(samePath.path).toBe('/products');
    expect(samePath.location).toMatch(/\/products#pulse-check$/);
    expect(samePathDelay).toBeGreaterThanOrEqual(1_500);
    expect(samePathDelay).toBeLessThan(4_000);
  });
});

test.describe('server redirects', () => {
  test.beforeEach(async ({ page }) => countDocumentLoads(page));

  test('/features lands on /products without reloading the app', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hear what teenagers');
    await navigateInApp(page, '/features');
    await expect(page).toHaveURL('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'The right kind of survey for every question',
    );
    expect(await documentLoads(page)).toBe(1);
  });

  test('a first visit to /features is redirected in the app too', async ({ page }) => {
    await page.goto('/features');
    await expect(page).toHaveURL('/products');
    expect(await documentLoads(page)).toBe(1);
  });

  test('/reports/{x} keeps its tail on /research/reports/{x}', async ({ page, request }) => {
    const listed = await request.get(
      '/cms/api/teenvoice-reports?sort=publishedAt:desc&pagination[pageSize]=1&fields[0]=slug&fields[1]=title',
    );
    const report = ((await listed.json()) as { data: { attributes: { slug: string; title: string } }[] })
      .data[0]!.attributes;
    await page.goto(`/reports/${report.slug}`);
    await expect(page).toHaveURL(`/research/reports/${report.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(report.title);
  });

  test('/press is an absolute redirect: the server answers it, and in the app the browser loads /about-us afresh', async ({
    page,
  }) => {
    // Typed into the address bar, the server itself redirects: one document, already the right one.
    await page.goto('/press');
    await expect(page).toHaveURL('/about-us');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Young people are studied constantly',
    );
    expect(await documentLoads(page)).toBe(1);

    // Reached inside the app, the absolute target makes the browser leave the app and load it afresh.
    await navigateInApp(page, '/press');
    await expect(page).toHaveURL('/about-us');
    await expect.poll(() => documentLoads(page)).toBe(2);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Young people are studied constantly',
    );
  });
});
