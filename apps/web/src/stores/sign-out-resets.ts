/**
 * Sign-out resets tips, alerts, download messages and the cart (spec §4). Each of those stores
 * registers its own reset here, so sign-out needs to know none of them.
 */
const resets = new Set<() => void>();

export function registerSignOutReset(reset: () => void) {
  resets.add(reset);
}

export function resetStoresOnSignOut() {
  for (const reset of resets) reset();
}
