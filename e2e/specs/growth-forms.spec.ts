import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { demo, signInThroughForm, uniqueEmail } from './identity-helpers';

const THANKS = 'Thanks — we’ll be in touch within one business day.';

// The consent banner is answered already, so it never sits over the forms.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      'tv_consent',
      JSON.stringify({ analytics: false, ads: false, updatedAt: new Date().toISOString() }),
    );
  });
});

async function chooseState(page: Page, scope: ReturnType<Page['locator']>, name: string) {
  await scope.getByRole('combobox', { name: 'State' }).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

test('the contact form says what is wrong, sends a good lead, and staff follow it up', async ({ page }) => {
  // The visitor's whole form, then a staff sign-in and the lead's follow-up: over 45 s on a loaded CI machine.
  test.slow();
  const email = uniqueEmail('contact');
  await page.goto('/contact');
  const form = page.locator('form[aria-labelledby="message-heading"]');

  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Required')).toHaveCount(6);

  await form.getByLabel('Company name').fill('Ab');
  await form.getByLabel('First name').fill('Jo');
  await form.getByLabel('Last name').fill('Li');
  await form.getByLabel('Work email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Company Name should be at least 3 characters long')).toBeVisible();
  await expect(form.getByText('First Name should be at least 3 characters long')).toBeVisible();
  await expect(form.getByText('Last Name should be at least 3 characters long')).toBeVisible();
  await expect(form.getByText('Email is not valid')).toBeVisible();

  await form.getByLabel('Company name').fill('Lakeshore Youth Services');
  await form.getByLabel('First name').fill('Morgan');
  await form.getByLabel('Last name').fill('Rivera');
  await form.getByLabel('Work email').fill(email);
  await chooseState(page, form, 'Illinois');
  await form
    .getByLabel('How can we help?')
    .fill('We would like to survey teens in Chicago about after-school programs.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').getByText(THANKS)).toBeVisible();

  await page.goto('/login?redirect=%2Fresearch%2Fbuilder%2Fadmin%2Fleads');
  await signInThroughForm(page, demo.platformAdmin);
  await expect(page).toHaveURL('/research/builder/admin/leads');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Lakeshore Youth Services');
  await expect(row).toContainText('Contact');
  await row.getByRole('combobox', { name: `Status of the lead from ${email}` }).click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await expect(page.getByText(`${email} is now contacted.`)).toBeVisible();

  await page.getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
});

test('every "Talk to sales" button opens the sales form, which sends a lead', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Talk to sales' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Speak to sales' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Company name').fill('Riverbend Health Partners');
  await dialog.getByLabel('First name').fill('Dana');
  await dialog.getByLabel('Last name').fill('Whitfield');
  await dialog.getByLabel('Work email').fill(uniqueEmail('sales'));
  await chooseState(page, dialog, 'Ohio');
  await dialog.getByRole('button', { name: 'Talk to sales' }).click();
  await expect(dialog.getByText(THANKS)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  await page.goto('/products');
  await page.getByRole('button', { name: 'Plan a custom study' }).click();
  await expect(page.getByRole('dialog', { name: 'Speak to sales' })).toBeVisible();
});

const screens = [
  { path: '/research/builder/admin/leads', heading: 'Leads', account: demo.platformAdmin },
  { path: '/research/builder/admin/feature-flags', heading: 'Feature flags', account: demo.superAdmin },
] as const;

// One sign-in and load per screen, checked in light mode and then in dark (the app follows the system).
test.describe('growth screens in light and dark mode', () => {
  test.use({ colorScheme: 'light' });
  // Two axe checks of a whole screen per test: twice the time of one on a loaded two-core machine.
  test.describe.configure({ timeout: 90_000 });
  for (const screen of screens) {
    test(`${screen.heading} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(`/login?redirect=${encodeURIComponent(screen.path)}`);
      await signInThroughForm(page, screen.account);
      await expect(page).toHaveURL(screen.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      for (const mode of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: mode });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
          .toBe(mode);
        await page.waitForTimeout(300);
        expect(await seriousViolations(page), mode).toEqual([]);
      }
    });
  }
});
