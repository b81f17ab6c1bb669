import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../db/seed/demo-accounts';
import { safeErrorSerializer } from '../lib/log-safety';
import { createTestApp, type TestApp } from './app';

/**
 * Issue 12, production defaults: with NODE_ENV=production there are no demo accounts (their password is
 * published), the first Super Admin comes from the environment and its password is never logged, cookies
 * are Secure and HSTS is sent even behind a plain-http PUBLIC_URL, the access cookie lives as long as its
 * token, and error logs carry no SQL parameters.
 */
const SUPER_ADMIN_PASSWORD = 'first-super-admin-passphrase';
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
      SUPER_ADMIN_EMAIL: 'Owner@Example.org',
      SUPER_ADMIN_PASSWORD,
      SEED_DEMO_SURVEYS: 'true',
    },
    {
      logStream: { write: (line: string) => lines.push(line) },
      extend(app) {
        // A statement that fails with a person's data in its parameters, as a bug in a route would.
        app.get('/test/failing-query', async () => {
          // PostgreSQL names the value in its own message too: invalid input syntax for type integer: "…".
          await app.database.db.execute(sql`select ${'private.person@example.org'}::int as wrong`);
          return { ok: true };
        });
      },
    },
  );
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/v2/login', payload: { email, password } });

describe('production defaults', () => {
  it('creates no demo account: the published demo password opens nothing', async () => {
    for (const account of Object.values(demoAccounts)) {
      expect((await signIn(account.email, DEMO_PASSWORD)).statusCode, account.email).toBe(401);
    }
    const surveys = await t.app.database.executeSql('select count(*)::int as n from surveys');
    expect(surveys.rows[0]?.n).toBe(0);
  });

  it('creates the first Super Admin from the environment, and never logs its password', async () => {
    const response = await signIn('owner@example.org', SUPER_ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v2/profile',
      headers: { cookie: response.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(profile.json().data.platform.roleName).toBe('Super Admin');
    expect(profile.json().data.mustAcceptTerms).toBe(true);
    expect(lines.join('\n')).not.toContain(SUPER_ADMIN_PASSWORD);
  });

  it('sets Secure cookies and sends HSTS, even behind a plain-http public address', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v2/soft-register' });
    expect(response.cookies.length).toBeGreaterThan(0);
    for (const cookie of response.cookies) expect(cookie.secure, cookie.name).toBe(true);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    // Signing in adds the device cookie (decision 005), Secure as the session cookies are.
    const signedIn = await signIn('owner@example.org', SUPER_ADMIN_PASSWORD);
    expect(signedIn.cookies.map((c) => c.name)).toContain('tv_device');
    for (const cookie of signedIn.cookies) expect(cookie.secure, cookie.name).toBe(true);
  });

  it('keeps the access cookie as long as the token in it, and the refresh cookie 30 days', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v2/soft-register' });
    const maxAge = Object.fromEntries(response.cookies.map((c) => [c.name, c.maxAge]));
    expect(maxAge.tv_access).toBe(15 * 60);
    expect(maxAge.tv_refresh).toBe(30 * 86_400);
  });

  it('logs a failed query without its parameters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('private.person');
    const logged = lines.filter((line) => line.includes('request failed'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('select $1::int as wrong');
    expect(logged[0]).toContain('[not logged]');
    expect(logged[0]).not.toContain('private.person@example.org');
  });
});

describe('the error serializer', () => {
  it('drops parameters from the message, the stack, the fields and the cause', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: 'Key (email)=(someone@example.org) already exists.',
      constraint: 'users_email',
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into users (email) values ($1)\nparams: someone@example.org,Line one\nline two',
      ),
      {
        params: ['someone@example.org', 'Line one\nline two'],
        query: 'insert into users (email) values ($1)',
        cause,
      },
    );
    const text = JSON.stringify(safeErrorSerializer(error));
    expect(text).not.toContain('someone@example.org');
    expect(text).not.toContain('line two');
    expect(text).toContain('insert into users (email) values ($1)');
    expect(text).toContain('users_email');
    expect(text).toContain('23505');
  });
});

describe('outside production', () => {
  it('keeps plain cookies and no HSTS on a plain-http address', async () => {
    const dev = await createTestApp({}, { seed: false });
    try {
      const response = await dev.app.inject({ method: 'POST', url: '/v2/soft-register' });
      for (const cookie of response.cookies) expect(cookie.secure, cookie.name).toBeFalsy();
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await dev.close();
    }
  });
});
