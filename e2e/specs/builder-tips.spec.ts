import { expect, type Page, test } from '@playwright/test';

async function signIn(page: Page) {
  const response = await page.request.post('/v2/login', {
    data: { email: 'jordan@northside.test', password: 'teenvoice-demo' },
  });
  expect(response.ok()).toBeTruthy();
}

test('pro tips show one at a time, each once, skip tip 4, and come back after a reset', async ({ page }) => {
  await signIn(page);
  await page.goto('/research/builder');
  const tip = page.getByTestId('pro-tip');
  await expect(tip).toHaveAttribute('data-tip', '1');
  await expect(tip).toContainText('Start with the decision you need to make');
  await expect(page.getByTestId('pro-tip')).toHaveCount(1);

  await tip.getByRole('button', { name: /Got it/ }).click();
  await expect(tip).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('pro-tip')).toHaveAttribute('data-tip', '2');

  await page.evaluate(() =>
    localStorage.setItem('tv_tips', JSON.stringify({ state: { seen: [1, 2, 3] }, version: 0 })),
  );
  await page.reload();
  await expect(page.getByTestId('pro-tip')).toHaveAttribute('data-tip', '5');

  await page.getByRole('button', { name: 'More builder actions' }).click();
  await page.getByRole('menuitem', { name: 'Reset tips' }).click();
  await expect(page.getByTestId('pro-tip')).toHaveAttribute('data-tip', '1');
});

test('builder texts come from the content service, and from the bundled copy when it fails', async ({
  page,
}) => {
  await signIn(page);
  const served = page.waitForResponse('**/cms/api/teenvoice-copy.json');
  await page.goto('/research/builder');
  const copy = (await (await served).json()) as { builder: { homeTitle: string } };
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.builder.homeTitle);

  // The content service cannot be reached: the bundled copy takes over, silently.
  await page.route('**/cms/api/teenvoice-copy.json', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your surveys');
  await expect(page.getByText('Create long-form survey')).toBeVisible();
});
