import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-helpers';

const northside = '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a01';
const base = { description: null, randomizeOptions: false, rows: [], scale: null, displayLogic: null };

/** A draft with three questions and no logic yet, seeded through the API. */
async function draft(page: Page) {
  const login = await page.request.post('/v2/login', {
    data: { email: 'jordan@northside.test', password: 'teenvoice-demo' },
  });
  expect(login.ok()).toBeTruthy();
  const created = await page.request.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': northside },
  });
  const { data: survey } = (await created.json()) as { data: { id: string; version: number } };
  const ids = { pet: crypto.randomUUID(), walk: crypto.randomUUID(), love: crypto.randomUUID() };
  const saved = await page.request.put(`/v2/surveys/${survey.id}`, {
    data: {
      version: survey.version,
      name: 'Pets at home',
      description: null,
      questions: [
        {
          ...base,
          id: ids.pet,
          type: 'single_choice',
          title: 'Which pet do you spend the most time with?',
          required: true,
          options: [
            { id: 'cat', label: 'Cat' },
            { id: 'dog', label: 'Dog' },
            { id: 'other', label: 'Another pet', other: true },
          ],
        },
        {
          ...base,
          id: ids.walk,
          type: 'yes_no',
          title: 'Do you walk a dog most days?',
          required: true,
          options: [],
        },
        {
          ...base,
          id: ids.love,
          type: 'short_text',
          title: 'What do you love most about it?',
          required: false,
          options: [],
        },
      ],
      audience: null,
      tags: [],
      projectId: null,
    },
  });
  expect(saved.ok()).toBeTruthy();
  return { surveyId: survey.id, ids };
}

test('an author builds AND/OR logic and piping, and the preview follows them', async ({ page }) => {
  const { surveyId, ids } = await draft(page);
  await page.goto(`/research/builder/survey/${surveyId}/question/${ids.love}`);
  await expect(page.getByRole('heading', { name: 'Question 3 of 3' })).toBeVisible();

  // Show only if: Q1 is Dog OR Q2 is Yes.
  await page.getByRole('switch', { name: 'Show only if…' }).check();
  const logic = page.getByTestId('display-logic');
  await logic.getByRole('combobox', { name: 'Question (condition 1)' }).click();
  await page.getByRole('option', { name: /^1\. Which pet/ }).click();
  await logic.getByRole('combobox', { name: 'Answer (condition 1)' }).click();
  await page.getByRole('option', { name: 'Dog' }).click();
  await logic.getByRole('button', { name: 'Add condition' }).click();
  await expect(logic.getByTestId('logic-condition')).toHaveCount(2);
  await logic.getByText('Any (OR)').click();
  await expect(logic.getByText('or', { exact: true })).toBeVisible();

  // Pipe the pet into the question's text.
  await page.getByRole('button', { name: 'Insert an earlier answer' }).click();
  await page.getByRole('menuitem', { name: /^1\. Which pet/ }).click();
  await expect(page.getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(
    `What do you love most about it? {{answer:${ids.pet}}}`,
  );
  await page
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill(`What do you love most about your {{answer:${ids.pet}}}?`);
  await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved');

  // Saved as one OR group.
  const stored = (await (await page.request.get(`/v2/surveys/${surveyId}`)).json()) as {
    data: { questions: { id: string; displayLogic: { match: string; conditions: unknown[] } | null }[] };
  };
  const love = stored.data.questions.find((q) => q.id === ids.love)!;
  expect(love.displayLogic?.match).toBe('any');
  expect(love.displayLogic?.conditions).toHaveLength(2);

  // The preview: a cat owner who walks no dog never sees question 3; 'Another pet' pipes its own words.
  await page.goto(`/research/builder/survey/preview/${surveyId}`);
  const frame = page.getByTestId('preview-frame');
  await frame.getByRole('button', { name: 'I’m happy to take part' }).click();
  await frame.getByLabel('How old are you?').selectOption({ label: '15' });
  await frame.getByRole('radio', { name: 'Girl', exact: true }).check();
  await frame.getByLabel('Which state do you live in?').selectOption({ label: 'Ohio' });
  await frame.getByRole('button', { name: 'Continue' }).click();

  await frame.getByRole('radio', { name: 'Another pet' }).check();
  await frame.getByRole('button', { name: 'Next' }).click();
  await expect(frame.getByText('Tell us what “Another pet” means for you.')).toBeVisible();
  await frame.getByTestId('other-specify').fill('Rabbit');
  await frame.getByRole('button', { name: 'Next' }).click();
  await frame.getByRole('radio', { name: 'Yes' }).check();
  await frame.getByRole('button', { name: 'Next' }).click();
  await expect(frame.getByRole('group', { name: /What do you love most about your Rabbit\?/ })).toBeVisible();
  await frame.getByRole('button', { name: 'Back' }).click();
  await frame.getByRole('radio', { name: 'No' }).check();
  await frame.getByRole('button', { name: /Send/ }).click();
  await expect(frame).toContainText('nothing you answered in the preview was saved');
});

test('an author nests a group in a rule and reads the whole flow at 360 px (decision 047)', async ({
  page,
}) => {
  const { surveyId, ids } = await draft(page);
  const current = (await (await page.request.get(`/v2/surveys/${surveyId}`)).json()) as {
    data: { version: number; questions: Record<string, unknown>[] };
  };
  // Q3 shows when Q1 is Dog, or (Q1 is any of Cat or Another pet and Q2 is answered); Q2 'No' ends the survey.
  const questions = current.data.questions.map((q) =>
    q.id === ids.love
      ? {
          ...q,
          displayLogic: {
            match: 'any',
            conditions: [
              { questionId: ids.pet, operator: 'equals', value: 'dog' },
              {
                match: 'all',
                conditions: [
                  { questionId: ids.pet, operator: 'any_of', value: ['cat', 'other'] },
                  { questionId: ids.walk, operator: 'answered' },
                ],
              },
            ],
          },
        }
      : q.id === ids.walk
        ? {
            ...q,
            skipLogic: [
              {
                when: {
                  match: 'all',
                  conditions: [{ questionId: ids.walk, operator: 'equals', value: 'no' }],
                },
                to: 'end',
              },
            ],
          }
        : q,
  );
  const saved = await page.request.put(`/v2/surveys/${surveyId}`, {
    data: {
      version: current.data.version,
      name: 'Pets at home',
      description: null,
      questions,
      audience: null,
      tags: [],
      projectId: null,
    },
  });
  expect(saved.ok()).toBeTruthy();

  // The builder shows the group, with its own all/any, and adds a condition to it.
  await page.goto(`/research/builder/survey/${surveyId}/question/${ids.love}`);
  const logic = page.getByTestId('display-logic');
  const group = logic.getByRole('group', { name: 'Group 1' });
  await expect(group.getByRole('combobox', { name: 'Question (group 1, condition 2)' })).toBeVisible();
  await expect(group.getByLabel('Answers (group 1, condition 1)')).toBeVisible();
  await group.getByRole('button', { name: 'Add condition to group 1' }).click();
  await expect(group.getByTestId('logic-condition')).toHaveCount(3);
  await group.getByRole('button', { name: 'Remove group 1, condition 3' }).click();
  await expect(group.getByTestId('logic-condition')).toHaveCount(2);

  // The flow at 360 px: nothing wider than the screen, the rules in few words, and the same in words.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('tab', { name: 'Flow' }).click();
  const diagram = page.getByRole('img', {
    name: /Diagram of the survey’s flow|Diagram of the survey's flow/,
  });
  await expect(diagram).toContainText(
    'Shown if Q1 is “Dog” or (Q1 is any of “Cat” or “Another pet” and Q2 is answered)',
  );
  await expect(diagram).toContainText('Ends the survey if Q2 is “No”');
  await expect(page.getByTestId('flow-edge')).toHaveCount(1);
  await expect(page.getByTestId('flow-in-words')).toContainText(
    'When the answer to question 2 (“Do you walk a dog most days?”) is “No”, skip to the end of the survey.',
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
});
