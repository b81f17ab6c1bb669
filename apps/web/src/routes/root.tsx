import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { isMarketingPage } from '@tv/contract/marketing-pages';
import { RootErrorScreen } from '../app/error-screen/error-screen';
import { useBrowserStateReady } from '../app/hydration';
import { AppLayout } from '../app/layouts/app-layout';
import { rootBeforeLoad } from '../app/root-before-load';
import { layoutFor, navFor } from '../app/route-meta';
import { ConsentHost } from '../features/consent/components/consent-host';
import { LibraryDialogHost } from '../features/leads/components/library-dialog-host';
import { SalesDialogHost } from '../features/leads/components/sales-dialog-host';
import { NewVersionNotifier } from '../features/platform/components/new-version-notifier';
import { PlatformStatusWatcher } from '../features/platform/components/platform-status-watcher';
import { TermsAcceptanceGate } from '../features/terms-acceptance/components/terms-acceptance-gate';
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
  const respondentPage = useRouterState({
    select: (state) => nav === 'respondent' || /^\/s(\/|$)/.test(state.location.pathname),
  });
  // Third-party scripts load on public marketing pages alone (decision 012, revisited).
  const marketingPage = useRouterState({ select: (state) => isMarketingPage(state.location.pathname) });
  const browserReady = useBrowserStateReady();
  return (
    <>
      <AppLayout layout={layout} nav={nav}>
        <Outlet />
      </AppLayout>
      <NewVersionNotifier />
      <PlatformStatusWatcher />
      <ConsentHost
        showBanner={layout === 'marketing' && !respondentPage}
        allowThirdPartyScripts={marketingPage && !respondentPage}
      />
      {respondentPage ? null : <SalesDialogHost />}
      {respondentPage ? null : <LibraryDialogHost />}
      <TermsAcceptanceGate respondentPage={respondentPage} browserReady={browserReady} />
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
