/**
 * The two tokens the respondent page keeps on the device, neither of which identifies anyone:
 * - the device token: random, issued and signed by the server the first time this browser opens a
 *   survey (issue 23), sent with answers so the platform can tell that this device already answered a
 *   survey (the server keeps only a hash of it). A token the server did not issue counts for nothing;
 * - the start token: signed by the server when the survey first opened, single-use, so the time
 *   taken is measured by the server's clock. The first one is kept until the attempt ends, so a reload
 *   does not restart the clock.
 */
const DEVICE_KEY = 'tv_device';
const startKey = (surveyId: string) => `tv_start_${surveyId}`;
const issuedDevice = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Without storage the device token lives as long as the page. */
let inPage: string | undefined;

/** Keeps the first device token the server issued (an older, home-made one is replaced). */
export function rememberDeviceToken(token: string | undefined, store: Storage | null = storage()) {
  if (!token || !issuedDevice.test(token)) return;
  try {
    const existing = store?.getItem(DEVICE_KEY);
    if (existing && issuedDevice.test(existing)) return;
    if (store) store.setItem(DEVICE_KEY, token);
    else inPage ??= token;
  } catch {
    inPage ??= token;
  }
}

/** This device's token from the server, if it has one. */
export function deviceToken(store: Storage | null = storage()): string | undefined {
  try {
    const existing = store?.getItem(DEVICE_KEY);
    if (existing && issuedDevice.test(existing)) return existing;
  } catch {
    // Storage blocked: the page's own copy below.
  }
  return inPage;
}

/** Forgets the page's copy (tests). */
export function forgetPageDevice() {
  inPage = undefined;
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
