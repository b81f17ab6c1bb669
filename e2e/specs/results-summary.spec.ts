import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  accounts,
  apiAs,
  blockingViolations,
  createLiveSurvey,
  openSurvey,
  pageAs,
  RESULTS_ID,
  unique,
} from './respond-helpers';

const suppressionReason = 'Hidden: fewer than 5 respondents, to protect their anonymity.';
const summaryOf = (id: string) => `/research/builder/survey/summary/${id}`;
const total = (page: Page) => page.getByTestId('total-responses-value');
const card = (page: Page, questionId: string) =>
  page.locator(`[data-testid="question-result"][data-question-id="${questionId}"]`);

test('the summary draws every question type with the totals', async ({ browser }) => {
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(summaryOf(RESULTS_ID));
  await expect(page.getByRole('heading', { level: 1, name: 'Life after school 2026' })).toBeVisible();
  await expect(page.getByTestId('survey-status')).toHaveText('Results ready');
  await expect(total(page)).toHaveText('400');
  await expect(page.getByTestId('question-result')).toHaveCount(11);

  await expect(card(page, 'clubs')).toContainText('Yes, every week');
  await expect(card(page, 'recommend').getByTestId('nps-score')).toHaveText(/^[+-]?\d+$/);
  await expect(card(page, 'recommend')).toContainText('Promoters (9–10)');
  await expect(card(page, 'weekends').getByTestId('mean')).toHaveText(/^\d\.\d$/);
  await expect(
    card(page, 'feelings').getByRole('img', { name: /^I feel safe in my neighbourhood:/ }),
  ).toBeVisible();
  await expect(card(page, 'priorities')).toContainText('average rank');
  await expect(card(page, 'idea').getByRole('listitem').first()).toBeVisible();
  // Nothing live: no auto-refresh indicator.
  await expect(page.getByTestId('live-indicator')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the summary and its action plan section have no axe violations', async ({ browser }) => {
    const page = await pageAs(browser, accounts.admin);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(summaryOf(RESULTS_ID));
    await expect(page.getByTestId('question-result')).toHaveCount(11);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
      .toBe('dark');
    await expect(page.getByTestId('action-plan')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
});

test('searching open answers narrows the list', async ({ browser }) => {
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(summaryOf(RESULTS_ID));
  const ideas = card(page, 'idea');
  await ideas.getByRole('textbox', { name: /Search answers to/ }).fill('bus');
  await expect(ideas).toContainText(/\d+ answers? containing “bus”/);
  for (const text of await ideas.getByRole('listitem').allTextContents())
    expect(text.toLowerCase()).toContain('bus');
});

test('filtering by an answer shows every question for the teens who gave it', async ({ browser }) => {
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(summaryOf(RESULTS_ID));
  const clubs = card(page, 'clubs');
  const weekly = clubs.getByRole('button', { name: /^Yes, every week:/ });
  const count = (await weekly.textContent())?.match(/·\s*(\d+)/)?.[1];
  await weekly.click();
  await page.getByRole('menuitem', { name: 'Filter by this answer' }).click();

  await expect(page.getByTestId('answer-filter')).toHaveText('“Yes, every week” to Q1');
  await expect(page.getByTestId('filtered-count')).toHaveText(
    `Showing ${count} of 400 responses: “Yes, every week” to Q1`,
  );
  await expect(clubs).toContainText('100%');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('filtered-count')).toHaveCount(0);
});

test('a link that filters by a written answer is refused in words, and the filter can be removed', async ({
  browser,
}) => {
  // Decision 034: only a closed question's options narrow the results; a teen's own words never do.
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(`${summaryOf(RESULTS_ID)}?answer=${encodeURIComponent('idea:More buses')}`);
  const refused = page.getByTestId('refused-filter');
  await expect(refused).toContainText('This filter can’t be used');
  await expect(refused).toContainText(
    "Results can be filtered only by a closed question's options; open-text answers can't be used as a filter.",
  );
  await refused.getByRole('button', { name: 'Remove this filter' }).click();
  await expect(total(page)).toHaveText('400');
  await expect(page.getByTestId('refused-filter')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('answer')).toBeNull();
});

test('a tiny group is never broken down, and the rule is stated beside the filters', async ({
  browser,
  baseURL,
}) => {
  // Find a group of 1–4 teens (decision 014: counts inside a group of 5+ are shown) from one export of
  // the responses through the API, then confirm it with one summary request.
  const api = await apiAs(baseURL!, accounts.researcher);
  const csv = (await (await api.get(`/v2/surveys/${RESULTS_ID}/results/export.csv`)).text()).replace(
    /^\uFEFF/,
    '',
  );
  const [header, ...rows] = csv.split('\r\n').filter(Boolean);
  // The demographic columns come before any answer, so a plain split reads them.
  const columns = header!.split(',');
  const [ageAt, genderAt, regionAt] = ['Age', 'Gender', 'Region'].map((name) => columns.indexOf(name));
  const cells = new Map<string, number>();
  for (const row of rows) {
    const values = row.split(',');
    const key = `${values[ageAt!]}|${values[genderAt!]}|${values[regionAt!]}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  // The rarest genders first, as a person looking for a tiny group would try them.
  const genderOrder = ['prefer_to_self_describe', 'non_binary', 'female', 'male'];
  const smallest = [...cells]
    .filter(([, count]) => count < 5)
    .sort(([a], [b]) => genderOrder.indexOf(a.split('|')[1]!) - genderOrder.indexOf(b.split('|')[1]!))[0];
  expect(smallest, 'a group of fewer than 5 respondents in the seed').toBeDefined();
  const [age, gender, region] = smallest![0].split('|') as [string, string, string];
  const tiny = { age: Number(age), gender, region };
  const check = await api.get(`/v2/surveys/${RESULTS_ID}/results/summary`, {
    params: { ageMin: tiny.age, ageMax: tiny.age, gender, region, weighted: 'false' },
  });
  const checked = (await check.json()).data;
  expect(checked.suppressed && checked.suppressedReason).toBe(suppressionReason);

  const page = await pageAs(browser, accounts.researcher);
  await page.goto(summaryOf(RESULTS_ID));
  const filters = page.getByRole('search', { name: 'Filter the results' });
  const choose = async (label: string, option: string) => {
    await filters.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const genderLabel: Record<string, string> = {
    female: 'Girls',
    male: 'Boys',
    non_binary: 'Non-binary',
    prefer_to_self_describe: 'Self-described',
  };
  const regionLabel: Record<string, string> = {
    northeast: 'Northeast',
    midwest: 'Midwest',
    south: 'South',
    west: 'West',
  };

  await expect(page.getByTestId('disclosure-rule')).toContainText(
    'Results are shown only for groups of at least 5 respondents.',
  );
  await choose('Youngest', String(tiny.age));
  await choose('Oldest', String(tiny.age));
  await choose('Gender', genderLabel[tiny.gender]!);
  await choose('Region', regionLabel[tiny.region]!);
  const hidden = page.getByTestId('suppressed-group');
  await expect(hidden).toContainText('This group can’t be shown');
  await expect(hidden).toContainText(suppressionReason);
  await expect(page.getByTestId('question-result')).toHaveCount(0);
  await expect(page.getByTestId('filtered-count')).toContainText('can’t be shown');
});

test('the CSV download has labelled columns and one row per counted response', async ({ browser }) => {
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(summaryOf(RESULTS_ID));
  // Hold the export until the 'preparing' message has been seen, however loaded the machine is.
  let release: () => void = () => {};
  const seen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/results/export.csv', async (route) => {
    await seen;
    await route.continue();
  });
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await expect(page.getByTestId('download-message')).toHaveText('Preparing your file');
  release();
  const download = await downloaded;
  await expect(page.getByTestId('download-message')).toHaveText('Your file is ready to download');
  expect(download.suggestedFilename()).toBe('life-after-school-2026-responses.csv');

  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n').filter(Boolean);
  const header = lines[0]!;
  for (const column of [
    'Response',
    'Completed at',
    'Age',
    'Gender',
    'Region',
    'Q1. Do you take part in a club or activity after school?',
    'Q2. Which of these would you join if they were near you? — Sport',
    'Q6. How much do you agree with these? — I feel safe in my neighbourhood',
  ]) {
    expect(header).toContain(column);
  }
  expect(lines.length - 1).toBe(400);
});

test('an Excel download arrives as a workbook, and a failed download says so', async ({ browser }) => {
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(summaryOf(RESULTS_ID));
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  // An .xlsx file is a zip archive.
  expect(
    readFileSync(await download.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
  await expect(page.getByTestId('download-message')).toHaveText('Your file is ready to download');

  // The connection drops mid-download.
  await page.route('**/results/export.csv', (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await expect(page.getByTestId('download-message')).toHaveText('Error downloading this file');
});

test('a live survey’s summary updates by itself as responses arrive', async ({ browser, baseURL }) => {
  const survey = await createLiveSurvey(baseURL!, unique('Screen time'), [
    {
      type: 'single_choice',
      title: 'How many hours a day are you on your phone?',
      options: ['Under 2', '2 to 4', 'Over 4'],
    },
  ]);
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(summaryOf(survey.id));
  await expect(page.getByTestId('live-indicator')).toBeVisible();
  await expect(total(page)).toHaveText('0');
  await expect(page.getByText('No responses yet')).toBeVisible();

  const screener = { age: 16, gender: 'male', state: 'NY' };
  const clientResponseId = randomUUID();
  const sent = await page.request.post(`/v2/respond/${survey.id}/responses`, {
    data: {
      clientResponseId,
      screener,
      answers: { q1: 'o2' },
      startedAt: new Date(Date.now() - 60_000).toISOString(),
      ...(await openSurvey(page.request, survey.id)),
    },
  });
  expect((await sent.json()).data.outcome).toBe('completed');
  await expect(total(page)).toHaveText('1', { timeout: 15_000 });
});

test('the classic view lists counts per option, hidden where too small', async ({ browser }) => {
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(summaryOf(RESULTS_ID));
  await page.getByRole('link', { name: 'Classic table view' }).click();
  await expect(page).toHaveURL(new RegExp(`/research/builder/survey/summary-old/${RESULTS_ID}$`));
  await expect(page.getByTestId('old-summary-question')).toHaveCount(11);
  const first = page.getByRole('table').first();
  await expect(first.getByRole('row', { name: /Yes, every week \d+/ })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('another organization cannot open the summary', async ({ browser }) => {
  const page = await pageAs(browser, accounts.otherOrg);
  await page.goto(summaryOf(RESULTS_ID));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! 404 - Page not found');
  await expect(page.getByText('Could not load your survey')).toBeVisible();
});
