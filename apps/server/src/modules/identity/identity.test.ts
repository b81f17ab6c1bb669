import { ORGANIZATION_ADMIN } from '@tv/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingRegistrations, refreshTokens, sessions, users } from '../../db/schema/identity';
import { mailOutbox } from '../../db/schema/mail';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { CURRENT_TERMS_VERSION } from '../../db/seed/terms';
import { DEVICE_COOKIE } from '../../lib/device-cookie';
import { ACCESS_COOKIE, hashToken, REFRESH_COOKIE } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieJar, signIn, softRegister } from '../../test/session';
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

const signUp = (overrides: Record<string, unknown> = {}, cookie = '') =>
  t.app.inject({
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

const profile = (cookie: string) => t.app.inject({ method: 'GET', url: '/v2/profile', headers: { cookie } });
/** The newest mail to an address (ordered: PostgreSQL returns rows in no promised order). */
const latestMailTo = async (email: string) =>
  (
    await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toEmail, email))
      .orderBy(asc(mailOutbox.createdAt))
  ).at(-1);
/** The newest mail to an address, delivered, as its recipient reads it (decision 023). */
const deliveredTo = async (email: string) => {
  await t.app.mail.deliver((await latestMailTo(email))!.id);
  return smtp.to(email).at(-1)!;
};
const tokenIn = (text: string) => decodeURIComponent(/token=([^"&\s\]]+)/.exec(text)![1]!);

const confirmSignUp = (token: string, cookie = '') =>
  t.app.inject({
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

describe('soft registration', () => {
  it('creates an anonymous user with both names null', async () => {
    const jar = await softRegister(t.app);
    const res = await profile(jar.header);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: null,
      lastName: null,
      email: null,
      platform: { roleName: null, permissions: [] },
      organizations: [],
    });
  });

  it('sets httpOnly session cookies', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/soft-register' });
    const names = res.cookies.map((c) => c.name).sort();
    expect(names).toEqual([ACCESS_COOKIE, REFRESH_COOKIE].sort());
    for (const cookie of res.cookies) {
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
    }
  });
});

describe('registration', () => {
  it('answers a new address and a taken one alike, signing neither in, and mails each its own message', async () => {
    const email = 'casey.register@example.org';
    const fresh = await signUp({ email, acceptTerms: true, confirmPassword: 'ignored' });
    const taken = await signUp({ email: demoAccounts.northsideMember.email.toUpperCase() });
    expect(fresh.statusCode).toBe(200);
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(fresh.body);
    expect(fresh.json()).toEqual({ data: { ok: true } });
    expect(fresh.cookies).toEqual([]);
    expect(taken.cookies).toEqual([]);
    // Nothing exists for the new address until its owner opens the link.
    expect(await t.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const link = await deliveredTo(email);
    expect(link.subject).toBe('Finish creating your TeenVoice account');
    expect(link.text).toContain(`${t.config.publicUrl}/register/confirm?token=`);
    const owner = await deliveredTo(demoAccounts.northsideMember.email);
    expect(owner.subject).toBe('Someone tried to create an account with your email');
    expect(owner.text).toContain('Someone tried to create a TeenVoice account with this email address.');
    expect(owner.text).toContain(`${t.config.publicUrl}/login`);
    expect(owner.text).toContain(`${t.config.publicUrl}/security/password-reset`);
    expect(owner.text).not.toContain('token=');
  });

  it('changes nothing for the existing account', async () => {
    const { email } = await createAccount({ password: 'the owner password 1' });
    const [before] = await t.app.database.db.select().from(users).where(eq(users.email, email));
    const res = await signUp({
      email,
      firstName: 'Mallory',
      lastName: 'Intruder',
      password: 'the intruder password',
      organizationName: 'Intruder Collective',
    });
    expect(res.statusCode).toBe(200);
    const [after] = await t.app.database.db.select().from(users).where(eq(users.email, email));
    expect(after).toEqual(before);
    expect(
      await t.app.database.db
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.email, email)),
    ).toEqual([]);
    expect((await latestMailTo(email))?.template).toBe('account/registration-attempt');
    await signIn(t.app, email, 'the owner password 1');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/login',
          payload: { email, password: 'the intruder password' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('creates the account from the mailed link, signs in, records the terms version; the link works once', async () => {
    const email = 'casey.confirm@example.org';
    await signUp({ email });
    const token = tokenIn((await deliveredTo(email)).text);
    const res = await confirmSignUp(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Riley',
      lastName: 'Nguyen',
      email,
      acceptMarketing: true,
    });
    expect(res.cookies.map((c) => c.name).sort()).toEqual(
      [ACCESS_COOKIE, DEVICE_COOKIE, REFRESH_COOKIE].sort(),
    );
    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.termsVersionAccepted).toBe(CURRENT_TERMS_VERSION);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const again = await confirmSignUp(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'REGISTRATION_LINK_INVALID',
      message: 'This link has expired or was already used. Create your account again.',
    });
  });

  it('ends the other links waiting for the same address once one is used', async () => {
    const email = 'two.signups@example.org';
    await signUp({ email, firstName: 'First' });
    const first = tokenIn((await deliveredTo(email)).text);
    await signUp({ email, firstName: 'Second' });
    const second = tokenIn((await deliveredTo(email)).text);
    expect((await confirmSignUp(second)).json().data.firstName).toBe('Second');
    expect((await confirmSignUp(first)).json().code).toBe('REGISTRATION_LINK_INVALID');
  });

  it('refuses a missing, unknown or expired link', async () => {
    expect((await confirmSignUp('')).json().code).toBe('REGISTRATION_LINK_INVALID');
    expect((await confirmSignUp('made-up')).json().code).toBe('REGISTRATION_LINK_INVALID');
    const email = 'late.confirm@example.org';
    await signUp({ email });
    const token = tokenIn((await deliveredTo(email)).text);
    await t.app.database.db
      .update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.email, email));
    expect((await confirmSignUp(token)).json().code).toBe('REGISTRATION_LINK_INVALID');
    expect(await t.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('turns an anonymous visitor into the account, keeping the same user (and so their drafts)', async () => {
    const jar = await softRegister(t.app);
    const anonymousId = (await profile(jar.header)).json().data.id;
    const { res } = await createAccount({}, jar);
    expect(res.json().data.id).toBe(anonymousId);
    expect((await profile(jar.header)).json().data.firstName).toBe('Riley');
  });

  it('refuses terms that are not the current ones', async () => {
    const res = await signUp({ termsAndConditions: '2001-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TERMS_OUTDATED');
  });

  it("answers bad fields with the spec's messages, per field, and stores nothing", async () => {
    const before = (await t.app.database.db.select().from(users)).length;
    const res = await signUp({ firstName: '', lastName: 'x'.repeat(129), email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({
      firstName: ['First Name should be at least 1 character long'],
      lastName: ['Last Name should be maximum 128 characters long'],
      email: ['Email is not valid'],
    });
    expect((await t.app.database.db.select().from(users)).length).toBe(before);
  });
});

it.each([
  ['a NUL byte', 'Ri\u0000ley'],
  ['broken Unicode', 'Ri\ud800ley'],
])('refuses a first name with %s with a 400 in plain words, storing nothing', async (_case, firstName) => {
  const email = `bad-name.${Math.random().toString(36).slice(2)}@example.org`;
  const res = await signUp({ email, firstName });
  expect(res.statusCode).toBe(400);
  expect(res.json().data.fields).toEqual({
    firstName: ['First Name can only hold letters, numbers, spaces and punctuation'],
  });
  expect(await t.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
});

describe("registering a new organization ('New organizations register here')", () => {
  const membershipsOf = (userId: string) =>
    t.app.database.db
      .select({ name: organizations.name, roleName: organizationMembers.roleName })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(eq(organizationMembers.userId, userId));
  const organizationsNamed = (name: string) =>
    t.app.database.db.select().from(organizations).where(eq(organizations.name, name));

  it('creates the organization with the new person as its Organization Admin', async () => {
    const { res } = await createAccount({ organizationName: '  Lakeside Youth Forum  ' });
    const data = res.json().data;
    expect(data.organizations).toEqual([
      {
        id: expect.any(String),
        name: 'Lakeside Youth Forum',
        roleName: ORGANIZATION_ADMIN,
        permissions: expect.arrayContaining(['org_users~manage', 'surveys~create']),
      },
    ]);
    expect(await membershipsOf(data.id)).toEqual([
      { name: 'Lakeside Youth Forum', roleName: ORGANIZATION_ADMIN },
    ]);
  });

  it('turns an anonymous visitor into the admin of their new organization', async () => {
    const jar = await softRegister(t.app);
    const anonymousId = (await profile(jar.header)).json().data.id;
    const { res } = await createAccount({ organizationName: 'Harbor Teen Council' }, jar);
    expect(res.json().data.id).toBe(anonymousId);
    expect(await membershipsOf(anonymousId)).toEqual([
      { name: 'Harbor Teen Council', roleName: ORGANIZATION_ADMIN },
    ]);
  });

  it('without an organization name signs up exactly as before, in no organization', async () => {
    const { res } = await createAccount();
    expect(res.json().data.organizations).toEqual([]);
  });

  it.each([
    ['too short', 'ab', 'Organization Name should be at least 3 characters long'],
    ['short once trimmed', '   ab   ', 'Organization Name should be at least 3 characters long'],
    ['empty', '', 'Organization Name should be at least 3 characters long'],
    ['too long', 'x'.repeat(201), 'Organization Name should be maximum 200 characters long'],
    [
      'a NUL byte',
      'Acme\u0000Research',
      'Organization Name can only hold letters, numbers, spaces and punctuation',
    ],
    [
      'broken Unicode',
      'Acme \ud800Research',
      'Organization Name can only hold letters, numbers, spaces and punctuation',
    ],
    ['not text', 12345, expect.any(String)],
    ['null', null, expect.any(String)],
  ])(
    'refuses a name that is %s with a 400 in plain words, creating nothing',
    async (_case, name, message) => {
      const email = `bad-org.${Math.random().toString(36).slice(2)}@example.org`;
      const organizationCount = (await t.app.database.db.select().from(organizations)).length;
      const res = await signUp({ email, organizationName: name });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields).toEqual({ organizationName: [message] });
      expect(await t.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect((await t.app.database.db.select().from(organizations)).length).toBe(organizationCount);
    },
  );

  it('creates neither the account nor the organization when a later step fails', async () => {
    // The session is the last thing confirming writes; failing it must undo the user and organization.
    const executeSql = (text: string) => t.app.database.executeSql(text);
    await executeSql(`CREATE FUNCTION refuse_test_session() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND email LIKE 'session-fails.%') THEN
          RAISE EXCEPTION 'session refused for the test';
        END IF;
        RETURN NEW;
      END $$`);
    await executeSql(
      'CREATE TRIGGER refuse_test_session BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION refuse_test_session()',
    );
    try {
      const email = `session-fails.${Math.random().toString(36).slice(2)}@example.org`;
      await signUp({ email, organizationName: 'Rollback Research Group' });
      const res = await confirmSignUp(tokenIn((await deliveredTo(email)).text));
      expect(res.statusCode).toBe(500);
      expect(await t.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      expect(await organizationsNamed('Rollback Research Group')).toEqual([]);
    } finally {
      await executeSql('DROP TRIGGER refuse_test_session ON sessions');
      await executeSql('DROP FUNCTION refuse_test_session()');
    }
  });

  it('a taken email creates no organization either', async () => {
    const res = await signUp({
      email: demoAccounts.northsideMember.email,
      organizationName: 'Duplicate Email Collective',
    });
    expect(res.statusCode).toBe(200);
    expect(await organizationsNamed('Duplicate Email Collective')).toEqual([]);
  });
});

describe('sign in and sign out', () => {
  it('signs in with the right password only', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { email: demoAccounts.northsideAdmin.email, password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The email or password is incorrect.');
    const jar = await signIn(t.app, demoAccounts.northsideAdmin.email);
    expect((await profile(jar.header)).json().data.email).toBe(demoAccounts.northsideAdmin.email);
  });

  it('limits guesses per account, whichever address they come from (issue 12)', async () => {
    const email = 'guessed@example.org';
    await createAccount({ email, password: 'the real password 1' });
    const guess = (remoteAddress: string, password = 'a guess') =>
      t.app.inject({ method: 'POST', url: '/v2/login', remoteAddress, payload: { email, password } });
    // Five wrong guesses from two addresses, then the account waits, even for the right password.
    for (let i = 0; i < 5; i++) {
      expect((await guess(i % 2 === 0 ? '203.0.113.1' : '203.0.113.2')).statusCode).toBe(401);
    }
    const locked = await guess('203.0.113.3', 'the real password 1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts for this account. Please wait 15 seconds and try again.',
    });
    // An unknown address is limited alike, so the limit tells nothing about who has an account.
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/v2/login',
        payload: { email: 'no-account-here@example.org', password: 'x' },
      });
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v2/login',
      payload: { email: 'no-account-here@example.org', password: 'x' },
    });
    expect(unknown.statusCode).toBe(429);
  });

  it("moves an anonymous visitor's work to the account they sign in to", async () => {
    const moved: Array<[string, string]> = [];
    t.app.anonymousMergeHooks.push(async (_db, from, to) => {
      moved.push([from, to]);
    });
    try {
      const jar = await softRegister(t.app);
      const anonymousId = (await profile(jar.header)).json().data.id;
      const res = jar.take(
        await t.app.inject({
          method: 'POST',
          url: '/v2/login',
          headers: { cookie: jar.header },
          payload: { email: demoAccounts.northsideMember.email, password: 'teenvoice-demo' },
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(moved).toEqual([[anonymousId, res.json().data.id]]);
      expect(await t.app.database.db.select().from(users).where(eq(users.id, anonymousId))).toEqual([]);
    } finally {
      t.app.anonymousMergeHooks.pop();
    }
  });

  it('ends the session on sign-out: the old access cookie stops working', async () => {
    const jar = await signIn(t.app, demoAccounts.northsideMember.email);
    const before = jar.header;
    jar.take(await t.app.inject({ method: 'DELETE', url: '/logout', headers: { cookie: jar.header } }));
    expect(jar.get(ACCESS_COOKIE)).toBeUndefined();
    const res = await profile(before);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_ENDED');
  });

  it('answers 401 without a session, and TOKEN_EXPIRED for a stale access token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v2/profile' })).statusCode).toBe(401);
    const { signAccessToken } = await import('../../lib/tokens');
    const jar = await signIn(t.app, demoAccounts.northsideMember.email);
    const row = (await t.app.database.db.select().from(sessions)).at(-1)!;
    const stale = await signAccessToken(
      t.app.sessionSecret,
      { userId: row.userId, sessionId: row.id },
      Date.now() - 3_600_000,
    );
    jar.set(ACCESS_COOKIE, stale);
    const res = await profile(jar.header);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });
});

describe('browsers that signed in before (device cookies, OWASP)', () => {
  const login = (email: string, password: string, cookie = '', remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/v2/login',
      remoteAddress,
      headers: cookie ? { cookie } : {},
      payload: { email, password },
    });
  /** Wrong passwords from strangers' browsers (no cookies), spread over several addresses. */
  const strangersGuess = async (email: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const res = await login(email, `a guess ${i}`, '', `198.51.100.${i % 7}`);
      expect([401, 429]).toContain(res.statusCode);
    }
  };
  /** An account, and a browser of its owner's that signed in to it and then signed out. */
  async function ownerWithKnownBrowser(password: string) {
    const { email } = await createAccount({ password });
    const browser = cookieJar();
    expect(browser.take(await login(email, password)).statusCode).toBe(200);
    browser.take(
      await t.app.inject({ method: 'DELETE', url: '/logout', headers: { cookie: browser.header } }),
    );
    return { email, browser };
  }
  const expectAccountWait = (res: Awaited<ReturnType<typeof login>>) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many attempts for this account\. Please wait \d+ seconds and try again\.$/,
      ),
    });
  };

  it('sets a long-lived, httpOnly, SameSite=Lax device cookie on sign-in that outlives sign-out', async () => {
    const { email } = await createAccount({ password: 'device password 1' });
    const res = await login(email, 'device password 1');
    const device = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 86_400 });
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/logout',
      headers: { cookie: `${DEVICE_COOKIE}=${device!.value}` },
    });
    expect(out.cookies.map((c) => c.name)).not.toContain(DEVICE_COOKIE);
  });

  it("keeps the owner's known browser signing in whatever strangers try, and slows new browsers", async () => {
    const { email, browser } = await ownerWithKnownBrowser('owner password 1');
    await strangersGuess(email, 20);
    // A browser the account has never signed in from waits, as every unknown one does.
    expectAccountWait(await login(email, 'owner password 1'));
    // The owner's browser, with the cookie from its earlier sign-in, is judged on its own failures.
    const res = browser.take(await login(email, 'owner password 1', browser.header));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(email);
    // Strangers stay slowed: the owner's success clears nothing of theirs.
    expectAccountWait(await login(email, 'owner password 1'));
  });

  it("counts a forged device cookie, or another account's, as an unknown browser", async () => {
    const { email, browser } = await ownerWithKnownBrowser('owner password 2');
    const other = await ownerWithKnownBrowser('other password 2');
    await strangersGuess(email, 6);
    const genuine = browser.get(DEVICE_COOKIE)!;
    const [userId, deviceId, signature] = genuine.split('.') as [string, string, string];
    const forgeries = [
      `${userId}.${deviceId}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${userId}.${'0'.repeat(32)}.${signature}`,
      `${userId}.${deviceId}`,
      other.browser.get(DEVICE_COOKIE)!,
      'nonsense',
    ];
    for (const forged of forgeries) {
      expectAccountWait(await login(email, 'owner password 2', `${DEVICE_COOKIE}=${forged}`));
    }
    // The genuine cookie still works: the forgeries failed for what they are, not for the lock alone.
    expect((await login(email, 'owner password 2', `${DEVICE_COOKIE}=${genuine}`)).statusCode).toBe(200);
  });

  it('stops trusting a known browser that keeps failing itself', async () => {
    const { email, browser } = await ownerWithKnownBrowser('owner password 3');
    await strangersGuess(email, 6);
    for (let i = 0; i < 5; i++) {
      expect((await login(email, `a wrong password ${i}`, browser.header)).statusCode).toBe(401);
    }
    // Now it is one more unknown browser, and the account is waiting for those.
    expectAccountWait(await login(email, 'owner password 3', browser.header));
  });
});

describe('refresh tokens', () => {
  const refresh = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/refresh-access-token', headers: { cookie } });

  it('rotates the refresh token on each use', async () => {
    const jar = await signIn(t.app, demoAccounts.brightpathMember.email);
    const first = jar.get(REFRESH_COOKIE);
    const res = jar.take(await refresh(jar.header));
    expect(res.statusCode).toBe(200);
    expect(jar.get(REFRESH_COOKIE)).not.toBe(first);
    expect((await profile(jar.header)).statusCode).toBe(200);
  });

  it('revokes the whole family when an old refresh token is replayed', async () => {
    const jar = await signIn(t.app, demoAccounts.brightpathMember.email);
    const stolen = jar.header;
    const oldToken = jar.get(REFRESH_COOKIE)!;
    jar.take(await refresh(jar.header));
    // The reuse happens after the leeway that covers two tabs refreshing together.
    await t.app.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(oldToken)));
    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    // The legitimate holder's newer token is dead too.
    expect((await refresh(jar.header)).statusCode).toBe(401);
    expect((await profile(jar.header)).statusCode).toBe(401);
  });

  it('tolerates two tabs refreshing with the same token at the same moment', async () => {
    const jar = await signIn(t.app, demoAccounts.brightpathMember.email);
    const [a, b] = await Promise.all([refresh(jar.header), refresh(jar.header)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });

  it('keeps the leeway for the same device only: a replay from another browser ends the session (issue 12)', async () => {
    const jar = await signIn(t.app, demoAccounts.brightpathMember.email);
    const stolen = jar.header;
    jar.take(await refresh(jar.header));
    // Within the leeway, but from another device.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/refresh-access-token',
      headers: { cookie: stolen, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Attacker/1.0' },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_INVALID');
    expect((await refresh(jar.header)).statusCode).toBe(401);
  });

  it('refuses a missing or unknown refresh token', async () => {
    expect((await refresh('')).statusCode).toBe(401);
    expect((await refresh(`${REFRESH_COOKIE}=nonsense`)).statusCode).toBe(401);
  });
});

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

describe('rate limits', () => {
  it('answers 429 after too many sign-in attempts', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' }, { seed: false });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/v2/login',
          payload: { email: 'a@example.org', password: 'x' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });
});
