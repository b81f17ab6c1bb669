import { expect, test } from '@playwright/test';
import {
  accountMenu,
  demo,
  linkIn,
  readDeliveredMail,
  registerAccount,
  SIGN_UP_MAIL_SUBJECT,
  signInThroughForm,
  uniqueEmail,
} from './identity-helpers';

test.describe('sign up', () => {
  test('creates the account and its organization from the mailed link, without acceptTerms or confirmPassword, then says so', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    const organizationName = `Okoye Youth Research ${Date.now().toString(36)}`;
    await page.goto('/login#sign-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your TeenVoice account');
    const form = page.getByRole('form', { name: 'Create your account' });

    // The spec's messages, word for word.
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('First Name should be at least 1 character long')).toBeVisible();
    await expect(form.getByText('Last Name should be at least 1 character long')).toBeVisible();
    await expect(form.getByText('Email is not valid')).toBeVisible();
    await expect(form.getByLabel('Organization name')).toHaveAccessibleDescription(
      /Organization Name should be at least 3 characters long/,
    );

    await form.getByLabel('Organization name').fill('  Ok ');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Organization Name should be at least 3 characters long')).toBeVisible();
    await form.getByLabel('Organization name').fill(organizationName);
    await form.getByLabel('First name').fill('Robin');
    await form.getByLabel('Last name').fill('Okoye');
    await form.getByLabel('Work email').fill(email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-password');
    await form.getByRole('textbox', { name: 'Confirm password' }).fill('a-different-one');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await expect(form.getByText('Please accept the terms and conditions')).toBeVisible();

    // The terms open in a modal with their version date written out in US English.
    await form.getByRole('button', { name: 'terms and conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'TeenVoice terms and conditions' });
    await expect(terms.getByText('Last updated November 16, 2026.')).toBeVisible();
    await expect(terms.getByText('{versionTimestamp}')).toHaveCount(0);
    await terms.getByRole('button', { name: 'Close', exact: true }).click();

    await form.getByRole('textbox', { name: 'Confirm password' }).fill('a-long-password');
    await form.getByRole('checkbox', { name: /I accept the/ }).check();
    const registered = page.waitForRequest((r) => r.url().endsWith('/v2/register') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Create account' }).click();

    const body = (await registered).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'acceptMarketing',
      'email',
      'firstName',
      'lastName',
      'organizationName',
      'password',
      'termsAndConditions',
    ]);
    expect(body.termsAndConditions).toBe('2026-11-16T00:00:00.000Z');
    expect(body.organizationName).toBe(organizationName);

    // The same answer for every address (decision 037): the account is made from the mailed link.
    const sent = page.getByRole('status').filter({ hasText: 'Check your email' });
    await expect(sent).toContainText(`We sent a message to ${email}.`);
    const mail = await readDeliveredMail(email, SIGN_UP_MAIL_SUBJECT);
    await page.goto(linkIn(mail.text, '/register/confirm').toString());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finish creating your account');
    await page.getByRole('button', { name: 'Finish creating my account' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Success!' });
    await expect(alert).toContainText('Your account has been created.');
    await expect(page).toHaveURL('/research/builder');
    await expect(accountMenu(page)).toHaveAccessibleName('Account menu for Robin Okoye');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tv_user') ?? '{}').state);
    expect(stored).toMatchObject({
      status: 'authenticated',
      user: { email },
      idleUserLogout: false,
      // The builder works in the new organization, with its founder as Organization Admin.
      selectedOrganization: { name: organizationName, roleName: 'Organization Admin' },
    });
    await expect(page.getByText(`Created in ${organizationName}.`)).toBeVisible();
  });

  test('a taken email gets the same answer as a new one, and its owner a mail', async ({ page }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Organization name').fill('Northside Again');
    await form.getByLabel('First name').fill('Priya');
    await form.getByLabel('Last name').fill('Again');
    await form.getByLabel('Work email').fill(demo.northsideAdmin);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-password');
    await form.getByRole('textbox', { name: 'Confirm password' }).fill('a-long-password');
    await form.getByRole('checkbox', { name: /I accept the/ }).check();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
      `We sent a message to ${demo.northsideAdmin}.`,
    );
    await expect(page).toHaveURL('/register');

    const mail = await readDeliveredMail(
      demo.northsideAdmin,
      'Someone tried to create an account with your email',
    );
    expect(linkIn(mail.text, '/login').pathname).toBe('/login');
    expect(linkIn(mail.text, '/security/password-reset').pathname).toBe('/security/password-reset');
    expect(mail.text).not.toContain('token=');
  });
});

test.describe('sign in', () => {
  test('a private page sends a visitor to sign in and back again', async ({ page }) => {
    await page.goto('/user/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fprofile');

    await signInThroughForm(page, demo.northsideMember, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');

    await signInThroughForm(page, demo.northsideMember);
    await expect(page).toHaveURL('/user/profile');
    await expect(page.getByLabel('First name')).toHaveValue('Jordan');
    await expect(accountMenu(page)).toBeVisible();
  });

  test('an anonymous visitor asked for a private page is offered to create an account', async ({ page }) => {
    await page.goto('/research/builder');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('tv_user') ?? '{}').state?.status))
      .toBe('anonymous');
    await page.goto('/user/manage-members');
    await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fmanage-members#sign-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your TeenVoice account');
  });
});

test.describe('sign out', () => {
  test('ends the session, clears local storage and goes to /login', async ({ page }) => {
    await page.goto('/login');
    await signInThroughForm(page, demo.northsideMember);
    await expect(accountMenu(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('tv_user'))).toContain(demo.northsideMember);
    expect(await page.evaluate(() => localStorage.getItem('tv_cart'))).not.toBeNull();

    const loggedOut = page.waitForResponse(
      (r) => r.url().endsWith('/logout') && r.request().method() === 'DELETE',
    );
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    expect((await loggedOut).ok()).toBe(true);

    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    // Cleared, not rewritten as the stores reset: nothing of the previous user stays on the device.
    expect(await page.evaluate(() => localStorage.getItem('tv_user'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('tv_cart'))).toBeNull();

    // The server session is gone too: the private page asks to sign in again.
    await page.goto('/user/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fprofile');
  });

  test('signing out in one tab signs out the other tabs', async ({ context }) => {
    const first = await context.newPage();
    await first.goto('/login');
    await signInThroughForm(first, demo.northsideMember);
    await expect(accountMenu(first)).toBeVisible();

    const second = await context.newPage();
    await second.goto('/user/profile');
    await expect(second.getByLabel('First name')).toHaveValue('Jordan');

    await accountMenu(first).click();
    await first.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(first).toHaveURL('/login');

    // The other tab drops its user, leaves the private page and removes the logout-event key.
    await expect(second).toHaveURL('/login');
    await expect(accountMenu(second)).toHaveCount(0);
    await expect.poll(() => second.evaluate(() => localStorage.getItem('tv_user'))).toBeNull();
    await expect.poll(() => second.evaluate(() => localStorage.getItem('logout-event'))).toBeNull();
  });

  test('after 30 idle minutes the app signs out and the login screen says why', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await signInThroughForm(page, demo.northsideMember);
    await expect(accountMenu(page)).toBeVisible();

    await page.clock.fastForward('29:00');
    await expect(accountMenu(page)).toBeVisible();
    await page.clock.fastForward('02:00');

    await expect(page).toHaveURL('/login');
    await expect(page.getByText('You were signed out because you were inactive.')).toBeVisible();

    await signInThroughForm(page, demo.northsideMember);
    await expect(accountMenu(page)).toBeVisible();
    await page.goto('/login');
    await expect(page.getByText('You were signed out because you were inactive.')).toHaveCount(0);
  });
});

test.describe('expired access token', () => {
  test('a 401 refreshes the token once, reloads the profile and retries the call', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('refresh');
    await registerAccount(page.request, { email, firstName: 'Casey', lastName: 'Refresh' });
    await page.goto('/user/profile');
    await expect(page.getByLabel('First name')).toHaveValue('Casey');

    const access = (await context.cookies()).find((cookie) => cookie.name === 'tv_access');
    expect(access).toBeDefined();
    await context.addCookies([{ ...access!, value: 'garbage' }]);

    const calls: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/^\/(v2\/profile|refresh-access-token)/.test(url.pathname)) {
        calls.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
      }
    });

    await page.getByLabel('First name').fill('Cassidy');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Profile saved' })).toBeVisible();
    expect(calls).toEqual([
      'PUT /v2/profile 401',
      'POST /refresh-access-token 200',
      'GET /v2/profile 200',
      'PUT /v2/profile 200',
    ]);
    await expect(accountMenu(page)).toHaveAccessibleName('Account menu for Cassidy Refresh');
  });

  test('when the refresh fails too, the user is cleared and sent to sign in, then back', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('expired');
    await registerAccount(page.request, { email, firstName: 'Sol', lastName: 'Expired' });
    await page.goto('/user/profile');
    await expect(page.getByLabel('First name')).toHaveValue('Sol');

    const cookies = await context.cookies();
    await context.addCookies(
      cookies
        .filter((cookie) => cookie.name === 'tv_access' || cookie.name === 'tv_refresh')
        .map((cookie) => ({ ...cookie, value: 'garbage' })),
    );
    let refreshes = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/refresh-access-token')) refreshes += 1;
    });

    await page.getByLabel('First name').fill('Solana');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fprofile');
    expect(refreshes).toBe(1);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('tv_user') ?? '{}').state?.user),
    ).toBeNull();

    await signInThroughForm(page, email);
    await expect(page).toHaveURL('/user/profile');
  });
});
