import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { accounts, createLiveSurvey, openSurvey, pageAs, unique } from './respond-helpers';

/**
 * A researcher weights a survey's summary to their own targets (issue 13): a file with a mistake is
 * refused in words, a good file is saved, the weighted percentages follow it, the unweighted view is
 * one switch away, and the Census margins come back after a confirmation.
 */
test('uploaded weighting targets change the weighted summary', async ({ browser, request, baseURL }) => {
  const survey = await createLiveSurvey(baseURL!, unique('Weighted sport'), [
    { type: 'single_choice', title: 'Do you play a sport?', options: ['Yes', 'No'] },
  ]);
  const states = ['CA', 'TX', 'NY', 'OH', 'IL', 'GA', 'PA', 'WA'];
  // 40 girls, 34 of them 'Yes'; 40 boys, 12 of them 'Yes': 57.5% 'Yes' unweighted.
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
  await page.goto(`/research/builder/survey/summary/${survey.id}`);
  const note = page.getByTestId('weighting-note');
  await expect(note).toContainText('Weighted to US teens 13–19');
  await expect(note).toContainText('the unweighted count of teens');
  const yes = page.getByRole('button', { name: /^Yes: / }).first();
  await expect(yes).toBeVisible();

  await page.getByRole('button', { name: 'Weighting targets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Weighting targets' });
  await expect(dialog.getByTestId('weighting-source')).toContainText('Census margins');
  // The Census column is shown next to the researcher's own.
  await expect(dialog.getByTestId('targets-gender')).toContainText('49.05%');

  const upload = async (name: string, text: string) => {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Upload a CSV' }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  };
  await upload('wrong.csv', 'attribute,value,percent\ngender,female,60\ngender,male,30\n');
  await expect(dialog.getByTestId('weighting-problems')).toContainText('Gender adds up to 90%');

  await upload('targets.csv', 'attribute,value,percent\ngender,female,80\ngender,male,20\n');
  await expect(dialog.getByTestId('weighting-problems')).toHaveCount(0);
  await expect(dialog.getByTestId('targets-gender-total')).toHaveText('100%');
  await expect(dialog.getByLabel('Your target for Girls, in percent')).toHaveValue('80');
  await dialog.getByRole('button', { name: 'Save targets' }).click();
  await expect(dialog.getByTestId('weighting-saved')).toContainText('weighted to your targets');
  await expect(dialog.getByTestId('weighting-source')).toContainText('Your targets');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // 80% girls (85% 'Yes') and 20% boys (30% 'Yes'): 74% 'Yes'; the count stays the 46 teens.
  await expect(note).toContainText('Weighted to targets set for this survey by gender');
  await expect(yes).toHaveAccessibleName(/^Yes: 74(\.\d)?%, 46 respondents/);

  // Unweighted: today's figures.
  await page.getByTestId('weighting-bar').getByRole('switch', { name: 'Weighted results' }).click();
  await expect(note).toContainText('Unweighted');
  await expect(yes).toHaveAccessibleName(/^Yes: 57\.5%, 46 respondents/);
  await page.getByTestId('weighting-bar').getByRole('switch', { name: 'Weighted results' }).click();
  await expect(yes).toHaveAccessibleName(/^Yes: 74(\.\d)?%/);

  // Back to the Census margins, after a confirmation.
  await page.getByRole('button', { name: 'Weighting targets' }).click();
  await dialog.getByRole('button', { name: 'Reset to Census margins' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset to the Census margins?' });
  await confirm.getByRole('button', { name: 'Reset to Census margins' }).click();
  await expect(dialog.getByTestId('weighting-saved')).toContainText('Census margins again');
  await expect(dialog.getByTestId('weighting-source')).toContainText('Census margins');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(note).toContainText('Weighted to US teens 13–19');
});
