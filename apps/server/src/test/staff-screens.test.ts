import { platformRolePermissions, staffScreens } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../db/seed/demo-accounts';
import { createTestApp, type TestApp } from './app';
import { type CookieJar, signIn } from './session';

/**
 * The menus show a staff screen for the permission in @tv/contract's staffScreens; this proves that the
 * server's call behind each screen checks exactly that permission, so no role sees a menu item that
 * only says "You don't have permission".
 */
let t: TestApp;
const staff: Record<string, CookieJar> = {};
const roleAccounts = {
  'Super Admin': demoAccounts.superAdmin.email,
  'Platform Admin': demoAccounts.platformAdmin.email,
  'Platform Survey Moderator': demoAccounts.moderator.email,
} as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, email] of Object.entries(roleAccounts)) staff[role] = await signIn(t.app, email);
});
afterAll(async () => {
  await t?.close();
});

describe('staff screens and the permission their call checks', () => {
  for (const [role, permissions] of Object.entries(platformRolePermissions)) {
    it(`a ${role} is let in exactly where the table says`, async () => {
      for (const screen of staffScreens) {
        const res = await t.app.inject({
          method: 'GET',
          url: screen.api,
          headers: { cookie: staff[role]!.header },
        });
        const mayOpen = screen.permission === null || permissions.includes(screen.permission);
        expect(res.statusCode === 403, `${role} ${screen.path} (${screen.api}): ${res.statusCode}`).toBe(
          !mayOpen,
        );
        if (mayOpen) expect(res.statusCode, `${role} ${screen.api}`).toBeLessThan(400);
      }
    });
  }
});
