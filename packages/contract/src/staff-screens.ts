import type { PlatformPermission } from './permissions';

/**
 * The staff screens of the account menu, each with the one platform permission that opens it: the
 * permission the server's route behind the screen checks (`api`, tested in the server's
 * staff-screens.test.ts), the route's middleware checks (the web's 'admin' middleware) and the menus
 * show the item for. `null`: any platform staff member (the mail preview is open outside production).
 */
export const staffScreens = [
  { path: '/research/builder/admin/surveys', permission: 'surveys~view', api: '/v2/admin/surveys' },
  { path: '/research/builder/admin/users', permission: 'platform_users~view', api: '/v2/admin/users' },
  { path: '/research/builder/admin/organizations', permission: 'orgs~view', api: '/v2/admin/organizations' },
  { path: '/research/builder/admin/incidents', permission: 'surveys~moderate', api: '/v2/admin/incidents' },
  { path: '/research/builder/admin/content', permission: 'content~view', api: '/v2/admin/content/article' },
  {
    path: '/research/builder/admin/shop/products',
    permission: 'commerce~view',
    api: '/v2/admin/commerce/products',
  },
  { path: '/research/builder/admin/leads', permission: 'leads~view', api: '/v2/admin/leads' },
  {
    path: '/research/builder/admin/feature-flags',
    permission: 'platform_users~manage',
    api: '/v2/admin/feature-flags',
  },
  { path: '/mail/outbox', permission: 'mail~read', api: '/v2/admin/mailbox' },
  { path: '/mail/preview', permission: null, api: '/v2/mail/templates' },
] as const satisfies readonly { path: string; permission: PlatformPermission | null; api: string }[];

export type StaffScreenPath = (typeof staffScreens)[number]['path'];

/** The permission a staff screen needs; undefined for a path that is not a staff screen. */
export function staffScreenPermission(path: string): PlatformPermission | null | undefined {
  return staffScreens.find((screen) => screen.path === path)?.permission;
}

/** Whether someone holding these platform permissions may open the staff screen at this path. */
export function mayOpenStaffScreen(path: string, permissions: readonly string[]): boolean {
  const permission = staffScreenPermission(path);
  return permission === undefined || permission === null || permissions.includes(permission);
}
