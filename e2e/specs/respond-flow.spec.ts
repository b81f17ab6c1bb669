import { expect, type Request, test } from '@playwright/test';
import {
  accounts,
  blockingViolations,
  createLiveSurvey,
  PASSWORD,
  PULSE_ID,
  responseTotal,
  startSurvey,
  unique,
} from './respond-helpers';

test.use({ viewport: { width: 360, height: 740 } });

const step = (page: import('@playwright/test').Page) => page.getByTestId('question-step');

test('a teen answers the pulse check on a phone, anonymously and with no axe violations', async ({
  page,
}) => {
  // Even on a device where staff are signed in, respondent calls carry no cookie.
  const login = await page.request.post('/v2/login', {
    data: { email: accounts.researcher, password: PASSWORD },
  });
  expect(login.ok()).toBeTruthy();
  const respondCalls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v2/respond/')) respondCalls.push(request);
  });

  await page.goto(`/s/${PULSE_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly wellbeing pulse' })).toBeVisible();
  await expect(page.getByText('Your answers are anonymous')).toBeVisible();
  await expect(page.getByText('About 1 minute')).toBeVisible();
  // The respondent bar: the brand and a reminder, no sign-in and no site links to wander off to.
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Anonymous survey')).toBeVisible();
  await expect(banner.getByRole('link')).toHaveCount(0);
  await expect(banner.getByRole('button')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Need to talk to someone?' }).click();
  const help = page.getByRole('dialog', { name: 'Help is here if you need it' });
  await expect(help.getByRole('link', { name: 'Call 988' })).toHaveAttribute('href', 'tel:988');
  await expect(help.getByRole('link', { name: 'Text HOME to 741741' })).toHaveAttribute(
    'href',
    'sms:741741?&body=HOME',
  );
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'I’m happy to take part' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Three quick questions' })).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please choose your age.')).toBeVisible();
  await expect(page.getByLabel('How old are you?')).toBeFocused();
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByLabel('How old are you?').selectOption({ label: '15' });
  await page.getByRole('radio', { name: 'Non-binary' }).check();
  await page.getByLabel('Which state do you live in?').selectOption({ label: 'Texas' });
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.locator('legend', { hasText: 'How was your week, overall?' })).toBeFocused();
  await expect(page.getByTestId('step-count')).toHaveText('0% done');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(step(page).getByRole('alert')).toHaveText('Please answer this question.');
  expect(await blockingViolations(page)).toEqual([]);
  await step(page).getByText('4', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.locator('legend', { hasText: 'How many hours did you sleep last night?' })).toBeFocused();
  await page.getByRole('radio', { name: '6 to 8' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Optional: you can skip this')).toBeVisible();
  await page.getByRole('textbox').fill('Finishing my art project');
  expect(await blockingViolations(page)).toEqual([]);
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Send my answers' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thanks, that’s everything!' })).toBeFocused();
  await expect(page.getByText('Your answers have been sent.')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  // The survey itself comes in the page (decision 019), so the page asks for it only when it has to.
  // Leaving the written answer checked it for help (decision 035): the question and the text only.
  expect(respondCalls.map((r) => `${r.method()} ${new URL(r.url()).pathname}`)).toEqual([
    `POST /v2/respond/${PULSE_ID}/screen`,
    `POST /v2/respond/${PULSE_ID}/check`,
    `POST /v2/respond/${PULSE_ID}/responses`,
  ]);
  for (const call of respondCalls) expect((await call.allHeaders()).cookie).toBeUndefined();
  expect(respondCalls[1]!.postDataJSON()).toEqual({ questionId: 'best', text: 'Finishing my art project' });
  const sent = respondCalls[2]!.postDataJSON() as Record<string, unknown>;
  // The server's start token times the response (never the browser's clock).
  expect(Object.keys(sent).sort()).toEqual([
    'answers',
    'clientResponseId',
    'deviceToken',
    'language',
    'screener',
    'startToken',
  ]);
  expect(sent.language).toBe('en');
  // Both the server's (issue 23): a single-use start and the device it issued to this browser.
  expect(sent.startToken).toMatch(/^\d{13}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  expect(sent.deviceToken).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  expect(sent.answers).toEqual({ mood: 4, sleep: '6-8', best: 'Finishing my art project' });
  expect(sent.screener).toEqual({ age: 15, gender: 'non_binary', state: 'TX' });
});

test('an unfinished survey resumes after a reload with its answers, and is forgotten once sent', async ({
  page,
}) => {
  await startSurvey(page, PULSE_ID);
  await step(page).getByText('2', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Less than 6' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox').fill('Not much');

  await page.reload();
  await expect(page.getByTestId('resume-note')).toContainText('We kept your answers');
  await expect(page.getByTestId('step-count')).toHaveText('67% done');
  await expect(page.getByRole('textbox')).toHaveValue('Not much');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: 'Less than 6' })).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: '2', exact: true })).toBeChecked();

  const key = `tv_respond_${PULSE_ID}`;
  const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key)) ?? 'null');
  expect(stored.answers).toEqual({ mood: 2, sleep: 'lt6', best: 'Not much' });
  expect(Object.keys(stored).sort()).toEqual([
    'answers',
    'clientResponseId',
    'screener',
    'stage',
    'startedAt',
    'step',
  ]);

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible();
  expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();

  await page.reload();
  await expect(page.getByRole('button', { name: 'I’m happy to take part' })).toBeVisible();
});

test('a double click and a replayed submission count as one response', async ({ page, baseURL }) => {
  const survey = await createLiveSurvey(baseURL!, unique('Lunch at school'), [
    {
      type: 'single_choice',
      title: 'Do you eat lunch at school?',
      options: ['Every day', 'Sometimes', 'Never'],
    },
  ]);
  expect(await responseTotal(baseURL!, survey.id)).toBe(0);

  await startSurvey(page, survey.id);
  await page.getByRole('radio', { name: 'Sometimes' }).check();
  const posted = page.waitForRequest((r) => r.url().endsWith(`/v2/respond/${survey.id}/responses`));
  await page.getByRole('button', { name: 'Send my answers' }).dblclick();
  await expect(page.getByTestId('thank-you')).toBeVisible();
  const body = (await posted).postDataJSON();

  // The browser retrying the same attempt (e.g. after a dropped connection) gets the first outcome back.
  const replay = await page.request.post(`/v2/respond/${survey.id}/responses`, { data: body });
  expect(replay.ok()).toBeTruthy();
  expect((await replay.json()).data.outcome).toBe('completed');

  expect(await responseTotal(baseURL!, survey.id)).toBe(1);
});

test('a submission lost on the way is sent again with the same attempt id', async ({ page, baseURL }) => {
  const survey = await createLiveSurvey(baseURL!, unique('Bus to school'), [
    { type: 'yes_no', title: 'Do you take a bus to school?' },
  ]);
  await startSurvey(page, survey.id);
  await page.getByRole('radio', { name: 'Yes' }).check();

  const ids: string[] = [];
  let failures = 0;
  await page.route(`**/v2/respond/${survey.id}/responses`, async (route) => {
    ids.push(route.request().postDataJSON().clientResponseId);
    if (failures < 3) {
      failures += 1;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByRole('alert')).toContainText('Your answers are saved on this device');
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page.getByTestId('thank-you')).toBeVisible();

  expect(ids.length).toBe(4);
  expect(new Set(ids).size).toBe(1);
  expect(await responseTotal(baseURL!, survey.id)).toBe(1);
});

test('No thanks ends politely and records nothing', async ({ page }) => {
  await page.goto(`/s/${PULSE_ID}`);
  await page.getByRole('button', { name: 'No thanks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'No problem at all' })).toBeFocused();
  await expect(page.getByText('Nothing was recorded.')).toBeVisible();
  expect(await page.evaluate((id) => localStorage.getItem(`tv_respond_${id}`), PULSE_ID)).toBeNull();
  await page.getByRole('button', { name: 'I changed my mind' }).click();
  await expect(page.getByRole('button', { name: 'I’m happy to take part' })).toBeVisible();
});

test('stopping part-way asks first, then deletes the answers from the device', async ({ page }) => {
  await startSurvey(page, PULSE_ID);
  await step(page).getByText('3', { exact: true }).click();
  await page.getByRole('button', { name: 'Stop the survey' }).click();
  await expect(page.getByTestId('confirm-stop')).toContainText('nothing will be sent');
  await page.getByRole('button', { name: 'Keep going' }).click();
  await expect(page.getByRole('radio', { name: '3', exact: true })).toBeChecked();

  await page.getByRole('button', { name: 'Stop the survey' }).click();
  await page.getByRole('button', { name: 'Yes, stop and delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You stopped the survey' })).toBeFocused();
  expect(await page.evaluate((id) => localStorage.getItem(`tv_respond_${id}`), PULSE_ID)).toBeNull();
});
