import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { rootRoute } from './root';

/**
 * A results report shared by a read-only link (decision 031): no sign-in and no middleware, the brand
 * alone in the top bar, and no third-party script (the token is in the address).
 */
export const sharedResultsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'shared/results/$token',
  staticData: {
    layout: 'default-scrollable',
    title: 'Shared results',
    nav: 'respondent',
    isValid: (params) => /^[A-Za-z0-9_-]{1,200}$/.test(params.token ?? ''),
  },
  component: lazyScreen(
    () => import('../features/results/components/shared-report-screen'),
    'SharedReportScreen',
  ),
});

export const sharingRoutes = [sharedResultsRoute];
