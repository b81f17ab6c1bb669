import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { CURRENT_TERMS_VERSION } from '../../db/seed/terms';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, cookieJar, signIn, softRegister } from '../../test/session';
import { HIDDEN_LINK } from '../mail/service';
import { type SmtpSink, startSmtpSink } from '../mail/smtp-sink';

let t: TestApp;
let priya: CookieJar; // Organization Admin of Northside
let jordan: CookieJar; // Researcher at Northside
let alex: CookieJar; // Researcher at BrightPath
let marcus: CookieJar; // Platform Admin
const northside = demoOrganizations.northside.id;
const brightpath = demoOrganizations.brightpath.id;

// Invitation links reach only the recipient (decision 023): tests read them where the recipient would.
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url });
  [priya, jordan, alex, marcus] = await Promise.all([
    signIn(t.app, demoAccounts.northsideAdmin.email),
    signIn(t.app, demoAccounts.northsideMember.email),
    signIn(t.app, demoAccounts.brightpathMember.email),
    signIn(t.app, demoAccounts.platformAdmin.email),
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (
  jar: CookieJar,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  org: string = northside,
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: jar.header, 'x-asa-organization-id': org },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const mailsTo = (email: string) =>
  t.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, email));
const tokenIn = (text: string) => decodeURIComponent(/token=([^"&\s)\]]+)/.exec(text)![1]!);
/** Delivers an outbox message and returns what its recipient received. */
const delivered = async (mail: { id: string; toEmail: string }) => {
  await t.app.mail.deliver(mail.id);
  return smtp.to(mail.toEmail).at(-1)!;
};

describe('organisations of the caller', () => {
  it('lists them with role and permissions, paged as the spec says', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/organizations',
      headers: { cookie: priya.header },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: northside,
        name: 'Northside Youth Trust',
        roleName: 'Organization Admin',
      }),
    ]);
    const empty = await t.app.inject({
      method: 'GET',
      url: '/organizations?page[size]=1&page[number]=2',
      headers: { cookie: priya.header },
    });
    expect(empty.json().data).toEqual([]);
  });

  it('reads one organisation by header; a uuid is required and another organisation is 403', async () => {
    expect((await call(jordan, 'GET', '/organization')).json().data).toMatchObject({
      id: northside,
      roleName: 'Researcher',
    });
    const bad = await call(jordan, 'GET', '/organization', undefined, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The organization id must be a uuid.');
    expect((await call(jordan, 'GET', '/organization', undefined, brightpath)).statusCode).toBe(403);
  });

  it('lets platform staff read any organisation, with no role there', async () => {
    const res = await call(marcus, 'GET', '/organization', undefined, brightpath);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: brightpath,
      name: 'BrightPath Learning',
      roleName: null,
      permissions: [],
    });
  });
});

describe('members and invitations', () => {
  it('invites a new person, who registers with the mailed token and joins with the role', async () => {
    const email = 'new.colleague@example.org';
    const invite = await call(priya, 'POST', '/v2/organization/invitations', { email, roleName: 'Viewer' });
    expect(invite.json().data).toEqual({ outcome: 'invited', email });

    const listed = (await call(priya, 'GET', '/v2/organization/members')).json().data;
    expect(listed.invitations).toEqual([expect.objectContaining({ email, roleName: 'Viewer' })]);

    const [mail] = await mailsTo(email);
    expect(mail?.template).toBe('organization/user-invitation');
    expect(mail!.text).not.toContain('token=');
    const token = tokenIn((await delivered(mail!)).text);

    const details = await t.app.inject({
      method: 'GET',
      url: '/v2/invitation',
      headers: { authorization: token },
    });
    expect(details.json().data).toEqual({
      email,
      organizationName: 'Northside Youth Trust',
      roleName: 'Viewer',
      invitedBy: 'Priya Shah',
      hasAccount: false,
    });

    const visitor = await softRegister(t.app);
    const jar = cookieJar(visitor.header);
    const accepted = jar.take(
      await t.app.inject({
        method: 'POST',
        url: '/v2/invitation/register',
        headers: { authorization: `Bearer ${token}`, cookie: jar.header },
        payload: {
          firstName: 'Nia',
          lastName: 'Brooks',
          password: 'a good password',
          termsAndConditions: CURRENT_TERMS_VERSION,
          acceptMarketing: true,
        },
      }),
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({
      firstName: 'Nia',
      email,
      acceptMarketing: true,
      organizations: [expect.objectContaining({ id: northside, roleName: 'Viewer' })],
    });
    const adminMail = (await mailsTo(demoAccounts.northsideAdmin.email)).find(
      (m) => m.template === 'organization/user-added',
    );
    expect(adminMail?.subject).toBe('A new member joined your organization on TeenVoice');
    expect(adminMail?.text).toContain('Nia Brooks');

    const reused = await t.app.inject({
      method: 'POST',
      url: '/v2/invitation/register',
      headers: { authorization: token },
      payload: {
        firstName: 'X',
        lastName: 'Y',
        password: 'a good password',
        termsAndConditions: CURRENT_TERMS_VERSION,
        acceptMarketing: true,
      },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVITATION_INVALID');
  });

  it('invites someone who already has an account: same answer, and they join only once they accept', async () => {
    const sam = demoAccounts.brightpathAdmin.email;
    const fresh = 'nobody.yet@example.org';
    // The answer does not tell an account from an unknown address (issue 12).
    const [toAccount, toNobody] = await Promise.all([
      call(priya, 'POST', '/v2/organization/invitations', { email: sam, roleName: 'Researcher' }),
      call(priya, 'POST', '/v2/organization/invitations', { email: fresh, roleName: 'Researcher' }),
    ]);
    expect(toAccount.statusCode).toBe(200);
    expect(toNobody.statusCode).toBe(200);
    expect(toAccount.json().data).toEqual({ outcome: 'invited', email: sam });
    expect(toNobody.json().data).toEqual({ outcome: 'invited', email: fresh });

    // Not a member yet: the invitation is open, like anyone else's.
    const listed = (await call(priya, 'GET', '/v2/organization/members')).json().data;
    expect(listed.members.map((m: { email: string }) => m.email)).not.toContain(sam);
    expect(listed.invitations.map((i: { email: string }) => i.email)).toEqual(
      expect.arrayContaining([sam, fresh]),
    );

    const mail = (await mailsTo(sam)).find((m) => m.template === 'organization/existing-user-added');
    expect(mail?.subject).toBe("You're invited to join an organization on TeenVoice");
    expect(mail?.text).toContain('Northside Youth Trust');
    expect(mail!.text).not.toContain('token=');
    const token = tokenIn((await delivered(mail!)).text);

    const details = await t.app.inject({
      method: 'GET',
      url: '/v2/invitation',
      headers: { authorization: token },
    });
    expect(details.json().data).toMatchObject({
      email: sam,
      hasAccount: true,
      organizationName: 'Northside Youth Trust',
    });

    // Someone else holding the link cannot take the place, signed out or signed in as another account.
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/v2/invitation/accept',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedOut.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'POST',
      url: '/v2/invitation/accept',
      headers: { authorization: `Bearer ${token}`, cookie: alex.header },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      code: 'INVITATION_FOR_ANOTHER_ACCOUNT',
      message: `This invitation is for ${sam}. Sign in with that email address to accept it.`,
    });
    expect(
      (await call(priya, 'GET', '/v2/organization/members'))
        .json()
        .data.members.map((m: { email: string }) => m.email),
    ).not.toContain(sam);

    // Sam accepts, signed in: a member with the invited role, and the admins hear of it.
    const samJar = await signIn(t.app, sam);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/v2/invitation/accept',
      headers: { authorization: `Bearer ${token}`, cookie: samJar.header },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({
      organizationId: northside,
      organizationName: 'Northside Youth Trust',
    });
    const after = (await call(priya, 'GET', '/v2/organization/members')).json().data;
    expect(after.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: sam, roleName: 'Researcher' })]),
    );
    expect(after.invitations.map((i: { email: string }) => i.email)).not.toContain(sam);
    const adminMail = (await mailsTo(demoAccounts.northsideAdmin.email)).find(
      (m) => m.template === 'organization/user-added' && m.text.includes('Sam Carter'),
    );
    expect(adminMail?.subject).toBe('A new member joined your organization on TeenVoice');

    // The link works once; inviting a member again is refused.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/v2/invitation/accept',
      headers: { authorization: `Bearer ${token}`, cookie: samJar.header },
    });
    expect(twice.json().code).toBe('INVITATION_INVALID');
    const again = await call(priya, 'POST', '/v2/organization/invitations', {
      email: sam,
      roleName: 'Researcher',
    });
    expect(again.statusCode).toBe(409);
  });

  it('changes a role and mails the member', async () => {
    const members = (await call(priya, 'GET', '/v2/organization/members')).json().data.members;
    const jordanId = members.find(
      (m: { email: string }) => m.email === demoAccounts.northsideMember.email,
    ).id;
    const res = await call(priya, 'PUT', `/v2/organization/members/${jordanId}`, { roleName: 'Data Lead' });
    expect(res.statusCode).toBe(200);
    const mail = (await mailsTo(demoAccounts.northsideMember.email)).find(
      (m) => m.template === 'organization/user-permission-changed',
    );
    expect(mail?.text).toContain('from Researcher to Data Lead');
    // A free-string role holds the viewer set: no member management.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v2/profile',
      headers: { cookie: jordan.header },
    });
    expect(profile.json().data.organizations[0].permissions).not.toContain('org_users~manage');
    await call(priya, 'PUT', `/v2/organization/members/${jordanId}`, { roleName: 'Researcher' });
  });

  it('never leaves an organisation without an admin', async () => {
    const members = (await call(priya, 'GET', '/v2/organization/members')).json().data.members;
    const priyaId = members.find((m: { email: string }) => m.email === demoAccounts.northsideAdmin.email).id;
    const demote = await call(priya, 'PUT', `/v2/organization/members/${priyaId}`, { roleName: 'Viewer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_ADMIN');
    expect((await call(priya, 'POST', '/v2/organization/leave')).statusCode).toBe(409);
  });

  it('withdraws an invitation, removes a member, and lets a member leave', async () => {
    await call(priya, 'POST', '/v2/organization/invitations', {
      email: 'withdrawn@example.org',
      roleName: 'Viewer',
    });
    const { invitations, members } = (await call(priya, 'GET', '/v2/organization/members')).json().data;
    const invitation = invitations.find((i: { email: string }) => i.email === 'withdrawn@example.org');
    expect((await call(priya, 'DELETE', `/v2/organization/invitations/${invitation.id}`)).statusCode).toBe(
      200,
    );
    expect((await call(priya, 'DELETE', `/v2/organization/invitations/${invitation.id}`)).statusCode).toBe(
      404,
    );

    const sam = members.find((m: { email: string }) => m.email === demoAccounts.brightpathAdmin.email);
    expect((await call(priya, 'DELETE', `/v2/organization/members/${sam.id}`)).statusCode).toBe(200);

    await call(priya, 'POST', '/v2/organization/invitations', {
      email: demoAccounts.brightpathMember.email,
      roleName: 'Viewer',
    });
    const invited = (await mailsTo(demoAccounts.brightpathMember.email)).find(
      (m) => m.template === 'organization/existing-user-added',
    );
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/v2/invitation/accept',
      headers: { authorization: tokenIn((await delivered(invited!)).text), cookie: alex.header },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await call(alex, 'POST', '/v2/organization/leave')).statusCode).toBe(200);
    const after = (await call(priya, 'GET', '/v2/organization/members')).json().data.members;
    expect(after.map((m: { email: string }) => m.email)).not.toContain(demoAccounts.brightpathMember.email);
  });

  it('rejects a bad invitation in the words of the form', async () => {
    const res = await call(priya, 'POST', '/v2/organization/invitations', { email: 'nope', roleName: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({ email: ['Email is not valid'], roleName: ['Choose a role'] });
  });

  it('refuses a platform role, or no name at all, as the name of an organization role', async () => {
    const members = (await call(priya, 'GET', '/v2/organization/members')).json().data.members;
    const jordanId = members.find(
      (m: { email: string }) => m.email === demoAccounts.northsideMember.email,
    ).id;
    const attempts = [
      ['Super Admin', '‘Super Admin’ is a platform role; choose another name for an organization role.'],
      [
        ' platform admin ',
        '‘Platform Admin’ is a platform role; choose another name for an organization role.',
      ],
      ['   ', 'Choose a role'],
    ];
    for (const [roleName, message] of attempts) {
      const invite = await call(priya, 'POST', '/v2/organization/invitations', {
        email: 'staff-lookalike@example.org',
        roleName,
      });
      expect(invite.statusCode).toBe(400);
      expect(invite.json().data.fields).toEqual({ roleName: [message] });
      const change = await call(priya, 'PUT', `/v2/organization/members/${jordanId}`, { roleName });
      expect(change.statusCode).toBe(400);
      expect(change.json().data.fields).toEqual({ roleName: [message] });
    }
    const after = (await call(priya, 'GET', '/v2/organization/members')).json().data;
    expect(after.members.find((m: { id: string }) => m.id === jordanId).roleName).toBe('Researcher');
    expect(after.invitations.map((i: { email: string }) => i.email)).not.toContain(
      'staff-lookalike@example.org',
    );
  });
});

describe('billing details', () => {
  it('validates with the company form messages and saves', async () => {
    const bad = await call(priya, 'PUT', '/v2/organization/billing', {
      company: 'AB',
      firstName: 'Al',
      lastName: 'Bo',
      email: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toEqual({
      company: ['Company Name should be at least 3 characters long'],
      firstName: ['First Name should be at least 3 characters long'],
      lastName: ['Last Name should be at least 3 characters long'],
      email: ['Email is not valid'],
      state: ['Required'],
    });
    const details = {
      company: 'Northside Youth Trust Inc.',
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'billing@northside.test',
      state: { value: 'IL', label: 'Illinois' },
    };
    expect((await call(priya, 'PUT', '/v2/organization/billing', details)).json().data).toEqual(details);
    expect((await call(jordan, 'GET', '/v2/organization/billing')).statusCode).toBe(403);
    expect((await call(priya, 'GET', '/v2/organization/billing')).json().data).toEqual(details);
  });
});

describe('mail rows', () => {
  it('renders messages with links to this server', async () => {
    const rows = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'organization/user-invitation')));
    expect(rows[0]?.html).toContain(HIDDEN_LINK);
    expect((await delivered(rows[0]!)).html).toContain(`${t.config.publicUrl}/register/invitation?token=`);
  });
});
