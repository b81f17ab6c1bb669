import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../db/schema/mail';
import { CURRENT_TERMS_VERSION } from '../db/seed/terms';
import type { SmtpSink } from '../modules/mail/smtp-sink';
import type { TestApp } from './app';
import { cookieJar } from './session';

/** The token in a mailed link. */
export const tokenIn = (text: string) => decodeURIComponent(/token=([^"&\s\]]+)/.exec(text)![1]!);

/**
 * The identity tests' requests and mail readers (modules/identity/identity-*.test.ts), on the app and
 * the SMTP sink a test file's own beforeAll opens. Reset and sign-up links reach only the recipient
 * (decision 023): the helpers read them where the recipient would.
 */
export function identityHelpers(getApp: () => TestApp, getSmtp: () => SmtpSink) {
  const signUp = (overrides: Record<string, unknown> = {}, cookie = '') =>
    getApp().app.inject({
      method: 'POST',
      url: '/v2/register',
      headers: cookie ? { cookie } : {},
      payload: {
        firstName: 'Riley',
        lastName: 'Nguyen',
        email: `riley.${Math.random().toString(36).slice(2)}@example.org`,
        password: 'correct horse battery',
        acceptMarketing: true,
        termsAndConditions: CURRENT_TERMS_VERSION,
        ...overrides,
      },
    });

  const profile = (cookie: string) =>
    getApp().app.inject({ method: 'GET', url: '/v2/profile', headers: { cookie } });
  /** The newest mail to an address (ordered: PostgreSQL returns rows in no promised order). */
  const latestMailTo = async (email: string) =>
    (
      await getApp()
        .app.database.db.select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toEmail, email))
        .orderBy(asc(mailOutbox.createdAt))
    ).at(-1);
  /** The newest mail to an address, delivered, as its recipient reads it (decision 023). */
  const deliveredTo = async (email: string) => {
    await getApp().app.mail.deliver((await latestMailTo(email))!.id);
    return getSmtp().to(email).at(-1)!;
  };

  const confirmSignUp = (token: string, cookie = '') =>
    getApp().app.inject({
      method: 'POST',
      url: '/v2/register/confirm',
      headers: { authorization: token, ...(cookie ? { cookie } : {}) },
    });

  /** Signs up and opens the mailed link in the same browser, which is then signed in to the new account. */
  async function createAccount(overrides: Record<string, unknown> = {}, jar = cookieJar()) {
    const email =
      (overrides.email as string | undefined) ?? `riley.${Math.random().toString(36).slice(2)}@example.org`;
    expect((await signUp({ ...overrides, email }, jar.header)).statusCode).toBe(200);
    const res = jar.take(await confirmSignUp(tokenIn((await deliveredTo(email)).text), jar.header));
    expect(res.statusCode).toBe(200);
    return { jar, res, email };
  }

  return { signUp, profile, latestMailTo, deliveredTo, confirmSignUp, createAccount };
}
