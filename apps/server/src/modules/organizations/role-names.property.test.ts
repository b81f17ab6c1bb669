import { ORGANIZATION_HEADER } from '@tv/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, cookieJar, signIn } from '../../test/session';

/**
 * Organisation roles are free text (spec §6): whatever name an admin gives a member's role, that
 * member can still sign in and use the product. Names that are keys of every plain object came first:
 * once, a role of `toString` made each of the member's requests, sign-in included, answer 500.
 */

const prototypeKeys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const roleName = fc.oneof(
  fc.constantFrom(...prototypeKeys, 'Organization Admin', 'Researcher', 'Viewer', 'Super Admin', '   '),
  fc.string({ maxLength: 70 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const northside = demoOrganizations.northside.id;
let t: TestApp;
let admin: CookieJar;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.northsideAdmin.email);
  const members = await t.app.inject({
    method: 'GET',
    url: '/v2/organization/members',
    headers: { cookie: admin.header, [ORGANIZATION_HEADER]: northside },
  });
  memberId = members
    .json()
    .data.members.find((m: { email: string }) => m.email === demoAccounts.northsideMember.email).id;
});
afterAll(async () => {
  await t?.close();
});

describe('any role name an admin gives', () => {
  it('never answers the member, or the admin, with a server error', async () => {
    await fc.assert(
      fc.asyncProperty(roleName, async (name) => {
        const changed = await t.app.inject({
          method: 'PUT',
          url: `/v2/organization/members/${memberId}`,
          headers: { cookie: admin.header, [ORGANIZATION_HEADER]: northside },
          payload: { roleName: name },
        });
        expect([200, 400]).toContain(changed.statusCode);

        const member = cookieJar();
        const signedIn = member.take(
          await t.app.inject({
            method: 'POST',
            url: '/v2/login',
            payload: { email: demoAccounts.northsideMember.email, password: DEMO_PASSWORD },
          }),
        );
        expect(signedIn.statusCode).toBe(200);
        const profile = await t.app.inject({
          method: 'GET',
          url: '/v2/profile',
          headers: { cookie: member.header },
        });
        expect(profile.statusCode).toBe(200);
        const organization = await t.app.inject({
          method: 'GET',
          url: '/organization',
          headers: { cookie: member.header, [ORGANIZATION_HEADER]: northside },
        });
        expect(organization.statusCode).toBe(200);
        const members = await t.app.inject({
          method: 'GET',
          url: '/v2/organization/members',
          headers: { cookie: admin.header, [ORGANIZATION_HEADER]: northside },
        });
        expect(members.statusCode).toBe(200);
      }),
      { numRuns: 40, seed: 20_261_201, examples: prototypeKeys.map((key) => [key]) },
    );
  }, 120_000);
});
