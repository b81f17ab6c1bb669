import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { RootErrorScreen } from '../app/error-screen/error-screen';
import { AppLayout } from '../app/layouts/app-layout';
import { rootBeforeLoad } from '../app/root-before-load';
import { layoutFor, navFor } from '../app/route-meta';
import { NewVersionNotifier } from '../features/platform/components/new-version-notifier';
import { PlatformStatusWatcher } from '../features/platform/components/platform-status-watcher';
import { isUuid } from '../lib/uuid';

export interface RouterContext {
  queryClient: QueryClient;
}

interface RootSearch {
  /** Pre-selects an organisation (spec §2); anything but a uuid is ignored. */
  selectedOrganizationId?: string;
}

function RootComponent() {
  const layout = useRouterState({ select: (state) => layoutFor(state.matches) });
  const nav = useRouterState({ select: (state) => navFor(state.matches) });
  return (
    <>
      <AppLayout layout={layout} nav={nav}>
        <Outlet />
      </AppLayout>
      <NewVersionNotifier />
      <PlatformStatusWatcher />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  validateSearch: (search: Record<string, unknown>): RootSearch =>
    isUuid(search.selectedOrganizationId) ? { selectedOrganizationId: search.selectedOrganizationId } : {},
  beforeLoad: ({ location, matches, preload, search, context }) =>
    rootBeforeLoad({
      location,
      matches,
      preload,
      selectedOrganizationId: search.selectedOrganizationId,
      queryClient: context.queryClient,
    }),
  component: RootComponent,
  errorComponent: RootErrorScreen,
});
