import type { AnyRouter } from '@tanstack/react-router';
import {
  documentTitle,
  keepsScrollPosition,
  type MatchMeta,
  navigationErrorStatus,
  titleFor,
} from '../route-meta';
import { shouldRememberPath, useLastVisitedStore } from './last-visited-store';
import { schedulePageView } from './page-view';
import { scrollAfterNavigation } from './scroll-on-navigate';

/** A page whose loader knows its own title (an article, a report) uses it, as the server's HTML does. */
function loaderTitle(router: AnyRouter): string | undefined {
  for (const match of [...router.state.matches].reverse()) {
    const title = (match.loaderData as { meta?: { title?: string } } | undefined)?.meta?.title;
    if (title) return title;
  }
  return undefined;
}

/** The spec §2 navigation behaviours that follow every resolved navigation. */
export function wireNavigationEffects(router: AnyRouter): void {
  router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
    const matches = router.state.matches as readonly MatchMeta[];
    const status = navigationErrorStatus(matches);
    // The error screen sets its own '{status} - {message}' title.
    if (status === undefined) document.title = documentTitle(loaderTitle(router) ?? titleFor(matches));
    if (shouldRememberPath(status)) useLastVisitedStore.getState().remember(toLocation.pathname);
    // A lite page (decision 018) sent this page's page_view before the app started on it.
    const sentByLitePage = window.__tvPageViewSent === window.location.href;
    window.__tvPageViewSent = undefined;
    if (!sentByLitePage) {
      schedulePageView({ pathname: toLocation.pathname, href: window.location.href }, pathChanged);
    }
  });

  router.subscribe('onRendered', ({ toLocation, pathChanged }) => {
    scrollAfterNavigation(
      toLocation.hash,
      pathChanged,
      keepsScrollPosition(router.state.matches as readonly MatchMeta[]),
    );
  });
}
