import type { AddressInfo } from 'node:net';
import { COMMERCE_UNAUTHORIZED_MESSAGE } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerceApi } from '../../../../web/src/lib/commerce-api';
import { createCommerceTokenCache } from '../../../../web/src/lib/commerce-token';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { verifyCommerceToken } from './token';

/**
 * The web app's storefront client (token cache and customer API, the very modules the browser runs)
 * against the real server over real HTTP, with a signed-in demo account's session cookie.
 */

const FLAKY_BASE = '/test-flaky/rest/V1';

let testApp: TestApp;
let origin = '';
let jar: CookieJar;
/** How many 401s the flaky route still answers before it checks the token for real. */
let refusalsLeft = 0;
let flakyCalls = 0;

beforeAll(async () => {
  testApp = await createTestApp(
    {},
    {
      extend: (app) => {
        // Refuses the first calls with the exact storefront 401, then accepts a real commerce token only.
        app.get(`${FLAKY_BASE}/carts/mine`, async (request, reply) => {
          flakyCalls += 1;
          if (refusalsLeft > 0) {
            refusalsLeft -= 1;
            return reply.status(401).send({ message: COMMERCE_UNAUTHORIZED_MESSAGE });
          }
          const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
          const claims = await verifyCommerceToken(app.sessionSecret, token);
          if (!claims) return reply.status(401).send({ message: COMMERCE_UNAUTHORIZED_MESSAGE });
          return { id: 1, items: [], items_count: 0 };
        });
      },
    },
  );
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  jar = await signIn(testApp.app, 'jordan@northside.test');
});
afterAll(async () => {
  await testApp?.close();
});

/** The browser's fetch, with the session cookie a browser would send. */
const withCookie =
  (cookie: () => string): typeof fetch =>
  (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: cookie() } });

function client(options: { initial?: { token: string; timestamp: number } | null; base?: string } = {}) {
  let tokenFetches = 0;
  const fetchImpl = withCookie(() => jar.header);
  const tokens = createCommerceTokenCache({
    initial: options.initial ?? null,
    fetchToken: async () => {
      tokenFetches += 1;
      const response = await fetchImpl(`${origin}/ecommerce/customer-token`);
      if (!response.ok) throw new Error(`customer-token answered ${response.status}`);
      const body = (await response.json()) as { data: { token: string } };
      return body.data.token;
    },
  });
  const api = createCommerceApi({
    baseUrl: `${origin}${options.base ?? '/commerce-content/rest/V1'}`,
    fetchImpl,
    tokens,
  });
  return { api, tokens, tokenFetches: () => tokenFetches };
}

describe('web storefront client against the real server', () => {
  it('gets a token, makes the cart on demand and reads it back', async () => {
    const { api, tokenFetches } = client();
    const cartId = await api.createCart();
    expect(cartId).toBeGreaterThan(0);
    await expect(api.createCart()).resolves.toBe(cartId);
    const cart = await api.getCart();
    expect(cart).toMatchObject({ id: cartId, items: [], items_count: 0, is_active: true });
    expect(tokenFetches()).toBe(1);
  });

  it('shares one token fetch between 20 concurrent calls when the cached token is expired', async () => {
    const valid = await client().tokens.get();
    const { api, tokenFetches } = client({ initial: { token: valid, timestamp: Date.now() - 11 * 60_000 } });
    const results = await Promise.all(Array.from({ length: 20 }, () => api.orders({ storeId: 1 })));
    for (const result of results) expect(result).toMatchObject({ items: expect.any(Array) });
    expect(tokenFetches()).toBe(1);
  });

  it('shares one forced refresh between 20 concurrent calls the server refuses for an invalid token', async () => {
    const { api, tokens, tokenFetches } = client({
      initial: { token: 'not-a-token', timestamp: Date.now() },
    });
    const results = await Promise.all(Array.from({ length: 20 }, () => api.downloadableProducts()));
    for (const result of results) expect(result).toMatchObject({ items: expect.any(Array) });
    expect(tokenFetches()).toBe(1);
    expect(tokens.peek()?.token).not.toBe('not-a-token');
  });

  it('succeeds on the 5th attempt after four 401s, with a new token each time', async () => {
    const { api, tokenFetches } = client({ base: FLAKY_BASE });
    refusalsLeft = 4;
    flakyCalls = 0;
    await expect(api.getCart()).resolves.toEqual({ id: 1, items: [], items_count: 0 });
    expect(flakyCalls).toBe(5);
    expect(tokenFetches()).toBe(5);
  });

  it('fails after 4 retries when the server refuses five times', async () => {
    const { api } = client({ base: FLAKY_BASE });
    refusalsLeft = 5;
    flakyCalls = 0;
    await expect(api.getCart()).rejects.toMatchObject({
      message: `[ecommerce, GET, /carts/mine request errored]`,
      status: 401,
      data: { message: COMMERCE_UNAUTHORIZED_MESSAGE },
    });
    expect(flakyCalls).toBe(5);
  });

  it('gives a signed-out session no token, and no call goes through with the old one', async () => {
    const other = await signIn(testApp.app, 'priya@northside.test');
    const fetchImpl = withCookie(() => other.header);
    const tokens = createCommerceTokenCache({
      fetchToken: async () => {
        const response = await fetchImpl(`${origin}/ecommerce/customer-token`);
        if (!response.ok) throw new Error(`customer-token answered ${response.status}`);
        return ((await response.json()) as { data: { token: string } }).data.token;
      },
    });
    const api = createCommerceApi({ baseUrl: `${origin}/commerce-content/rest/V1`, fetchImpl, tokens });
    await expect(api.orders({ storeId: 1 })).resolves.toMatchObject({ items: expect.any(Array) });

    await fetchImpl(`${origin}/logout`, { method: 'DELETE' });
    await expect(api.orders({ storeId: 1 })).rejects.toThrow('customer-token answered 401');
  });
});
