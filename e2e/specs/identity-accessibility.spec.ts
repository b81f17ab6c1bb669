import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { demo, signInThroughForm } from './identity-helpers';

const screens = [
  { name: 'login', path: '/login', heading: 'Sign in to TeenVoice', account: null },
  { name: 'sign-up tab', path: '/login#sign-up', heading: 'Create your TeenVoice account', account: null },
  { name: 'register', path: '/register', heading: 'Create your TeenVoice account', account: null },
  { name: 'password reset', path: '/security/password-reset', heading: 'Reset your password', account: null },
  { name: 'profile', path: '/user/profile', heading: 'Your profile', account: demo.northsideAdmin },
  { name: 'manage members', path: '/user/manage-members', heading: 'Members', account: demo.northsideAdmin },
  { name: 'admin users', path: '/research/builder/admin/users', heading: 'Users', account: demo.superAdmin },
] as const;

/** One sign-in and one page load per screen, checked in light mode and then in dark (see web-accessibility). */
test.describe('identity screens in light and dark mode', () => {
  for (const screen of screens) {
    test(`${screen.name} has no serious or critical axe violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      if (screen.account) {
        await page.goto(`/login?redirect=${encodeURIComponent(screen.path)}`);
        await signInThroughForm(page, screen.account);
        await expect(page).toHaveURL(screen.path);
      } else {
        await page.goto(screen.path);
      }
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading);
      // Loaded content, not skeletons, is what people read.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      for (const mode of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: mode });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
          .toBe(mode);
        // Let entrance transitions settle so colours are measured at rest.
        await page.waitForTimeout(300);
        expect(await seriousViolations(page), `${mode} mode`).toEqual([]);
      }
    });
  }
});

test('the account menu and its dialogs work from the keyboard', async ({ page }) => {
  await page.goto('/login?redirect=%2Fuser%2Fmanage-members');
  await signInThroughForm(page, demo.northsideAdmin);
  await expect(page).toHaveURL('/user/manage-members');

  await page.getByRole('button', { name: /^Account menu for Priya Shah/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  // Escape once the focus is in the menu, as a keyboard user presses it. Once, on a busy machine, the
  // menu stayed open after an Escape sent while it was still opening.
  await expect(page.locator('[role="menu"]:focus-within, [role="menu"]:focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeHidden();

  await page.getByRole('button', { name: 'Leave organization' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Leave Northside Youth Trust?' });
  await expect(dialog).toBeVisible();
  // The safe choice has the focus, so Enter never leaves by accident.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tv_user') ?? '{}').state);
  expect(stored.selectedOrganization.name).toBe('Northside Youth Trust');
});
