import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity';
import { mailOutbox } from '../../db/schema/mail';
import { DEMO_PASSWORD, demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { type SmtpSink, startSmtpSink } from '../mail/smtp-sink';

const northside = demoOrganizations.northside.id;
const priyaEmail = demoAccounts.northsideAdmin.email;
const jordanEmail = demoAccounts.northsideMember.email;
const plan = (title: string) => ({
  version: 0,
  title,
  summary: null,
  items: [
    {
      id: 'a1',
      title: 'Start a chess club',
      owner: null,
      dueDate: null,
      status: 'not_started',
      questionId: null,
      finding: null,
    },
  ],
});

/** A draft with a saved action plan: of Northside when `organization` is given, else a personal one. */
async function surveyWithPlan(
  app: FastifyInstance,
  jar: CookieJar,
  organization?: string,
  title = 'Our plan',
) {
  const headers = { cookie: jar.header, ...(organization ? { 'x-asa-organization-id': organization } : {}) };
  const created = await app.inject({
    method: 'POST',
    url: '/v2/surveys',
    headers,
    payload: { type: 'long_form' },
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const id: string = created.json().data.id;
  const saved = await app.inject({
    method: 'PUT',
    url: `/v2/surveys/${id}/action-plan`,
    headers,
    payload: plan(title),
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return id;
}

const share = (app: FastifyInstance, jar: CookieJar, surveyId: string, emails: string[], message?: string) =>
  app.inject({
    method: 'POST',
    url: `/v2/surveys/${surveyId}/action-plan/share`,
    headers: { cookie: jar.header },
    payload: message ? { emails, message } : { emails },
  });

const planMails = (app: FastifyInstance) =>
  app.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'results/action-plan'));

describe('who an action plan goes to', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let jordan: CookieJar;
  let surveyId: string;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url });
    jordan = await signIn(t.app, jordanEmail);
    surveyId = await surveyWithPlan(t.app, jordan, northside, 'Claim your prize at evil.example');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses an address outside the organization, naming it, and queues nothing', async () => {
    const before = (await planMails(t.app)).length;
    const res = await share(t.app, jordan, surveyId, [priyaEmail, 'stranger@example.org']);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'NOT_A_MEMBER',
      message:
        "stranger@example.org isn't a member of this survey's organization. You can share an action plan only with its members.",
    });
    expect(await planMails(t.app)).toHaveLength(before);
  });

  it('refuses a new account with no organization, and queues nothing', async () => {
    // A new account of its own, as sign-up makes one: no organization, no platform role.
    const db = t.app.database.db;
    const [jordanRow] = await db.select().from(users).where(eq(users.email, jordanEmail));
    const email = `no-org.${randomUUID().slice(0, 8)}@example.org`;
    await db.insert(users).values({
      email,
      firstName: 'Nova',
      lastName: 'Quinn',
      passwordHash: jordanRow!.passwordHash,
      termsVersionAccepted: jordanRow!.termsVersionAccepted,
      termsAcceptedAt: new Date(),
    });
    const jar = await signIn(t.app, email, DEMO_PASSWORD);
    const personal = await surveyWithPlan(t.app, jar);
    const before = (await planMails(t.app)).length;
    const res = await share(t.app, jar, personal, [email, 'stranger@example.org']);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NO_ORGANIZATION');
    expect(await planMails(t.app)).toHaveLength(before);
  });

  it('mails members with a fixed subject and sender; the note is in the body, named as theirs', async () => {
    const res = await share(
      t.app,
      jordan,
      surveyId,
      [priyaEmail, priyaEmail.toUpperCase()],
      'Urgent: sign in at evil.example',
    );
    expect(res.statusCode).toBe(200);
    const [mail] = (await planMails(t.app)).filter((m) => m.toEmail === priyaEmail);
    expect((await planMails(t.app)).filter((m) => m.toEmail === priyaEmail)).toHaveLength(1);
    await t.app.mail.deliver(mail!.id);
    const received = smtp.to(priyaEmail).at(-1)!;
    expect(received.subject).toBe('An action plan was shared with you on TeenVoice');
    expect(/^From: (.*)$/m.exec(received.raw)?.[1]?.trim()).toBe(t.config.mailFrom);
    expect(received.raw).not.toMatch(/^Reply-To:/im);
    for (const theirs of ['Jordan', 'evil.example']) {
      expect(received.subject).not.toContain(theirs);
      expect(t.config.mailFrom).not.toContain(theirs);
    }
    expect(received.text).toContain('Message from Jordan Lee: “Urgent: sign in at evil.example”');
    expect(received.text).toContain('Plan: Claim your prize at evil.example');
  });
});

describe('how much mail an action plan sends', () => {
  let t: TestApp;
  let jordan: CookieJar;
  let priya: CookieJar;
  let marcus: CookieJar;
  let surveyId: string;
  beforeAll(async () => {
    t = await createTestApp({ MAIL_LIMIT_PER_USER_HOUR: '3', MAIL_LIMIT_PER_ORG_HOUR: '5' });
    [jordan, priya, marcus] = await Promise.all([
      signIn(t.app, jordanEmail),
      signIn(t.app, priyaEmail),
      signIn(t.app, demoAccounts.platformAdmin.email),
    ]);
    surveyId = await surveyWithPlan(t.app, jordan, northside);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts each recipient, and stops a person at their hourly limit, then their organization at its own', async () => {
    // Jordan: 2 + 1 mails reach the limit of 3; one more is refused and sends nothing.
    expect((await share(t.app, jordan, surveyId, [priyaEmail, jordanEmail])).statusCode).toBe(200);
    expect((await share(t.app, jordan, surveyId, [priyaEmail])).statusCode).toBe(200);
    const overPerson = await share(t.app, jordan, surveyId, [jordanEmail]);
    expect(overPerson.statusCode).toBe(429);
    expect(overPerson.json()).toMatchObject({
      code: 'MAIL_LIMIT_REACHED',
      message: expect.stringMatching(
        /^You've sent a lot of email in the last hour\. Try again in \d+ minutes?\.$/,
      ),
    });
    expect(await planMails(t.app)).toHaveLength(3);

    // Priya has room of her own, but Northside has 2 of its 5 left: a share to two more fills it.
    expect((await share(t.app, priya, surveyId, [priyaEmail, jordanEmail])).statusCode).toBe(200);
    const overOrganization = await share(t.app, marcus, surveyId, [priyaEmail]);
    expect(overOrganization.statusCode).toBe(429);
    expect(overOrganization.json().message).toMatch(
      /^Your organization has sent a lot of email in the last hour\. Try again in \d+ minutes?\.$/,
    );
    expect(await planMails(t.app)).toHaveLength(5);
  });
});
