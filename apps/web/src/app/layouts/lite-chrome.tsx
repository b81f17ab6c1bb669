import { ConsentBannerView } from '../../features/consent/components/consent-banner';

/**
 * What the site script of a lite public page (decision 018) shows without React: the consent banner.
 * The server renders it once per page into a <template> outside the app's root, with the same
 * component and CSS as the app, so the app hydrates its root untouched when the visitor upgrades.
 * Everything else that opens (menus, dialogs) is the app's own: reaching for it starts the app.
 */
export function LiteChromeTemplates() {
  return (
    <template id="tv-lite-consent">
      <ConsentBannerView />
    </template>
  );
}
