import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail';
import { demoAccounts, demoOrganizations } from '../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../test/app';
import { redisReachable, testRedisUrl } from '../test/redis';
import { type CookieJar, signIn } from '../test/session';

const northside = demoOrganizations.northside.id;
const invitationTemplates = ['organization/user-invitation', 'organization/existing-user-added'];
const later = /Try again in \d+ minutes?\.$/;

const invite = (app: FastifyInstance, jar: CookieJar, email: string) =>
  app.inject({
    method: 'POST',
    url: '/v2/organization/invitations',
    headers: { cookie: jar.header, 'x-asa-organization-id': northside },
    payload: { email, roleName: 'Viewer' },
  });
const requestReset = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/password/reset-request', payload: { email } });
const sendLead = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/v2/leads',
    remoteAddress,
    payload: { kind: 'newsletter', email, firstName: 'Dana', sourcePath: '/' },
  });

const invitationMails = async (app: FastifyInstance) =>
  (await app.database.db.select().from(mailOutbox).where(inArray(mailOutbox.template, invitationTemplates)))
    .length;
const mailsTo = async (app: FastifyInstance, email: string) =>
  (await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, email))).length;

describe('hourly mail limits', () => {
  let t: TestApp;
  let priya: CookieJar;
  let marcus: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({
      MAIL_LIMIT_PER_USER_HOUR: '2',
      MAIL_LIMIT_PER_ORG_HOUR: '3',
      MAIL_LIMIT_PER_ADDRESS_HOUR: '3',
      MAIL_LIMIT_PER_EMAIL_HOUR: '2',
    });
    [priya, marcus] = await Promise.all([
      signIn(t.app, demoAccounts.northsideAdmin.email),
      signIn(t.app, demoAccounts.platformAdmin.email),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stop invitations and their resends per person, then per organization, sending nothing over', async () => {
    expect((await invite(t.app, priya, 'ana@example.org')).statusCode).toBe(200);
    expect((await invite(t.app, priya, 'ben@example.org')).statusCode).toBe(200);
    // Inviting Ana again (a resend) is a third mail from Priya.
    const resend = await invite(t.app, priya, 'ana@example.org');
    expect(resend.statusCode).toBe(429);
    expect(resend.json()).toMatchObject({
      code: 'MAIL_LIMIT_REACHED',
      message: expect.stringMatching(/^You've sent a lot of email in the last hour\. /),
    });
    expect(resend.json().message).toMatch(later);
    expect(await invitationMails(t.app)).toBe(2);

    // Staff inviting into Northside count against Northside: its third mail goes, the fourth does not.
    expect((await invite(t.app, marcus, 'cai@example.org')).statusCode).toBe(200);
    const overOrganization = await invite(t.app, marcus, 'dee@example.org');
    expect(overOrganization.statusCode).toBe(429);
    expect(overOrganization.json().message).toMatch(
      /^Your organization has sent a lot of email in the last hour\. Try again in \d+ minutes?\.$/,
    );
    expect(await invitationMails(t.app)).toBe(3);
    expect(await mailsTo(t.app, 'dee@example.org')).toBe(0);
  });

  it('stop password resets per email address, whether or not it has an account', async () => {
    for (const email of ['nobody.here@example.org', demoAccounts.brightpathAdmin.email]) {
      expect((await requestReset(t.app, email)).statusCode).toBe(200);
      expect((await requestReset(t.app, email.toUpperCase())).statusCode).toBe(200);
      const over = await requestReset(t.app, email);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toMatch(
        /^We've had several requests for this email address in the last hour\. /,
      );
      expect(await mailsTo(t.app, email)).toBe(2);
    }
  });

  it("stop the public site's forms per email address and per client address", async () => {
    const sales = async () =>
      (await t.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'leads/new-lead')))
        .length;
    const address = '203.0.113.7';
    expect((await sendLead(t.app, 'dana@example.org', address)).statusCode).toBe(201);
    expect((await sendLead(t.app, 'dana@example.org', address)).statusCode).toBe(201);
    const sameEmail = await sendLead(t.app, 'dana@example.org', '198.51.100.9');
    expect(sameEmail.statusCode).toBe(429);
    expect(sameEmail.json().message).toMatch(/^We've had several requests for this email address/);

    expect((await sendLead(t.app, 'eli@example.org', address)).statusCode).toBe(201);
    const sameAddress = await sendLead(t.app, 'fay@example.org', address);
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json().message).toMatch(
      /^We've had a lot of requests from your network in the last hour\. /,
    );
    expect(await sales()).toBe(3);
  });
});

const redisUp = await redisReachable();

describe.runIf(redisUp)('hourly mail limits shared through Redis', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('count the mail of two server copies together', { timeout: 120_000 }, async () => {
    const redis = new Redis(testRedisUrl);
    const stale = await redis.keys('tv-mail-limit:*');
    if (stale.length > 0) await redis.del(...stale);

    const config = { REDIS_URL: testRedisUrl, MAIL_LIMIT_PER_ORG_HOUR: '3', MAIL_LIMIT_PER_EMAIL_HOUR: '2' };
    const first = await createTestApp(config);
    apps.push(first);
    const second = await createTestApp(config);
    apps.push(second);
    const [priya, marcus] = await Promise.all([
      signIn(first.app, demoAccounts.northsideAdmin.email),
      signIn(second.app, demoAccounts.platformAdmin.email),
    ]);

    // Northside's three mails an hour, wherever they are sent from.
    expect((await invite(first.app, priya, 'gus@example.org')).statusCode).toBe(200);
    expect((await invite(second.app, marcus, 'hal@example.org')).statusCode).toBe(200);
    expect((await invite(first.app, priya, 'ivy@example.org')).statusCode).toBe(200);
    const over = await invite(second.app, marcus, 'jo@example.org');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('MAIL_LIMIT_REACHED');
    expect(await mailsTo(second.app, 'jo@example.org')).toBe(0);

    // And an address's two resets an hour.
    const email = `reset.${Date.now()}@example.org`;
    expect((await requestReset(first.app, email)).statusCode).toBe(200);
    expect((await requestReset(second.app, email)).statusCode).toBe(200);
    expect((await requestReset(first.app, email)).statusCode).toBe(429);

    const keys = await redis.keys('tv-mail-limit:*');
    expect(keys.length).toBeGreaterThan(0);
    // No address or id in the keys: hashes only.
    expect(keys.join(' ')).not.toMatch(/@|example|northside/i);
    expect(keys.join(' ')).not.toContain(northside);
    await redis.del(...keys);
    await redis.quit();
  });
});
