import type { AnyRouter, RouterHistory } from '@tanstack/react-router';
import { isMarketingPage } from '@tv/contract/marketing-pages';
import {
  flaggedScriptsLoaded,
  noteDocumentLocation,
  onFlaggedScriptsLoaded,
} from '../../lib/flagged-scripts';

/** How the browser loads a page afresh; a test passes its own. */
export interface PageLoader {
  assign(href: string): void;
  replace(href: string): void;
  reload(): void;
}

/**
 * The boundary between the public marketing pages and the rest of the app (decision 012, revisited).
 * A third-party script, once loaded, sees every address the document takes: so every address the
 * router takes is noted (one that is not a marketing page keeps the scripts out of this document for
 * good), and once a flagged script is on the page, the router never moves in-app to a page that is
 * not a marketing page: the browser loads that page afresh instead, without the script. The address
 * changes only in the new document, which the script is not part of.
 */
export function wireThirdPartyBoundary(
  router: Pick<AnyRouter, 'history'>,
  loader: PageLoader = window.location,
): void {
  const history: RouterHistory = router.history;
  history.subscribe(({ location }) => noteDocumentLocation(location.pathname));

  let guarded = false;
  const guard = () => {
    if (guarded) return;
    guarded = true;
    history.block({
      // Leaving the site or reloading needs no question.
      enableBeforeUnload: false,
      blockerFn: ({ nextLocation, action }) => {
        if (isMarketingPage(nextLocation.pathname)) return false;
        if (action === 'PUSH') loader.assign(nextLocation.href);
        else if (action === 'REPLACE') loader.replace(nextLocation.href);
        // Back and forward only reach this document's own entries, which are all marketing pages
        // (an address that is not one keeps the scripts out); should one not be, the browser has
        // already moved, and the page is loaded again there without the scripts.
        else loader.reload();
        return action === 'PUSH' || action === 'REPLACE';
      },
    });
  };
  if (flaggedScriptsLoaded()) guard();
  else onFlaggedScriptsLoaded(guard);
}
