import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-helpers';
import { demo, signInApi, signInThroughForm } from './identity-helpers';

const contentPath = '/research/builder/admin/content';

test('a platform admin writes and publishes an article that visitors then read', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const title = `Sleep and screens after ten ${suffix}`;
  const slug = `sleep-and-screens-after-ten-${suffix}`;

  await page.goto(`/login?redirect=${encodeURIComponent(`${contentPath}/article/new`)}`);
  await signInThroughForm(page, demo.platformAdmin);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New article');

  // The schema's messages show at the fields when a draft is saved empty.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Some fields need attention.')).toBeVisible();
  await expect(page.getByText('Required').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(slug);
  await page
    .getByRole('textbox', { name: 'Summary', exact: true })
    .fill('Most teens keep their phone by the bed; here is what that does to sleep.');

  const body = page.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('What teens told us');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Seven in ten said they check messages after lights out.');
  await expect(body.locator('h2')).toHaveText('What teens told us');

  await page.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'Health and wellbeing' }).click();
  await page.getByRole('textbox', { name: 'Author', exact: true }).fill('Hana Okafor');

  // A slow network: the save reaches the server 0.8 s late. Preview is chosen while it is on its way;
  // the view survives the new entry's move to its own address (the editor there is a new one).
  await page.route('**/v2/admin/content/article', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Visitors can see it now.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${contentPath}/article/\\d+$`));
  await expect(page.getByTestId('content-status')).toHaveText('Published');
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  // The editor's own heading, and the preview's.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([title, title]);
  const preview = page.getByTestId('entry-preview');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(preview.getByRole('heading', { level: 2, name: 'What teens told us' })).toBeVisible();

  // The public content API serves it once published.
  const published = await page.request.get(
    `/cms/api/teenvoice-articles?filters[slug][$eq]=${encodeURIComponent(slug)}`,
  );
  expect(published.ok()).toBe(true);
  expect((await published.json()).data[0]?.attributes.title).toBe(title);

  // A visitor, without the admin's session.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/research');
  await expect(visitorPage.getByText(title).first()).toBeVisible();
  await visitorPage.goto(`/research/articles/${slug}`);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitorPage.getByRole('heading', { level: 2, name: 'What teens told us' })).toBeVisible();

  // The server renders the article into the HTML itself, for crawlers and link previews.
  const html = await (await visitor.request.get(`/research/articles/${slug}`)).text();
  expect(html).toContain(title);
  await visitor.close();
});

test('two editors save the same article: the second chooses to keep their version', async ({ page }) => {
  await signInApi(page.request, demo.platformAdmin);
  const suffix = Date.now().toString(36);
  const created = await page.request.post('/v2/admin/content/article', {
    data: {
      attributes: {
        title: `Part-time jobs in senior year ${suffix}`,
        slug: `part-time-jobs-in-senior-year-${suffix}`,
        summary: 'How many hours teens work during the school year.',
        body: '<p>Most work weekends.</p>',
        cover: null,
        tags: ['work'],
        theme: 'money-and-work',
        author: { name: 'Marcus Bell', role: '' },
        readingTimeMinutes: 1,
        seoTitle: '',
        seoDescription: '',
      },
    },
  });
  expect(created.status()).toBe(201);
  const { data: entry } = (await created.json()) as {
    data: { id: number; version: number; attributes: Record<string, unknown> };
  };

  await page.goto(`${contentPath}/article/${entry.id}`);
  const summary = page.getByRole('textbox', { name: 'Summary', exact: true });
  await expect(summary).toHaveValue('How many hours teens work during the school year.');
  await summary.fill('Hours worked by seniors, week by week.');

  // Someone else saves first.
  const theirs = await page.request.put(`/v2/admin/content/article/${entry.id}`, {
    data: { version: entry.version, attributes: { ...entry.attributes, summary: 'Their summary.' } },
  });
  expect(theirs.ok()).toBe(true);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Someone else saved this entry' });
  await expect(dialog).toContainText('Their summary.');
  await dialog.getByRole('button', { name: 'Keep my version' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'The article is saved.' })).toBeVisible();

  const saved = await page.request.get(`/v2/admin/content/article/${entry.id}`);
  expect((await saved.json()).data.attributes.summary).toBe('Hours worked by seniors, week by week.');

  // A file the media library refuses says why, where it was dropped.
  await page.goto(`${contentPath}?tab=media`);
  await page.getByRole('button', { name: 'Choose files' }).click();
  const chooser = page.locator('input[type="file"]');
  await chooser.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'The upload did not work' })).toContainText(
    'Only PNG, JPEG, WebP, GIF images and PDF files can be uploaded.',
  );
});

test.describe('content list in light and dark mode', () => {
  test.use({ colorScheme: 'light' });
  // Two axe checks of a whole screen per test: twice the time of one on a loaded two-core machine.
  test.describe.configure({ timeout: 90_000 });

  test('has no serious accessibility problems', async ({ page }) => {
    await signInApi(page.request, demo.platformAdmin);
    await page.goto(contentPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    await expect(page.getByTestId('content-row').first()).toBeVisible();
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
        .toBe(mode);
      await expectNoSeriousViolations(page);
    }
  });
});
