export const chunkReloadWindowMs = 10_000;
const storageKeyPrefix = 'chunk-reload:';

const chunkErrorPattern =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

const preloadErrors = new WeakSet<object>();

/** Vite reports every failed dynamic import and preload here, whatever the browser's wording. */
export function rememberPreloadError(error: unknown): void {
  if (typeof error === 'object' && error !== null) preloadErrors.add(error);
}

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && preloadErrors.has(error)) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || chunkErrorPattern.test(error.message);
}

/**
 * A deploy replaces the hashed chunks an open tab still asks for; one reload fetches the new ones.
 * Claims the reload for this path unless one happened in the last 10 s, so a broken chunk cannot loop.
 */
export function claimChunkReload(path: string, now: number, storage: Storage): boolean {
  const key = `${storageKeyPrefix}${path}`;
  const last = Number(storage.getItem(key));
  if (Number.isFinite(last) && last > 0 && now - last < chunkReloadWindowMs) return false;
  storage.setItem(key, String(now));
  return true;
}

let reloading = false;
const decisions = new WeakMap<object, boolean>();

/**
 * Reloads the page for a chunk-load error when the guard allows; true means a reload is under way
 * and the caller should render nothing. The decision is kept per error so re-renders agree.
 */
export function recoverFromChunkError(error: unknown, path?: string): boolean {
  if (reloading) return true;
  // The server renderer loads no chunks and has no page to reload.
  if (typeof window === 'undefined') return false;
  if (!isChunkLoadError(error)) return false;
  const key = typeof error === 'object' && error !== null ? error : undefined;
  const known = key ? decisions.get(key) : undefined;
  if (known !== undefined) return known;

  let allowed: boolean;
  try {
    allowed = claimChunkReload(path ?? window.location.pathname, Date.now(), sessionStorage);
  } catch {
    allowed = false;
  }
  if (key) decisions.set(key, allowed);
  if (allowed) {
    reloading = true;
    window.location.reload();
  }
  return allowed;
}
