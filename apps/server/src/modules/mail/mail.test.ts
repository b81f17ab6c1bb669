import { createServer } from 'node:net';
import { emailTemplates } from '@tv/emails';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/session';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port, keeping what it receives. */
async function startSmtp(options: { reject?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        if (options.reject) return callback(new Error('mailbox unavailable'));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

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
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
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
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['robin@example.org']);
    expect(smtp.received[0]!.raw).toContain('Subject: Reset your TeenVoice password');
  });
});

describe('delivery failures', () => {
  it('keeps the message pending with the error, retrying, and marks it failed after the last attempt', async () => {
    const smtp = await startSmtp({ reject: true });
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
      for (let i = 0; i < 4; i++) await t.app.mail.deliver(id).catch(() => undefined);
      await t.app.mail.deliver(id);
      [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'failed', attempts: 6 });
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
      subject: expect.stringContaining('Northside'),
    });
    expect(one.json().data.html).toContain('<html');
    expect(one.json().data.text).toContain('Accept the invitation');
    expect((await t.app.inject({ method: 'GET', url: '/v2/mail/templates/nope' })).statusCode).toBe(404);
  });

  it('shows the outbox to platform staff only', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/password/reset-request',
      payload: { email: demoAccounts.northsideMember.email },
    });
    const staff = await signIn(t.app, demoAccounts.moderator.email);
    const list = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/mailbox',
      headers: { cookie: staff.header },
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
      headers: { cookie: staff.header },
    });
    expect(one.json().data.html).toContain('Choose a new password');
    const member = await signIn(t.app, demoAccounts.northsideMember.email);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/admin/mailbox', headers: { cookie: member.header } }))
        .statusCode,
    ).toBe(403);
  });

  it('closes the previews to everyone but staff in production', async () => {
    const prod = await createTestApp(
      { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) },
      { seed: true },
    );
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/v2/mail/templates' })).statusCode).toBe(401);
      const staff = await signIn(prod.app, demoAccounts.moderator.email);
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
