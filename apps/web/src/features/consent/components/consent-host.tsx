import { useEffect, useRef } from 'react';
import { pushConsentDefault, pushConsentUpdate } from '../../../lib/consent';
import { injectFlaggedScripts } from '../../../lib/flagged-scripts';
import { useConsentStore } from '../../../stores/consent-store';
import { useUserStore } from '../../../stores/user-store';
import { useEnabledFeatureFlags } from '../api/get-enabled-feature-flags';
import { ConsentBanner } from './consent-banner';
import { ConsentChoicesModal } from './consent-choices-modal';

interface ConsentHostProps {
  /** Public pages ask for consent; app screens and respondent pages do not. */
  showBanner: boolean;
  /**
   * True on public marketing pages alone (decision 012, revisited): no third-party script on signed-in
   * screens, the cart, sign-in or respondent pages, whatever the flags say.
   */
  allowThirdPartyScripts: boolean;
}

/**
 * Consent mode's default goes into the data layer first, then the stored choice; the flagged scripts
 * load only after the visitor allowed analytics, only where third-party scripts may run, and never for
 * a visitor signed in to an account.
 */
export function ConsentHost({ showBanner, allowThirdPartyScripts }: ConsentHostProps) {
  const loaded = useConsentStore((state) => state.loaded);
  const choice = useConsentStore((state) => state.choice);
  const signedIn = useUserStore((state) => state.status === 'authenticated');
  const injected = useRef(false);

  useEffect(() => {
    // On a lite page the site script pushed the default and every choice since: nothing to repeat.
    const first = pushConsentDefault();
    const { load } = useConsentStore.getState();
    load();
    const stored = useConsentStore.getState().choice;
    if (first && stored) pushConsentUpdate(stored);
  }, []);

  const analyticsAllowed = loaded && allowThirdPartyScripts && !signedIn && choice?.analytics === true;
  const flags = useEnabledFeatureFlags(analyticsAllowed);

  useEffect(() => {
    if (!analyticsAllowed || !flags.data) return;
    if (injectFlaggedScripts(flags.data)) injected.current = true;
  }, [analyticsAllowed, flags.data]);

  useEffect(() => {
    // A loaded tag cannot be unloaded: after consent is withdrawn or a sign-in, a fresh page load is
    // the only way to leave it behind. (The way into the app's other pages is a full page load
    // already: app/navigation/third-party-boundary.ts.)
    if (injected.current && loaded && !analyticsAllowed) window.location.reload();
  }, [analyticsAllowed, loaded]);

  return (
    <>
      {showBanner && loaded && choice === null ? <ConsentBanner /> : null}
      <ConsentChoicesModal />
    </>
  );
}
