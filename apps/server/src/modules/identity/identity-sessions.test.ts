import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions, users } from '../../db/schema/identity';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { DEVICE_COOKIE } from '../../lib/device-cookie';
import { ACCESS_COOKIE, hashToken, REFRESH_COOKIE } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/app';
import { identityHelpers } from '../../test/identity-test-helpers';
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

const { profile, createAccount } = identityHelpers(
  () => t,
  () => smtp,
);

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
