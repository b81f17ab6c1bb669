import { type Organization, type Profile, profileResponseSchema } from '@tv/contract';
import { useCartStore } from '../stores/cart-store';
import { resetStoresOnSignOut } from '../stores/sign-out-resets';
import { adminOrganization, selectIsPlatformUser, useUserStore } from '../stores/user-store';
import { plainBackend, setSessionRecovery } from './backend-client';
import { CONSENT_STORAGE_KEY } from './consent';
import { HttpError, isHttpError } from './http-error';
import { isUuid } from './uuid';

/** Another tab signed out when this key is written (spec §4); the tab that reads it removes it. */
export const LOGOUT_EVENT_KEY = 'logout-event';

/** Kept when sign-out clears local storage: a device preference, not data about the user. */
// Device choices, not the person's data: the colour mode and the cookie consent outlive a sign-out.
const keptOnSignOut = new Set(['colour-mode', CONSENT_STORAGE_KEY]);

const isUnauthorized = (error: unknown) => isHttpError(error) && error.status === 401;

// ---- hooks the running app provides ----------------------------------------------------------

export interface SessionHooks {
  /** In-app navigation; before the app has mounted a full page load does the job. */
  navigate: (href: string) => void | Promise<void>;
  /** Forgets server data cached for the previous user. */
  clearServerCache: () => void;
}

const hooks: SessionHooks = {
  navigate: (href) => window.location.assign(href),
  clearServerCache: () => {},
};

export function setSessionHooks(next: Partial<SessionHooks>) {
  Object.assign(hooks, next);
}

// ---- profile -------------------------------------------------------------------------------

/** A profile answer checked against the user or anonymous schema (spec §5). */
export function parseProfileResponse(body: unknown): Profile {
  const parsed = profileResponseSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(406, 'Couldn’t parse the user profile', body);
  return parsed.data.data;
}

/** GET /v2/profile. */
export async function fetchProfile(): Promise<Profile> {
  return parseProfileResponse(await plainBackend.get('/v2/profile'));
}

/**
 * The organisation a user acts in (spec §4): platform users have none unless one is asked for;
 * others use the URL's or the persisted one when it is theirs, else their first.
 */
export function chooseOrganization(
  profile: Profile,
  preferredId: string | null,
  persisted: Organization | null,
): Organization | null {
  const isPlatform = selectIsPlatformUser({ user: profile });
  const own = (id: string | null | undefined) =>
    id && isUuid(id) ? (profile.organizations.find((o) => o.id === id) ?? null) : null;
  const fromUrl = own(preferredId);
  if (fromUrl) return fromUrl;
  if (isPlatform) {
    if (preferredId && isUuid(preferredId)) return adminOrganization(preferredId);
    return persisted && isUuid(persisted.id) ? persisted : null;
  }
  return own(persisted?.id) ?? profile.organizations[0] ?? null;
}

/** Puts a fresh profile in the store and re-applies the organisation rules. */
export function applyProfile(profile: Profile) {
  const state = useUserStore.getState();
  state.setProfile(profile);
  reapplyOrganizationChoice();
}

/** Re-runs the organisation rules on the stored profile, e.g. after ?selectedOrganizationId= changed. */
export function reapplyOrganizationChoice() {
  const state = useUserStore.getState();
  if (!state.user) return;
  state.selectOrganization(
    chooseOrganization(state.user, state.preferredOrganizationId, state.selectedOrganization),
  );
}

/** The organisation switcher: an explicit choice replaces any organisation the URL asked for. */
export function switchOrganization(organization: Organization) {
  const state = useUserStore.getState();
  state.setPreferredOrganizationId(null);
  state.selectOrganization(organization);
}

// ---- token refresh -------------------------------------------------------------------------

let refreshing: Promise<boolean> | null = null;

/** POST /refresh-access-token, once for every caller that needs it at the same moment. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= plainBackend
    .post('/refresh-access-token')
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

let recovering: Promise<boolean> | null = null;

/** After a 401: one refresh, then the profile reload (spec §4). */
export function recoverSession(): Promise<boolean> {
  recovering ??= (async () => {
    if (!(await refreshAccessToken())) return false;
    try {
      applyProfile(await fetchProfile());
      profileVerified = true;
      return true;
    } catch (error) {
      // Only a refused session is fatal; any other failure leaves the retry to decide.
      return !isUnauthorized(error);
    }
  })().finally(() => {
    recovering = null;
  });
  return recovering;
}

const currentHref = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

let sendingToLogin = false;

/** The session could not be recovered: forget the user and ask them to sign in, then come back. */
export function endLostSession(href: string = currentHref()) {
  const wasAnonymous = useUserStore.getState().status === 'anonymous';
  useUserStore.getState().clear();
  profileVerified = false;
  hooks.clearServerCache();
  if (sendingToLogin || href.startsWith('/login')) return;
  sendingToLogin = true;
  // An anonymous visitor is asked to create an account rather than to sign in (spec §2).
  const target = `/login?redirect=${encodeURIComponent(href)}${wasAnonymous ? '#sign-up' : ''}`;
  void Promise.resolve(hooks.navigate(target)).finally(() => {
    sendingToLogin = false;
  });
}

setSessionRecovery({ recover: recoverSession, onSessionLost: () => endLostSession() });

// ---- loading the profile once per page load ------------------------------------------------

let pending: Promise<Profile | null> | null = null;
/** True once the stored profile has been checked with the server in this page load. */
let profileVerified = false;

export const isProfileVerified = () => profileVerified && useUserStore.getState().user !== null;

async function fetchProfileRefreshing(): Promise<Profile> {
  try {
    return await fetchProfile();
  } catch (error) {
    if (!isUnauthorized(error) || !(await refreshAccessToken())) throw error;
    return fetchProfile();
  }
}

/**
 * The caller's profile, checked with the server once per page load (an expired access token is
 * refreshed first); a visitor without any session is soft-registered as an anonymous user.
 */
export function ensureProfile(options: { softRegister: boolean }): Promise<Profile | null> {
  pending ??= (async () => {
    try {
      const profile = await fetchProfileRefreshing();
      applyProfile(profile);
      profileVerified = true;
      return profile;
    } catch (error) {
      if (isUnauthorized(error) && options.softRegister) {
        await plainBackend.post('/v2/soft-register');
        const profile = await fetchProfile();
        applyProfile(profile);
        profileVerified = true;
        return profile;
      }
      if (isUnauthorized(error)) {
        useUserStore.getState().clear();
        return null;
      }
      // A failed profile fetch sets status null (spec §4).
      useUserStore.setState({ status: null });
      throw error;
    } finally {
      pending = null;
    }
  })();
  return pending;
}

/** Forget the cached profile load, e.g. after signing in or out. */
export const forgetProfileLoad = () => {
  pending = null;
  profileVerified = false;
};

// ---- signing in, up and out ----------------------------------------------------------------

/** Sign-in and sign-up first clear existing data (spec §4); the pending product is kept. */
export function clearExistingData() {
  const user = useUserStore.getState();
  user.clear();
  user.setIdleUserLogout(false);
  useCartStore.getState().reset();
  hooks.clearServerCache();
  forgetProfileLoad();
}

/** After signing in or up: the new profile and its organisation, then the pending product. */
export function startSignedInSession(profile: Profile) {
  applyProfile(profile);
  profileVerified = true;
  // Until the storefront takes it the SKU stays pending, and the next sign-in tries again.
  useCartStore
    .getState()
    .addPendingSkuToCart()
    .catch(() => {});
}

function clearLocalStorage() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!keptOnSignOut.has(key)) localStorage.removeItem(key);
    }
  } catch {
    // Storage can be blocked; the stores below are reset in memory all the same.
  }
}

/** What every tab keeps after a sign-out: an anonymous status without a user or organisation. */
function forgetUser(idleUserLogout: boolean) {
  useUserStore.setState({
    status: 'anonymous',
    user: null,
    selectedOrganization: null,
    userOrganizations: [],
    preferredOrganizationId: null,
    idleUserLogout,
  });
  hooks.clearServerCache();
  forgetProfileLoad();
}

/** The logout-event value: when, and whether the sign-out was for idleness (every tab says the same). */
const logoutEventValue = (idle: boolean) => `${Date.now()}${idle ? ':idle' : ''}`;

/**
 * Sign-out (spec §4): ends the server session, resets tips, alerts, download messages and the cart,
 * clears local storage, tells the other tabs, and goes to /login.
 */
export async function signOut(options: { idle?: boolean; redirect?: string } = {}) {
  try {
    await plainBackend.delete('/logout');
  } catch {
    // Signing out locally must work offline too; the server session then simply expires.
  }
  const idle = options.idle ?? false;
  resetStoresOnSignOut();
  forgetUser(idle);
  // Last, because the persisted stores write themselves back on every reset above: tv_user and tv_cart
  // must be gone, not rewritten. The idle flag lives on in memory for this tab's login screen.
  clearLocalStorage();
  try {
    localStorage.setItem(LOGOUT_EVENT_KEY, logoutEventValue(idle));
  } catch {
    // Without storage the other tabs find out at their next call instead.
  }
  await hooks.navigate(
    options.redirect ? `/login?redirect=${encodeURIComponent(options.redirect)}` : '/login',
  );
}

/** True for the storage event another tab's sign-out raises. */
export const isSignOutInOtherTab = (event: Pick<StorageEvent, 'key' | 'newValue'>) =>
  event.key === LOGOUT_EVENT_KEY && event.newValue !== null;

/**
 * Another tab signed out: clear this tab's user data and remove the key (spec §4). This tab's stores
 * write themselves back as they reset, so local storage is cleared again after them.
 */
export function followSignOutInOtherTab(eventValue: string | null = null) {
  resetStoresOnSignOut();
  forgetUser(eventValue?.endsWith(':idle') ?? false);
  clearLocalStorage();
}
