import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routes/route-tree';
import { NotFoundScreen, RouteErrorScreen } from './error-screen/error-screen';
import { wireNavigationEffects } from './navigation/navigation-effects';
import { wireThirdPartyBoundary } from './navigation/third-party-boundary';

export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundScreen,
    defaultErrorComponent: RouteErrorScreen,
    // Scrolling is ours (per-route opt-out, smooth hash, instant top); a false answer turns the router's off.
    scrollRestoration: () => false,
    ...(options.history ? { history: options.history } : {}),
  });
  // Titles, page views, scrolling and the third-party boundary belong to a browser; the server renderer
  // has none of them.
  if (typeof window !== 'undefined') {
    wireNavigationEffects(router);
    wireThirdPartyBoundary(router);
  }
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
