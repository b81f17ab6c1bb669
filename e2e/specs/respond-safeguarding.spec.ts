import { expect, test } from '@playwright/test';
import {
  accounts,
  blockingViolations,
  createLiveSurvey,
  pageAs,
  startSurvey,
  unique,
} from './respond-helpers';

test.describe
  .serial('a risky answer: help for the teen, an incident for the moderators', () => {
    const surveyName = unique('How school feels');
    let surveyId = '';

    test('the teen who writes about being bullied is offered help at once', async ({ browser, baseURL }) => {
      const survey = await createLiveSurvey(baseURL!, surveyName, [
        {
          type: 'rating',
          title: 'How do you feel at school?',
          scale: { min: 1, max: 5, minLabel: 'Bad', maxLabel: 'Good' },
        },
        { type: 'long_text', title: 'Is there anything you want to tell us about school?', required: false },
      ]);
      surveyId = survey.id;
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      await startSurvey(page, surveyId, { age: '14', gender: 'Girl', state: 'Georgia' });
      await page.getByTestId('question-step').getByText('2', { exact: true }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('textbox').fill('I get bullied every day on the bus and nobody does anything');
      await page.getByRole('button', { name: 'Send my answers' }).click();

      const support = page.getByTestId('support');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Thank you for sharing. You’re not alone.' }),
      ).toBeFocused();
      await expect(support.getByRole('heading', { name: '988 Suicide & Crisis Lifeline' })).toBeVisible();
      await expect(support.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
      await expect(support.getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
      await expect(support.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
      expect(await blockingViolations(page)).toEqual([]);
      await context.close();
    });

    test('a moderator triages the incident and resolves it on the incidents screen', async ({ browser }) => {
      const page = await pageAs(browser, accounts.moderator);
      await page.goto('/research/builder/admin/incidents');
      await expect(page.getByRole('heading', { level: 1, name: 'Safeguarding incidents' })).toBeVisible();
      const incident = page.getByTestId('incident').filter({ hasText: surveyName });
      // The scan runs in the background; the list refreshes itself, a reload just makes it quicker.
      await expect(async () => {
        await page.reload();
        await expect(incident).toHaveCount(1, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });

      await expect(incident.getByRole('heading', { name: 'Bullying' })).toBeVisible();
      await expect(incident).toContainText('Medium severity');
      await expect(incident).toContainText('Is there anything you want to tell us about school?');
      await expect(incident.getByTestId('excerpt')).toHaveCount(0);
      await incident.getByRole('button', { name: 'Show the answer' }).click();
      await expect(incident.getByTestId('excerpt')).toContainText('I get bullied every day');
      expect(await blockingViolations(page)).toEqual([]);

      await incident.getByRole('button', { name: 'Triage' }).click();
      const triage = page.getByRole('dialog', { name: 'Triage: Bullying' });
      await triage.getByText('High', { exact: true }).click();
      await triage.getByRole('textbox', { name: 'Note' }).fill('Flagged to the school’s safeguarding lead.');
      await triage.getByRole('button', { name: 'Save triage' }).click();
      await expect(triage).toBeHidden();

      await page.getByRole('tab', { name: 'Triaged' }).click();
      const triaged = page.getByTestId('incident').filter({ hasText: surveyName });
      await expect(triaged).toContainText('High severity');
      await expect(triaged).toContainText('Flagged to the school’s safeguarding lead.');

      await triaged.getByRole('button', { name: 'Resolve' }).click();
      const resolve = page.getByRole('dialog', { name: 'Resolve this incident' });
      await resolve
        .getByRole('textbox', { name: 'Resolution' })
        .fill('School confirmed support is in place.');
      await resolve.getByRole('button', { name: 'Resolve incident' }).click();
      await expect(resolve.getByText('Resolve for good?')).toBeVisible();
      await resolve.getByRole('button', { name: 'Yes, resolve it' }).click();
      await expect(resolve).toBeHidden();

      await page.getByRole('tab', { name: 'Resolved' }).click();
      const resolved = page.getByTestId('incident').filter({ hasText: surveyName });
      await expect(resolved.getByTestId('resolution')).toHaveText('School confirmed support is in place.');
      await expect(resolved.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
    });

    test('the incidents screen does not exist for organization members', async ({ browser }) => {
      const page = await pageAs(browser, accounts.researcher);
      await page.goto('/research/builder/admin/incidents');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! 404 - Page not found');
    });
  });
