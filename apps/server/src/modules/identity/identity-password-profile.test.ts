import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { identityHelpers } from '../../test/identity-test-helpers';
import { signIn } from '../../test/session';
import { type SmtpSink, startSmtpSink } from '../mail/smtp-sink';

let t: TestApp;
// Reset links reach only the recipient (decision 023): tests read them where the recipient would.
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const { profile, latestMailTo, createAccount } = identityHelpers(
  () => t,
  () => smtp,
);

describe('password reset', () => {
  const requestReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/password/reset-request', payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/password/reset',
      headers: { authorization: token },
      payload: { password },
    });

  it('answers the same whether or not the address exists', async () => {
    const unknown = await requestReset('nobody@example.org');
    const known = await requestReset(demoAccounts.brightpathAdmin.email);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    // A mail is queued either way (issue 12: same work, same time); the unknown address learns only
    // that it has no account, and gets no link.
    const noAccount = await latestMailTo('nobody@example.org');
    expect(noAccount?.template).toBe('account/password-reset-no-account');
    expect(noAccount!.text).not.toContain('token=');
    expect((await latestMailTo(demoAccounts.brightpathAdmin.email))?.template).toBe('account/password-reset');
  });

  it('mails a single-use link that sets the password and ends every session', async () => {
    const email = 'reset.me@example.org';
    await createAccount({ email, password: 'old password 1' });
    const session = await signIn(t.app, email, 'old password 1');
    await requestReset(email);
    const mail = await latestMailTo(email);
    expect(mail?.template).toBe('account/password-reset');
    expect(mail!.text).not.toContain('token=');
    await t.app.mail.deliver(mail!.id);
    const token = decodeURIComponent(/token=([^"&\s\]]+)/.exec(smtp.to(email).at(-1)!.text)![1]!);

    expect((await reset(`Bearer ${token}`, 'new password 22')).statusCode).toBe(200);
    expect((await profile(session.header)).statusCode).toBe(401);
    await signIn(t.app, email, 'new password 22');

    const again = await reset(token, 'another password 3');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('ends every older link once one is used (issue 12)', async () => {
    const email = 'two.links@example.org';
    await createAccount({ email, password: 'old password 1' });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await requestReset(email);
      await t.app.mail.deliver((await latestMailTo(email))!.id);
      tokens.push(decodeURIComponent(/token=([^"&\s\]]+)/.exec(smtp.to(email).at(-1)!.text)![1]!));
    }
    const [older, newer] = tokens as [string, string];
    expect(older).not.toBe(newer);
    expect((await reset(newer, 'new password 22')).statusCode).toBe(200);
    const stale = await reset(older, 'attacker password 3');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('RESET_TOKEN_INVALID');
    await signIn(t.app, email, 'new password 22');
  });

  it('refuses an unknown token and a weak password', async () => {
    expect((await reset('made-up', 'long enough password')).json().code).toBe('RESET_TOKEN_INVALID');
    const weak = await reset('made-up', 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fields.password).toEqual(['Password should be at least 8 characters long']);
  });
});

describe('profile', () => {
  it('updates names, email and marketing consent', async () => {
    const { jar } = await createAccount({ email: 'profile.edit@example.org' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v2/profile',
      headers: { cookie: jar.header },
      payload: {
        firstName: 'Robin',
        lastName: 'Avery',
        email: 'robin.avery@example.org',
        acceptMarketing: false,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Robin',
      email: 'robin.avery@example.org',
      acceptMarketing: false,
    });
  });

  it("refuses another account's email", async () => {
    const jar = await signIn(t.app, demoAccounts.brightpathAdmin.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v2/profile',
      headers: { cookie: jar.header },
      payload: { firstName: 'Sam', lastName: 'Carter', email: demoAccounts.northsideAdmin.email },
    });
    expect(res.statusCode).toBe(409);
  });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const email = 'two.sessions@example.org';
    await createAccount({ email, password: 'first password 1' });
    const here = await signIn(t.app, email, 'first password 1');
    const elsewhere = await signIn(t.app, email, 'first password 1');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/v2/profile/password',
      headers: { cookie: here.header },
      payload: { currentPassword: 'not it', newPassword: 'second password 2' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v2/profile/password',
      headers: { cookie: here.header },
      payload: { currentPassword: 'first password 1', newPassword: 'second password 2' },
    });
    expect(res.statusCode).toBe(200);
    expect((await profile(here.header)).statusCode).toBe(200);
    expect((await profile(elsewhere.header)).statusCode).toBe(401);
  });
});
