import type { EnabledFeatureFlags } from '@tv/contract/feature-flags';

/**
 * The flagged third-party scripts (decision 012): the tag manager and the marketing form. Loaded only
 * after the visitor allowed analytics, by the app (ConsentHost) or by a lite page's site script
 * (decision 018), with the same element ids, so whichever comes second adds nothing.
 */
export const TAG_MANAGER_SCRIPT_ID = 'tv-tag-manager';
export const MARKETING_FORM_SCRIPT_ID = 'tv-marketing-form';

function injectScript(id: string, src: string): void {
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Adds the scripts the flags turn on; true when any flagged script is on the page afterwards. */
export function injectFlaggedScripts(flags: EnabledFeatureFlags): boolean {
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
  return Boolean(
    document.getElementById(TAG_MANAGER_SCRIPT_ID) || document.getElementById(MARKETING_FORM_SCRIPT_ID),
  );
}
