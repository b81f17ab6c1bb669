import { type Browser, expect, type Page, test } from '@playwright/test';

const password = 'teenvoice-demo';
const northside = '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01';

async function pageFor(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post('/v2/login', { data: { email, password } });
  expect(response.ok()).toBeTruthy();
  return page;
}

async function createSurvey(page: Page): Promise<string> {
  const created = await page.request.post('/v2/surveys', {
    data: { type: 'pulse_check' },
    headers: { 'x-asa-organization-id': northside },
  });
  expect(created.ok()).toBeTruthy();
  return ((await created.json()) as { data: { id: string } }).data.id;
}

const nameField = (page: Page) => page.getByRole('textbox', { name: 'Survey name' });
const indicator = (page: Page) => page.getByTestId('save-indicator');

test.describe('editing without losing work', () => {
  test('two people saving at once see both versions and choose, nothing is overwritten silently', async ({
    browser,
  }) => {
    const first = await pageFor(browser, 'jordan@northside.test');
    const second = await pageFor(browser, 'priya@northside.test');
    const surveyId = await createSurvey(first);
    await first.goto(`/research/builder/survey/${surveyId}`);
    await second.goto(`/research/builder/survey/${surveyId}`);
    await expect(nameField(first)).toHaveValue('Pulse Check');
    await expect(nameField(second)).toHaveValue('Pulse Check');

    await nameField(first).fill('Exam stress (Jordan)');
    await expect(indicator(first)).toHaveAttribute('data-status', 'saved');

    await nameField(second).fill('Exam stress (Priya)');
    const dialog = second.getByRole('dialog', { name: 'Someone else saved this survey' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('conflict-mine').getByTestId('version-name')).toHaveText(
      'Exam stress (Priya)',
    );
    await expect(dialog.getByTestId('conflict-theirs').getByTestId('version-name')).toHaveText(
      'Exam stress (Jordan)',
    );
    await expect(dialog.getByTestId('conflict-mine')).toContainText('5 questions');
    await expect(dialog.getByTestId('conflict-theirs')).toContainText(
      'Overall, how do you feel about this topic',
    );

    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await expect(dialog).toBeHidden();
    await expect(indicator(second)).toHaveAttribute('data-status', 'saved');
    const stored = await second.request.get(`/v2/surveys/${surveyId}`);
    expect(((await stored.json()) as { data: { name: string } }).data.name).toBe('Exam stress (Priya)');

    // The first editor now saves on top of Priya's version only after choosing, too.
    await nameField(first).fill('Exam stress (Jordan, again)');
    const firstDialog = first.getByRole('dialog', { name: 'Someone else saved this survey' });
    await expect(firstDialog).toBeVisible();
    await firstDialog.getByRole('button', { name: 'Use the saved version' }).click();
    await expect(nameField(first)).toHaveValue('Exam stress (Priya)');
    await expect(first.getByText('The other version is kept for now')).toBeVisible();
  });

  test('edits made while the server cannot be reached survive a reload and are saved afterwards', async ({
    browser,
  }) => {
    const page = await pageFor(browser, 'jordan@northside.test');
    const surveyId = await createSurvey(page);
    await page.goto(`/research/builder/survey/${surveyId}`);
    await expect(nameField(page)).toHaveValue('Pulse Check');

    await page.route(`**/v2/surveys/${surveyId}`, (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
    );
    await nameField(page).fill('Screen time at night');
    await expect(indicator(page)).toHaveAttribute('data-status', 'retrying');
    await expect(page.getByTestId('save-problem')).toContainText('Your changes are kept on this device');

    await page.reload();
    await expect(nameField(page)).toHaveValue('Screen time at night');
    await page.unroute(`**/v2/surveys/${surveyId}`);
    await expect(indicator(page)).toHaveAttribute('data-status', 'saved', { timeout: 15_000 });
    const stored = await page.request.get(`/v2/surveys/${surveyId}`);
    expect(((await stored.json()) as { data: { name: string } }).data.name).toBe('Screen time at night');
  });
});
