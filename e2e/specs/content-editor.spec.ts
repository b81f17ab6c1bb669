import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, pageAs } from './respond-helpers';

/**
 * Issue 25, point 3: an editor that never loses content. Seeds through the API, walks the editor once.
 */
const contentPath = '/research/builder/admin/content';

// Each walk visits several pages on a two-core machine.
test.describe.configure({ timeout: 120_000 });

// A 3×2 PNG: the signature, then IHDR with width and height.
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000003000000020806000000b8adee6a0000000049454e44ae426082',
  'hex',
);

async function seedArticle(api: APIRequestContext, suffix: string) {
  const uploaded = await api.post('/cms/api/upload', {
    multipart: { files: { name: `age-chart-${suffix}.png`, mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const [image] = (await uploaded.json()) as { url: string }[];
  const slug = `who-answered-${suffix}`;
  const created = await api.post('/v2/admin/content/article', {
    data: {
      attributes: {
        title: `Who answered ${suffix}`,
        slug,
        summary: 'Ages of the teens who answered.',
        body:
          `<h2>Who answered</h2><p>Intro.</p><p><img src="${image?.url}" alt="Share of teens by age"></p>` +
          '<table><tr><th>Age</th><th>Share</th></tr><tr><td>16</td><td>40%</td></tr></table>',
        cover: null,
        tags: [],
        theme: 'learning',
        author: { name: 'Dana Ruiz', role: '' },
        readingTimeMinutes: 1,
        seoTitle: '',
        seoDescription: '',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };
  expect((await api.post(`/v2/admin/content/article/${data.id}/publish`)).ok()).toBe(true);
  return { id: data.id, slug };
}

async function expectImageAndTable(page: Page | Locator) {
  await expect(page.getByRole('img', { name: 'Share of teens by age' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Age' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '40%' })).toBeVisible();
}

test('an article with an image and a table keeps both after a word is typed, previewed and saved; a Yes counts at the click', async ({
  browser,
}) => {
  const page = await pageAs(browser, accounts.admin);
  const suffix = Date.now().toString(36);
  const { id, slug } = await seedArticle(page.request, suffix);

  await page.goto(`${contentPath}/article/${id}`);
  const body = page.getByRole('textbox', { name: 'Body' });
  await expect(body.locator('img[alt="Share of teens by age"]')).toBeVisible();
  await body.getByText('Intro.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Updated');

  // Preview shows the unsaved text as the public page will, and saves nothing.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('entry-preview');
  await expect(preview.getByText('Intro. Updated')).toBeVisible();
  await expectImageAndTable(preview);
  const before = await (await page.request.get(`/v2/admin/content/article/${id}`)).json();
  expect(before.data.attributes.body).not.toContain('Updated');
  await page.getByRole('tab', { name: 'Edit' }).click();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The article is saved.' })).toBeVisible();

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(`/research/articles/${slug}`);
  await expect(reader.getByText('Intro. Updated')).toBeVisible();
  await expectImageAndTable(reader);
  await expect(reader.getByRole('table').getByRole('row')).toHaveCount(2);

  // 'Yes' counts at the click, without Send.
  const voted = reader.waitForResponse(
    (response) => response.url().endsWith(`/feedback`) && response.request().method() === 'POST',
  );
  await reader.getByRole('button', { name: 'Yes' }).click();
  expect((await voted).ok()).toBe(true);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/v2/admin/content/article/${id}`)).json()).data.feedback.useful,
    )
    .toBe(1);
  await visitor.close();
  await page.context().close();
});

test('a new terms version starts from the current text; FAQs show on the page their placement names', async ({
  browser,
}) => {
  const page = await pageAs(browser, accounts.admin);
  const current = await page.request.get(
    '/cms/api/teenvoice-terms-and-conditions?sort=versionTimestamp:desc&pagination[page]=1&pagination[pageSize]=1',
  );
  const text = ((await current.json()) as { data: { attributes: { content: string } }[] }).data[0]?.attributes
    .content;
  expect(text?.length).toBeGreaterThan(200);
  await page.goto(`${contentPath}?tab=terms`);
  await page.getByRole('button', { name: 'New version' }).click();
  await expect(page.getByRole('textbox', { name: 'Terms text' })).toHaveValue(text ?? '');
  await page.getByRole('button', { name: 'Cancel' }).click();

  const suffix = Date.now().toString(36);
  const pages = {
    home: '/',
    products: '/products',
    research: '/research',
    contact: '/contact',
    quality: '/quality',
  };
  const questions: Record<string, string> = {};
  for (const placement of Object.keys(pages)) {
    questions[placement] = `Where does this ${placement} answer show ${suffix}?`;
    const created = await page.request.post('/v2/admin/content/faq', {
      data: { attributes: { question: questions[placement], answer: 'On its page.', placement, order: 0 } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { data } = (await created.json()) as { data: { id: number } };
    expect((await page.request.post(`/v2/admin/content/faq/${data.id}/publish`)).ok()).toBe(true);
    if (placement === 'quality') {
      // A stored placement opens selected.
      await page.goto(`${contentPath}/faq/${data.id}`);
      await expect(page.getByRole('combobox', { name: 'Shown on' })).toHaveValue('Quality');
    }
  }
  for (const [placement, path] of Object.entries(pages)) {
    await page.goto(path);
    await expect(page.getByText(questions[placement] ?? '')).toBeVisible();
  }
  await page.context().close();
});
