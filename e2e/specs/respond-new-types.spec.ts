import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-helpers';
import {
  accounts,
  apiAs,
  approveAndPublish,
  NORTHSIDE,
  responseTotal,
  startSurvey,
  unique,
} from './respond-helpers';

/**
 * Decision 048 (issue 26, point 4): a survey with a slider, a date, an image choice, a constant sum and
 * a MaxDiff, built and published through the API, answered on a 360 px phone with the keyboard and
 * the pointer, with one axe check on each new type's screen (the respondent page has one mode, light).
 */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 120_000 });

// A 3×2 PNG: the signature, then IHDR with width and height.
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000003000000020806000000b8adee6a0000000049454e44ae426082',
  'hex',
);

const step = (page: Page) => page.getByTestId('question-step');

async function liveSurveyWithNewTypes(baseURL: string): Promise<string> {
  // Platform staff upload the pictures to the media library.
  const admin = await apiAs(baseURL, accounts.admin);
  const urls: string[] = [];
  for (const name of ['salad', 'pizza']) {
    const uploaded = await admin.post('/cms/api/upload', {
      multipart: {
        files: { name: `${unique(name).replace(/\W+/g, '-')}.png`, mimeType: 'image/png', buffer: png },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    urls.push(((await uploaded.json()) as { url: string }[])[0]!.url);
  }

  const author = await apiAs(baseURL, accounts.researcher);
  const headers = { 'x-asa-organization-id': NORTHSIDE };
  // The builder lists the library's pictures for an image choice.
  const images = await author.get('/v2/survey-images');
  expect(images.ok()).toBeTruthy();
  expect(((await images.json()).data as { url: string }[]).map((i) => i.url)).toEqual(
    expect.arrayContaining(urls),
  );
  const created = await author.post('/v2/surveys', { data: { type: 'long_form' }, headers });
  const survey = (await created.json()).data as { id: string; version: number };
  const base = { description: null, required: true, randomizeOptions: false, rows: [], displayLogic: null };
  const questions = [
    {
      ...base,
      id: 'ready',
      type: 'slider',
      title: 'How ready do you feel for next school year?',
      options: [],
      scale: { min: 0, max: 10, minLabel: 'Not ready', maxLabel: 'Completely ready' },
      step: 1,
    },
    {
      ...base,
      id: 'trip',
      type: 'date',
      title: 'When is your next school trip?',
      options: [],
      scale: null,
      dateMin: '2026-09-01',
      dateMax: '2027-06-30',
    },
    {
      ...base,
      id: 'lunch',
      type: 'image_choice',
      title: 'Which lunch would you pick?',
      options: [
        { id: 'salad', label: 'Salad bowl', image: { url: urls[0], alt: 'A bowl of green salad' } },
        { id: 'pizza', label: 'Pizza slice', image: { url: urls[1], alt: 'A slice of cheese pizza' } },
      ],
      scale: null,
    },
    {
      ...base,
      id: 'afternoon',
      type: 'constant_sum',
      title: 'Share 100 points across a free afternoon',
      options: [
        { id: 'sleep', label: 'Sleeping in' },
        { id: 'friends', label: 'Seeing friends' },
      ],
      scale: null,
      sumTotal: 100,
    },
    {
      ...base,
      id: 'job',
      type: 'maxdiff',
      title: 'What matters most in a part-time job?',
      options: ['Good pay', 'Flexible hours', 'Friendly people', 'Learning skills'].map((label, i) => ({
        id: `j${i + 1}`,
        label,
      })),
      scale: null,
      maxDiffSetSize: 3,
    },
  ];
  const saved = await author.put(`/v2/surveys/${survey.id}`, {
    headers,
    data: {
      version: survey.version,
      name: unique('New question types'),
      description: 'A short survey made by an end-to-end test.',
      questions,
      audience: { ageMin: 13, ageMax: 19, genders: [], states: [], regions: [], sampleSize: 200, quotas: [] },
      tags: [],
      projectId: null,
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const submitted = await author.post(`/v2/surveys/${survey.id}/transitions`, { data: { action: 'submit' } });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  await Promise.all([author.dispose(), admin.dispose()]);
  await approveAndPublish(baseURL, survey.id);
  return survey.id;
}

test('a teen answers a slider, a date, an image choice, a constant sum and a MaxDiff on a phone', async ({
  page,
  baseURL,
}) => {
  const surveyId = await liveSurveyWithNewTypes(baseURL!);
  await startSurvey(page, surveyId);
  const next = page.getByRole('button', { name: 'Next' });

  // Slider: nothing counts until it is moved; the keyboard moves it.
  await expect(page.locator('legend', { hasText: 'How ready do you feel' })).toBeFocused();
  await expect(step(page).getByText('Not answered yet')).toBeVisible();
  await next.click();
  await expect(step(page).getByRole('alert')).toHaveText('Please answer this question.');
  const slider = step(page).getByRole('slider', { name: /How ready do you feel/ });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(step(page).getByText(/^Your answer: \d+$/)).toBeVisible();
  await expectNoSeriousViolations(page);
  await next.click();

  // Date: the browser's date field, within the survey's bounds.
  await expect(page.locator('legend', { hasText: 'When is your next school trip?' })).toBeFocused();
  await step(page).getByTestId('date-input').fill('2026-10-15');
  await expectNoSeriousViolations(page);
  await next.click();

  // Image choice: each picture is a radio button named by its description and caption.
  await expect(page.locator('legend', { hasText: 'Which lunch would you pick?' })).toBeFocused();
  await expect(step(page).getByRole('img', { name: 'A slice of cheese pizza' })).toBeVisible();
  await step(page)
    .getByRole('radio', { name: /Pizza slice/ })
    .check();
  await expectNoSeriousViolations(page);
  await next.click();

  // Constant sum: a total that is not exact is refused in words, with the running total shown.
  await expect(page.locator('legend', { hasText: 'Share 100 points' })).toBeFocused();
  await step(page).getByLabel('Sleeping in').fill('60');
  await expect(step(page).getByText('Total: 60 of 100 (40 left to share)')).toBeVisible();
  await next.click();
  await expect(step(page).getByRole('alert')).toHaveText(
    'Your points add up to 60; they need to add up to exactly 100.',
  );
  await expectNoSeriousViolations(page);
  await step(page).getByLabel('Seeing friends').fill('40');
  await next.click();

  // MaxDiff: most and least important in each set.
  await expect(page.locator('legend', { hasText: 'What matters most in a part-time job?' })).toBeFocused();
  const sets = step(page).locator('fieldset fieldset');
  await expect(sets).toHaveCount(4);
  for (let i = 0; i < 4; i++) {
    const set = sets.nth(i);
    await set
      .getByRole('radio', { name: /^Most important/ })
      .first()
      .check();
    await set
      .getByRole('radio', { name: /^Least important/ })
      .last()
      .check();
  }
  await expectNoSeriousViolations(page);
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks, that’s everything!' })).toBeVisible();
  expect(await responseTotal(baseURL!, surveyId)).toBe(1);
});
