import { type APIRequestContext, expect, test } from '@playwright/test';
import { startApp } from './web-helpers';

/**
 * What a crawler or a link preview gets: HTML that already holds the page's content and head tags,
 * real status codes, a sitemap and robots.txt; then a browser hydrates that HTML in place.
 */

interface Listed {
  data: { id: number; attributes: { slug: string; title: string; cover?: { data: unknown } } }[];
}

/** The newest published entry with a cover: a seeded one, whatever other specs publish meanwhile. */
async function newest(request: APIRequestContext, plural: string) {
  const response = await request.get(
    `/cms/api/teenvoice-${plural}?sort=publishedAt:desc&pagination[pageSize]=50&fields[0]=slug&fields[1]=title&populate[0]=cover`,
  );
  expect(response.status()).toBe(200);
  const entry = ((await response.json()) as Listed).data.find((listed) => listed.attributes.cover?.data);
  if (!entry) throw new Error(`No published ${plural} with a cover in the demo content`);
  return entry.attributes;
}

/** How React writes text into HTML. */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');

const attribute = (html: string, selector: RegExp) => html.match(selector)?.[1];

const staticPages = [
  {
    path: '/',
    title: 'Teen research with consent built in',
    text: 'TeenVoice is the research platform organizations use to survey 13–19 year-olds',
  },
  { path: '/why-us', title: 'Why TeenVoice', text: 'TeenVoice' },
  { path: '/about-us', title: 'About us', text: 'TeenVoice' },
  { path: '/quality', title: 'Data quality', text: 'TeenVoice' },
  { path: '/contact', title: 'Contact us', text: 'TeenVoice' },
  { path: '/products', title: 'Products', text: 'TeenVoice' },
  { path: '/research', title: 'Research', text: 'What America’s teenagers are telling us' },
  { path: '/legal/privacy-policy', title: 'Privacy', text: 'Privacy' },
  { path: '/legal/terms-of-use', title: 'Terms', text: 'Terms' },
];

test.describe('public pages as crawlers read them', () => {
  for (const page of staticPages) {
    test(`${page.path} is served with its content and head tags`, async ({ request }) => {
      const response = await request.get(page.path, { headers: { Accept: '*/*' } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(attribute(html, /<title>([^<]*)<\/title>/)).toContain(page.title);
      expect(html).toContain(page.text);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\//);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(html).toMatch(/<meta name="twitter:card" content="summary/);
      expect(html).toContain('id="tv-page-payload"');
    });
  }

  test('a report and an article carry their text, cover image and article type', async ({ request }) => {
    for (const [plural, base] of [
      ['reports', '/research/reports/'],
      ['articles', '/research/articles/'],
    ] as const) {
      const entry = await newest(request, plural);
      const response = await request.get(`${base}${entry.slug}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      // One brand in the title, whether or not the SEO title already names it.
      expect(attribute(html, /<title>([^<]*)<\/title>/)?.match(/TeenVoice/g)?.length).toBe(1);
      expect(html).toContain(escapeHtml(entry.title));
      expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/cms\/uploads\/[^"]+"/);
      expect(html).toContain('<meta property="og:type" content="article"');
    }
  });

  test('unknown paths and slugs answer a real 404, with HTML for any Accept header', async ({ request }) => {
    for (const path of [
      '/no-such-page',
      '/research/articles/no-such-article',
      '/research/reports/no-such-report',
      '/legal/no-such-page',
      // Addresses that cannot be a slug at all: a NUL byte, spaces and capitals.
      '/research/articles/%00',
      '/research/reports/Not%20A%20Slug',
    ]) {
      const response = await request.get(path, { headers: { Accept: '*/*' } });
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex"');
      expect(html).toContain('Page not found');
    }
  });

  test('an old address redirects permanently to the real page', async ({ request }) => {
    const article = await newest(request, 'articles');
    const response = await request.get(`/insights/${article.slug}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/research/articles/${article.slug}`);
    const unknown = await request.get('/reports/no-such-report');
    expect(unknown.status()).toBe(404);
  });

  test('sitemap.xml lists published content and robots.txt points at it', async ({ request }) => {
    const article = await newest(request, 'articles');
    const report = await newest(request, 'reports');
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain(`/research/articles/${article.slug}</loc>`);
    expect(xml).toContain(`/research/reports/${report.slug}</loc>`);
    expect(xml).not.toContain('/research/builder');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /s/');
    expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap.xml/);
  });
});

test('the browser hydrates the server HTML in place, and a client navigation loads one payload', async ({
  page,
  request,
}) => {
  const article = await newest(request, 'articles');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match/i.test(message.text()))
      errors.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverHeading: Element | null }).serverHeading =
        document.querySelector('#root h1');
    });
  });
  await page.goto(`/research/articles/${article.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  const ownFeedback = page.waitForResponse((answer) => answer.url().endsWith('/feedback/mine'));
  // A lite page (decision 018): the app starts on the first control the visitor reaches for.
  await startApp(page);
  // The h1 the server sent is still the one on screen: React adopted it instead of drawing anew.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
        return Boolean(kept?.isConnected);
      }),
    )
    .toBe(true);
  expect(errors).toEqual([]);
  // The article's own visitor-specific call (its feedback) belongs to this page, not to the navigation.
  await ownFeedback;

  const contentCalls: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/cms/api/') || url.pathname.endsWith('/_payload.json'))
      contentCalls.push(url.pathname);
  });
  await page.getByRole('link', { name: 'Research', exact: true }).first().click();
  await expect(page).toHaveURL(/\/research$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(contentCalls).toContain('/research/_payload.json');
  expect(contentCalls.filter((path) => path.startsWith('/cms/api/'))).toEqual([]);
});
