import { expect, test } from '@playwright/test';
import {
  accountMenu,
  DEMO_PASSWORD,
  demo,
  linkIn,
  readDeliveredMail,
  registerAccount,
  signInThroughForm,
  uniqueEmail,
} from './identity-helpers';

test.describe('password reset', () => {
  test('works through the mail that is delivered, once', async ({ page }) => {
    const email = uniqueEmail('reset');
    await registerAccount(page.request, { email, firstName: 'Rene', lastName: 'Reset' });
    await page.context().clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);

    // The same answer for an address without an account.
    await page.getByRole('button', { name: 'Send another link' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for');

    // The link reaches the recipient's inbox only; the staff mailbox shows it hidden (decision 023).
    const mail = await readDeliveredMail(email, 'Reset your TeenVoice password');
    const link = linkIn(mail.text, '/security/password-reset');
    expect(link.searchParams.get('token')).toBeTruthy();

    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-password');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('brand-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('another-password');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('another-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link has expired or was already used.');

    await page.goto('/login');
    await signInThroughForm(page, email, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await signInThroughForm(page, email, 'brand-new-password');
    await expect(accountMenu(page)).toHaveAccessibleName('Account menu for Rene Reset');
  });
});

test.describe('invitations', () => {
  test('an admin invites a new person, who registers from the mail and lands in the organization', async ({
    browser,
  }) => {
    // Two people, a delivered mail and a registration: over 45 s on a loaded CI machine.
    test.slow();
    const email = uniqueEmail('invitee');
    const admin = await browser.newPage();
    await admin.goto('/login?redirect=%2Fuser%2Fmanage-members');
    await signInThroughForm(admin, demo.northsideAdmin);
    await expect(admin).toHaveURL('/user/manage-members');
    await expect(admin.getByText('Everyone in Northside Youth Trust')).toBeVisible();

    const invite = admin.getByRole('region', { name: 'Invite a colleague' });
    await invite.getByLabel('Email').fill(email);
    await invite.getByRole('combobox', { name: 'Role' }).fill('Viewer');
    await admin.getByRole('option', { name: 'Viewer' }).click();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'Invitation sent' })).toBeVisible();
    await expect(admin.getByRole('list', { name: 'Open invitations' })).toContainText(email);

    const mail = await readDeliveredMail(email, "You're invited to join an organization on TeenVoice");
    expect(mail.text).toContain('Northside Youth Trust');
    const link = linkIn(mail.text, '/register/invitation');

    const invitee = await browser.newPage();
    await invitee.goto(`${link.pathname}${link.search}`);
    await expect(invitee.getByRole('heading', { level: 1 })).toHaveText(
      'Join Northside Youth Trust on TeenVoice',
    );
    await expect(
      invitee.getByText('Priya Shah invited you to join Northside Youth Trust as Viewer.'),
    ).toBeVisible();
    const form = invitee.getByRole('form', { name: 'Accept the invitation' });
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await form.getByLabel('First name').fill('Ivy');
    await form.getByLabel('Last name').fill('Invited');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('invited-password');
    await form.getByRole('textbox', { name: 'Confirm password' }).fill('invited-password');
    await form.getByRole('checkbox', { name: /I accept the/ }).check();
    const accepted = invitee.waitForRequest((r) => r.url().endsWith('/v2/invitation/register'));
    await form.getByRole('button', { name: 'Accept invitation and create account' }).click();

    const request = await accepted;
    expect(request.headers().authorization).toBe(link.searchParams.get('token'));
    expect(request.postDataJSON()).toEqual({
      firstName: 'Ivy',
      lastName: 'Invited',
      password: 'invited-password',
      termsAndConditions: '2026-11-16T00:00:00.000Z',
      acceptMarketing: true,
    });
    await expect(invitee).toHaveURL('/research/builder');
    await expect(invitee.getByRole('alert').filter({ hasText: 'Success!' })).toContainText(
      'Your account has been created.',
    );
    await accountMenu(invitee).click();
    await expect(invitee.getByRole('menu')).toContainText('Northside Youth Trust · Viewer');
    await invitee.keyboard.press('Escape');

    // The admin now sees the new member instead of the invitation.
    await admin.reload();
    await expect(admin.getByRole('list', { name: 'Members of Northside Youth Trust' })).toContainText(email);
    await expect(admin.getByRole('list', { name: 'Open invitations' })).toHaveCount(0);
  });

  test('a used or broken invitation link says so', async ({ page }) => {
    await page.goto('/register/invitation?token=not-a-real-token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("This invitation can't be used");
    await expect(page.getByRole('alert')).toContainText('This invitation has expired or was already used.');
  });
});

test.describe('member management', () => {
  test('an admin changes a role and removes a member after confirming', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('member');
    const other = await browser.newContext({ baseURL: baseURL! });
    await registerAccount(other.request, { email, firstName: 'Mia', lastName: 'Member' });
    await other.clearCookies();

    await page.goto('/login?redirect=%2Fuser%2Fmanage-members');
    await signInThroughForm(page, demo.northsideAdmin);
    await expect(page).toHaveURL('/user/manage-members');

    // An address that already has an account is invited like any other, and joins only by accepting.
    const invite = page.getByRole('region', { name: 'Invite a colleague' });
    await invite.getByLabel('Email').fill(email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invitation sent' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Open invitations' })).toContainText(email);

    // Mia opens the mail signed out, signs in from the invitation, and accepts.
    const mail = await readDeliveredMail(email, "You're invited to join an organization on TeenVoice");
    const link = linkIn(mail.text, '/register/invitation');
    const mia = await other.newPage();
    await mia.goto(`${link.pathname}${link.search}`);
    await expect(mia.getByRole('heading', { level: 1 })).toHaveText(
      'Join Northside Youth Trust on TeenVoice',
    );
    await mia.getByRole('link', { name: 'Sign in to accept' }).click();
    await signInThroughForm(mia, email);
    await mia.getByRole('button', { name: 'Accept and join' }).click();
    await expect(mia).toHaveURL(/\/research\/builder/);
    await other.close();

    await page.reload();
    const members = page.getByRole('list', { name: 'Members of Northside Youth Trust' });
    const row = members.getByRole('listitem').filter({ hasText: email });
    await expect(row).toContainText('Researcher');

    await row.getByRole('button', { name: 'Actions for Mia Member' }).click();
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the role of Mia Member' });
    await dialog.getByRole('combobox', { name: 'Role' }).fill('Organization Admin');
    await page.getByRole('option', { name: 'Organization Admin' }).click();
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Organization Admin');

    await row.getByRole('button', { name: 'Actions for Mia Member' }).click();
    await page.getByRole('menuitem', { name: 'Remove from organization' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Mia Member?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Actions for Mia Member' }).click();
    await page.getByRole('menuitem', { name: 'Remove from organization' }).click();
    await confirm.getByRole('button', { name: 'Remove member' }).click();
    await expect(confirm).toBeHidden();
    await expect(members.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  });

  test('a researcher sees the members but none of the controls', async ({ page }) => {
    await page.goto('/login?redirect=%2Fuser%2Fmanage-members');
    await signInThroughForm(page, demo.northsideMember);
    await expect(page.getByRole('list', { name: 'Members of Northside Youth Trust' })).toContainText(
      demo.northsideAdmin,
    );
    await expect(page.getByRole('region', { name: 'Invite a colleague' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Billing details' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Leave organization' })).toBeVisible();
  });
});
