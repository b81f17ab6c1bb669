/**
 * The two tokens the respondent page keeps on the device, neither of which identifies anyone:
 * - the device token: random, made once per browser, sent with answers so the platform can tell that
 *   this device already answered a survey (the server keeps only a hash of it);
 * - the start token: signed by the server when the survey first opened, so the time taken is measured
 *   by the server's clock. The first one is kept until the attempt ends, so a reload does not restart
 *   the clock.
 */
const DEVICE_KEY = 'tv_device';
const startKey = (surveyId: string) => `tv_start_${surveyId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** This device's random token, made on first use (null when storage is off: repeats cannot be told apart). */
export function deviceToken(store: Storage | null = storage()): string | undefined {
  try {
    const existing = store?.getItem(DEVICE_KEY);
    if (existing && /^[0-9a-f]{48}$/.test(existing)) return existing;
    if (!store) return undefined;
    const token = randomToken();
    store.setItem(DEVICE_KEY, token);
    return token;
  } catch {
    return undefined;
  }
}

/** Keeps the first start token of an attempt; later ones (a reload) are ignored. */
export function rememberStartToken(surveyId: string, token: string | undefined, store = storage()) {
  if (!token) return;
  try {
    if (!store?.getItem(startKey(surveyId))) store?.setItem(startKey(surveyId), token);
  } catch {
    // Storage full or blocked: the time taken is then unknown, which is fine.
  }
}

export function startToken(surveyId: string, store = storage()): string | undefined {
  try {
    return store?.getItem(startKey(surveyId)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetStartToken(surveyId: string, store = storage()) {
  try {
    store?.removeItem(startKey(surveyId));
  } catch {
    // Same as above.
  }
}
