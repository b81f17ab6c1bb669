import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirects } from '../../db/schema/platform';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { seedDemoData } from '../../db/seed/index';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
});
afterAll(async () => {
  await t?.close();
});

describe('health and readiness', () => {
  it('answers /healthz without touching the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with the database and job queue checks', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: true, jobs: true } });
  });
});

describe('redirect table', () => {
  const resolve = async (path: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/v2/redirects/resolve?path=${encodeURIComponent(path)}` })
    ).json();

  it.each([
    ['/features', '/products'],
    ['/insights', '/research'],
    ['/research/reports/', '/research'],
    ['/research/articles/', '/research'],
    ['/research-survey-builder', '/research/builder'],
    ['/reports/teen-wellbeing-2026', '/research/reports/teen-wellbeing-2026'],
    ['/insights/screen-time', '/research/articles/screen-time'],
  ])('sends the placeholder %s to %s', async (path, target) => {
    expect(await resolve(path)).toEqual({ data: { target, permanent: true } });
  });

  it('gives an absolute target for a page outside the app', async () => {
    expect(await resolve('/press')).toEqual({
      data: { target: `${t.config.publicUrl}/about-us`, permanent: false },
    });
  });

  it('answers null for a path without a rule', async () => {
    expect(await resolve('/research')).toEqual({ data: null });
    expect(await resolve('/reportsx/a')).toEqual({ data: null });
  });

  it('prefers the exact rule over a prefix and the longer prefix over the shorter', async () => {
    await t.app.database.db.insert(redirects).values([
      { source: '/reports/special', target: '/research', permanent: true },
      { source: '/reports/archive/*', target: '/research/archive/*', permanent: true },
    ]);
    expect(await resolve('/reports/special')).toEqual({ data: { target: '/research', permanent: true } });
    expect(await resolve('/reports/archive/2019')).toEqual({
      data: { target: '/research/archive/2019', permanent: true },
    });
  });

  it('rejects a path that is not a path, in words a person can act on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/redirects/resolve?path=features' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { fields: { path: [expect.any(String)] } },
    });
  });

  it('seeds idempotently: a second run changes nothing', async () => {
    const before = await t.app.database.db.select().from(redirects);
    await seedDemoData(t.app.database.db, t.config);
    const after = await t.app.database.db.select().from(redirects);
    expect(after).toEqual(before);
  });
});

describe('maintenance mode', () => {
  it('answers 503 on API calls while on, but keeps health and status open', async () => {
    await t.app.platformStatus.setMaintenance(true, 'Back at 10:00 UTC.');
    try {
      const status = await t.app.inject({ method: 'GET', url: '/v2/platform/status' });
      expect(status.json()).toEqual({
        data: { maintenance: true, maintenanceMessage: 'Back at 10:00 UTC.' },
      });
      const api = await t.app.inject({ method: 'GET', url: '/v2/redirects/resolve?path=/features' });
      expect(api.statusCode).toBe(503);
      expect(api.json()).toMatchObject({ code: 'MAINTENANCE', message: 'Back at 10:00 UTC.' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).statusCode,
      ).toBe(200);
    } finally {
      await t.app.platformStatus.setMaintenance(false);
    }
    const api = await t.app.inject({ method: 'GET', url: '/v2/redirects/resolve?path=/features' });
    expect(api.statusCode).toBe(200);
  });
});

describe('switching maintenance mode', () => {
  it('lets a Super Admin switch it on and off while everything else waits', async () => {
    const superAdmin = await signIn(t.app, demoAccounts.superAdmin.email);
    const platformAdmin = await signIn(t.app, demoAccounts.platformAdmin.email);
    const put = (cookie: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/v2/platform/maintenance', headers: { cookie }, payload });

    expect((await put(platformAdmin.header, { maintenance: true })).statusCode).toBe(403);
    const blank = await put(superAdmin.header, { maintenance: true, message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect((await t.app.platformStatus.getStatus()).maintenance).toBe(false);

    try {
      const on = await put(superAdmin.header, { maintenance: true, message: 'Back at 10:00 UTC.' });
      expect(on.json()).toEqual({ data: { maintenance: true, maintenanceMessage: 'Back at 10:00 UTC.' } });
      const api = await t.app.inject({ method: 'GET', url: '/v2/redirects/resolve?path=/features' });
      expect(api.statusCode).toBe(503);
      // The switch itself stays open, so maintenance can be ended.
      const off = await put(superAdmin.header, { maintenance: false });
      expect(off.json()).toEqual({ data: { maintenance: false, maintenanceMessage: null } });
    } finally {
      await t.app.platformStatus.setMaintenance(false);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/v2/redirects/resolve?path=/features' })).statusCode,
    ).toBe(200);
  });
});
