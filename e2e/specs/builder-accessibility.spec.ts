import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-helpers';

const northside = '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01';
const password = 'teenvoice-demo';

async function signIn(request: APIRequestContext, email: string) {
  const response = await request.post('/v2/login', { data: { email, password } });
  expect(response.ok()).toBeTruthy();
}

/** A pulse check with an audience, submitted for moderation; the author is signed in on `request`. */
async function submittedSurvey(request: APIRequestContext): Promise<string> {
  await signIn(request, 'jordan@northside.test');
  const created = await request.post('/v2/surveys', {
    data: { type: 'pulse_check' },
    headers: { 'x-asa-organization-id': northside },
  });
  const { data: survey } = (await created.json()) as {
    data: { id: string; version: number; name: string; questions: unknown[] };
  };
  const saved = await request.put(`/v2/surveys/${survey.id}`, {
    data: {
      version: survey.version,
      name: 'Phones at school',
      description: 'How teens use phones during the school day.',
      questions: survey.questions,
      audience: { ageMin: 14, ageMax: 18, genders: [], states: [], regions: [], sampleSize: 200, quotas: [] },
      tags: [],
      projectId: null,
    },
  });
  expect(saved.ok()).toBeTruthy();
  const submitted = await request.post(`/v2/surveys/${survey.id}/transitions`, {
    data: { action: 'submit' },
  });
  expect(submitted.ok()).toBeTruthy();
  return survey.id;
}

/**
 * Each screen checked in light and then in dark mode on one page load: the app follows the system's
 * colour scheme as it changes, so the second check needs no second load and sign-in.
 */
async function expectNoSeriousViolationsInBothModes(page: Page) {
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    // A screen that forces its own mode (the respondent preview is always light) stays as it is.
    await page
      .waitForFunction(
        (scheme) => document.documentElement.getAttribute('data-mantine-color-scheme') === scheme,
        mode,
        { timeout: 2_000 },
      )
      .catch(() => undefined);
    await expectNoSeriousViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('builder accessibility in light and dark mode', () => {
  test.use({ colorScheme: 'light' });

  test('builder home', async ({ page }) => {
    await signIn(page.request, 'jordan@northside.test');
    await page.goto('/research/builder');
    await expect(page.getByRole('heading', { level: 1, name: 'Your surveys' })).toBeVisible();
    await expect(page.getByTestId('survey-row').first()).toBeVisible();
    await expectNoSeriousViolationsInBothModes(page);
  });

  test('survey editor, its question, audience and publish steps', async ({ page }) => {
    // Four screens, eight axe runs: about a minute on a quiet two-core machine.
    test.setTimeout(150_000);
    const surveyId = await submittedSurvey(page.request);
    const created = await page.request.post('/v2/surveys', {
      data: { type: 'pulse_check' },
      headers: { 'x-asa-organization-id': northside },
    });
    const draft = ((await created.json()) as { data: { id: string; questions: { id: string }[] } }).data;
    expect(surveyId).not.toBe(draft.id);

    await page.goto(`/research/builder/survey/${draft.id}`);
    await expect(page.getByTestId('question-card')).toHaveCount(5);
    await expectNoSeriousViolationsInBothModes(page);

    await page.goto(`/research/builder/survey/${draft.id}/question/${draft.questions[1]?.id}`);
    await expect(page.getByRole('heading', { name: 'Question 2 of 5' })).toBeVisible();
    await expectNoSeriousViolationsInBothModes(page);

    await page.goto(`/research/builder/survey/${draft.id}/audience`);
    await expect(page.getByTestId('estimate')).toBeVisible();
    await expectNoSeriousViolationsInBothModes(page);

    await page.goto(`/research/builder/survey/${draft.id}/publish`);
    await expect(page.getByTestId('precheck')).toBeVisible();
    await expectNoSeriousViolationsInBothModes(page);
  });

  test('survey editor of a survey with changes requested', async ({ page, browser }) => {
    const surveyId = await submittedSurvey(page.request);
    const moderatorContext = await browser.newContext();
    await signIn(moderatorContext.request, 'moderator@teenvoice.test');
    const rejected = await moderatorContext.request.post(`/v2/surveys/${surveyId}/moderation`, {
      data: {
        decision: 'reject',
        checklist: {},
        reasons: ['Make the purpose clear in the title and description.'],
      },
    });
    expect(rejected.ok()).toBeTruthy();
    await moderatorContext.close();
    await page.goto(`/research/builder/survey/${surveyId}`);
    await expect(page.getByTestId('rejection')).toContainText('Make the purpose clear');
    await expectNoSeriousViolationsInBothModes(page);
  });

  test('survey preview', async ({ page }) => {
    const surveyId = await submittedSurvey(page.request);
    await page.goto(`/research/builder/survey/preview/${surveyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Phones at school' })).toBeVisible();
    await expectNoSeriousViolationsInBothModes(page);
    await page.getByTestId('preview-frame').getByRole('button', { name: 'I’m happy to take part' }).click();
    await expect(page.getByRole('heading', { name: 'Three quick questions' })).toBeVisible();
    await expectNoSeriousViolationsInBothModes(page);
  });

  test('survey moderation', async ({ page, browser }) => {
    const authorContext = await browser.newContext();
    const surveyId = await submittedSurvey(authorContext.request);
    await authorContext.close();
    await signIn(page.request, 'moderator@teenvoice.test');
    await page.goto(`/research/builder/admin/survey/moderation/${surveyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Phones at school' })).toBeVisible();
    await expect(page.getByTestId('moderation-question')).toHaveCount(5);
    await expectNoSeriousViolationsInBothModes(page);
  });

  test('admin survey list and survey of an organization', async ({ page, browser }) => {
    const authorContext = await browser.newContext();
    const surveyId = await submittedSurvey(authorContext.request);
    await authorContext.close();
    await signIn(page.request, 'admin@teenvoice.test');
    await page.goto('/research/builder/admin/surveys');
    await expect(page.getByTestId('admin-surveys')).toBeVisible();
    await expectNoSeriousViolationsInBothModes(page);
    await page.goto(`/research/builder/admin/${northside}/survey/${surveyId}`);
    await expect(page.getByTestId('status-history')).toBeVisible();
    await expectNoSeriousViolationsInBothModes(page);
  });
});
