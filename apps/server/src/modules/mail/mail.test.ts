import { createServer } from 'node:net';
import { emailTemplates, renderTemplate } from '@tv/emails';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/identity';
import { mailOutbox } from '../../db/schema/mail';
import { organizationInvitations } from '../../db/schema/organizations';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { hashToken } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { HIDDEN_LINK } from './service';
import { startSmtpSink } from './smtp-sink';

async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('delivery through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, { jobs: true, seed: false });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('writes the message to the outbox, then a job delivers it and marks it sent', async () => {
    const db = t.app.database.db;
    const id = await db.transaction((tx) =>
      t.app.mail.enqueue(
        tx,
        emailTemplates.passwordReset,
        'robin@example.org',
        emailTemplates.passwordReset.sample,
      ),
    );
    await t.app.mail.dispatch([id]);
    const row = await waitFor(async () => {
      const [r] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return r?.status === 'sent' && r;
    });
    expect(row.attempts).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to).toEqual(['robin@example.org']);
    expect(smtp.messages[0]!.raw).toContain('Subject: Reset your TeenVoice password');
    // The recipient gets the link; the outbox kept it hidden and, once sent, holds nothing of it.
    expect(smtp.messages[0]!.text).toContain('/security/password-reset?token=sample');
    expect(row.text).toContain(HIDDEN_LINK);
    expect(JSON.stringify(row)).not.toContain('token=sample');
    expect(row.secret).toBeNull();
  });
});

describe('delivery failures', () => {
  it('keeps the message pending with the error, retrying, and marks it failed after the last attempt', async () => {
    const smtp = await startSmtpSink({ reject: true });
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, { seed: false });
    try {
      const db = t.app.database.db;
      const id = await t.app.mail.enqueue(
        db,
        emailTemplates.passwordReset,
        'x@example.org',
        emailTemplates.passwordReset.sample,
      );
      await expect(t.app.mail.deliver(id)).rejects.toThrow();
      let [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toMatch(/mailbox unavailable/);
      // Sealed, for the next attempt: not the link in plain text.
      expect(row?.secret).toMatch(/^v1\./);
      expect(row?.secret).not.toContain('token=');
      for (let i = 0; i < 4; i++) await t.app.mail.deliver(id).catch(() => undefined);
      await t.app.mail.deliver(id);
      [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'failed', attempts: 6, secret: null });
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('keeps the message in the outbox when no SMTP server is configured', async () => {
    const t = await createTestApp({}, { seed: false });
    try {
      const db = t.app.database.db;
      const id = await t.app.mail.enqueue(
        db,
        emailTemplates.passwordReset,
        'y@example.org',
        emailTemplates.passwordReset.sample,
      );
      await t.app.mail.deliver(id);
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row?.status).toBe('kept');
      // Nobody will deliver it, so the link is gone; the kept message shows where it was.
      expect(row?.secret).toBeNull();
      expect(row?.html).toContain(HIDDEN_LINK);
      expect(JSON.stringify(row)).not.toContain('token=');
    } finally {
      await t.close();
    }
  });

  it('keeps the message pending when the SMTP server cannot be reached', async () => {
    const closed = createServer();
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => resolve((closed.address() as { port: number }).port)),
    );
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { seed: false });
    try {
      const db = t.app.database.db;
      const id = await t.app.mail.enqueue(
        db,
        emailTemplates.passwordReset,
        'z@example.org',
        emailTemplates.passwordReset.sample,
      );
      await expect(t.app.mail.deliver(id)).rejects.toThrow();
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row?.status).toBe('pending');
    } finally {
      await t.close();
    }
  });
});

describe('mailbox and previews', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every template and renders one whose name spans segments', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/v2/mail/templates' });
    expect(list.statusCode).toBe(200);
    const names = list.json().data.map((d: { name: string }) => d.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'account/password-reset',
        'organization/user-invitation',
        'organization/user-added',
        'organization/existing-user-added',
        'organization/user-permission-changed',
      ]),
    );
    const one = await t.app.inject({ method: 'GET', url: '/v2/mail/templates/organization/user-invitation' });
    expect(one.json().data).toMatchObject({
      name: 'organization/user-invitation',
      subject: "You're invited to join an organization on TeenVoice",
    });
    expect(one.json().data.html).toContain('<html');
    expect(one.json().data.text).toContain('Accept the invitation');
    expect((await t.app.inject({ method: 'GET', url: '/v2/mail/templates/nope' })).statusCode).toBe(404);
  });

  it('shows the outbox to the Super Admin only', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/password/reset-request',
      payload: { email: demoAccounts.northsideMember.email },
    });
    const superAdmin = await signIn(t.app, demoAccounts.superAdmin.email);
    const list = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/mailbox',
      headers: { cookie: superAdmin.header },
    });
    expect(list.statusCode).toBe(200);
    const first = list.json().data[0];
    expect(first).toMatchObject({
      to: demoAccounts.northsideMember.email,
      template: 'account/password-reset',
    });
    const one = await t.app.inject({
      method: 'GET',
      url: `/v2/admin/mailbox/${first.id}`,
      headers: { cookie: superAdmin.header },
    });
    expect(one.json().data.html).toContain('Choose a new password');
    expect(one.json().data.html).toContain(HIDDEN_LINK);
    expect(one.body).not.toContain('token=');
    for (const account of [
      demoAccounts.moderator,
      demoAccounts.platformAdmin,
      demoAccounts.northsideMember,
    ]) {
      const jar = await signIn(t.app, account.email);
      for (const url of ['/v2/admin/mailbox', `/v2/admin/mailbox/${first.id}`]) {
        expect((await t.app.inject({ method: 'GET', url, headers: { cookie: jar.header } })).statusCode).toBe(
          403,
        );
      }
    }
  });

  it('closes the previews to everyone but staff in production', async () => {
    const prod = await createTestApp(
      {
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        // Production has no demo accounts: its Super Admin comes from the environment.
        SUPER_ADMIN_EMAIL: 'owner@example.org',
        SUPER_ADMIN_PASSWORD: 'owner-passphrase-1',
      },
      { seed: true },
    );
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/v2/mail/templates' })).statusCode).toBe(401);
      const staff = await signIn(prod.app, 'owner@example.org', 'owner-passphrase-1');
      expect(
        (
          await prod.app.inject({
            method: 'GET',
            url: '/v2/mail/templates',
            headers: { cookie: staff.header },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

/**
 * Issue 12: staff read the outbox, so it must never hold a live reset or invitation link. Every staff role
 * and an organisation member read all they can of the mailbox, before and after delivery; no string in it
 * resets a password or opens an invitation, while the links the recipients got do.
 */
describe('no staff role can use a token read from the outbox', () => {
  const newcomer = 'newcomer.outbox@example.org';
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  const jars = {} as Record<string, CookieJar>;
  const readers = {
    superAdmin: demoAccounts.superAdmin,
    platformAdmin: demoAccounts.platformAdmin,
    moderator: demoAccounts.moderator,
    orgAdmin: demoAccounts.northsideAdmin,
    member: demoAccounts.northsideMember,
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url });
    for (const [name, account] of Object.entries(readers)) jars[name] = await signIn(t.app, account.email);
    for (const email of [demoAccounts.superAdmin.email, demoAccounts.northsideMember.email]) {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/password/reset-request',
        payload: { email },
      });
      expect(asked.statusCode).toBe(200);
    }
    const invited = await t.app.inject({
      method: 'POST',
      url: '/v2/organization/invitations',
      headers: { cookie: jars.orgAdmin!.header, 'x-asa-organization-id': demoOrganizations.northside.id },
      payload: { email: newcomer, roleName: 'Viewer' },
    });
    expect(invited.json().data).toMatchObject({ outcome: 'invited' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const get = (jar: CookieJar, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: jar.header } });

  /** Everything one reader gets from the mailbox API: every page of the list and every message in it. */
  async function readEverything(jar: CookieJar) {
    const bodies: string[] = [];
    const ids = (await t.app.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id);
    for (let page = 1; ; page++) {
      const list = await get(jar, `/v2/admin/mailbox?page=${page}&pageSize=50`);
      bodies.push(list.body);
      if (list.statusCode !== 200 || list.json().data.length === 0) break;
    }
    for (const id of ids) bodies.push((await get(jar, `/v2/admin/mailbox/${id}`)).body);
    return bodies.join('\n');
  }

  /** Every string in what was read that could be a token: long runs of URL-safe characters. */
  const candidates = (read: string) => [
    ...new Set([
      ...(read.match(/[A-Za-z0-9_%-]{20,}/g) ?? []),
      ...[...read.matchAll(/token=([^"&\s)\]<]+)/g)].map((m) => decodeURIComponent(m[1]!)),
    ]),
  ];

  async function expectNothingUsable(read: string) {
    expect(read).not.toMatch(/[?&]token=/);
    const tried = candidates(read);
    const hashes = tried.map(hashToken);
    const db = t.app.database.db;
    // None is a live reset or invitation token...
    expect(
      await db.select().from(passwordResetTokens).where(inArray(passwordResetTokens.tokenHash, hashes)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(organizationInvitations)
        .where(inArray(organizationInvitations.tokenHash, hashes)),
    ).toEqual([]);
    // ...and none works where a token is taken.
    for (const token of tried) {
      const reset = await t.app.inject({
        method: 'PUT',
        url: '/password/reset',
        headers: { authorization: `Bearer ${token}` },
        payload: { password: 'taken over 12345' },
      });
      expect(reset.statusCode, token).toBe(400);
      const invitation = await t.app.inject({
        method: 'GET',
        url: '/v2/invitation',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(invitation.statusCode, token).not.toBe(200);
    }
  }

  it('hides the links before delivery, sends them to the recipients only, and keeps nothing of them after', async () => {
    const db = t.app.database.db;
    const secretMail = await db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.template, ['account/password-reset', 'organization/user-invitation']));
    expect(secretMail.map((m) => m.toEmail).sort()).toEqual(
      [demoAccounts.northsideMember.email, demoAccounts.superAdmin.email, newcomer].sort(),
    );
    for (const row of secretMail) {
      expect(`${row.html}${row.text}${JSON.stringify(row.props)}`).not.toContain('token=');
      expect(row.text).toContain(HIDDEN_LINK);
      expect(row.secret).toMatch(/^v1\./);
      expect(row.secret).not.toContain('token=');
    }

    const readBefore: Record<string, string> = {};
    for (const name of Object.keys(readers)) readBefore[name] = await readEverything(jars[name]!);
    // Only the Super Admin reads the outbox at all.
    expect(readBefore.superAdmin).toContain(HIDDEN_LINK);
    for (const name of ['platformAdmin', 'moderator', 'orgAdmin', 'member']) {
      expect(readBefore[name]).not.toContain(HIDDEN_LINK);
      expect(readBefore[name]).toContain('FORBIDDEN');
    }
    for (const read of Object.values(readBefore)) await expectNothingUsable(read);

    for (const row of secretMail) await t.app.mail.deliver(row.id);
    const after = await db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          secretMail.map((m) => m.id),
        ),
      );
    for (const row of after) {
      expect(row).toMatchObject({ status: 'sent', secret: null });
    }

    // The recipients got working links, and those are nowhere in what staff can read.
    const linkTo = (email: string, path: string) => {
      const [message] = smtp.to(email);
      const match = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_%-]+)`).exec(
        message!.text,
      );
      return decodeURIComponent(match![1]!);
    };
    const superToken = linkTo(demoAccounts.superAdmin.email, '/security/password-reset');
    const memberToken = linkTo(demoAccounts.northsideMember.email, '/security/password-reset');
    const inviteToken = linkTo(newcomer, '/register/invitation');
    for (const name of Object.keys(readers)) {
      const read = await readEverything(jars[name]!);
      for (const token of [superToken, memberToken, inviteToken]) expect(read).not.toContain(token);
      await expectNothingUsable(read);
    }
    const invitation = await t.app.inject({
      method: 'GET',
      url: '/v2/invitation',
      headers: { authorization: `Bearer ${inviteToken}` },
    });
    expect(invitation.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/password/reset',
      headers: { authorization: `Bearer ${memberToken}` },
      payload: { password: 'chosen by jordan 1' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('declares every template whose link carries a token as secret', async () => {
    for (const template of Object.values(emailTemplates)) {
      const sample = template.sample as Record<string, unknown>;
      const withToken = Object.entries(sample)
        .filter(([, value]) => typeof value === 'string' && /[?&]token=/.test(value))
        .map(([key]) => key);
      expect(
        [...((template as { secrets?: readonly string[] }).secrets ?? [])].sort(),
        template.name,
      ).toEqual(withToken.sort());
      if (withToken.length === 0) continue;
      const rendered = await renderTemplate(
        template as never,
        {
          ...sample,
          ...Object.fromEntries(withToken.map((key) => [key, HIDDEN_LINK])),
        } as never,
      );
      expect(`${rendered.html}${rendered.text}`, template.name).not.toContain('token=');
    }
  });
});
