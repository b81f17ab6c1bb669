import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  accounts,
  apiAs,
  blockingViolations,
  createLiveSurvey,
  pageAs,
  passOf,
  unique,
} from './respond-helpers';

test.describe
  .serial('the quality review, from fieldwork complete to results released', () => {
    let surveyId = '';

    test.beforeAll(async ({ baseURL }) => {
      const survey = await createLiveSurvey(baseURL!, unique('Homework load'), [
        {
          type: 'single_choice',
          title: 'How much homework do you get?',
          options: ['Too little', 'About right', 'Too much'],
        },
      ]);
      surveyId = survey.id;
      const respondent = await apiAs(baseURL!, accounts.researcher);
      for (const [index, gender] of ['female', 'male', 'non_binary'].entries()) {
        // Sent the moment the survey opened (the server's start token), so each one is a speeder.
        const opened = await respondent.get(`/v2/respond/${surveyId}`);
        const sent = await respondent.post(`/v2/respond/${surveyId}/responses`, {
          data: {
            clientResponseId: randomUUID(),
            screener: { age: 14 + index, gender, state: 'WA' },
            answers: { q1: `o${index + 1}` },
            ...passOf(await opened.json()),
          },
        });
        expect((await sent.json()).data.outcome).toBe('completed');
      }
      const closed = await respondent.post(`/v2/surveys/${surveyId}/transitions`, {
        data: { action: 'close' },
      });
      expect(closed.ok(), await closed.text()).toBeTruthy();
    });

    test('the organization reviews its responses but cannot start the review or release', async ({
      browser,
    }) => {
      const page = await pageAs(browser, accounts.researcher);
      await page.goto(`/research/builder/survey/summary/${surveyId}`);
      await expect(page.getByTestId('survey-status')).toHaveText('Fieldwork complete');
      await expect(page.getByTestId('total-responses-value')).toHaveText('3');
      // Researchers may exclude while results are unreleased; starting and releasing stay with staff.
      await expect(page.getByTestId('review-responses')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start quality review' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Release results' })).toHaveCount(0);
    });

    test('staff exclude a flagged response with a reason, and count it again', async ({ browser }) => {
      const page = await pageAs(browser, accounts.admin);
      await page.goto(`/research/builder/survey/summary/${surveyId}#review`);
      const review = page.getByTestId('review-responses');
      await expect(review.getByRole('radio', { name: 'Flagged (3)' })).toBeChecked();
      const rows = review.getByTestId('review-row');
      await expect(rows).toHaveCount(3);
      await expect(rows.first().getByText('Speeder')).toBeVisible();

      await rows.first().getByRole('button', { name: 'Exclude' }).click();
      const dialog = page.getByRole('dialog', { name: 'Exclude this response' });
      await dialog.getByRole('button', { name: 'Exclude response' }).click();
      await expect(dialog.getByText('Say why this response is excluded')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Finished in under a second');
      await dialog.getByRole('button', { name: 'Exclude response' }).click();
      await expect(dialog).toBeHidden();

      const excluded = review.getByTestId('review-row').filter({ hasText: 'Excluded' });
      await expect(excluded).toHaveCount(1);
      await expect(excluded).toContainText('Finished in under a second');
      await expect(page.getByTestId('total-responses-value')).toHaveText('2');
      expect(await blockingViolations(page)).toEqual([]);

      await excluded.getByRole('button', { name: 'Include again' }).click();
      await expect(review.getByTestId('review-row').filter({ hasText: 'Excluded' })).toHaveCount(0);
      await expect(page.getByTestId('total-responses-value')).toHaveText('3');
    });

    test('staff start the review and release the results', async ({ browser }) => {
      const page = await pageAs(browser, accounts.admin);
      await page.goto(`/research/builder/survey/summary/${surveyId}`);
      await page.getByRole('button', { name: 'Start quality review' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Start quality review' }).click();
      await expect(page.getByTestId('survey-status')).toHaveText('Quality review');

      await page.getByRole('button', { name: 'Release results' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Release results' }).click();
      await expect(page.getByTestId('survey-status')).toHaveText('Results ready');
      await expect(page.getByTestId('review-responses')).toHaveCount(0);
    });
  });
