import { schedulePageView } from '../app/navigation/page-view';
import { captureAdClick } from '../lib/ad-click';
import { startThirdPartyDocument } from '../lib/flagged-scripts';
import { captureUtmParams } from '../lib/utm';
import { initLiteSite } from './lite-site';

// Third-party scripts may load only in a document loaded for a marketing page (decision 012).
startThirdPartyDocument(window.location.pathname);

// What the app does on its first load (root-before-load.ts), a lite page does too: campaign
// parameters and an ad click id are kept from the landing address.
const search = new URLSearchParams(window.location.search);
captureUtmParams(search);
captureAdClick(search, window.location);
// The page_view of this page (spec §9); the app, if it starts here, does not send it again.
schedulePageView({ pathname: window.location.pathname, href: window.location.href }, true);
window.__tvPageViewSent = window.location.href;

// The server names the app's hashed entry on this script's tag (decision 018).
const entry = document.querySelector('script[data-app-entry]')?.getAttribute('data-app-entry');
if (entry) {
  const site = initLiteSite({ loadApp: () => import(/* @vite-ignore */ entry) });
  // Starts the app on this page without a click (tests that drive the app's router use it).
  window.__tvUpgrade = site.upgrade;
}
