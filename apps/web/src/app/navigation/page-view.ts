import { pushDataLayer } from '../../lib/analytics';

/** Spec §9: 100 ms after a page change, 1500 ms when only the query or hash changed. */
export const pageViewDelayMs = (pathChanged: boolean) => (pathChanged ? 100 : 1500);

export interface PageViewTarget {
  pathname: string;
  href: string;
}

export function schedulePageView(
  target: PageViewTarget,
  pathChanged: boolean,
): ReturnType<typeof setTimeout> {
  return setTimeout(() => {
    pushDataLayer({
      event: 'page_view',
      page_path: target.pathname,
      page_location: target.href,
      // Read when sent, so the title set by the screen (or the error screen) is the one reported.
      page_title: document.title,
    });
  }, pageViewDelayMs(pathChanged));
}
