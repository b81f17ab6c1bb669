import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';

let t: TestApp;
let superAdmin: CookieJar;
let platformAdmin: CookieJar;
let member: CookieJar;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signIn(t.app, demoAccounts.superAdmin.email);
  platformAdmin = await signIn(t.app, demoAccounts.platformAdmin.email);
  member = await signIn(t.app, demoAccounts.northsideMember.email);
});
afterAll(async () => {
  await t?.close();
});

const put = (key: string, payload: object, jar = superAdmin) =>
  t.app.inject({
    method: 'PUT',
    url: `/v2/admin/feature-flags/${key}`,
    payload,
    headers: { cookie: jar.header },
  });
const enabledFlags = async () =>
  (await t.app.inject({ method: 'GET', url: '/v2/platform/feature-flags' })).json().data;
const cspOf = async (url: string) =>
  String(
    (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).headers[
      'content-security-policy'
    ],
  );
const directive = (csp: string, name: string) =>
  csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';

describe('feature flags', () => {
  it('starts with both flags off, and the public list says so', async () => {
    expect(await enabledFlags()).toEqual({ analytics_tag_manager: null, marketing_automation: null });
    const list = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/feature-flags',
      headers: { cookie: superAdmin.header },
    });
    expect(list.json().data.map((f: { key: string; enabled: boolean }) => [f.key, f.enabled])).toEqual([
      ['analytics_tag_manager', false],
      ['marketing_automation', false],
    ]);
  });

  it('is for the Super Admin only', async () => {
    expect((await put('analytics_tag_manager', { enabled: false }, platformAdmin)).statusCode).toBe(403);
    expect((await put('analytics_tag_manager', { enabled: false }, member)).statusCode).toBe(403);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/v2/admin/feature-flags/marketing_automation',
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('checks settings in plain words and changes nothing when they are wrong', async () => {
    const cases: [string, object, string][] = [
      [
        'analytics_tag_manager',
        { enabled: true, settings: {} },
        'Enter the container ID, such as GTM-ABC1234',
      ],
      [
        'analytics_tag_manager',
        { enabled: true, settings: { containerId: 'UA-1234' } },
        'Container ID must look like',
      ],
      [
        'analytics_tag_manager',
        { enabled: true, settings: { containerId: 'GTM-ABC1234', scriptOrigin: 'http://evil.example' } },
        'Script origin must start with https://',
      ],
      [
        'analytics_tag_manager',
        { enabled: true, settings: { containerId: 'GTM-ABC1234', scriptOrigin: 'https://x.example/path' } },
        'origin only',
      ],
      [
        'marketing_automation',
        { enabled: true, settings: { scriptUrl: 'javascript:alert(1)' } },
        'Script address',
      ],
      ['marketing_automation', { enabled: true, settings: { colour: 'red' } }, 'not a setting'],
    ];
    for (const [key, payload, message] of cases) {
      const res = await put(key, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await put('unknown_flag', { enabled: true })).statusCode).toBe(404);
    expect((await put('analytics_tag_manager', { enabled: 'yes' })).statusCode).toBe(400);
    expect(await enabledFlags()).toEqual({ analytics_tag_manager: null, marketing_automation: null });
  });

  it('allows a local http origin outside production only', async () => {
    const res = await put('analytics_tag_manager', {
      enabled: false,
      settings: { containerId: 'GTM-LOCAL01', scriptOrigin: 'http://127.0.0.1:4555' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toEqual({
      containerId: 'GTM-LOCAL01',
      scriptOrigin: 'http://127.0.0.1:4555',
    });
  });

  it('adds only an enabled flag’s origin to the CSP, never on respondent pages', async () => {
    const before = await cspOf('/');
    expect(directive(before, 'script-src')).not.toContain('googletagmanager');

    const on = await put('analytics_tag_manager', {
      enabled: true,
      settings: { containerId: 'GTM-ABC1234', scriptOrigin: 'https://www.googletagmanager.com' },
    });
    expect(on.statusCode).toBe(200);
    await put('marketing_automation', {
      enabled: true,
      settings: { scriptUrl: 'https://forms.example.com/f.js' },
    });
    expect(await enabledFlags()).toEqual({
      analytics_tag_manager: { containerId: 'GTM-ABC1234', scriptOrigin: 'https://www.googletagmanager.com' },
      marketing_automation: { scriptUrl: 'https://forms.example.com/f.js' },
    });

    const page = await cspOf('/research');
    expect(directive(page, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(page, 'script-src')).toContain('https://forms.example.com');
    expect(directive(page, 'connect-src')).toContain('https://www.googletagmanager.com');
    expect(directive(page, 'default-src')).toBe("default-src 'self'");

    for (const url of ['/s/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b', '/s']) {
      const respondent = await cspOf(url);
      expect(respondent, url).not.toContain('googletagmanager');
      expect(respondent, url).not.toContain('forms.example.com');
    }

    await put('analytics_tag_manager', { enabled: false, settings: { containerId: 'GTM-ABC1234' } });
    await put('marketing_automation', { enabled: false });
    const after = await cspOf('/research');
    expect(after).not.toContain('googletagmanager');
    expect(after).not.toContain('forms.example.com');
    expect(await enabledFlags()).toEqual({ analytics_tag_manager: null, marketing_automation: null });
  });
});

describe('feature flags in production', () => {
  it('refuses plain http script origins', async () => {
    // Production has no demo accounts: its Super Admin comes from the environment.
    const prod = await createTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      SUPER_ADMIN_EMAIL: 'owner@example.org',
      SUPER_ADMIN_PASSWORD: 'owner-passphrase-1',
    });
    try {
      const jar = await signIn(prod.app, 'owner@example.org', 'owner-passphrase-1');
      const res = await prod.app.inject({
        method: 'PUT',
        url: '/v2/admin/feature-flags/analytics_tag_manager',
        headers: { cookie: jar.header },
        payload: {
          enabled: true,
          settings: { containerId: 'GTM-ABC1234', scriptOrigin: 'http://127.0.0.1:4555' },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Script origin must start with https://');
    } finally {
      await prod.close();
    }
  });
});
