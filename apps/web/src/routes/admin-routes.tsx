import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { listSearch } from './account-routes';
import { rootRoute } from './root';

export const adminUsersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/users',
  staticData: { layout: 'default', title: 'Users', middleware: ['auth', 'admin'] },
  validateSearch: listSearch,
  component: lazyScreen(
    () => import('../features/admin-users/components/admin-users-screen'),
    'AdminUsersScreen',
  ),
});

export const adminOrganizationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/organizations',
  staticData: { layout: 'default', title: 'Organizations', middleware: ['auth', 'admin'] },
  validateSearch: listSearch,
  component: lazyScreen(
    () => import('../features/admin-organizations/components/admin-organizations-screen'),
    'AdminOrganizationsScreen',
  ),
});

export const adminRoutes = [adminUsersRoute, adminOrganizationsRoute];
