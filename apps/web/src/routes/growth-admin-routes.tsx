import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { rootRoute } from './root';

/** Contact, sales and newsletter leads from the public site (leads~view). */
export const adminLeadsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/leads',
  staticData: { layout: 'default', title: 'Leads', middleware: ['auth', 'admin'] },
  component: lazyScreen(() => import('../features/leads/components/leads-screen'), 'LeadsScreen'),
});

/** The Super Admin's switches for the public site's third-party scripts. */
export const adminFeatureFlagsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/feature-flags',
  staticData: { layout: 'default', title: 'Feature flags', middleware: ['auth', 'admin'] },
  component: lazyScreen(
    () => import('../features/feature-flags/components/feature-flags-screen'),
    'FeatureFlagsScreen',
  ),
});

export const growthAdminRoutes = [adminLeadsRoute, adminFeatureFlagsRoute];
