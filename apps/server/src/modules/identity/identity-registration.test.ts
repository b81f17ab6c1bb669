import { ORGANIZATION_ADMIN } from '@tv/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingRegistrations, users } from '../../db/schema/identity';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { CURRENT_TERMS_VERSION } from '../../db/seed/terms';
import { DEVICE_COOKIE } from '../../lib/device-cookie';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/app';
import { identityHelpers, tokenIn } from '../../test/identity-test-helpers';
import { signIn, softRegister } from '../../test/session';
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

const { signUp, profile, latestMailTo, deliveredTo, confirmSignUp, createAccount } = identityHelpers(
  () => t,
  () => smtp,
);

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
