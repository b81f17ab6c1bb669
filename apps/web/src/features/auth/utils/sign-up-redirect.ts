import { safeRedirect } from './after-sign-in';

const storageKey = 'tv_sign_up_redirect';

/**
 * Signing up finishes from the mailed link (decision 037), in a new tab that has lost ?redirect=: the
 * form keeps it here, in this browser, for the screen the link opens.
 */
export function rememberSignUpRedirect(redirect: string | undefined) {
  try {
    const target = safeRedirect(redirect);
    if (target) localStorage.setItem(storageKey, target);
    else localStorage.removeItem(storageKey);
  } catch {
    // Storage can be blocked; the person then lands on their home screen.
  }
}

/** The remembered ?redirect= of this browser's sign-up, forgotten as it is read. */
export function takeSignUpRedirect(): string | undefined {
  try {
    const target = localStorage.getItem(storageKey) ?? undefined;
    localStorage.removeItem(storageKey);
    return target;
  } catch {
    return undefined;
  }
}
