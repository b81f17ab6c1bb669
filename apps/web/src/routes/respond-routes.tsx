import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../app/lazy-screen';
import { isUuid } from '../lib/uuid';
import { rootRoute } from './root';

/** The public survey link teens open: no sign-in, no middleware, nothing stored about them. */
export const respondRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 's/$surveyId',
  staticData: {
    layout: 'mobile-scrollable',
    title: 'Survey',
    // Respondents see surveys in light mode, exactly as the builder's preview shows them.
    colorMode: 'light',
    nav: 'respondent',
    isValid: (params) => isUuid(params.surveyId),
  },
  component: lazyScreen(
    () => import('../features/respondent/components/respondent-screen'),
    'RespondentScreen',
  ),
});

export const respondRoutes = [respondRoute];
