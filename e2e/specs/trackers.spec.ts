import { expect, test } from '@playwright/test';
import {
  accounts,
  apiAs,
  blockingViolations,
  NORTHSIDE,
  pageAs,
  RESULTS_ID,
  unique,
} from './respond-helpers';

/**
 * Trackers and scheduling (issue 13, decision 032). The seeded results-ready survey is the first wave
 * (a survey belongs to one tracker, so every test deletes its tracker again); its duplicate, a draft,
 * is the second wave, shown as not released. The tests themselves (z-test, chi-square, suppression)
 * are checked against SciPy in the server's trackers.test.ts.
 */

const created: string[] = [];

test.afterEach(async ({ baseURL }) => {
  const api = await apiAs(baseURL!, accounts.researcher);
  for (const id of created.splice(0)) await api.delete(`/v2/trackers/${id}`);
  await api.dispose();
});

test('a researcher starts a tracker, adds two waves and compares a question', async ({
  browser,
  baseURL,
}) => {
  const api = await apiAs(baseURL!, accounts.researcher);
  const copy = await api.post(`/v2/surveys/${RESULTS_ID}/duplicate`);
  expect(copy.ok(), await copy.text()).toBeTruthy();
  const copyName = (await copy.json()).data.name as string;
  await api.dispose();

  const page = await pageAs(browser, accounts.researcher);
  await page.goto(`/research/builder?selectedOrganizationId=${NORTHSIDE}`);
  await page.getByRole('link', { name: 'Trackers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trackers' })).toBeVisible();

  const name = unique('Life after school tracker');
  await page.getByRole('button', { name: 'New tracker' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('ab');
  await dialog.getByRole('button', { name: 'Create tracker' }).click();
  await expect(dialog).toContainText('at least 3 characters');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create tracker' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  created.push(page.url().split('/trackers/')[1]!.split('?')[0]!);

  // First wave: the released survey.
  await page.getByRole('button', { name: 'Add a wave' }).click();
  await page.getByRole('combobox', { name: /^Survey/ }).fill('Life after school 2026');
  await page.getByRole('option', { name: 'Life after school 2026', exact: true }).click();
  await page.getByLabel('Wave label').fill('Spring 2026');
  await page.getByRole('button', { name: 'Add wave' }).click();
  await expect(page.getByTestId('wave-list')).toContainText('1. Spring 2026');

  // Second wave: its duplicate, not released yet.
  await page.getByRole('button', { name: 'Add a wave' }).click();
  await page.getByRole('combobox', { name: /^Survey/ }).fill(copyName);
  await page.getByRole('option', { name: copyName }).first().click();
  await page.getByLabel('Wave label').fill('spring 2026');
  await page.getByRole('button', { name: 'Add wave' }).click();
  await expect(page.getByText('Another wave already has this label. Choose a different one.')).toBeVisible();
  await page.getByLabel('Wave label').fill('Fall 2026');
  await page.getByRole('button', { name: 'Add wave' }).click();
  await expect(page.getByTestId('wave-list')).toContainText('2. Fall 2026');
  await expect(page.getByTestId('wave-list')).toContainText('Not compared until results are released');

  // Reorder with the keyboard-reachable buttons, then back.
  await page.getByRole('button', { name: 'Move Fall 2026 earlier' }).click();
  await expect(page.getByTestId('wave-list').getByRole('listitem').first()).toContainText('Fall 2026');
  await page.getByRole('button', { name: 'Move Fall 2026 later' }).click();
  await expect(page.getByTestId('wave-list').getByRole('listitem').first()).toContainText('Spring 2026');

  // Compare a question: the table, the chart and the tests named.
  await page.getByRole('combobox', { name: 'Question', exact: true }).click();
  await page.getByRole('option').first().click();
  await expect(page).toHaveURL(/\?question=/);
  const comparison = page.getByTestId('tracker-comparison');
  await expect(comparison.getByRole('table')).toContainText('Answered (base)');
  await expect(comparison.getByRole('columnheader', { name: 'Spring 2026' })).toBeVisible();
  await expect(comparison).toContainText('Results of this wave are not released yet.');
  await expect(comparison.getByRole('img', { name: /^Share choosing each answer by wave/ })).toBeVisible();
  await expect(comparison).toContainText('Two-proportion z-test');
  await expect(comparison).toContainText('chi-square');
  await expect(comparison).toContainText('Results are shown only for groups of at least 5 respondents');
  expect(await blockingViolations(page)).toEqual([]);

  // A link to the comparison opens the same view.
  const url = page.url();
  await page.goto(url);
  await expect(page.getByTestId('tracker-comparison')).toContainText('Answered (base)');

  // Removing a wave asks first.
  await page.getByRole('button', { name: 'Remove Fall 2026 from the tracker' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove wave' }).click();
  await expect(page.getByTestId('wave-list')).not.toContainText('Fall 2026');

  // Deleting the tracker asks first and leaves the surveys alone.
  await page.getByRole('button', { name: 'Tracker actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete tracker' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete tracker' }).click();
  // The delete and the list's reload are two requests; on a loaded two-core CI machine they took over 15 s once.
  await expect(page.getByRole('heading', { level: 1, name: 'Trackers' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(name)).toHaveCount(0);
  created.length = 0;
});

test.describe('on a phone in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the trackers list and a tracker fit 360 px and have no blocking axe violations', async ({
    browser,
    baseURL,
  }) => {
    const api = await apiAs(baseURL!, accounts.researcher);
    const made = await api.post(`/v2/organizations/${NORTHSIDE}/trackers`, {
      data: { name: unique('Phone tracker') },
    });
    expect(made.ok(), await made.text()).toBeTruthy();
    const tracker = (await made.json()).data as { id: string; name: string };
    created.push(tracker.id);
    await api.dispose();

    const page = await pageAs(browser, accounts.researcher, { phone: true });
    await page.goto(`/research/builder/trackers?selectedOrganizationId=${NORTHSIDE}`);
    await expect(page.getByRole('link', { name: tracker.name })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await blockingViolations(page)).toEqual([]);

    await page.getByRole('link', { name: tracker.name }).click();
    // The tracker's own page first: the list shows 'No waves yet' on every new tracker's card too.
    await expect(page.getByRole('heading', { level: 1, name: tracker.name })).toBeVisible();
    await expect(page.getByText('No waves yet')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await blockingViolations(page)).toEqual([]);
  });
});

test('another organization cannot open a tracker', async ({ browser, baseURL }) => {
  const api = await apiAs(baseURL!, accounts.researcher);
  const made = await api.post(`/v2/organizations/${NORTHSIDE}/trackers`, {
    data: { name: unique('Private tracker') },
  });
  const tracker = (await made.json()).data as { id: string };
  created.push(tracker.id);
  await api.dispose();

  const page = await pageAs(browser, accounts.otherOrg);
  await page.goto(`/research/builder/trackers/${tracker.id}`);
  await expect(page.getByText('We could not find that tracker.')).toBeVisible();
});

test('an author schedules a draft and the moderator sees the schedule', async ({ browser, baseURL }) => {
  const api = await apiAs(baseURL!, accounts.researcher);
  const copy = await api.post(`/v2/surveys/${RESULTS_ID}/duplicate`);
  const draftId = (await copy.json()).data.id as string;

  const page = await pageAs(browser, accounts.researcher);
  await page.goto(`/research/builder/survey/${draftId}/publish`);
  const schedule = page.getByTestId('schedule');
  await expect(schedule.getByRole('heading', { name: 'Schedule' })).toBeVisible();

  const local = (date: Date) => {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  };
  const day = 24 * 60 * 60 * 1000;
  // Closing before opening is refused where it happens.
  await schedule.getByLabel('Opens at').fill(local(new Date(Date.now() + 2 * day)));
  await schedule.getByLabel('Closes at').fill(local(new Date(Date.now() + day)));
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(schedule).toContainText('The closing time must come after the opening time.');

  await schedule.getByLabel('Closes at').fill(local(new Date(Date.now() + 9 * day)));
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(schedule.getByTestId('schedule-summary')).toContainText(
    'if a moderator has approved it by then',
  );

  // Submitted, the moderator sees the schedule on the review screen.
  const submitted = await api.post(`/v2/surveys/${draftId}/transitions`, { data: { action: 'submit' } });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  await api.dispose();
  const moderator = await pageAs(browser, accounts.moderator);
  await moderator.goto(`/research/builder/admin/survey/moderation/${draftId}`);
  const notice = moderator.getByTestId('schedule-notice');
  await expect(notice).toContainText('Scheduled by the author');
  await expect(notice).toContainText('the schedule only opens approved surveys');
});
