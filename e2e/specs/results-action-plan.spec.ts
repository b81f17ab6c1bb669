import { expect, type Locator, type Page, test } from '@playwright/test';
import { readDeliveredMail } from './identity-helpers';
import { accounts, apiAs, blockingViolations, pageAs, RESULTS_ID } from './respond-helpers';

const summary = `/research/builder/survey/summary/${RESULTS_ID}`;

/**
 * Opens a select and picks an option. A dropdown that a closing date picker's transition shut again
 * is opened once more, instead of waiting on an option that is no longer visible.
 */
async function pickOption(page: Page, combobox: Locator, option: string | RegExp) {
  await expect(async () => {
    await combobox.click();
    await page.getByRole('option', { name: option }).click({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe
  .serial('an action plan built from the results', () => {
    test('a researcher creates a plan with linked, ordered actions and shares it by mail', async ({
      browser,
    }) => {
      // It waits for real delivery through the job queue and SMTP (up to 20 s of its own on a busy
      // machine), on top of building the plan.
      test.slow();
      const page = await pageAs(browser, accounts.researcher);
      await page.goto(`${summary}#action-plan`);
      const section = page.getByTestId('action-plan');
      await expect(section.getByText('No action plan yet')).toBeVisible();
      await section.getByRole('button', { name: 'Create an action plan' }).click();

      const editor = section.getByTestId('action-plan-editor');
      await editor.getByRole('textbox', { name: 'Plan title' }).fill('Getting teens to what’s on');
      await editor.getByRole('textbox', { name: 'Summary' }).fill('Transport is the biggest barrier.');
      const first = editor.getByTestId('action-item-editor').first();
      await first.getByRole('textbox', { name: 'What will you do?' }).fill('Ask the council for later buses');
      await first.getByRole('textbox', { name: 'Owner' }).fill('Priya');
      await first.getByLabel('Due date').fill('2026-09-01');
      await pickOption(page, first.getByRole('combobox', { name: 'Status' }), 'In progress');
      await pickOption(
        page,
        first.getByRole('combobox', { name: /^Question behind/ }),
        /^Q3\. What stops you most/,
      );

      await editor.getByRole('button', { name: 'Add an action' }).click();
      const second = editor.getByTestId('action-item-editor').nth(1);
      await section.getByRole('button', { name: 'Save plan' }).click();
      await expect(second.getByText('Describe the action')).toBeVisible();
      await second.getByRole('textbox', { name: 'What will you do?' }).fill('Open a Friday drop-in');
      await second.getByText('A finding').click();
      await second
        .getByRole('textbox', { name: /^Finding behind/ })
        .fill('One in eight say nothing interesting is nearby');
      await second.getByRole('button', { name: 'Move Open a Friday drop-in up' }).click();
      await section.getByRole('button', { name: 'Save plan' }).click();

      const view = section.getByTestId('action-plan-view');
      await expect(view.getByRole('heading', { name: 'Getting teens to what’s on' })).toBeVisible();
      const items = view.getByTestId('action-item');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('Open a Friday drop-in');
      await expect(items.nth(0)).toContainText('Finding: One in eight say nothing interesting is nearby');
      await expect(items.nth(1)).toContainText('Ask the council for later buses');
      await expect(items.nth(1)).toContainText('In progress');
      await expect(items.nth(1)).toContainText('Priya');
      await expect(items.nth(1)).toContainText('Due Sep 1, 2026');
      await expect(items.nth(1)).toContainText(
        'Answers Q3. What stops you most from doing more after school?',
      );
      expect(await blockingViolations(page)).toEqual([]);

      await section.getByRole('button', { name: 'Share by email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share the action plan' });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByText('Add at least one email')).toBeVisible();
      // Only members of the survey's organization are offered: the server refuses anyone else.
      const recipients = dialog.getByRole('combobox', { name: 'Send to' });
      await recipients.fill('Priya');
      await page.getByRole('option', { name: `Priya Shah (${accounts.orgAdmin})` }).click();
      await recipients.fill('youth-panel@example.org');
      await expect(page.getByText('No member with that name or email')).toBeVisible();
      await recipients.fill('');
      await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Here is what we will do next.');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText('Action plan shared')).toBeVisible();

      // Delivered to the member, as its recipient gets it (the outbox is the Super Admin's alone).
      const mail = await readDeliveredMail(
        accounts.orgAdmin,
        'An action plan was shared with you on TeenVoice',
      );
      expect(mail.text).toContain('Message from Jordan Lee: “Here is what we will do next.”');
    });

    test('a save based on an old version shows both versions and lets the author choose', async ({
      browser,
      baseURL,
    }) => {
      const page = await pageAs(browser, accounts.researcher);
      await page.goto(`${summary}#action-plan`);
      const section = page.getByTestId('action-plan');
      await section.getByRole('button', { name: 'Edit plan' }).click();
      await section.getByRole('textbox', { name: 'Plan title' }).fill('Getting teens to what’s on (v2)');

      // Meanwhile a colleague saves the plan.
      const colleague = await apiAs(baseURL!, accounts.orgAdmin);
      const current = (await (await colleague.get(`/v2/surveys/${RESULTS_ID}/action-plan`)).json()).data;
      const saved = await colleague.put(`/v2/surveys/${RESULTS_ID}/action-plan`, {
        data: { version: current.version, title: 'Priya’s version', summary: null, items: current.items },
      });
      expect(saved.ok()).toBeTruthy();

      await section.getByRole('button', { name: 'Save plan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Someone else saved this plan meanwhile' });
      await expect(dialog.getByText('Your version')).toBeVisible();
      await expect(dialog.getByText('Getting teens to what’s on (v2)')).toBeVisible();
      await expect(dialog.getByText('Priya’s version')).toBeVisible();
      await dialog.getByRole('button', { name: 'Keep mine' }).click();
      await expect(dialog).toBeHidden();
      await expect(section.getByRole('heading', { name: 'Getting teens to what’s on (v2)' })).toBeVisible();
    });

    test('staff without edit rights read the plan but cannot change it', async ({ browser }) => {
      const page = await pageAs(browser, accounts.moderator);
      await page.goto(summary);
      const section = page.getByTestId('action-plan');
      await expect(section.getByTestId('action-item')).toHaveCount(2);
      await expect(section.getByRole('button', { name: 'Edit plan' })).toHaveCount(0);
      await expect(section.getByRole('button', { name: 'Share by email' })).toHaveCount(0);
    });
  });
