import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  accounts,
  apiAs,
  blockingViolations,
  createLiveSurvey,
  openSurvey,
  pageAs,
  startSurvey,
  unique,
} from './respond-helpers';

const oneQuestion = [
  { type: 'single_choice', title: 'Do you have a library card?', options: ['Yes', 'No', 'Not sure'] },
];

test.describe('one response per device', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a second visit from the same phone is thanked, and the first was timed by the server', async ({
    page,
    baseURL,
  }) => {
    const survey = await createLiveSurvey(baseURL!, unique('Library cards'), oneQuestion);
    await startSurvey(page, survey.id);
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const device = await page.evaluate(() => localStorage.getItem('tv_device'));
    // The device the server issued to this browser (issue 23), kept for the next visit.
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);

    // The same phone comes back through the same link.
    await startSurvey(page, survey.id, { age: '16', gender: 'Boy', state: 'Texas' });
    const ended = page.getByTestId('ended-already_taken');
    await expect(
      page.getByRole('heading', { level: 1, name: 'You have already taken this survey' }),
    ).toBeFocused();
    await expect(ended.getByTestId('outcome-message')).toHaveText(
      'You have already taken this survey. Thank you!',
    );
    await expect(page.getByTestId('question-step')).toHaveCount(0);
    expect(await blockingViolations(page)).toEqual([]);

    // One response, with a time the server measured from its own start token.
    const author = await apiAs(baseURL!, accounts.researcher);
    const review = await author.get(`/v2/surveys/${survey.id}/quality/responses?flagged=false`);
    expect(review.ok(), await review.text()).toBeTruthy();
    const rows = (await review.json()).data as { durationSeconds: number | null }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.durationSeconds).toEqual(expect.any(Number));
  });
});

test('the quota dashboard shows each group against its maximum share and refreshes while live', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const survey = await createLiveSurvey(baseURL!, unique('Weekend sport'), oneQuestion, {
    sampleSize: 50,
    quotas: [
      { attribute: 'gender', value: 'female', percent: 60 },
      { attribute: 'age', value: '15', percent: 10 },
    ],
  });
  const respondent = await apiAs(baseURL!, accounts.researcher);
  const answer = async (screener: { age: number; gender: string; state: string }) => {
    const sent = await respondent.post(`/v2/respond/${survey.id}/responses`, {
      data: {
        clientResponseId: randomUUID(),
        screener,
        answers: { q1: 'o1' },
        ...(await openSurvey(respondent, survey.id)),
      },
    });
    return (await sent.json()).data.outcome as string;
  };
  expect(await answer({ age: 15, gender: 'female', state: 'CA' })).toBe('completed');
  expect(await answer({ age: 16, gender: 'male', state: 'NY' })).toBe('completed');

  const researcher = await pageAs(browser, accounts.researcher);
  await researcher.goto(`/research/builder/survey/summary/${survey.id}`);
  const dashboard = researcher.getByTestId('quota-dashboard');
  await expect(dashboard.getByTestId('sample-fill')).toHaveText('2 of 50 completed');
  const girls = dashboard.getByTestId('quota-fill').filter({ hasText: 'Girls' });
  await expect(girls).toContainText('1 of at most 30 · 2% of the sample (target at most 60%)');
  const fifteen = dashboard.getByTestId('quota-fill').filter({ hasText: '15 year-olds' });
  await expect(fifteen).toContainText('1 of at most 5');
  // The organization does not get the staff simulator.
  await expect(researcher.getByRole('button', { name: 'Simulate responses' })).toHaveCount(0);
  expect(await blockingViolations(researcher)).toEqual([]);

  // Staff simulate responses from the same screen.
  const staff = await pageAs(browser, accounts.admin);
  await staff.goto(`/research/builder/survey/summary/${survey.id}`);
  const staffDashboard = staff.getByTestId('quota-dashboard');
  await staffDashboard.getByRole('textbox', { name: 'Responses' }).fill('10');
  await staffDashboard.getByRole('button', { name: 'Simulate responses' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Simulate responses' }).click();
  await expect(staffDashboard.getByTestId('sample-fill')).toHaveText('12 of 50 completed');
  const review = staff.getByTestId('review-responses');
  await review.getByText('All responses').click();
  await expect(review.getByTestId('simulated-badge')).toHaveCount(10);

  // The researcher's dashboard catches up on its own, without a reload.
  await expect(dashboard.getByTestId('sample-fill')).toHaveText('12 of 50 completed', { timeout: 25_000 });

  // The 15-year-old group never goes past its 5 places, whatever is simulated.
  const fill = await respondent.get(`/v2/surveys/${survey.id}/quotas`);
  const quotas = (await fill.json()).data.quotas as { value: string; count: number; limit: number }[];
  for (const quota of quotas) expect(quota.count).toBeLessThanOrEqual(quota.limit);
});

test('the builder says what a quota is and refuses shares over 100% in the server’s words', async ({
  browser,
}) => {
  const page = await pageAs(browser, accounts.researcher);
  const created = await page.request.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const draft = (await created.json()).data as { id: string };
  await page.goto(`/research/builder/survey/${draft.id}/audience`);
  const planner = page.getByTestId('audience-planner');
  await expect(
    planner.getByText('the most a group may make up of the sample', { exact: false }),
  ).toBeVisible();
  await expect(
    planner.getByRole('switch', { name: 'Allow repeat responses from the same device' }),
  ).not.toBeChecked();

  await planner.getByRole('button', { name: 'Add quota' }).click();
  await planner.getByRole('button', { name: 'Add quota' }).click();
  const rows = planner.getByTestId('quota');
  await expect(planner.getByTestId('quota-problems')).toHaveText('There are two quotas for Girls. Keep one.');
  await rows.nth(1).getByRole('combobox', { name: 'Group', exact: true }).click();
  await page.getByRole('option', { name: 'Boys' }).click();
  await rows.nth(0).getByRole('textbox', { name: 'At most' }).fill('90');
  await rows.nth(1).getByRole('textbox', { name: 'At most' }).fill('90');
  await expect(planner.getByTestId('quota-problems')).toHaveText(
    'Quotas for gender add up to 180%. Together they can be at most 100%.',
  );
  await rows.nth(1).getByRole('textbox', { name: 'At most' }).fill('10');
  await expect(planner.getByTestId('quota-problems')).toHaveCount(0);
  await expect(planner.getByText('Quotas cap 100% of the sample in all')).toBeVisible();
});
