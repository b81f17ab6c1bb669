import { type Browser, expect, type Page, test } from '@playwright/test';

/** Its own name each run: a retry of this serial flow starts a second survey beside the first. */
const SURVEY_NAME = `Homework and sleep ${Date.now().toString(36)}`;

const password = 'teenvoice-demo';
const northside = '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01';

async function pageFor(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/v2/login', { data: { email, password } });
  expect(response.ok()).toBeTruthy();
  return page;
}

const status = (page: Page) => page.getByTestId('survey-status').first();

/** A long-form draft in Northside with two questions and no audience yet, made through the API. */
async function createDraft(page: Page, name: string): Promise<string> {
  const created = await page.request.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': northside },
  });
  const { data: survey } = (await created.json()) as { data: { id: string; version: number } };
  const question = (title: string, type: string, options: string[] = []) => ({
    id: crypto.randomUUID(),
    type,
    title,
    description: null,
    required: true,
    randomizeOptions: false,
    options: options.map((label, index) => ({ id: `o${index}`, label })),
    rows: [],
    scale: null,
    displayLogic: null,
  });
  const saved = await page.request.put(`/v2/surveys/${survey.id}`, {
    data: {
      version: survey.version,
      name,
      description: 'How teens feel about homework.',
      questions: [
        question('How much homework do you get on a school night?', 'single_choice', [
          'None',
          'Some',
          'A lot',
        ]),
        question('Is homework useful?', 'yes_no'),
      ],
      audience: null,
      tags: [],
      projectId: null,
    },
  });
  expect(saved.ok()).toBeTruthy();
  return survey.id;
}

test.describe
  .serial('a survey from draft to live', () => {
    test.setTimeout(60_000);
    let surveyId = '';

    test('the author sets the audience and submits the survey for moderation', async ({ browser }) => {
      const author = await pageFor(browser, 'jordan@northside.test');
      surveyId = await createDraft(author, SURVEY_NAME);

      await author.goto(`/research/builder/survey/${surveyId}/audience`);
      await expect(author.getByRole('heading', { name: 'Who should answer' })).toBeVisible();
      await author.getByRole('button', { name: 'Use this audience' }).click();
      await author.locator('label', { hasText: /^Regions$/ }).click();
      await author.getByRole('checkbox', { name: 'Midwest' }).check();
      await author.getByRole('textbox', { name: 'Sample size' }).fill('300');
      await expect(author.getByTestId('estimate-price')).toHaveText('$1,155');
      await expect(author.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved');

      await author.getByRole('tab', { name: 'Publish' }).click();
      await expect(
        author.getByText('No issues found. A moderator will still review every question.'),
      ).toBeVisible();
      await author.getByRole('button', { name: 'Submit for moderation' }).click();
      await author.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(status(author)).toHaveText('In moderation');
      await expect(author.getByTestId('read-only')).toContainText('cannot be edited');
    });

    test('a moderator requests changes with a reason and a note', async ({ browser }) => {
      const moderator = await pageFor(browser, 'moderator@teenvoice.test');
      await moderator.goto(`/research/builder/admin/survey/moderation/${surveyId}`);
      await expect(moderator.getByRole('heading', { level: 1, name: SURVEY_NAME })).toBeVisible();
      await expect(moderator.getByTestId('moderation-question')).toHaveCount(2);

      const requestChanges = moderator.getByRole('button', { name: 'Request changes' });
      await expect(requestChanges).toBeDisabled();
      await moderator
        .getByRole('checkbox', { name: 'Rephrase the leading questions so they are neutral.' })
        .check();
      await moderator
        .getByRole('textbox', { name: 'Note to the author' })
        .fill('“Is homework useful?” invites a yes; ask how useful it is instead.');
      await requestChanges.click();
      // Requesting changes is confirmed first, with the reasons that will be sent.
      const confirm = moderator.getByRole('dialog');
      await expect(confirm).toContainText('Rephrase the leading questions so they are neutral.');
      await confirm.getByRole('button', { name: 'Request changes' }).click();
      await expect(status(moderator)).toHaveText('Changes requested');
    });

    test('the author sees the reason, fixes the question and submits again', async ({ browser }) => {
      const author = await pageFor(browser, 'jordan@northside.test');
      await author.goto(`/research/builder/survey/${surveyId}`);
      const rejection = author.getByTestId('rejection');
      await expect(rejection).toContainText('Changes requested by our moderators');
      await expect(rejection).toContainText('Rephrase the leading questions so they are neutral.');
      await expect(rejection).toContainText('ask how useful it is instead');

      await author.getByRole('link', { name: '2. Is homework useful?' }).click();
      await author.getByRole('combobox', { name: 'Type' }).click();
      await author.getByRole('option', { name: 'Rating scale' }).click();
      await author
        .getByRole('textbox', { name: 'Question', exact: true })
        .fill('How useful is your homework?');
      await expect(author.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved');

      await author.getByRole('tab', { name: 'Publish' }).click();
      await author.getByRole('button', { name: 'Submit for moderation' }).click();
      await author.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(status(author)).toHaveText('In moderation');
    });

    test('the moderator approves once every checklist item is ticked', async ({ browser }) => {
      const moderator = await pageFor(browser, 'moderator@teenvoice.test');
      await moderator.goto(`/research/builder/admin/survey/moderation/${surveyId}`);
      // The question, and the review's list of what changed since last time, both name it.
      await expect(moderator.getByText('How useful is your homework?').first()).toBeVisible();
      const approve = moderator.getByRole('button', { name: 'Approve' });
      const checklist = moderator.getByRole('group', { name: 'Checklist' }).getByRole('checkbox');
      await expect(checklist).toHaveCount(5);
      for (const box of await checklist.all()) {
        await expect(approve).toBeDisabled();
        await box.check();
      }
      await approve.click();
      await expect(status(moderator)).toHaveText('Approved');
    });

    test('an organization admin is offered no publish control', async ({ browser }) => {
      const orgAdmin = await pageFor(browser, 'priya@northside.test');
      await orgAdmin.goto(`/research/builder/survey/${surveyId}`);
      await expect(status(orgAdmin)).toHaveText('Approved');
      await orgAdmin.getByRole('button', { name: 'More survey actions' }).click();
      await expect(orgAdmin.getByRole('menuitem', { name: 'Archive' })).toBeVisible();
      await expect(orgAdmin.getByRole('menuitem', { name: 'Publish' })).toHaveCount(0);
      await expect(orgAdmin.getByRole('button', { name: 'Publish' })).toHaveCount(0);

      // Duplicating (the menu is still open) makes a new draft to edit, with this one's questions.
      await orgAdmin.getByRole('menuitem', { name: 'Duplicate survey' }).click();
      await expect(orgAdmin).not.toHaveURL(new RegExp(`${surveyId}$`));
      await expect(orgAdmin.getByRole('textbox', { name: 'Survey name' })).toHaveValue(
        `Copy of ${SURVEY_NAME}`,
      );
      await expect(status(orgAdmin)).toHaveText('Draft');

      await orgAdmin.goto(`/research/builder/admin/${northside}/survey/${surveyId}`);
      await expect(orgAdmin.getByRole('heading', { level: 1 })).toHaveText('Oops! 404 - Page not found');
    });

    test('a platform admin publishes it and the history shows every step', async ({ browser }) => {
      const admin = await pageFor(browser, 'admin@teenvoice.test');
      await admin.goto('/research/builder/admin/surveys');
      await admin.getByRole('textbox', { name: 'Search' }).fill(SURVEY_NAME);
      await admin.getByRole('link', { name: SURVEY_NAME, exact: true }).click();
      await expect(admin).toHaveURL(new RegExp(`/research/builder/admin/${northside}/survey/${surveyId}$`));

      await admin.getByTestId('lifecycle-actions').getByRole('button', { name: 'Publish' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
      await expect(status(admin)).toHaveText('Live');
      const history = admin.getByTestId('status-history');
      await expect(history).toContainText('Live');
      await expect(history).toContainText('Approved');
      await expect(history).toContainText('Changes requested');
      await expect(history).toContainText('ask how useful it is instead');
    });
  });
