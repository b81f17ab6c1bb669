import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { incidentsSearch } from '../features/safeguarding/utils/incidents-search';
import { rootRoute } from './root';

/**
 * The safeguarding queues (incidents and possible concerns) raised from teens' open answers, for
 * platform moderators. The queue, status, filters and page live in the URL, so a link shows the view.
 */
export const incidentsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/incidents',
  staticData: { layout: 'default', title: 'Safeguarding incidents', middleware: ['auth', 'admin'] },
  validateSearch: incidentsSearch,
  component: lazyScreen(
    () => import('../features/safeguarding/components/incidents-screen'),
    'IncidentsScreen',
  ),
});

export const adminSafeguardingRoutes = [incidentsRoute];
