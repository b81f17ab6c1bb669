import { describe, expect, it } from 'vitest';
import { createCommerceTokenCache } from './commerce-token';

/** A token server that counts its calls and answers when told to. */
function tokenServer() {
  let issued = 0;
  const waiting: Array<() => void> = [];
  return {
    get issued() {
      return issued;
    },
    /** Answers at once with token-1, token-2, … */
    immediate: async () => {
      issued += 1;
      return `token-${issued}`;
    },
    /** Answers once release() is called. */
    held: () =>
      new Promise<string>((resolve) => {
        issued += 1;
        const token = `token-${issued}`;
        waiting.push(() => resolve(token));
      }),
    release: () => {
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('commerce token cache (spec §3, §7)', () => {
  it('keeps the token with its timestamp and refreshes it once it is older than 10 minutes', async () => {
    let clock = 1_000_000;
    const server = tokenServer();
    const tokens = createCommerceTokenCache({ fetchToken: server.immediate, now: () => clock });

    expect(tokens.peek()).toBeNull();
    await expect(tokens.get()).resolves.toBe('token-1');
    expect(tokens.peek()).toEqual({ token: 'token-1', timestamp: 1_000_000 });

    clock += 599_999;
    await expect(tokens.get()).resolves.toBe('token-1');
    expect(server.issued).toBe(1);

    clock += 1;
    await expect(tokens.get()).resolves.toBe('token-2');
    expect(tokens.peek()).toEqual({ token: 'token-2', timestamp: 1_600_000 });
    expect(server.issued).toBe(2);
  });

  it('fetches a new token when forced, however fresh the cached one is', async () => {
    const server = tokenServer();
    const tokens = createCommerceTokenCache({ fetchToken: server.immediate, now: () => 5 });
    await tokens.get();
    await expect(tokens.get(true)).resolves.toBe('token-2');
    await expect(tokens.get()).resolves.toBe('token-2');
    expect(server.issued).toBe(2);
  });

  it('lets N concurrent callers share one refresh', async () => {
    const server = tokenServer();
    const tokens = createCommerceTokenCache({ fetchToken: server.held });
    const callers = Array.from({ length: 25 }, () => tokens.get());
    await tick();
    server.release();
    expect(await Promise.all(callers)).toEqual(Array(25).fill('token-1'));
    expect(server.issued).toBe(1);
  });

  it('lets forced callers that failed together share one refresh too', async () => {
    const server = tokenServer();
    const tokens = createCommerceTokenCache({ fetchToken: server.held });
    const first = tokens.get();
    await tick();
    server.release();
    await first;
    const forced = Array.from({ length: 10 }, () => tokens.get(true));
    await tick();
    server.release();
    expect(new Set(await Promise.all(forced))).toEqual(new Set(['token-2']));
    expect(server.issued).toBe(2);
  });

  it("rejects with 'Lock not acquired' when another refresh holds the lock too long", async () => {
    const server = tokenServer();
    const tokens = createCommerceTokenCache({ fetchToken: server.held, lockTimeoutMs: 40 });
    const holder = tokens.get();
    await tick();
    await expect(tokens.get()).rejects.toThrow(new Error('Lock not acquired'));
    // The waiter that gave up does not hold up the next one once the holder is done.
    server.release();
    await expect(holder).resolves.toBe('token-1');
    await expect(tokens.get()).resolves.toBe('token-1');
    expect(server.issued).toBe(1);
  });

  it("rejects an anonymous user with 'User is anonymous' without asking the server", async () => {
    const server = tokenServer();
    let status: 'anonymous' | 'authenticated' | null = 'anonymous';
    const tokens = createCommerceTokenCache({
      fetchToken: server.immediate,
      isAnonymous: () => status !== 'authenticated',
    });
    await expect(tokens.get()).rejects.toThrow(new Error('User is anonymous'));
    status = null;
    await expect(tokens.get(true)).rejects.toThrow(new Error('User is anonymous'));
    expect(server.issued).toBe(0);
    status = 'authenticated';
    await expect(tokens.get()).resolves.toBe('token-1');
  });

  it('forgets the token on clear, and does not keep one fetched for the user who left', async () => {
    const server = tokenServer();
    const tokens = createCommerceTokenCache({ fetchToken: server.held });
    const during = tokens.get();
    await tick();
    tokens.clear();
    server.release();
    await during;
    expect(tokens.peek()).toBeNull();
    const next = tokens.get();
    await tick();
    server.release();
    await expect(next).resolves.toBe('token-2');
  });

  it('refuses an empty token answer and lets the next caller try again', async () => {
    let answers = ['', 'token-ok'];
    const tokens = createCommerceTokenCache({
      fetchToken: async () => {
        const [next, ...rest] = answers;
        answers = rest;
        return next!;
      },
    });
    await expect(tokens.get()).rejects.toThrow('The commerce token answer had no token.');
    await expect(tokens.get()).resolves.toBe('token-ok');
  });
});
