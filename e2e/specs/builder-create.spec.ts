import { expect, type Locator, type Page, test } from '@playwright/test';

const password = 'teenvoice-demo';

async function signIn(page: Page, email: string) {
  const response = await page.request.post('/v2/login', { data: { email, password } });
  expect(response.ok()).toBeTruthy();
}

const dataLayer = (page: Page) =>
  page.evaluate(
    () => ((window as Window & { dataLayer?: unknown[] }).dataLayer ?? []) as Record<string, unknown>[],
  );
const questionTitles = (page: Page) => page.getByTestId('question-title').allInnerTexts();
const saved = (page: Page) =>
  expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved');

/** Pastes text into a field as the clipboard would (one paste event with text/plain). */
async function paste(field: Locator, text: string) {
  await field.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function writeQuestion(page: Page, title: string, options: string[] = []) {
  await expect(page).toHaveURL(/\/question\/[0-9a-f-]{36}$/);
  const wording = page.getByRole('textbox', { name: 'Question', exact: true });
  await expect(wording).toBeFocused();
  await wording.fill(title);
  // A list pasted into the first option field becomes one option per line.
  if (options.length)
    await paste(page.getByRole('textbox', { name: 'Option 1', exact: true }), options.join('\n'));
}

async function addQuestion(page: Page, type: string, title: string, options: string[] = []) {
  await page.getByRole('button', { name: 'Add question' }).first().click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
  await writeQuestion(page, title, options);
  await page.getByRole('link', { name: 'All questions' }).click();
}

test.describe('creating surveys in the builder', () => {
  test('a long-form survey: add questions, reorder them with the keyboard and by dragging, nothing lost on reload', async ({
    page,
  }) => {
    await signIn(page, 'jordan@northside.test');
    await page.goto('/research/builder');
    await expect(page.getByRole('heading', { level: 1, name: 'Your surveys' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Long-form survey/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('button', { name: 'Create long-form survey' }).click();

    await expect(page).toHaveURL(/\/research\/builder\/survey\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Survey' })).toBeVisible();
    await expect(page.getByText('No questions yet')).toBeVisible();
    // The default name (spec §3) is focused and selected: typing replaces it.
    const name = page.getByRole('textbox', { name: 'Survey name' });
    await expect(name).toBeFocused();
    await page.keyboard.type('Getting to school');
    await expect(name).toHaveValue('Getting to school');
    await expect(page.getByRole('heading', { level: 1, name: 'Getting to school' })).toBeVisible();

    // A new question: empty fields with placeholders, and no error before anything is typed, even
    // once the autosave has found it cannot save the empty question yet.
    await page.getByRole('button', { name: 'Add question' }).first().click();
    await page.getByRole('menuitem', { name: 'Single choice', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Option 1', exact: true })).toHaveAttribute(
      'placeholder',
      'Option 1',
    );
    await expect(page.getByRole('textbox', { name: 'Option 1', exact: true })).toHaveValue('');
    await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'invalid');
    await expect(page.getByTestId('save-problem')).toHaveCount(0);
    await expect(page.getByText('Write the question')).toHaveCount(0);
    await expect(page.getByText(/Write option/)).toHaveCount(0);
    await writeQuestion(page, 'How do you get to school?', ['Bus', ' Car ', '', 'Walk']);
    await expect(page.getByRole('textbox', { name: 'Option 3', exact: true })).toHaveValue('Walk');
    await saved(page);
    // Adding from the question editor puts the new question right below.
    await page.getByRole('button', { name: 'Add question below' }).click();
    await page.getByRole('menuitem', { name: 'Yes / No', exact: true }).click();
    await writeQuestion(page, 'Do you walk part of the way?');
    await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
    await page.getByRole('link', { name: 'All questions' }).click();
    await addQuestion(page, 'Rating scale', 'How safe does the route feel?');
    await expect
      .poll(() => questionTitles(page))
      .toEqual([
        '1. How do you get to school?',
        '2. Do you walk part of the way?',
        '3. How safe does the route feel?',
      ]);

    // Keyboard: the handle moves its question with the arrow keys, and says so.
    await page.getByRole('button', { name: 'Reorder question 1' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('editor-announcer')).toHaveText('Question moved to position 2 of 3.');
    await expect
      .poll(() => questionTitles(page))
      .toEqual([
        '1. Do you walk part of the way?',
        '2. How do you get to school?',
        '3. How safe does the route feel?',
      ]);
    await expect(page.getByRole('button', { name: 'Reorder question 2' })).toBeFocused();
    await page.getByRole('button', { name: 'Move question 3 up' }).click();
    await expect
      .poll(() => questionTitles(page))
      .toEqual([
        '1. Do you walk part of the way?',
        '2. How safe does the route feel?',
        '3. How do you get to school?',
      ]);

    // Drag: the last question dropped above the first.
    const cards = page.getByTestId('question-card');
    await cards
      .nth(2)
      .getByTestId('drag-handle')
      .dragTo(cards.nth(0), { targetPosition: { x: 40, y: 6 } });
    await expect
      .poll(() => questionTitles(page))
      .toEqual([
        '1. How do you get to school?',
        '2. Do you walk part of the way?',
        '3. How safe does the route feel?',
      ]);
    await saved(page);

    await page.reload();
    await expect
      .poll(() => questionTitles(page))
      .toEqual([
        '1. How do you get to school?',
        '2. Do you walk part of the way?',
        '3. How safe does the route feel?',
      ]);
  });

  test('deleting a question can be undone', async ({ page }) => {
    await signIn(page, 'jordan@northside.test');
    await page.goto('/research/builder');
    await page.getByRole('button', { name: 'Create long-form survey' }).click();
    await expect(page).toHaveURL(/\/survey\/[0-9a-f-]{36}$/);
    await addQuestion(page, 'Short text', 'What is your favourite subject?');
    await addQuestion(page, 'Number', 'How many clubs do you belong to?');

    await page.getByRole('button', { name: 'More actions for question 1' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => questionTitles(page)).toEqual(['1. How many clubs do you belong to?']);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Question deleted' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect
      .poll(() => questionTitles(page))
      .toEqual(['1. What is your favourite subject?', '2. How many clubs do you belong to?']);
    await saved(page);
  });

  test('#pulse-check preselects a pulse check, which starts with five questions and allows no more', async ({
    page,
  }) => {
    await signIn(page, 'jordan@northside.test');
    await page.goto('/research/builder#pulse-check');
    await expect(page.getByRole('radio', { name: /Pulse check/ })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Create pulse check' }).click();

    await expect(page).toHaveURL(/\/survey\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pulse Check' })).toBeVisible();
    await expect(page.getByTestId('question-card')).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Add question' })).toBeDisabled();
    await expect(page.getByTestId('pulse-limit')).toHaveText(
      'A pulse check has at most 5 questions. Delete one to add another.',
    );
  });

  test('#custom opens the complexity modal, which reports its view, dismissal and contact click', async ({
    page,
  }) => {
    await signIn(page, 'jordan@northside.test');
    await page.goto('/research/builder#custom');
    const modal = page.getByRole('dialog', { name: 'Custom studies are designed with our research team' });
    await expect(modal).toBeVisible();
    await expect(page.getByRole('radio', { name: /Custom study/ })).toHaveAttribute('aria-checked', 'true');
    await modal.getByRole('button', { name: 'Not now' }).click();
    await expect(modal).toBeHidden();
    const events = (await dataLayer(page)).filter((e) => e.event === 'survey_builder_complexity_modal');
    expect(events.map((e) => e.action)).toEqual(['view', 'dismiss']);

    await page.getByRole('button', { name: 'Create custom study' }).click();
    await expect(page).toHaveURL(/\/survey\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Custom Survey' })).toBeVisible();
    await expect(page.getByText('Custom study', { exact: true })).toBeVisible();

    await page.goto('/research/builder#custom');
    await page.getByRole('button', { name: 'Contact our research team' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const after = (await dataLayer(page)).filter((e) => e.event === 'survey_builder_complexity_modal');
    expect(after.map((e) => e.action)).toEqual(['view', 'contact_us_click']);
  });

  test('a personal draft of someone who now has an organization can be moved into it', async ({ page }) => {
    await signIn(page, 'alex@brightpath.test');
    const created = await page.request.post('/v2/surveys', { data: { type: 'long_form' } });
    expect(created.ok()).toBeTruthy();
    const { data: survey } = (await created.json()) as { data: { id: string } };

    await page.goto('/research/builder');
    const row = page.locator(`[data-survey-id="${survey.id}"]`);
    await expect(row).toContainText('Personal draft');
    await row.getByRole('button', { name: 'Move to BrightPath Learning' }).click();
    await expect(row).not.toContainText('Personal draft');
    await expect(row.getByRole('button', { name: /Move to/ })).toHaveCount(0);
  });

  test('an audience planned first starts a survey that already has it', async ({ page }) => {
    await signIn(page, 'jordan@northside.test');
    await page.goto('/research/builder');
    await page.getByRole('link', { name: 'Plan an audience' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New audience' })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Girls' }).check();
    await page.locator('label', { hasText: /^States$/ }).click();
    await page.getByRole('combobox', { name: 'States' }).fill('Texas');
    await page.getByRole('option', { name: 'Texas (TX)' }).click();
    await page.getByRole('textbox', { name: 'Sample size' }).fill('100');
    await expect(page.getByTestId('feasibility')).toHaveText('Feasible');
    const price = await page.getByTestId('estimate-price').textContent();

    await page.getByRole('button', { name: 'Start a survey with this audience' }).click();
    await expect(page).toHaveURL(/\/research\/builder\/survey\/[0-9a-f-]{36}$/);
    await page.getByRole('tab', { name: 'Audience' }).click();
    await expect(page.getByRole('checkbox', { name: 'Girls' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Sample size' })).toHaveValue('100');
    const surveyId = page.url().split('/survey/')[1]?.split('/')[0];
    const stored = await page.request.get(`/v2/surveys/${surveyId}`);
    const { data } = (await stored.json()) as { data: { audience: { states: string[]; genders: string[] } } };
    expect(data.audience).toMatchObject({ states: ['TX'], genders: ['female'] });
    expect(price).toMatch(/^\$\d/);
  });
});
