import { expect, test } from '@playwright/test';
import { accountMenu, demo, signInThroughForm, uniqueEmail } from './identity-helpers';

test.describe('builder admin users', () => {
  test('a super admin adds, edits and deletes a user', async ({ page }) => {
    const email = uniqueEmail('staff');
    await page.goto('/login?redirect=%2Fresearch%2Fbuilder%2Fadmin%2Fusers');
    await signInThroughForm(page, demo.superAdmin);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByText('First Name should be at least 1 character long')).toBeVisible();
    await dialog.getByLabel('First name').fill('Noor');
    await dialog.getByLabel('Last name').fill('Staff');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('combobox', { name: 'Platform role' }).click();
    await page.getByRole('option', { name: 'Platform Survey Moderator' }).click();
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'User created' })).toContainText(email);

    await page.getByLabel('Search users').fill(email);
    await expect(page).toHaveURL(/search=/);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Platform Survey Moderator');
    await expect(page.getByRole('row')).toHaveCount(2);

    await row.getByRole('button', { name: 'Actions for Noor Staff' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await edit.getByLabel('First name').fill('Noora');
    await edit.getByRole('combobox', { name: 'Platform role' }).click();
    await page.getByRole('option', { name: 'No platform role' }).click();
    await edit.getByRole('button', { name: 'Save user' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Noora Staff');
    await expect(row).toContainText('None');

    await row.getByRole('button', { name: 'Actions for Noora Staff' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Noora Staff?' });
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No users match your search')).toBeVisible();
  });

  test('a platform admin sees users read-only', async ({ page }) => {
    await page.goto('/login?redirect=%2Fresearch%2Fbuilder%2Fadmin%2Fusers');
    await signInThroughForm(page, demo.platformAdmin);
    await expect(page.getByText('Only a Super Admin can add, change or delete them.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: demo.northsideAdmin })).toContainText(
      'Northside Youth Trust',
    );
    await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  });

  test('is not there for organization members', async ({ page }) => {
    await page.goto('/login?redirect=%2Fresearch%2Fbuilder%2Fadmin%2Fusers');
    await signInThroughForm(page, demo.northsideMember);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! 404 - Page not found');
  });
});

test.describe('builder admin organizations', () => {
  test('creates, renames and deletes an organization', async ({ page }) => {
    const name = `E2E Org ${Date.now().toString(36)}`;
    await page.goto('/login?redirect=%2Fresearch%2Fbuilder%2Fadmin%2Forganizations');
    await signInThroughForm(page, demo.platformAdmin);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organizations');

    await page.getByRole('button', { name: 'Create organization' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create an organization' });
    await create.getByLabel('Organization name').fill('AB');
    await create.getByRole('button', { name: 'Create organization' }).click();
    await expect(create.getByText('Organization Name should be at least 3 characters long')).toBeVisible();
    await create.getByLabel('Organization name').fill(name);
    await create.getByRole('button', { name: 'Create organization' }).click();
    await expect(create).toBeHidden();

    await page.getByLabel('Search organizations').fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: `Rename ${name}` });
    await rename.getByLabel('Organization name').fill(`${name} Renamed`);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename).toBeHidden();
    const renamed = page.getByRole('row').filter({ hasText: `${name} Renamed` });
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: `Actions for ${name} Renamed` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name} Renamed?` });
    await confirm.getByRole('button', { name: 'Delete organization' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No organizations match your search')).toBeVisible();
  });
});

test.describe('mail screens', () => {
  test('the Super Admin reads the outbox, with reset links hidden, in a sandboxed frame', async ({
    page,
  }) => {
    const email = uniqueEmail('outbox');
    const reset = await page.request.post('/password/reset-request', {
      data: { email: demo.northsideMember },
    });
    expect(reset.ok()).toBe(true);

    await page.goto('/login');
    await signInThroughForm(page, demo.superAdmin);
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Mail outbox' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mail outbox');

    await page.getByLabel('Search messages').fill(demo.northsideMember);
    const message = page.getByRole('button', { name: /Reset your TeenVoice password/ }).first();
    await message.click();
    const dialog = page.getByRole('dialog', { name: 'Reset your TeenVoice password' });
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(
      page.frameLocator('iframe').getByRole('link', { name: 'Choose a new password' }),
    ).toBeVisible();
    // The link goes to the recipient only (decision 023): staff see where it was, never the token.
    await dialog.getByRole('tab', { name: 'Plain text' }).click();
    await expect(dialog.getByText(/link hidden: it is sent only to the recipient/).first()).toBeVisible();
    await expect(dialog.getByText(/token=/)).toHaveCount(0);

    await page.keyboard.press('Escape');
    await page.getByLabel('Search messages').fill(email);
    await expect(page.getByText('No messages match your search')).toBeVisible();
  });

  test('other staff have no outbox: no menu entry, and the screen is not there', async ({ page }) => {
    await page.goto('/login');
    await signInThroughForm(page, demo.moderator);
    await accountMenu(page).click();
    await expect(page.getByRole('menuitem', { name: 'Mail preview' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Mail outbox' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/mail/outbox');
    await expect(page).toHaveTitle('404 - Page Not Found: /mail/outbox');
    const api = await page.request.get('/v2/admin/mailbox');
    expect(api.status()).toBe(403);
  });

  test('the mail preview lists every template and shows one as HTML and text', async ({ page }) => {
    await page.goto('/mail/preview');
    await page.getByRole('link', { name: /Reset your TeenVoice password/ }).click();
    await expect(page).toHaveURL('/mail/preview/account/password-reset');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your TeenVoice password');
    await expect(
      page.frameLocator('iframe').getByRole('link', { name: 'Choose a new password' }),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Plain text' }).click();
    await expect(page.getByText(/Hi Maya,/)).toBeVisible();
  });
});
