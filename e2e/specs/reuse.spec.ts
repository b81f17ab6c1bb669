import { type Browser, expect, type Page, test } from '@playwright/test';

/**
 * Reuse (decision 030): a survey from the template gallery, a question saved to the organisation's
 * question bank, and that question inserted into another survey.
 */

const password = 'teenvoice-demo';
const northside = '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01';
const run = Date.now().toString(36);

async function pageFor(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/v2/login', { data: { email, password } });
  expect(response.ok()).toBeTruthy();
  return page;
}

/** A long-form draft in Northside with one question, made through the API. */
async function createDraft(page: Page, name: string, title: string): Promise<string> {
  const created = await page.request.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': northside },
  });
  const { data: survey } = (await created.json()) as { data: { id: string; version: number } };
  const saved = await page.request.put(`/v2/surveys/${survey.id}`, {
    data: {
      version: survey.version,
      name,
      description: null,
      questions: [
        {
          id: crypto.randomUUID(),
          type: 'yes_no',
          title,
          description: null,
          required: true,
          randomizeOptions: false,
          options: [],
          rows: [],
          scale: null,
          displayLogic: null,
        },
      ],
      audience: null,
      tags: [],
      projectId: null,
    },
  });
  expect(saved.ok()).toBeTruthy();
  return survey.id;
}

test.describe
  .serial('reusing questions', () => {
    test.setTimeout(60_000);

    test('a researcher starts a survey from the template gallery', async ({ browser }) => {
      const page = await pageFor(browser, 'jordan@northside.test');
      await page.goto(`/research/builder?selectedOrganizationId=${northside}`);
      await page.getByRole('link', { name: 'Start from a template' }).click();
      await expect(page.getByRole('heading', { name: 'Start from a template' })).toBeVisible();

      const card = page.getByRole('article', { name: 'School climate' });
      await expect(card.getByText('ED School Climate Surveys (EDSCLS), student survey')).toBeVisible();
      await expect(card.getByText(/Public domain/)).toBeVisible();

      await card.getByRole('button', { name: 'Preview questions: School climate' }).click();
      const preview = page.getByRole('dialog', { name: 'School climate: the questions' });
      await expect(preview.getByText('Teachers understand my problems.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(preview).toBeHidden();

      await card.getByRole('button', { name: 'Use this template: School climate' }).click();
      await expect(page).toHaveURL(/\/research\/builder\/survey\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: 'School climate' })).toBeVisible();
      await expect(page.getByTestId('question-card')).toHaveCount(4);
      await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved');
    });

    test('a question saved to the bank is inserted into another survey', async ({ browser }) => {
      const page = await pageFor(browser, 'jordan@northside.test');
      const title = `Do you have a quiet place to study at home? ${run}`;
      const source = await createDraft(page, `Study spaces ${run}`, title);
      const target = await createDraft(page, `Homework habits ${run}`, 'Do you get homework most days?');

      await page.goto(`/research/builder/survey/${source}`);
      await page.getByRole('button', { name: 'More actions for question 1' }).click();
      await page.getByRole('menuitem', { name: 'Save to question bank' }).click();
      await expect(
        page.getByText(`“${title}” was saved to your organization’s question bank.`),
      ).toBeVisible();

      await page.goto(`/research/builder/survey/${target}`);
      await expect(page.getByTestId('question-card')).toHaveCount(1);
      await page.getByRole('button', { name: 'Question bank' }).click();
      const drawer = page.getByRole('dialog', { name: 'Question bank' });
      await drawer.getByRole('textbox', { name: 'Search the bank' }).fill(run);
      await expect(drawer.getByTestId('question-bank-item')).toHaveCount(1);
      await drawer.getByRole('button', { name: `Insert “${title}” into this survey` }).click();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      await expect(page.getByTestId('question-card')).toHaveCount(2);
      await expect(page.getByTestId('question-title').nth(1)).toHaveText(`2. ${title}`);
      await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved');

      // Saved on the server, as a question of its own (a fresh id, not the source's).
      const saved = await page.request.get(`/v2/surveys/${target}`);
      const { data } = (await saved.json()) as { data: { questions: { id: string; title: string }[] } };
      const sourceSurvey = await page.request.get(`/v2/surveys/${source}`);
      const { data: original } = (await sourceSurvey.json()) as { data: { questions: { id: string }[] } };
      expect(data.questions.map((q) => q.title)).toEqual(['Do you get homework most days?', title]);
      expect(data.questions[1]!.id).not.toBe(original.questions[0]!.id);

      // Deleting from the bank asks first.
      await page.getByRole('button', { name: 'Question bank' }).click();
      await drawer.getByRole('textbox', { name: 'Search the bank' }).fill(run);
      await drawer.getByRole('button', { name: `Delete “${title}” from the bank` }).click();
      await page.getByRole('button', { name: 'Delete from bank' }).click();
      await expect(drawer.getByText('No saved question matches')).toBeVisible();
    });
  });
