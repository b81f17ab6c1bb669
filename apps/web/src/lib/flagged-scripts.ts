import type { EnabledFeatureFlags } from '@tv/contract/feature-flags';
import { isMarketingPage } from '@tv/contract/marketing-pages';

/**
 * The flagged third-party scripts (decision 012): the tag manager and the marketing form. Loaded only
 * after the visitor allowed analytics, by the app (ConsentHost) or by a lite page's site script
 * (decision 018), with the same element ids, so whichever comes second adds nothing.
 *
 * They load on public marketing pages alone (decision 012, revisited), and never for a visitor signed
 * in to an account. A loaded script stays for the life of the document and sees every address the
 * document takes, so they load only in a document that has been on marketing pages alone since it was
 * loaded, and such a document leaves for any other page by a full page load (the router's boundary,
 * `app/navigation/third-party-boundary.ts`, and the site script's links). No third party ever sees the
 * address of a signed-in screen, a result or a respondent's link.
 */
export const TAG_MANAGER_SCRIPT_ID = 'tv-tag-manager';
export const MARKETING_FORM_SCRIPT_ID = 'tv-marketing-form';

const USER_STORAGE_KEY = 'tv_user';

/** True while this document has been on marketing pages alone; null before the document is known. */
let marketingPagesOnly: boolean | null = null;
const loadedListeners = new Set<() => void>();

/**
 * Records the page this document was loaded for (the server's CSP was made for that address). Called
 * once by each entry (the site script, the app) before anything navigates; the first call counts.
 */
export function startThirdPartyDocument(pathname: string): void {
  marketingPagesOnly ??= isMarketingPage(pathname);
}

/** Every address the document takes: one that is not a marketing page rules the scripts out for good. */
export function noteDocumentLocation(pathname: string): void {
  if (!isMarketingPage(pathname)) marketingPagesOnly = false;
}

/** A visitor signed in to an account (not an anonymous, soft-registered one) on this device. */
export function signedInOnThisDevice(): boolean {
  try {
    const stored = JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null') as {
      state?: { status?: unknown };
    } | null;
    return stored?.state?.status === 'authenticated';
  } catch {
    return false;
  }
}

/** Whether the flagged scripts may load here and now (consent and flags are the caller's to check). */
export function thirdPartyScriptsMayLoad(): boolean {
  return marketingPagesOnly === true && isMarketingPage(window.location.pathname) && !signedInOnThisDevice();
}

/** True when a flagged script is on this page: the document must then leave non-marketing pages alone. */
export function flaggedScriptsLoaded(): boolean {
  return Boolean(
    document.getElementById(TAG_MANAGER_SCRIPT_ID) || document.getElementById(MARKETING_FORM_SCRIPT_ID),
  );
}

/** Calls `listener` once a flagged script is added to the page; returns the unsubscribe. */
export function onFlaggedScriptsLoaded(listener: () => void): () => void {
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

function injectScript(id: string, src: string): void {
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Adds the scripts the flags turn on, where they may load; true when any flagged script is on the page. */
export function injectFlaggedScripts(flags: EnabledFeatureFlags): boolean {
  if (!thirdPartyScriptsMayLoad()) return flaggedScriptsLoaded();
  const before = flaggedScriptsLoaded();
  const tagManager = flags.analytics_tag_manager;
  if (tagManager?.containerId && !document.getElementById(TAG_MANAGER_SCRIPT_ID)) {
    window.dataLayer ??= [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    injectScript(
      TAG_MANAGER_SCRIPT_ID,
      `${tagManager.scriptOrigin}/gtm.js?id=${encodeURIComponent(tagManager.containerId)}`,
    );
  }
  const marketing = flags.marketing_automation;
  if (marketing?.scriptUrl && !document.getElementById(MARKETING_FORM_SCRIPT_ID)) {
    injectScript(MARKETING_FORM_SCRIPT_ID, marketing.scriptUrl);
  }
  const loaded = flaggedScriptsLoaded();
  if (loaded && !before) for (const listener of loadedListeners) listener();
  return loaded;
}
