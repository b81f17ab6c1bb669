import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { accounts, createLiveSurvey, openSurvey, pageAs, unique } from './respond-helpers';

/**
 * A cross-tab read as a researcher would: girls and boys answered a question very differently, so the
 * girls' 'Yes' carries the boys' letter, with its margin of error, the chi-square test and the
 * weighting stated under the table (issue 13).
 */
test('a cross-tab shows which groups differ, with letters, margins of error and the weighting', async ({
  browser,
  request,
  baseURL,
}) => {
  const survey = await createLiveSurvey(baseURL!, unique('Sport by gender'), [
    { type: 'single_choice', title: 'Do you play a sport?', options: ['Yes', 'No'] },
  ]);
  const states = ['CA', 'TX', 'NY', 'OH', 'IL', 'GA'];
  // 40 girls, 34 of them 'Yes'; 40 boys, 12 of them 'Yes': a difference no test can miss.
  const answers = [
    ...Array.from({ length: 40 }, (_, i) => ({ gender: 'female', yes: i < 34 })),
    ...Array.from({ length: 40 }, (_, i) => ({ gender: 'male', yes: i < 12 })),
  ];
  await Promise.all(
    answers.map(async ({ gender, yes }, i) => {
      const sent = await request.post(`/v2/respond/${survey.id}/responses`, {
        data: {
          clientResponseId: randomUUID(),
          screener: { age: 13 + (i % 7), gender, state: states[i % states.length] },
          answers: { q1: yes ? 'o1' : 'o2' },
          // A start and a device of its own, as each teen's page gets (issue 23).
          ...(await openSurvey(request, survey.id)),
        },
      });
      expect(sent.ok(), await sent.text()).toBeTruthy();
    }),
  );

  const page = await pageAs(browser, accounts.researcher);
  await page.goto(`/research/builder/survey/summary/${survey.id}#crosstab`);
  const table = page.getByRole('table', { name: 'Q1. Do you play a sport? by Gender' });
  await expect(table).toBeVisible();
  const girls = table.getByRole('columnheader', { name: /Girls/ });
  await expect(girls).toContainText('(A)');
  await expect(table.getByRole('columnheader', { name: /Boys/ })).toContainText('(B)');
  // The girls' 'Yes' is significantly higher than the boys': it carries B, with its margin of error.
  const yes = table.getByRole('row', { name: /^Yes/ });
  await expect(yes.getByRole('cell').first()).toContainText('B');
  await expect(yes.getByRole('cell').first()).toContainText(/±\d+(\.\d)? pts/);
  const notes = page.getByTestId('crosstab-notes');
  await expect(notes).toContainText('Bonferroni correction');
  await expect(notes).toContainText('Chi-square test of the whole table');
  await expect(notes).toContainText('the answers differ between the columns');
  await expect(notes).toContainText('Weighted to US teens 13–19');

  // Unweighted: the counts are the respondents themselves, and the note on weighting goes.
  await page.getByRole('switch', { name: 'Weight this table' }).click();
  await expect(notes).not.toContainText('Weighted to');
  await expect(table.getByRole('row', { name: /^Base/ })).toContainText('40');

  // The SPSS file of the same respondents, from the downloads menu.
  await page.getByRole('button', { name: 'More formats' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /SPSS \(\.sav\)/ }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/-responses\.sav$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('$FL2');
  await expect(page.getByTestId('download-message')).toHaveText('Your file is ready to download');
});
