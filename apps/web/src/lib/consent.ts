/**
 * Google consent mode (spec §9: all granted by default, 500 ms update wait). The tag manager reads
 * `window.dataLayer`, where gtag() pushes its `arguments` object: that shape, not a plain array, is
 * what it recognises as a consent command.
 */
export const CONSENT_STORAGE_KEY = 'tv_consent';
export const CONSENT_UPDATE_WAIT_MS = 500;

export interface ConsentChoice {
  analytics: boolean;
  ads: boolean;
  updatedAt: string;
}

type ConsentValue = 'granted' | 'denied';
export interface ConsentModeState {
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  analytics_storage: ConsentValue;
}

export function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // biome-ignore lint/complexity/noArguments: the tag manager only reads gtag commands as `arguments` objects.
  window.dataLayer.push(arguments);
}

export const consentModeFor = (choice: Pick<ConsentChoice, 'analytics' | 'ads'>): ConsentModeState => {
  const ads: ConsentValue = choice.ads ? 'granted' : 'denied';
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: choice.analytics ? 'granted' : 'denied',
  };
};

let defaultPushed = false;

/**
 * Once per page load, before any tag can read the data layer. True when this call pushed it (false when
 * a lite page's site script, decision 018, did so before the app started).
 */
export function pushConsentDefault(): boolean {
  if (defaultPushed || typeof window === 'undefined') return false;
  defaultPushed = true;
  gtag('consent', 'default', {
    ...consentModeFor({ analytics: true, ads: true }),
    wait_for_update: CONSENT_UPDATE_WAIT_MS,
  });
  return true;
}

export function pushConsentUpdate(choice: Pick<ConsentChoice, 'analytics' | 'ads'>): void {
  gtag('consent', 'update', consentModeFor(choice));
}

export function readConsentChoice(): ConsentChoice | null {
  if (typeof window === 'undefined') return null;
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { analytics, ads, updatedAt } = parsed as Record<string, unknown>;
    if (typeof analytics !== 'boolean' || typeof ads !== 'boolean') return null;
    return {
      analytics,
      ads,
      updatedAt: typeof updatedAt === 'string' ? updatedAt : new Date(0).toISOString(),
    };
  } catch {
    return null;
  }
}

export function writeConsentChoice(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Blocked storage: the choice holds for this page load, and the banner asks again next time.
  }
}

/** Ad storage is allowed until the visitor says otherwise (the spec's default is granted). */
export const adStorageGranted = (): boolean => readConsentChoice()?.ads ?? true;
