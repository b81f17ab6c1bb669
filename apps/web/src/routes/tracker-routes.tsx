import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { isUuid } from '../lib/uuid';
import { rootRoute } from './root';

/** Trackers (decision 032): the organisation's list, and one tracker with its waves and comparison. */
export const trackersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/trackers',
  staticData: {
    layout: 'default',
    title: 'Trackers',
    middleware: ['auth', 'selected-organization'],
  },
  component: lazyScreen(() => import('../features/trackers/components/trackers-screen'), 'TrackersScreen'),
});

export const trackerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/trackers/$trackerId',
  staticData: {
    layout: 'default',
    title: 'Tracker',
    middleware: ['auth', 'selected-organization'],
    isValid: (params: Record<string, string>) => isUuid(params.trackerId),
  },
  // The compared question lives in the URL, so a shared link opens the same comparison.
  validateSearch: (search: Record<string, unknown>): { question?: string } =>
    typeof search.question === 'string' && search.question.length <= 200 ? { question: search.question } : {},
  component: lazyScreen(() => import('../features/trackers/components/tracker-page'), 'TrackerPage'),
});

export const trackerRoutes = [trackersRoute, trackerRoute];
