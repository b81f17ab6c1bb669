import { expect, test } from '@playwright/test';
import { accounts, pageAs, RESULTS_ID, unique } from './respond-helpers';

/**
 * Sharing released results outside the organization (issue 13, decision 031): a researcher makes a
 * read-only link from the results page, someone without an account opens it and sees the report, and
 * once the link is turned off the same address says the report is not available.
 */
test('a share link shows the report without signing in, until it is turned off', async ({ browser }) => {
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(`/research/builder/survey/summary/${RESULTS_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Life after school 2026' })).toBeVisible();

  // Make a link for 7 days with a label; the link is shown once, with a copy button.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share the results' });
  await expect(dialog).toBeVisible();
  const label = unique('School board');
  await dialog.getByText('7 days').click();
  await dialog.getByLabel('Label (optional)').fill(label);
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const created = dialog.getByTestId('share-link-created');
  await expect(created).toBeVisible();
  await expect(created.getByRole('button', { name: 'Copy' })).toBeVisible();
  const url = await created.getByLabel('Share link').inputValue();
  expect(url).toMatch(/\/shared\/results\/[A-Za-z0-9_-]{43}$/);
  const row = dialog.getByTestId('share-link-row').filter({ hasText: label });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('0 views');
  // The list never shows the token.
  await expect(dialog.getByTestId('share-links')).not.toContainText(url.split('/').at(-1)!);

  // Someone outside the organization, in a fresh browser with no session, opens the link.
  const outsider = await browser.newContext();
  const visitor = await outsider.newPage();
  const response = await visitor.goto(url);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  const report = visitor.getByTestId('results-report');
  await expect(report).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Life after school 2026' })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(report.getByRole('region', { name: 'Key figures' })).toContainText('Responses');
  await expect(visitor.getByTestId('report-question').first()).toContainText(/±\d/);
  await expect(visitor.getByTestId('report-methodology')).toContainText('Groups under 5 are not shown');
  await expect(visitor.getByTestId('report-methodology')).toContainText(
    'Written (open-text) answers are not part',
  );
  await expect(visitor.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
  // Nothing of the organization's people, and no way into the app's results.
  await expect(report).not.toContainText('Jordan');
  await expect(visitor.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);

  // The view is counted in the researcher's list.
  await page.reload();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Share the results' });
  const counted = again.getByTestId('share-link-row').filter({ hasText: label });
  await expect(counted).toContainText('1 view');

  // Turning it off asks first, then the link stops working.
  await counted.getByRole('button', { name: 'Turn off' }).click();
  const confirm = page.getByRole('dialog', { name: 'Turn off this link?' });
  await expect(confirm).toContainText('stop working at once');
  await confirm.getByRole('button', { name: 'Turn off link' }).click();
  await expect(confirm).toBeHidden();
  await expect(counted).toContainText('Revoked');
  await expect(counted.getByRole('button', { name: 'Turn off' })).toHaveCount(0);

  await visitor.reload();
  const unavailable = visitor.getByTestId('shared-report-unavailable');
  await expect(unavailable).toBeVisible();
  await expect(unavailable.getByRole('heading', { name: 'This report is not available' })).toBeVisible();
  await expect(unavailable).toContainText('Ask the person who sent it for a new link');
  await expect(visitor.getByTestId('results-report')).toHaveCount(0);
  await outsider.close();
});

test('the printable report has Print and Download PDF, and the PDF comes from the server', async ({
  browser,
}) => {
  const page = await pageAs(browser, accounts.researcher);
  await page.goto(`/research/builder/survey/summary/${RESULTS_ID}`);
  await page.getByRole('link', { name: 'Report', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/research/builder/survey/report/${RESULTS_ID}`));
  await expect(page.getByTestId('results-report')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe('life-after-school-2026-report.pdf');
});
