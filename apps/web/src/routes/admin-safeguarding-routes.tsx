import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { rootRoute } from './root';

/** Safeguarding incidents raised from teens' open answers, for platform moderators. */
export const incidentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/incidents',
  staticData: { layout: 'default', title: 'Safeguarding incidents', middleware: ['auth', 'admin'] },
  component: lazyScreen(
    () => import('../features/safeguarding/components/incidents-screen'),
    'IncidentsScreen',
  ),
});

export const adminSafeguardingRoutes = [incidentsRoute];
