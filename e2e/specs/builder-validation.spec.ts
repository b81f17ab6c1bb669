import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, apiAs, NORTHSIDE, pageAs, startSurvey, unique } from './respond-helpers';

/**
 * Issue 10 §5 and §8: the builder shows limits instead of cutting input, exclusive options clear
 * other choices, the preview is the live respondent flow, Likert labels fit at 360 px, and the age
 * slider stays below the sticky estimate.
 */

const base = { description: null, randomizeOptions: false, rows: [], scale: null, displayLogic: null };
const audience = {
  ageMin: 13,
  ageMax: 19,
  genders: [],
  states: [],
  regions: [],
  sampleSize: 200,
  quotas: [],
};

async function draftSurvey(api: APIRequestContext, name: string, questions: object[], withAudience = true) {
  const created = await api.post('/v2/surveys', {
    data: { type: 'long_form' },
    headers: { 'x-asa-organization-id': NORTHSIDE },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const survey = (await created.json()).data as { id: string; version: number };
  const saved = await api.put(`/v2/surveys/${survey.id}`, {
    data: {
      version: survey.version,
      name,
      description: 'A survey made by the builder validation test.',
      questions,
      audience: withAudience ? audience : null,
      tags: [],
      projectId: null,
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  return survey.id;
}

/** A Northside survey taken live through the API, with questions written in full. */
async function liveSurvey(baseURL: string, questions: object[]) {
  const author = await apiAs(baseURL, accounts.researcher);
  const id = await draftSurvey(author, unique('Validation'), questions);
  const submitted = await author.post(`/v2/surveys/${id}/transitions`, { data: { action: 'submit' } });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  const moderator = await apiAs(baseURL, accounts.moderator);
  const checklist = [
    'no_personal_data',
    'sensitive_handled',
    'age_appropriate',
    'neutral_wording',
    'purpose_clear',
  ];
  const approved = await moderator.post(`/v2/surveys/${id}/moderation`, {
    data: {
      decision: 'approve',
      checklist: Object.fromEntries(checklist.map((c) => [c, true])),
      reasons: [],
    },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  const admin = await apiAs(baseURL, accounts.admin);
  const published = await admin.post(`/v2/surveys/${id}/transitions`, { data: { action: 'publish' } });
  expect(published.ok(), await published.text()).toBeTruthy();
  await Promise.all([author.dispose(), moderator.dispose(), admin.dispose()]);
  return id;
}

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box, tolerance = 0.5) =>
  inner.x >= outer.x - tolerance &&
  inner.y >= outer.y - tolerance &&
  inner.x + inner.width <= outer.x + outer.width + tolerance &&
  inner.y + inner.height <= outer.y + outer.height + tolerance;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

test.describe('limits are shown, never applied silently', () => {
  test('a name over 150 characters shows the counter and the message, and is not saved or cut', async ({
    browser,
  }) => {
    const page = await pageAs(browser, accounts.researcher);
    const question = {
      ...base,
      id: crypto.randomUUID(),
      type: 'short_text',
      title: 'What do you do after school?',
      required: true,
      options: [],
    };
    const name = unique('Limits');
    const surveyId = await draftSurvey(page.request, name, [question]);
    await page.goto(`/research/builder/survey/${surveyId}`);
    const field = page.getByRole('textbox', { name: 'Survey name' });
    await expect(field).toHaveValue(name);
    const long = 'A'.repeat(160);
    await field.fill(long);
    // Nothing is cut: the field keeps all 160 characters and says what the limit is.
    await expect(field).toHaveValue(long);
    await expect(page.getByText('160 / 150')).toBeVisible();
    await expect(page.getByText('Survey names can be at most 150 characters.').first()).toBeVisible();
    await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'invalid');
    const stored = await page.request.get(`/v2/surveys/${surveyId}`);
    expect((await stored.json()).data.name).toBe(name);

    await field.fill('After school');
    await expect(page.getByText('12 / 150')).toBeVisible();
    await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved', {
      timeout: 10_000,
    });

    // A question over 500 characters: the same, at the question.
    await page.goto(`/research/builder/survey/${surveyId}/question/${question.id}`);
    const title = page.getByRole('textbox', { name: 'Question' });
    await title.fill('Q'.repeat(501));
    await expect(title).toHaveValue('Q'.repeat(501));
    await expect(page.getByText('501 / 500')).toBeVisible();
    await expect(page.getByText('Questions can be at most 500 characters.').first()).toBeVisible();
    await title.fill('What do you do after school?');

    // A sample size outside 50–5,000 shows the range instead of being clamped.
    await page.goto(`/research/builder/survey/${surveyId}/audience`);
    const sample = page.getByRole('textbox', { name: 'Sample size' });
    await sample.fill('20');
    await sample.blur();
    await expect(sample).toHaveValue('20');
    await expect(page.getByText('A sample needs at least 50 respondents (50 to 5,000).')).toBeVisible();
    await sample.fill('9000');
    await sample.blur();
    await expect(sample).toHaveValue('9,000');
    await expect(
      page.getByText('Samples above 5,000 respondents need a custom quote (50 to 5,000).'),
    ).toBeVisible();
    await page.context().close();
  });

  test('a rating scale that runs backwards is refused by the API and the pre-check in the same words', async ({
    browser,
  }) => {
    const page = await pageAs(browser, accounts.researcher);
    const surveyId = await draftSurvey(page.request, unique('Scales'), [
      {
        ...base,
        id: crypto.randomUUID(),
        type: 'rating',
        title: 'How was your week?',
        required: true,
        options: [],
        scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
      },
    ]);
    const current = (await (await page.request.get(`/v2/surveys/${surveyId}`)).json()).data;
    const refused = await page.request.put(`/v2/surveys/${surveyId}`, {
      data: {
        version: current.version,
        name: current.name,
        description: null,
        questions: current.questions.map((q: object) => ({
          ...q,
          scale: { min: 5, max: 1, minLabel: null, maxLabel: null },
        })),
        audience,
        tags: [],
        projectId: null,
      },
    });
    expect(refused.status()).toBe(400);
    const message = 'The scale of question 1 runs from 5 to 1: the lowest point must be below the highest.';
    expect((await refused.json()).message).toBe(message);

    // In the builder, the same words appear at the field and the draft waits instead of saving.
    const questionId = current.questions[0].id as string;
    await page.goto(`/research/builder/survey/${surveyId}/question/${questionId}`);
    const highest = page.getByRole('textbox', { name: 'Highest point' });
    await highest.fill('1000');
    await highest.blur();
    await expect(highest).toHaveValue('1000');
    await expect(page.getByText(/runs from 1 to 1000, too wide to answer/).first()).toBeVisible();
    await expect(page.getByTestId('save-indicator')).toHaveAttribute('data-status', 'invalid');
    await page.context().close();
  });
});

test('“None of these” clears the other choices, and another choice clears it', async ({
  browser,
  baseURL,
}) => {
  const questionId = crypto.randomUUID();
  const surveyId = await liveSurvey(baseURL!, [
    {
      ...base,
      id: questionId,
      type: 'multiple_choice',
      title: 'Which clubs do you go to?',
      required: true,
      options: [
        { id: 'chess', label: 'Chess' },
        { id: 'drama', label: 'Drama' },
        { id: 'none', label: 'None of these', exclusive: true },
      ],
    },
  ]);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await startSurvey(page, surveyId);
  const chess = page.getByRole('checkbox', { name: 'Chess' });
  const drama = page.getByRole('checkbox', { name: 'Drama' });
  const none = page.getByRole('checkbox', { name: 'None of these' });
  await chess.check();
  await drama.check();
  await none.check();
  await expect(none).toBeChecked();
  await expect(chess).not.toBeChecked();
  await expect(drama).not.toBeChecked();
  await drama.check();
  await expect(none).not.toBeChecked();
  await expect(drama).toBeChecked();
  await none.check();
  await page
    .getByRole('button', { name: 'Send' })
    .or(page.getByRole('button', { name: 'Finish' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Thank/);

  // The server refuses the combination the page never sends.
  const refused = await page.request.post(`/v2/respond/${surveyId}/responses`, {
    data: {
      clientResponseId: crypto.randomUUID(),
      screener: { age: 15, gender: 'female', state: 'OH' },
      answers: { [questionId]: ['chess', 'none'] },
    },
  });
  expect(refused.status()).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain(
    '“None of these” cannot be combined with other answers.',
  );
  await context.close();
});

test('the preview is the live respondent flow: the same assent text and the screener', async ({
  browser,
  baseURL,
}) => {
  const author = await pageAs(browser, accounts.researcher);
  const sport = crypto.randomUUID();
  const questions = [
    {
      ...base,
      id: sport,
      type: 'yes_no',
      title: 'Do you play a sport outside school?',
      required: true,
      options: [],
    },
    {
      ...base,
      id: crypto.randomUUID(),
      type: 'single_choice',
      title: 'Which sport do you play most?',
      required: true,
      options: [
        { id: 'football', label: 'Football' },
        { id: 'swimming', label: 'Swimming' },
      ],
      displayLogic: { match: 'all', conditions: [{ questionId: sport, operator: 'equals', value: 'yes' }] },
    },
    {
      ...base,
      id: crypto.randomUUID(),
      type: 'long_text',
      title: 'Anything else?',
      required: false,
      options: [],
    },
  ];
  const surveyId = await draftSurvey(author.request, unique('Preview'), questions);
  // Ages 16–19 only, so a 14-year-old is screened out in the preview as on the live page.
  const current = (await (await author.request.get(`/v2/surveys/${surveyId}`)).json()).data;
  const saved = await author.request.put(`/v2/surveys/${surveyId}`, {
    data: {
      ...current,
      version: current.version,
      audience: { ...audience, ageMin: 16 },
      projectId: null,
      questions: current.questions,
      tags: [],
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const live = await liveSurvey(baseURL!, questions);

  // The assent text of the live page…
  const teen = await browser.newPage();
  await teen.goto(`/s/${live}`);
  const liveAssent = (await teen.getByTestId('assent').getByRole('list').innerText()).trim();
  await teen.close();

  await author.goto(`/research/builder/survey/preview/${surveyId}`);
  const frame = author.getByTestId('preview-frame');
  // …is the assent text of the preview, word for word.
  const previewAssent = (await frame.getByTestId('assent').getByRole('list').innerText()).trim();
  expect(previewAssent).toBe(liveAssent);
  await expect(author.getByRole('heading', { level: 1 })).toHaveCount(1);

  await frame.getByRole('button', { name: 'I’m happy to take part' }).click();
  await expect(frame.getByRole('heading', { name: 'Three quick questions' })).toBeVisible();
  await frame.getByLabel('How old are you?').selectOption({ label: '14' });
  await frame.getByRole('radio', { name: 'Girl', exact: true }).check();
  await frame.getByLabel('Which state do you live in?').selectOption({ label: 'Ohio' });
  await frame.getByRole('button', { name: 'Continue' }).click();
  await expect(frame).toContainText('This survey is looking for a different group of people');

  await author.getByRole('button', { name: 'Start the preview again' }).click();
  await frame.getByRole('button', { name: 'I’m happy to take part' }).click();
  await frame.getByLabel('How old are you?').selectOption({ label: '17' });
  await frame.getByRole('radio', { name: 'Girl', exact: true }).check();
  await frame.getByLabel('Which state do you live in?').selectOption({ label: 'Ohio' });
  await frame.getByRole('button', { name: 'Continue' }).click();

  // Progress is a share of the survey as written: it never jumps back when logic shows a question.
  await expect(frame.getByTestId('step-count')).toHaveText('0% done');
  await frame.getByRole('radio', { name: 'Yes' }).check();
  await frame.getByRole('button', { name: 'Next' }).click();
  await expect(frame.getByTestId('step-count')).toHaveText('33% done');
  await frame.getByRole('radio', { name: 'Swimming' }).check();
  await frame.getByRole('button', { name: 'Next' }).click();
  await expect(frame.getByTestId('step-count')).toHaveText('67% done');
  await frame.getByRole('button', { name: /Send|Finish/ }).click();
  await expect(frame).toContainText('nothing you answered in the preview was saved');
  await author.context().close();
});

test('Likert labels stay inside their cells on a 360 px phone', async ({ browser, baseURL }) => {
  const surveyId = await liveSurvey(baseURL!, [
    {
      ...base,
      id: crypto.randomUUID(),
      type: 'likert_matrix',
      title: 'How much do you agree with these?',
      required: true,
      options: [
        { id: 'sd', label: 'Strongly disagree' },
        { id: 'd', label: 'Disagree' },
        { id: 'n', label: 'Neither agree nor disagree' },
        { id: 'a', label: 'Agree' },
        { id: 'sa', label: 'Strongly agree' },
      ],
      rows: [
        { id: 'r1', label: 'School is fun' },
        { id: 'r2', label: 'Homework is fair' },
      ],
    },
  ]);
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await startSurvey(page, surveyId);
    const scale = page.getByTestId('likert-scale').first();
    await expect(scale).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`likert-${width}.png`), fullPage: true });
    const cells = scale.locator('label');
    await expect(cells).toHaveCount(5);
    const scaleBox = await box(scale);
    expect(scaleBox.x + scaleBox.width).toBeLessThanOrEqual(width);
    for (let index = 0; index < 5; index++) {
      const cell = cells.nth(index);
      const label = cell.locator('span').last();
      const labelBox = await box(label);
      const cellBox = await box(cell);
      expect(inside(labelBox, cellBox), `label ${index + 1} at ${width}px`).toBe(true);
      // No text overflows its own box either (a long word would).
      const overflow = await label.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await context.close();
  }
});

async function sliderUnderCard(page: Page) {
  const card = page.getByTestId('estimate');
  const thumbs = page.getByRole('slider');
  await expect(thumbs.first()).toBeVisible();
  // Scroll step by step; wherever the card and a slider thumb overlap, the card must be on top.
  let overlaps = 0;
  await page.mouse.move(page.viewportSize()!.width / 2, page.viewportSize()!.height - 40);
  for (let y = 0; y <= 900; y += 60) {
    // The wheel scrolls whatever scrolls the page (the window or the app's main area).
    if (y > 0) await page.mouse.wheel(0, 60);
    await page.waitForTimeout(30);
    const cardBox = await card.boundingBox();
    for (const thumb of await thumbs.all()) {
      const thumbBox = await thumb.boundingBox();
      if (!cardBox || !thumbBox) continue;
      const left = Math.max(cardBox.x, thumbBox.x);
      const right = Math.min(cardBox.x + cardBox.width, thumbBox.x + thumbBox.width);
      const top = Math.max(cardBox.y, thumbBox.y);
      const bottom = Math.min(cardBox.y + cardBox.height, thumbBox.y + thumbBox.height);
      if (right <= left || bottom <= top) continue;
      overlaps++;
      const onTop = await page.evaluate(
        ([x, yy]) => Boolean(document.elementFromPoint(x!, yy!)?.closest('[data-testid="estimate"]')),
        [(left + right) / 2, (top + bottom) / 2],
      );
      expect(onTop, `at scroll ${y} the age slider draws over the estimate`).toBe(true);
    }
  }
  return overlaps;
}

test('the age slider never draws over the sticky estimate card, on a desktop or a phone', async ({
  browser,
}) => {
  const setup = await pageAs(browser, accounts.researcher);
  const surveyId = await draftSurvey(setup.request, unique('Slider'), [
    {
      ...base,
      id: crypto.randomUUID(),
      type: 'short_text',
      title: 'What do you do after school?',
      required: true,
      options: [],
    },
  ]);
  await setup.context().close();
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 360, height: 740 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const login = await page.request.post('/v2/login', {
      data: { email: accounts.researcher, password: 'teenvoice-demo' },
    });
    expect(login.ok()).toBeTruthy();
    await page.goto(`/research/builder/survey/${surveyId}/audience`);
    const overlaps = await sliderUnderCard(page);
    if (viewport.width >= 1000)
      expect(overlaps, 'the sticky card passes over the slider when scrolled').toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath(`slider-${viewport.width}.png`) });
    await context.close();
  }
});

test('the live page follows skips, page breaks and text blocks, pipes answers, and sends the order a teen saw', async ({
  page,
  baseURL,
}) => {
  const ids = { club: crypto.randomUUID(), which: crypto.randomUUID(), intro: crypto.randomUUID() };
  const pageBreak = crypto.randomUUID();
  const surveyId = await liveSurvey(baseURL!, [
    {
      ...base,
      id: ids.club,
      type: 'single_choice',
      title: 'Are you in a club after school?',
      required: true,
      options: [
        { id: 'yes', label: 'Yes' },
        { id: 'no', label: 'No' },
      ],
      skipLogic: [
        {
          when: { match: 'all', conditions: [{ questionId: ids.club, operator: 'equals', value: 'no' }] },
          to: ids.intro,
        },
      ],
    },
    {
      ...base,
      id: ids.which,
      type: 'short_text',
      title: 'Which club?',
      required: true,
      options: [],
    },
    {
      ...base,
      id: pageBreak,
      type: 'page_break',
      title: 'Last page',
      required: false,
      options: [],
      randomizeQuestions: true,
    },
    {
      ...base,
      id: ids.intro,
      type: 'text_block',
      title: 'Nearly done',
      description: `You said {{answer:${ids.club}}} to clubs. Two quick ones to finish.`,
      required: false,
      options: [],
    },
    {
      ...base,
      id: crypto.randomUUID(),
      type: 'yes_no',
      title: 'Do you do homework at home?',
      required: true,
      options: [],
    },
    {
      ...base,
      id: crypto.randomUUID(),
      type: 'yes_no',
      title: 'Do you have a quiet place to study?',
      required: true,
      options: [],
    },
  ]);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/s/${surveyId}`);
  await page.getByRole('button', { name: 'I’m happy to take part' }).click();
  await page.getByLabel('How old are you?').selectOption({ label: '15' });
  await page.getByRole('radio', { name: 'Girl', exact: true }).check();
  await page.getByLabel('Which state do you live in?').selectOption({ label: 'Ohio' });
  await page.getByRole('button', { name: 'Continue' }).click();

  // 'No' skips 'Which club?' and lands on the last page: a text block and two questions on one screen.
  const step = page.getByTestId('question-step');
  await step.getByRole('radio', { name: 'No', exact: true }).check();
  await step.getByRole('button', { name: 'Next' }).click();
  await expect(step.getByTestId('text-block')).toContainText('You said No to clubs.');
  await expect(step.getByRole('group')).toHaveCount(2);
  await expect(step.getByRole('group', { name: /Which club/ })).toHaveCount(0);

  // Both questions on the page must be answered before sending.
  await step
    .getByRole('group', { name: /homework/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/responses') && request.method() === 'POST',
  );
  await step.getByRole('button', { name: 'Send my answers' }).click();
  await expect(
    step.getByRole('group', { name: /quiet place/ }).getByText('Please answer this question.'),
  ).toBeVisible();
  await step
    .getByRole('group', { name: /quiet place/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await step.getByRole('button', { name: 'Send my answers' }).click();
  const body = (await sent).postDataJSON() as {
    answers: Record<string, unknown>;
    presentation?: { pages?: Record<string, string[]> };
  };
  expect(body.answers[ids.which]).toBeUndefined();
  expect([...(body.presentation?.pages?.[pageBreak] ?? [])].sort()).toHaveLength(3);
  await expect(page.getByRole('heading', { level: 1, name: 'Thanks, that’s everything!' })).toBeVisible();
});
