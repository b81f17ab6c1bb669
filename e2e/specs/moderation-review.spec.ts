import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  accounts,
  apiAs,
  blockingViolations,
  NORTHSIDE,
  PASSWORD,
  pageAs,
  RESULTS_ID,
  unique,
} from './respond-helpers';

/**
 * A moderator sees everything they approve (display logic in words, quotas, the price the author was
 * shown, the screener), requests changes with reasons after a confirmation, and, when the author
 * resubmits, sees what changed since that review; the status history keeps the reasons and the note.
 */
test.describe.configure({ mode: 'serial' });

const moderationUrl = (id: string) => `/research/builder/admin/survey/moderation/${id}`;
const status = (page: Page) => page.getByTestId('survey-status');

const clubs = {
  id: 'clubs',
  type: 'single_choice',
  title: 'Do you take part in an after-school club?',
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
};
const sports = {
  ...clubs,
  id: 'sports',
  type: 'multiple_choice',
  title: 'Which clubs do you go to?',
  options: [
    { id: 'sport', label: 'Sports' },
    { id: 'drama', label: 'Drama' },
  ],
  displayLogic: { match: 'all', conditions: [{ questionId: 'clubs', operator: 'equals', value: 'yes' }] },
};
const pageBreak = {
  ...clubs,
  type: 'page_break',
  title: 'Page 2',
  options: [],
};
const audience = {
  ageMin: 14,
  ageMax: 18,
  genders: [],
  states: [],
  regions: [],
  sampleSize: 200,
  quotas: [{ attribute: 'gender', value: 'female', percent: 50 }],
};

let author: APIRequestContext;
let surveyId = '';
let name = '';

async function saveAndSubmit(changes: Record<string, unknown>) {
  const current = (await (await author.get(`/v2/surveys/${surveyId}`)).json()).data;
  const saved = await author.put(`/v2/surveys/${surveyId}`, {
    data: {
      version: current.version,
      name: current.name,
      description: current.description,
      questions: current.questions,
      audience: current.audience,
      tags: [],
      projectId: null,
      ...changes,
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const submitted = await author.post(`/v2/surveys/${surveyId}/transitions`, { data: { action: 'submit' } });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
}

test.beforeAll(async ({ baseURL }) => {
  author = await apiAs(baseURL!, accounts.researcher);
  name = unique('After-school clubs');
  const created = await author.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': NORTHSIDE },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  surveyId = (await created.json()).data.id;
  await saveAndSubmit({
    name,
    description: 'Which after-school clubs teens go to, and why.',
    questions: [clubs, sports],
    audience,
  });
});

test.afterAll(async () => {
  await author?.dispose();
});

test('the moderator sees display logic, quotas, the author’s price and the screener', async ({ browser }) => {
  // The price the author saw on the audience step of the builder.
  const authorPage = await pageAs(browser, accounts.researcher);
  await authorPage.goto(`/research/builder/survey/${surveyId}/audience`);
  const authorPrice = (await authorPage.getByTestId('estimate-price').textContent())?.trim();
  expect(authorPrice).toMatch(/^\$[\d,]+$/);
  await authorPage.context().close();

  const page = await pageAs(browser, accounts.moderator);
  await page.goto(moderationUrl(surveyId));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    page
      .getByTestId('question-rules-en')
      .getByText(
        'Shown only when the answer to question 1 (“Do you take part in an after-school club?”) is “Yes”.',
        { exact: true },
      ),
  ).toBeVisible();
  await expect(page.getByTestId('review-quotas')).toHaveText(
    'Girls: at most 50% of the sample (100 responses)',
  );
  await expect(page.getByTestId('review-price')).toHaveText(authorPrice!);
  const screener = page.getByTestId('review-screener');
  await expect(screener).toContainText('age, gender and US state');
  await expect(screener).toContainText('Only 14–18-year-olds continue.');
  await expect(page.getByTestId('no-earlier-review')).toBeVisible();
  await page.context().close();
});

test('requesting changes asks for confirmation and keeps the reasons', async ({ browser }) => {
  const page = await pageAs(browser, accounts.moderator);
  await page.goto(moderationUrl(surveyId));
  await expect(status(page)).toHaveText('In moderation');
  await page
    .getByRole('checkbox', { name: 'Make the sensitive questions optional and word them more gently.' })
    .check();
  await page.getByRole('textbox', { name: 'Another reason' }).fill('Offer “Prefer not to say” on question 1');
  await page.getByRole('button', { name: 'Add this reason' }).click();
  await page.getByRole('textbox', { name: 'Note to the author' }).fill('Nearly there: two small fixes.');

  await page.getByRole('button', { name: 'Request changes' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Request changes to “${name}”?`);
  await expect(dialog.getByTestId('rejection-confirm-reasons').getByRole('listitem')).toHaveText([
    'Make the sensitive questions optional and word them more gently.',
    'Offer “Prefer not to say” on question 1',
  ]);
  // Cancelling changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText('In moderation');

  await page.getByRole('button', { name: 'Request changes' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Request changes' }).click();
  await expect(status(page)).toHaveText('Changes requested');
  await expect(page.getByTestId('not-in-moderation')).toContainText(
    'This survey is back with its author for the changes our moderators asked for, so there is nothing to moderate.',
  );
  const history = page.getByTestId('moderation-history');
  await expect(history.getByTestId('history-reasons').getByRole('listitem')).toHaveText([
    'Make the sensitive questions optional and word them more gently.',
    'Offer “Prefer not to say” on question 1',
  ]);
  await expect(history).toContainText('Nearly there: two small fixes.');
  await page.context().close();
});

test('a resubmission shows what changed since the review, and the history keeps the reasons', async ({
  browser,
}) => {
  await saveAndSubmit({
    questions: [
      {
        ...clubs,
        title: 'Do you go to an after-school club?',
        options: [...clubs.options, { id: 'skip', label: 'Prefer not to say' }],
      },
      { ...sports, required: false },
      { ...clubs, id: 'often', title: 'How many days a week do you go?', displayLogic: null },
    ],
    audience: { ...audience, quotas: [{ attribute: 'gender', value: 'female', percent: 60 }] },
  });

  const page = await pageAs(browser, accounts.moderator);
  await page.goto(moderationUrl(surveyId));
  await expect(status(page)).toHaveText('In moderation');
  const diff = page.getByTestId('review-diff');
  await expect(diff).toContainText('Compared with the version Hana Okafor sent back for changes');
  await expect(diff).toContainText('Offer “Prefer not to say” on question 1');
  const changes = diff.getByTestId('review-change');
  await expect(changes).toHaveCount(4);
  await expect(changes.nth(0)).toContainText(
    'Question reworded: “Do you take part in an after-school club?” → “Do you go to an after-school club?”',
  );
  await expect(changes.nth(0)).toContainText('Option added: “Prefer not to say”');
  await expect(changes.nth(1)).toContainText('Now optional');
  await expect(changes.nth(2)).toContainText('Added: “How many days a week do you go?”');
  await expect(changes.nth(3)).toContainText('Quota changed: Girls: at most 50% of the sample → 60%');

  const history = page.getByTestId('moderation-history');
  await expect(history.getByTestId('history-entry')).toHaveCount(3);
  await expect(history.getByTestId('history-reasons').getByRole('listitem')).toHaveText([
    'Make the sensitive questions optional and word them more gently.',
    'Offer “Prefer not to say” on question 1',
  ]);

  // The admin screen of the survey shows the same history with its reasons.
  await page.goto(`/research/builder/admin/${NORTHSIDE}/survey/${surveyId}`);
  await expect(page.getByTestId('status-history').getByTestId('history-reasons')).toContainText(
    'Offer “Prefer not to say” on question 1',
  );
  await expect(page.getByTestId('admin-quotas')).toHaveText(
    'Girls: at most 60% of the sample (120 responses)',
  );
  await expect(page.getByTestId('admin-screener')).toContainText('Only 14–18-year-olds continue.');
  await page.context().close();
});

test('a Spanish-only fix shows as the one change, and skips and piping are stated in both languages', async ({
  browser,
  baseURL,
}) => {
  const current = (await (await author.get(`/v2/surveys/${surveyId}`)).json()).data;
  const [first, second, third] = current.questions;
  const questions = [
    {
      ...first,
      skipLogic: [
        {
          when: { match: 'all', conditions: [{ questionId: 'clubs', operator: 'equals', value: 'no' }] },
          to: 'end',
        },
      ],
    },
    second,
    { ...pageBreak, id: 'break' },
    { ...third, title: 'You said {{answer:clubs}}. How many days a week do you go?' },
  ];
  const spanish = (sports: string) => ({
    es: {
      questions: {
        clubs: { title: '¿Vas a un club después de clases?', options: { yes: 'Sí', no: 'No' } },
        sports: { title: sports },
        often: { title: 'Dijiste {{answer:clubs}}. ¿Cuántos días a la semana vas?' },
      },
    },
  });
  // The moderator sends it back, and the author changes only one Spanish text.
  const moderator = await apiAs(baseURL!, accounts.moderator);
  const decide = async () => {
    const decided = await moderator.post(`/v2/surveys/${surveyId}/moderation`, {
      data: {
        decision: 'reject',
        checklist: {},
        reasons: ['Say “clubes” in Spanish question 2.'],
      },
    });
    expect(decided.ok(), await decided.text()).toBeTruthy();
  };
  await decide();
  await saveAndSubmit({ questions, translations: spanish('¿A qué clubs vas?') });
  await decide();
  await saveAndSubmit({ translations: spanish('¿A qué clubes vas?') });
  await moderator.dispose();

  const page = await pageAs(browser, accounts.moderator);
  await page.goto(moderationUrl(surveyId));
  const changes = page.getByTestId('review-diff').getByTestId('review-change');
  await expect(changes).toHaveCount(1);
  await expect(changes).toContainText('Spanish version: 1 text changed');
  await expect(changes).toContainText('Question 2: “¿A qué clubs vas?” → “¿A qué clubes vas?”');

  const rules = page.getByTestId('moderation-question').first();
  await expect(rules.getByTestId('question-rules-en')).toContainText(
    'When the answer to question 1 (“Do you go to an after-school club?”) is “No”, skip to the end of the survey.',
  );
  await expect(rules.getByTestId('question-rules-es')).toContainText(
    'Cuando la respuesta a la pregunta 1 (“¿Vas a un club después de clases?”) es “No”, salta al final de la encuesta.',
  );
  const piped = page.getByTestId('moderation-question').nth(3);
  await expect(piped).toContainText('You said [answer to Q1]. How many days a week do you go?');
  await expect(piped.getByTestId('question-rules-en')).toContainText(
    'Its text shows the respondent’s own answer to question 1 (“Do you go to an after-school club?”).',
  );
  await expect(page.getByTestId('spanish-version-review')).toContainText(
    'Dijiste [respuesta a P1]. ¿Cuántos días a la semana vas?',
  );
  await expect(page.getByText('{{answer:', { exact: false })).toHaveCount(0);
  await page.context().close();
});

test('the review fits a 360 px phone in dark mode and passes axe', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
  const page = await context.newPage();
  const signedIn = await page.request.post('/v2/login', {
    data: { email: accounts.moderator, password: PASSWORD },
  });
  expect(signedIn.ok()).toBeTruthy();
  await page.goto(moderationUrl(surveyId));
  await expect(page.getByTestId('review-diff')).toBeVisible();
  await expect(page.getByTestId('moderation-history')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await blockingViolations(page)).toEqual([]);
  await context.close();
});

test('a survey whose results are ready says so when it cannot be edited', async ({ browser }) => {
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(`/research/builder/survey/${RESULTS_ID}`);
  await expect(page.getByTestId('read-only')).toHaveText(
    'This survey’s results are ready, so it cannot be edited.',
  );
  await page.context().close();
});
