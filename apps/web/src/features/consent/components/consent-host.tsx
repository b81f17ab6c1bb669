import { useEffect, useRef } from 'react';
import { pushConsentDefault, pushConsentUpdate } from '../../../lib/consent';
import { injectFlaggedScripts } from '../../../lib/flagged-scripts';
import { useConsentStore } from '../../../stores/consent-store';
import { useEnabledFeatureFlags } from '../api/get-enabled-feature-flags';
import { ConsentBanner } from './consent-banner';
import { ConsentChoicesModal } from './consent-choices-modal';

interface ConsentHostProps {
  /** Public pages ask for consent; app screens and respondent pages do not. */
  showBanner: boolean;
  /** False on respondent pages: no third-party script there, whatever the flags say. */
  allowThirdPartyScripts: boolean;
}

/**
 * Consent mode's default goes into the data layer first, then the stored choice; the flagged scripts
 * load only after the visitor allowed analytics, and only where third-party scripts may run.
 */
export function ConsentHost({ showBanner, allowThirdPartyScripts }: ConsentHostProps) {
  const loaded = useConsentStore((state) => state.loaded);
  const choice = useConsentStore((state) => state.choice);
  const injected = useRef(false);

  useEffect(() => {
    // On a lite page the site script pushed the default and every choice since: nothing to repeat.
    const first = pushConsentDefault();
    const { load } = useConsentStore.getState();
    load();
    const stored = useConsentStore.getState().choice;
    if (first && stored) pushConsentUpdate(stored);
  }, []);

  const analyticsAllowed = loaded && allowThirdPartyScripts && choice?.analytics === true;
  const flags = useEnabledFeatureFlags(analyticsAllowed);

  useEffect(() => {
    if (!analyticsAllowed || !flags.data) return;
    if (injectFlaggedScripts(flags.data)) injected.current = true;
  }, [analyticsAllowed, flags.data]);

  useEffect(() => {
    // A loaded tag cannot be unloaded: after consent is withdrawn, or on the way into a respondent
    // page, a fresh page load is the only way to leave it behind.
    if (injected.current && loaded && !analyticsAllowed) window.location.reload();
  }, [analyticsAllowed, loaded]);

  return (
    <>
      {showBanner && loaded && choice === null ? <ConsentBanner /> : null}
      <ConsentChoicesModal />
    </>
  );
}
