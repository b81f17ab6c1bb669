/**
 * The commerce token of spec §3/§7: the customer token the core API hands out
 * (`GET /ecommerce/customer-token`), kept in memory with the time it was fetched. It is refreshed when it
 * is older than 10 minutes (the server's tokens live 15) or when a caller forces it after a 401; a lock
 * serialises refreshes so callers failing together share one. Nothing here touches the browser, so the
 * server's tests can drive it against the real app.
 */

export interface CachedCommerceToken {
  token: string;
  /** When the token was fetched (ms since the epoch, from `now`). */
  timestamp: number;
}

export interface CommerceTokenCache {
  /** A token no older than 10 minutes; `force` fetches a new one unless another caller just did. */
  get(force?: boolean): Promise<string>;
  /** Forget the token, e.g. when the user signs out or another one signs in. */
  clear(): void;
  peek(): CachedCommerceToken | null;
}

export interface CommerceTokenCacheOptions {
  fetchToken: () => Promise<string>;
  now?: () => number;
  /** How long a caller waits for another caller's refresh before giving up with 'Lock not acquired'. */
  lockTimeoutMs?: number;
  /** A token older than this is refreshed before use. */
  maxAgeMs?: number;
  /** True for a visitor without an account (anonymous, or no profile yet): they get no token. */
  isAnonymous?: () => boolean;
  /** A token already known (tests; a token handed over by another part of the app). */
  initial?: CachedCommerceToken | null;
}

export const COMMERCE_TOKEN_MAX_AGE_MS = 600_000;
export const LOCK_NOT_ACQUIRED = 'Lock not acquired';
export const USER_IS_ANONYMOUS = 'User is anonymous';

/** A FIFO lock; a waiter that gives up leaves the queue without holding up those behind it. */
function createLock(timeoutMs: number) {
  let tail: Promise<void> = Promise.resolve();

  return async function acquire(): Promise<() => void> {
    const previous = tail;
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    tail = previous.then(() => mine);

    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(LOCK_NOT_ACQUIRED)), timeoutMs);
    });
    try {
      await Promise.race([previous, timedOut]);
    } catch (error) {
      release();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return release;
  };
}

export function createCommerceTokenCache({
  fetchToken,
  now = Date.now,
  lockTimeoutMs = 10_000,
  maxAgeMs = COMMERCE_TOKEN_MAX_AGE_MS,
  isAnonymous = () => false,
  initial = null,
}: CommerceTokenCacheOptions): CommerceTokenCache {
  let cached: CachedCommerceToken | null = initial;
  /** Grows with every stored or forgotten token, so a waiter can tell that the token changed meanwhile. */
  let generation = 0;
  const acquire = createLock(lockTimeoutMs);

  const isFresh = (entry: CachedCommerceToken | null): entry is CachedCommerceToken =>
    entry !== null && now() - entry.timestamp < maxAgeMs;

  return {
    async get(force = false) {
      if (isAnonymous()) throw new Error(USER_IS_ANONYMOUS);
      if (!force && isFresh(cached)) return cached.token;

      const seen = generation;
      const release = await acquire();
      try {
        // Someone refreshed while this caller waited: theirs is as new as a forced one would be.
        if (generation !== seen && isFresh(cached)) return cached.token;
        if (!force && isFresh(cached)) return cached.token;
        if (isAnonymous()) throw new Error(USER_IS_ANONYMOUS);

        const fetching = generation;
        const token = await fetchToken();
        if (typeof token !== 'string' || token === '') {
          throw new Error('The commerce token answer had no token.');
        }
        // A clear() during the fetch (sign-out, another user) wins: the token is not kept.
        if (generation === fetching) {
          cached = { token, timestamp: now() };
          generation += 1;
        }
        return token;
      } finally {
        release();
      }
    },
    clear() {
      cached = null;
      generation += 1;
    },
    peek: () => (cached ? { ...cached } : null),
  };
}
