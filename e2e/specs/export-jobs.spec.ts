import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-helpers';
import { linkIn } from './identity-helpers';
import { accounts, createLiveSurvey, openSurvey, pageAs, unique } from './respond-helpers';

/**
 * An export prepared in the background (issue 27, decision 050), on a small survey: the More formats
 * menu prepares a file for any size of group. The person sees it queued with a progress bar, then a
 * Download button; they can leave and come back; and a mail tells them it is ready, with a link to the
 * results page, never to the file.
 */
const RESPONSES = 12;

async function seedSurvey(baseURL: string, request: Parameters<typeof openSurvey>[0]) {
  const survey = await createLiveSurvey(baseURL, unique('Export jobs'), [
    { type: 'single_choice', title: 'Do you walk to school?', options: ['Yes', 'No'] },
  ]);
  const states = ['CA', 'TX', 'NY', 'OH'];
  for (let i = 0; i < RESPONSES; i++) {
    const sent = await request.post(`/v2/respond/${survey.id}/responses`, {
      data: {
        clientResponseId: randomUUID(),
        screener: { age: 13 + (i % 7), gender: i % 2 ? 'female' : 'male', state: states[i % states.length] },
        answers: { q1: i % 3 ? 'o1' : 'o2' },
        ...(await openSurvey(request, survey.id)),
      },
    });
    expect(sent.ok(), await sent.text()).toBeTruthy();
  }
  return survey;
}

/** The researcher's 'export ready' mail about this survey (its results page's link), as delivered. */
async function deliveredAbout(surveyId: string) {
  const sink = process.env.E2E_MAIL_SINK;
  expect(sink, 'E2E_MAIL_SINK, set by playwright.config.ts').toBeTruthy();
  const resultsPath = `/research/builder/survey/summary/${surveyId}`;
  let found: { subject: string; text: string; html: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${sink}/messages?to=${encodeURIComponent(accounts.researcher)}`);
        const messages = (
          (await response.json()) as { data: { subject: string; text: string; html: string }[] }
        ).data;
        found = messages.find(
          (m) => m.subject === 'Your export is ready to download' && m.text.includes(resultsPath),
        );
        return found !== undefined;
      },
      { message: `the export mail about ${surveyId}`, timeout: 30_000 },
    )
    .toBe(true);
  expect(linkIn(found!.text, resultsPath).pathname).toBe(resultsPath);
  return found!;
}

/**
 * Starts a CSV export from the menu. The list's first answer after the POST is held back a moment, so
 * the state the POST answered (queued, 0%) is on screen long enough to be read before the job's own
 * progress. (Holding the first GET after the route was set let a periodic refresh that came between
 * take the hold, and on a loaded machine the job was done before anything showed it preparing.)
 */
async function prepareCsv(page: Page) {
  let posted = false;
  let held = false;
  await page.route('**/results/exports', async (route) => {
    const method = route.request().method();
    if (method === 'POST') {
      const response = await route.fetch();
      posted = true;
      await route.fulfill({ response });
      return;
    }
    if (method === 'GET' && posted && !held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'More formats' }).click();
  await page.getByRole('menuitem', { name: 'Prepare a CSV file' }).click();
}

test('a CSV export is prepared in the background, with progress, then downloaded', async ({
  browser,
  request,
  baseURL,
}) => {
  const survey = await seedSurvey(baseURL!, request);
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(`/research/builder/survey/summary/${survey.id}`);
  await expect(page.getByRole('button', { name: 'More formats' })).toBeEnabled();

  await prepareCsv(page);
  const panel = page.getByRole('region', { name: 'Your exports' });
  // The bar is named for screen readers; at 0% its filled part has no width, so its words are what shows.
  const bar = panel.getByRole('progressbar', { name: /^Preparing your export… \d+%$/ });
  await expect(bar).toBeAttached();
  await expect(panel.getByText(/^Preparing your export… \d+%$/)).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText('Preparing your file');
  await expect(panel).toContainText(`of ${RESPONSES} responses`);

  // Ready: the bar gives way to a Download button, reached from the keyboard.
  const link = panel.getByRole('link', { name: /^Download .*-responses\.csv$/ });
  await expect(link).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(panel.getByRole('status')).toHaveText('Your file is ready to download');
  await expect(panel).toContainText(`Your file is ready to download · ${RESPONSES} responses`);
  mkdirSync('screenshots', { recursive: true });
  await panel.screenshot({ path: 'screenshots/export-jobs-light-ready.png' });
  await link.focus();
  await expect(link).toBeFocused();
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^export-jobs-.*-responses\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Response,Completed at');
  expect(lines).toHaveLength(RESPONSES + 1);

  // Leave and come back: the job is still listed, ready.
  await page.goto('/research/builder');
  await page.goto(`/research/builder/survey/summary/${survey.id}`);
  await expect(
    page.getByRole('region', { name: 'Your exports' }).getByRole('link', { name: /^Download / }),
  ).toBeVisible();

  // The mail says it is ready and links to the results page, not to the file.
  const mail = await deliveredAbout(survey.id);
  expect(mail.subject).toBe('Your export is ready to download');
  expect(mail.text).toContain(`${RESPONSES} responses`);
  expect(mail.text).not.toContain('/exports/');
  expect(mail.html).not.toContain('/exports/');

  await expectNoSeriousViolations(page, { include: '[aria-labelledby="export-jobs-title"]' });
});

test.describe('at 360 px in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the export panel fits and reads well', async ({ browser, request, baseURL }) => {
    const survey = await seedSurvey(baseURL!, request);
    const page = await pageAs(browser, accounts.researcher, { phone: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/research/builder/survey/summary/${survey.id}`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
      .toBe('dark');
    await prepareCsv(page);
    const panel = page.getByRole('region', { name: 'Your exports' });
    await expect(panel.getByRole('progressbar')).toBeAttached();
    await expect(panel.getByText(/^Preparing your export… \d+%$/)).toBeVisible();
    mkdirSync('screenshots', { recursive: true });
    await panel.screenshot({ path: 'screenshots/export-jobs-360-dark-preparing.png' });
    await expect(panel.getByRole('link', { name: /^Download / })).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/export-jobs-360-dark.png' });
    await expectNoSeriousViolations(page, { include: '[aria-labelledby="export-jobs-title"]' });
  });
});
