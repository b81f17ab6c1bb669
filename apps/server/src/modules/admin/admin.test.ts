import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';

let t: TestApp;
let sofia: CookieJar; // Super Admin
let marcus: CookieJar; // Platform Admin
beforeAll(async () => {
  t = await createTestApp();
  [sofia, marcus] = await Promise.all([
    signIn(t.app, demoAccounts.superAdmin.email),
    signIn(t.app, demoAccounts.platformAdmin.email),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const call = (jar: CookieJar, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: jar.header }, ...(payload ? { payload } : {}) });

describe('admin users', () => {
  it('searches and pages registered users with their organisations', async () => {
    const all = (await call(marcus, 'GET', '/v2/admin/users?pageSize=3')).json();
    expect(all.meta).toEqual({ page: 1, pageSize: 3, total: 7 });
    expect(all.data).toHaveLength(3);
    const found = (await call(marcus, 'GET', '/v2/admin/users?search=priya')).json();
    expect(found.data).toEqual([
      expect.objectContaining({
        email: demoAccounts.northsideAdmin.email,
        organizations: [
          expect.objectContaining({ name: 'Northside Youth Trust', roleName: 'Organization Admin' }),
        ],
      }),
    ]);
    const byFullName = (await call(marcus, 'GET', '/v2/admin/users?search=Priya%20Shah')).json();
    expect(byFullName.meta.total).toBe(1);
  });

  it('lets a super admin create a staff user, who is mailed a link to set a password', async () => {
    const res = await call(sofia, 'POST', '/v2/admin/users', {
      firstName: 'Lena',
      lastName: 'Fischer',
      email: 'lena@teenvoice.test',
      platformRoleName: 'Platform Survey Moderator',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'lena@teenvoice.test',
      platformRoleName: 'Platform Survey Moderator',
    });
    const [mail] = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toEmail, 'lena@teenvoice.test'));
    expect(mail?.template).toBe('account/password-reset');
    expect(
      (
        await call(sofia, 'POST', '/v2/admin/users', {
          firstName: 'A',
          lastName: 'B',
          email: 'lena@teenvoice.test',
          platformRoleName: null,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('does not let a platform admin manage platform users', async () => {
    const res = await call(marcus, 'POST', '/v2/admin/users', {
      firstName: 'A',
      lastName: 'B',
      email: 'ab@example.org',
      platformRoleName: null,
    });
    expect(res.statusCode).toBe(403);
  });

  it('edits and deletes a user, but not yourself', async () => {
    const lena = (await call(sofia, 'GET', '/v2/admin/users?search=lena')).json().data[0];
    const edited = await call(sofia, 'PUT', `/v2/admin/users/${lena.id}`, {
      firstName: 'Lena',
      lastName: 'Fischer-Wood',
      email: 'lena@teenvoice.test',
      platformRoleName: 'Platform Admin',
    });
    expect(edited.json().data).toMatchObject({
      lastName: 'Fischer-Wood',
      platformRoleName: 'Platform Admin',
    });
    expect((await call(sofia, 'DELETE', `/v2/admin/users/${lena.id}`)).statusCode).toBe(200);
    expect((await call(sofia, 'DELETE', `/v2/admin/users/${lena.id}`)).statusCode).toBe(404);
    const me = (await call(sofia, 'GET', '/v2/admin/users?search=super@')).json().data[0];
    expect((await call(sofia, 'DELETE', `/v2/admin/users/${me.id}`)).statusCode).toBe(409);
  });
});

describe('admin organisations', () => {
  it('creates, searches, renames and deletes an organisation', async () => {
    const created = await call(marcus, 'POST', '/v2/admin/organizations', {
      name: 'Riverside Health Partnership',
    });
    expect(created.json().data).toMatchObject({ name: 'Riverside Health Partnership', memberCount: 0 });
    const id = created.json().data.id;
    const found = (await call(marcus, 'GET', '/v2/admin/organizations?search=riverside')).json();
    expect(found.data.map((o: { id: string }) => o.id)).toEqual([id]);
    const renamed = await call(marcus, 'PUT', `/v2/admin/organizations/${id}`, { name: 'Riverside Health' });
    expect(renamed.json().data.name).toBe('Riverside Health');
    const tooShort = await call(marcus, 'PUT', `/v2/admin/organizations/${id}`, { name: 'RH' });
    expect(tooShort.json().data.fields.name).toEqual([
      'Organization Name should be at least 3 characters long',
    ]);
    expect((await call(marcus, 'DELETE', `/v2/admin/organizations/${id}`)).statusCode).toBe(200);
    expect((await call(marcus, 'GET', '/v2/admin/organizations')).json().meta.total).toBe(2);
  });

  it('counts members', async () => {
    const list = (await call(marcus, 'GET', '/v2/admin/organizations')).json().data;
    expect(list).toEqual([
      expect.objectContaining({ name: 'BrightPath Learning', memberCount: 2 }),
      expect.objectContaining({ name: 'Northside Youth Trust', memberCount: 2 }),
    ]);
  });
});
