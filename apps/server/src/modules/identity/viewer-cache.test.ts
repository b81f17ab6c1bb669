import { ORGANIZATION_HEADER } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/session';
import type { Viewer } from './viewer';
import {
  cachedViewer,
  invalidateAllViewers,
  invalidateSession,
  invalidateUser,
  storeViewer,
  VIEWER_CACHE_MS,
} from './viewer-cache';

const viewerOf = (userId: string, sessionId: string) =>
  ({ user: { id: userId }, sessionId, memberships: [], platformPermissions: [] }) as unknown as Viewer;

describe('the viewer cache', () => {
  // Far from the module's own Date.now() marks, so only these tests' clocks count.
  const t0 = 10 * 365 * 24 * 3600 * 1000 + Date.now();

  it('keeps a viewer for its session and user, until it is too old', () => {
    const viewer = viewerOf('user-a', 'session-a');
    storeViewer(viewer, t0, t0);
    expect(cachedViewer('session-a', 'user-a', t0 + 1)).toBe(viewer);
    // A token naming another user for the same session never gets this viewer.
    expect(cachedViewer('session-a', 'user-b', t0 + 1)).toBeNull();
    storeViewer(viewer, t0, t0);
    expect(cachedViewer('session-a', 'user-a', t0 + VIEWER_CACHE_MS)).toBeNull();
  });

  it('drops a user, a session or everyone at once', () => {
    const first = viewerOf('user-c', 'session-c1');
    const second = viewerOf('user-c', 'session-c2');
    const other = viewerOf('user-d', 'session-d');
    for (const viewer of [first, second, other]) storeViewer(viewer, t0, t0);
    invalidateUser('user-c', t0 + 1);
    expect(cachedViewer('session-c1', 'user-c', t0 + 2)).toBeNull();
    expect(cachedViewer('session-c2', 'user-c', t0 + 2)).toBeNull();
    expect(cachedViewer('session-d', 'user-d', t0 + 2)).toBe(other);

    invalidateSession('session-d', t0 + 3);
    expect(cachedViewer('session-d', 'user-d', t0 + 4)).toBeNull();

    const later = viewerOf('user-e', 'session-e');
    storeViewer(later, t0, t0);
    invalidateAllViewers(t0 + 5);
    expect(cachedViewer('session-e', 'user-e', t0 + 6)).toBeNull();
  });

  it('does not keep a viewer read while a change to it may not have committed yet', () => {
    const viewer = viewerOf('user-f', 'session-f');
    invalidateUser('user-f', t0 + 100);
    // Read before the change, or less than the quiet second after it: possibly the old data.
    storeViewer(viewer, t0 + 50, t0 + 200);
    expect(cachedViewer('session-f', 'user-f', t0 + 201)).toBeNull();
    storeViewer(viewer, t0 + 900, t0 + 950);
    expect(cachedViewer('session-f', 'user-f', t0 + 951)).toBeNull();
    // Read well after it: kept.
    storeViewer(viewer, t0 + 1_200, t0 + 1_250);
    expect(cachedViewer('session-f', 'user-f', t0 + 1_251)).toBe(viewer);

    const revoked = viewerOf('user-g', 'session-g');
    invalidateSession('session-g', t0 + 100);
    storeViewer(revoked, t0 + 50, t0 + 200);
    expect(cachedViewer('session-g', 'user-g', t0 + 201)).toBeNull();
  });
});

describe('cached viewers lose access at once on this server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  it('refuses the access token of a session that signed out', async () => {
    const jar = await signIn(t.app, demoAccounts.moderator.email);
    const cookie = jar.header;
    // Twice, so the second answer comes from the cache.
    expect((await get('/v2/profile', cookie)).statusCode).toBe(200);
    expect((await get('/v2/profile', cookie)).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'DELETE', url: '/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);

    // The same, still unexpired access token.
    const after = await get('/v2/profile', cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_ENDED');
  });

  it('applies a removed platform role to the next request', async () => {
    const staff = await signIn(t.app, demoAccounts.platformAdmin.email);
    const before = await get('/v2/profile', staff.header);
    expect(before.json().data.platform.roleName).toBe('Platform Admin');
    expect((await get('/v2/admin/users', staff.header)).statusCode).toBe(200);

    const superAdmin = await signIn(t.app, demoAccounts.superAdmin.email);
    const { id } = before.json().data;
    const change = await t.app.inject({
      method: 'PUT',
      url: `/v2/admin/users/${id}`,
      headers: { cookie: superAdmin.header },
      payload: {
        email: demoAccounts.platformAdmin.email,
        firstName: demoAccounts.platformAdmin.firstName,
        lastName: demoAccounts.platformAdmin.lastName,
        platformRoleName: null,
      },
    });
    expect(change.statusCode).toBe(200);

    const after = await get('/v2/profile', staff.header);
    expect(after.json().data.platform).toEqual({ roleName: null, permissions: [] });
    expect((await get('/v2/admin/users', staff.header)).statusCode).toBe(403);
  });

  it('applies a removed membership to the next request', async () => {
    const organization = { [ORGANIZATION_HEADER]: demoOrganizations.northside.id };
    const member = await signIn(t.app, demoAccounts.northsideMember.email);
    expect((await get('/v2/organization/members', member.header, organization)).statusCode).toBe(200);
    const { id } = (await get('/v2/profile', member.header)).json().data;

    const admin = await signIn(t.app, demoAccounts.northsideAdmin.email);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/v2/organization/members/${id}`,
      headers: { cookie: admin.header, ...organization },
    });
    expect(removal.statusCode).toBe(200);

    expect((await get('/v2/organization/members', member.header, organization)).statusCode).toBe(403);
    expect((await get('/v2/profile', member.header)).json().data.organizations).toEqual([]);
  });

  it('shows a changed name on the next profile read', async () => {
    const jar = await signIn(t.app, demoAccounts.brightpathAdmin.email);
    expect((await get('/v2/profile', jar.header)).json().data.firstName).toBe('Sam');
    const update = await t.app.inject({
      method: 'PUT',
      url: '/v2/profile',
      headers: { cookie: jar.header },
      payload: {
        firstName: 'Samira',
        lastName: demoAccounts.brightpathAdmin.lastName,
        email: demoAccounts.brightpathAdmin.email,
      },
    });
    expect(update.statusCode).toBe(200);
    expect((await get('/v2/profile', jar.header)).json().data.firstName).toBe('Samira');
  });
});
