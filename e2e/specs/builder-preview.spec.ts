import { expect, type Page, test } from '@playwright/test';

const northside = '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01';

async function surveyWithLogic(page: Page): Promise<string> {
  const response = await page.request.post('/v2/login', {
    data: { email: 'jordan@northside.test', password: 'teenvoice-demo' },
  });
  expect(response.ok()).toBeTruthy();
  const created = await page.request.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': northside },
  });
  const { data: survey } = (await created.json()) as { data: { id: string; version: number } };
  const base = { description: null, randomizeOptions: false, rows: [], scale: null, displayLogic: null };
  const sport = crypto.randomUUID();
  const saved = await page.request.put(`/v2/surveys/${survey.id}`, {
    data: {
      version: survey.version,
      name: 'After-school sport',
      description: 'A short survey about sport outside school.',
      questions: [
        {
          ...base,
          id: sport,
          type: 'yes_no',
          title: 'Do you play a sport outside school?',
          required: true,
          options: [],
        },
        {
          ...base,
          id: crypto.randomUUID(),
          type: 'single_choice',
          title: 'Which sport do you play most?',
          required: true,
          options: [
            { id: 'football', label: 'Football' },
            { id: 'swimming', label: 'Swimming' },
          ],
          displayLogic: {
            match: 'all',
            conditions: [{ questionId: sport, operator: 'equals', value: 'yes' }],
          },
        },
        {
          ...base,
          id: crypto.randomUUID(),
          type: 'long_text',
          title: 'Anything else?',
          required: false,
          options: [],
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

test('the preview shows exactly what a respondent sees, at phone width, with logic and required answers', async ({
  page,
}) => {
  const surveyId = await surveyWithLogic(page);
  await page.goto(`/research/builder/survey/preview/${surveyId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'After-school sport' })).toBeVisible();

  await page.getByText('Phone (360 px)').click();
  const frame = page.getByTestId('preview-frame');
  await expect(frame).toHaveAttribute('data-device', 'phone');
  const screenWidth = await frame.evaluate((element) => element.clientWidth);
  expect(screenWidth).toBe(360);

  await expect(frame.getByRole('heading', { name: 'After-school sport' })).toBeVisible();
  await expect(frame).toContainText('Your answers are anonymous');
  await frame.getByRole('button', { name: 'I’m happy to take part' }).click();

  // The same screener as the live page comes first.
  await expect(frame.getByRole('heading', { name: 'Three quick questions' })).toBeVisible();
  await frame.getByLabel('How old are you?').selectOption({ label: '15' });
  await frame.getByRole('radio', { name: 'Girl', exact: true }).check();
  await frame.getByLabel('Which state do you live in?').selectOption({ label: 'Ohio' });
  await frame.getByRole('button', { name: 'Continue' }).click();

  // Progress is a share of the survey as written, so the follow-up question does not change it.
  await expect(frame.getByTestId('step-count')).toHaveText('0% done');
  await frame.getByRole('button', { name: 'Next' }).click();
  await expect(frame.getByRole('alert')).toHaveText('Please answer this question.');

  await frame.getByRole('radio', { name: 'Yes' }).check();
  await expect(frame.getByRole('alert')).toHaveCount(0);
  await frame.getByRole('button', { name: 'Next' }).click();
  const group = frame.getByRole('group', { name: /Which sport do you play most\?/ });
  await expect(group).toBeVisible();
  await group.getByRole('radio', { name: 'Swimming' }).check();
  await frame.getByRole('button', { name: 'Next' }).click();
  await expect(frame.getByRole('group', { name: /Anything else\?/ })).toBeVisible();
  await frame.getByRole('button', { name: /Send|Finish/ }).click();
  await expect(frame).toContainText('nothing you answered in the preview was saved');
});
