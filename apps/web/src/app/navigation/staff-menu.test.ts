import { mayOpenStaffScreen, platformRolePermissions, staffScreens } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { linksFor, platformLinks } from '../../features/session/components/account-links';
import { routeTree } from '../../routes/route-tree';

interface RouteNode {
  options?: { path?: string; staticData?: { middleware?: readonly string[] } };
  children?: RouteNode[] | Record<string, RouteNode>;
}

/** Every route of the app by its full path, with the middleware it runs. */
function routesByPath(node: RouteNode, parent = '', found = new Map<string, readonly string[]>()) {
  const segment = node.options?.path?.replace(/^\/|\/$/g, '');
  const path = segment ? `${parent}/${segment}` : parent;
  if (segment) found.set(path, node.options?.staticData?.middleware ?? []);
  const children = Array.isArray(node.children) ? node.children : Object.values(node.children ?? {});
  for (const child of children) routesByPath(child, path, found);
  return found;
}

describe('menus show only what the person may open', () => {
  const routes = routesByPath(routeTree as unknown as RouteNode);

  it('every staff link is a route that checks the same permission the menu shows it for', () => {
    for (const link of platformLinks) {
      const screen = staffScreens.find((s) => s.path === link.to);
      expect(screen, link.to).toBeDefined();
      expect(link.permission ?? null, link.to).toBe(screen!.permission);
      expect(routes.has(link.to), `${link.to} is a route`).toBe(true);
      if (screen!.permission !== null) {
        // The 'admin' middleware refuses a screen whose permission the person lacks (route-middleware.ts).
        expect(routes.get(link.to), link.to).toContain('admin');
      }
    }
  });

  for (const [role, permissions] of Object.entries(platformRolePermissions)) {
    it(`a ${role}'s menu holds only screens the role may open, and every one of them`, () => {
      const shown = linksFor(platformLinks, permissions).map((link) => link.to);
      for (const to of shown) expect(mayOpenStaffScreen(to, permissions), `${role}: ${to}`).toBe(true);
      const openable = platformLinks.filter((link) => mayOpenStaffScreen(link.to, permissions));
      expect(shown).toEqual(openable.map((link) => link.to));
    });
  }

  it('a Platform Admin sees no Feature flags item and a Super Admin does', () => {
    const labels = (role: keyof typeof platformRolePermissions) =>
      linksFor(platformLinks, platformRolePermissions[role]).map((link) => link.label);
    expect(labels('Platform Admin')).not.toContain('Feature flags');
    expect(labels('Platform Admin')).not.toContain('Mail outbox');
    expect(labels('Super Admin')).toContain('Feature flags');
    expect(labels('Platform Survey Moderator')).not.toContain('Leads');
  });
});
