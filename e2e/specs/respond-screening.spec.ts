import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  accounts,
  apiAs,
  blockingViolations,
  createLiveSurvey,
  openSurvey,
  startSurvey,
  unique,
} from './respond-helpers';

test.use({ viewport: { width: 360, height: 740 } });

const oneQuestion = [
  { type: 'single_choice', title: 'Do you have a library card?', options: ['Yes', 'No', 'Not sure'] },
];

test('a teen outside the age band is thanked and told the survey is for others', async ({
  page,
  baseURL,
}) => {
  const survey = await createLiveSurvey(baseURL!, unique('Learning to drive'), oneQuestion, { ageMin: 16 });
  await startSurvey(page, survey.id, { age: '14', gender: 'Boy', state: 'Maine' });

  const ended = page.getByTestId('ended-screened_out');
  await expect(page.getByRole('heading', { level: 1, name: 'Thanks for stopping by!' })).toBeFocused();
  await expect(ended.getByTestId('outcome-message')).toHaveText(
    'Thanks for your time! This survey is looking for a different group of people, so there are no questions for you this time.',
  );
  await expect(page.getByTestId('question-step')).toHaveCount(0);
  expect(await page.evaluate((id) => localStorage.getItem(`tv_respond_${id}`), survey.id)).toBeNull();
  expect(await blockingViolations(page)).toEqual([]);

  const author = await apiAs(baseURL!, accounts.researcher);
  const summary = (await (await author.get(`/v2/surveys/${survey.id}/results/summary`)).json()).data;
  expect(summary.totals.screenedOut).toBe(1);
  expect(summary.totals.responses).toBe(0);
});

test('a teen in a full quota is thanked politely', async ({ page, baseURL }) => {
  // 1% of 100 girls: one completed response fills the quota.
  const survey = await createLiveSurvey(baseURL!, unique('Weekend jobs'), oneQuestion, {
    sampleSize: 100,
    quotas: [{ attribute: 'gender', value: 'female', percent: 1 }],
  });
  const screener = { age: 17, gender: 'female', state: 'CA' };
  const first = randomUUID();
  const screened = await page.request.post(`/v2/respond/${survey.id}/screen`, {
    data: { clientResponseId: first, screener },
  });
  expect((await screened.json()).data.outcome).toBe('eligible');
  const sent = await page.request.post(`/v2/respond/${survey.id}/responses`, {
    data: {
      clientResponseId: first,
      screener,
      answers: { q1: 'o1' },
      startedAt: new Date().toISOString(),
      ...(await openSurvey(page.request, survey.id)),
    },
  });
  expect((await sent.json()).data.outcome).toBe('completed');

  await startSurvey(page, survey.id, { age: '16', gender: 'Girl', state: 'California' });
  await expect(page.getByTestId('ended-quota_full').getByTestId('outcome-message')).toHaveText(
    'Thanks for your time! We already have enough answers from people like you, so this survey is closed for you.',
  );

  // Someone outside the quota still gets the questions.
  await page.evaluate((id) => localStorage.removeItem(`tv_respond_${id}`), survey.id);
  await startSurvey(page, survey.id, { age: '16', gender: 'Boy', state: 'California' });
  await expect(page.locator('legend', { hasText: 'Do you have a library card?' })).toBeFocused();
});

test('a paused survey says so and keeps the answers given so far', async ({ page, baseURL }) => {
  const survey = await createLiveSurvey(baseURL!, unique('Phones in class'), [
    ...oneQuestion,
    { type: 'yes_no', title: 'Should phones be allowed in class?' },
  ]);
  await startSurvey(page, survey.id);
  await page.getByRole('radio', { name: 'Not sure' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  const author = await apiAs(baseURL!, accounts.researcher);
  const paused = await author.post(`/v2/surveys/${survey.id}/transitions`, { data: { action: 'pause' } });
  expect(paused.ok(), await paused.text()).toBeTruthy();

  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'This survey is taking a short break' }),
  ).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  const resumed = await author.post(`/v2/surveys/${survey.id}/transitions`, { data: { action: 'resume' } });
  expect(resumed.ok(), await resumed.text()).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('resume-note')).toBeVisible();
  await expect(page.getByTestId('step-count')).toHaveText('50% done');
});

test('a closed survey and a wrong link say so plainly', async ({ page }) => {
  await page.goto('/s/5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01');
  await expect(page.getByRole('heading', { level: 1, name: 'This survey has closed' })).toBeVisible();

  await page.goto(`/s/${randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'We couldn’t find this survey' })).toBeVisible();
  await expect(page.getByText('Check the link you were given.')).toBeVisible();
});
