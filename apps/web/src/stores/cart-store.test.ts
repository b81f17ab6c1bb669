// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Profile } from '@tv/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { commerceTokens } from '../lib/commerce-client';
import { parseCart, useCartStore } from './cart-store';
import { resetStoresOnSignOut } from './sign-out-resets';
import { useUserStore } from './user-store';

/**
 * A small storefront on a real local HTTP server: the core API's token call and the cart calls, with
 * the rules the client relies on. The browser's own fetch is pointed at it (jsdom has no same origin).
 */
interface Item {
  item_id: number;
  sku: string;
  name: string;
  price: number;
  product_type: 'downloadable';
  qty: 1;
}

const catalog: Record<string, { name: string; price: number }> = {
  'TV-RPT-MONEY': { name: 'Teens and money 2026', price: 495 },
  'TV-RPT-FREE': { name: 'Teen voices sampler', price: 0 },
};

let server: Server;
let origin = '';
let requests: string[] = [];
let cart: { id: number; items: Item[] } | null = null;
let nextItemId = 1;
let tokenCalls = 0;
/** Answers the next storefront call (not the token call) with this status instead. */
let failNext: number | null = null;

function reply(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

const cartBody = () => ({ id: cart!.id, items: cart!.items, items_count: cart!.items.length });

function handle(request: IncomingMessage, response: ServerResponse, body: string) {
  const method = request.method ?? 'GET';
  const path = (request.url ?? '').replace('/commerce-content/rest/V1', '');
  requests.push(`${method} ${path}`);
  if (path === '/ecommerce/customer-token') {
    tokenCalls += 1;
    return reply(response, 200, { data: { token: `token-${tokenCalls}`, expiresIn: 900 } });
  }
  if (request.headers.authorization !== `Bearer token-${tokenCalls}`) {
    return reply(response, 401, { message: "The consumer isn't authorized to access %resources." });
  }
  if (failNext !== null) {
    const status = failNext;
    failNext = null;
    return reply(response, status, { message: 'Internal Error. Details are available in Magento log file.' });
  }
  if (method === 'POST' && path === '/carts/mine') {
    cart ??= { id: 42, items: [] };
    return reply(response, 200, cart.id);
  }
  if (method === 'GET' && path === '/carts/mine') {
    if (!cart) return reply(response, 404, { message: 'No such entity with %fieldName = %fieldValue' });
    return reply(response, 200, cartBody());
  }
  if (method === 'POST' && path === '/carts/mine/items') {
    const { sku } = (JSON.parse(body) as { cartItem: { sku: string } }).cartItem;
    const product = catalog[sku];
    if (!product || !cart) {
      return reply(response, 404, {
        message: 'No such entity with %fieldName = %fieldValue',
        parameters: { fieldName: 'sku', fieldValue: sku },
      });
    }
    const existing = cart.items.find((item) => item.sku === sku);
    if (existing) return reply(response, 200, existing);
    const item: Item = { item_id: nextItemId++, sku, ...product, product_type: 'downloadable', qty: 1 };
    cart.items.push(item);
    return reply(response, 200, item);
  }
  const removal = /^\/carts\/mine\/items\/(\d+)$/.exec(path);
  if (method === 'DELETE' && removal && cart) {
    const before = cart.items.length;
    cart.items = cart.items.filter((item) => item.item_id !== Number(removal[1]));
    if (cart.items.length === before) return reply(response, 404, { message: 'No such entity' });
    return reply(response, 200, true);
  }
  return reply(response, 404, { message: 'Request does not match any route.' });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => handle(request, response, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const realFetch = globalThis.fetch;
const member: Profile = {
  id: '9b2f6a0e-3c1d-4f7a-8e2b-5d6c7a8b9c0d',
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan@example.org',
  platform: { roleName: null, permissions: [] },
  organizations: [],
};

const events = () => (window.dataLayer ?? []) as Array<Record<string, unknown>>;

beforeEach(() => {
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, origin), init));
  requests = [];
  cart = null;
  nextItemId = 1;
  tokenCalls = 0;
  failNext = null;
  window.dataLayer = [];
  useUserStore.getState().setProfile(member);
  commerceTokens.clear();
  useCartStore.setState({ cartId: null, itemsCount: 0, pendingSku: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const money = { sku: 'TV-RPT-MONEY', name: 'Teens and money 2026', price: 495 };

describe('cart store', () => {
  it('creates the cart on demand and adds an SKU only once, with one add_to_cart event', async () => {
    await expect(useCartStore.getState().addToCart(money)).resolves.toBe(true);
    expect(useCartStore.getState()).toMatchObject({ cartId: 42, itemsCount: 1 });

    await expect(useCartStore.getState().addToCart(money)).resolves.toBe(false);
    expect(cart!.items).toHaveLength(1);
    expect(requests.filter((request) => request === 'POST /carts/mine/items')).toHaveLength(1);
    expect(useCartStore.getState().itemsCount).toBe(1);
    // One token for all of it.
    expect(tokenCalls).toBe(1);

    expect(events()).toEqual([
      { ecommerce: null },
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'USD',
          value: 495,
          items: [{ item_id: 'TV-RPT-MONEY', item_name: 'Teens and money 2026', price: 495, quantity: 1 }],
        },
      },
    ]);
  });

  it('removes an item, pushes remove_from_cart and refreshes the count', async () => {
    await useCartStore.getState().addToCart(money);
    await useCartStore.getState().addToCart({ sku: 'TV-RPT-FREE', name: 'Teen voices sampler', price: 0 });
    expect(useCartStore.getState().itemsCount).toBe(2);
    window.dataLayer = [];

    await useCartStore.getState().removeFromCart({ ...money, item_id: 1 });
    expect(cart!.items.map((item) => item.sku)).toEqual(['TV-RPT-FREE']);
    expect(useCartStore.getState().itemsCount).toBe(1);
    expect(events()).toEqual([
      { ecommerce: null },
      {
        event: 'remove_from_cart',
        ecommerce: {
          currency: 'USD',
          value: 495,
          items: [{ item_id: 'TV-RPT-MONEY', item_name: 'Teens and money 2026', price: 495, quantity: 1 }],
        },
      },
    ]);
  });

  it('fetches nothing to refresh the count of an anonymous visitor or an unknown user', async () => {
    useCartStore.setState({ itemsCount: 3 });
    useUserStore.setState({ status: 'anonymous' });
    await useCartStore.getState().refreshCount();
    useUserStore.setState({ status: null });
    await useCartStore.getState().refreshCount();
    expect(requests).toEqual([]);
    expect(useCartStore.getState().itemsCount).toBe(3);
  });

  it('refreshes the count of a signed-in user, 0 when there is no cart yet', async () => {
    useCartStore.setState({ itemsCount: 5, cartId: 9 });
    await useCartStore.getState().refreshCount();
    expect(useCartStore.getState()).toMatchObject({ itemsCount: 0, cartId: null });
    expect(requests).toEqual(['GET /ecommerce/customer-token', 'GET /carts/mine']);
  });

  it("names the action in a failure and keeps the server's error as its cause", async () => {
    useUserStore.setState({ status: 'anonymous' });
    await expect(useCartStore.getState().addToCart(money)).rejects.toThrow(
      '[cart store, addToCart] User is anonymous',
    );
    useUserStore.setState({ status: 'authenticated' });
    failNext = 500;
    const failure: Error = await useCartStore
      .getState()
      .ensureCart()
      .then(
        () => new Error('ensureCart should have failed'),
        (error: unknown) => error as Error,
      );
    expect(failure.message).toBe('[cart store, ensureCart] [ecommerce, POST, /carts/mine request errored]');
    expect(failure.cause).toMatchObject({ status: 500 });
    expect(events()).toEqual([]);
  });

  it('resets the count and the cart id; a sign-out forgets the pending product too', () => {
    useCartStore.setState({ cartId: 42, itemsCount: 2, pendingSku: 'TV-RPT-MONEY' });
    useCartStore.getState().reset();
    expect(useCartStore.getState()).toMatchObject({
      cartId: null,
      itemsCount: 0,
      pendingSku: 'TV-RPT-MONEY',
    });
    resetStoresOnSignOut();
    expect(useCartStore.getState().pendingSku).toBeNull();
  });

  it('checks the cart answer against the cart shape', () => {
    expect(parseCart({ items: [], items_count: 0 })).toEqual({ items: [], items_count: 0 });
    expect(parseCart({ items: [{ item_id: '1' }], items_count: 1 })).toBeNull();
    expect(parseCart({ items: 'none', items_count: 0 })).toBeNull();
    expect(parseCart(null)).toBeNull();
  });
});

describe('pending product (spec §4)', () => {
  it('is added once even when sign-in and the next screen both ask, then cleared', async () => {
    useCartStore.getState().setPendingSku('TV-RPT-MONEY');
    await Promise.all([
      useCartStore.getState().addPendingSkuToCart(),
      useCartStore.getState().addPendingSkuToCart(),
    ]);
    expect(cart!.items.map((item) => item.sku)).toEqual(['TV-RPT-MONEY']);
    expect(useCartStore.getState()).toMatchObject({ pendingSku: null, itemsCount: 1, cartId: 42 });
    expect(events().filter((event) => event.event === 'add_to_cart')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('tv_cart')!).state).toEqual({ pendingSku: null, cartId: 42 });
  });

  it('is not added twice when it is in the cart already', async () => {
    await useCartStore.getState().addToCart(money);
    window.dataLayer = [];
    useCartStore.getState().setPendingSku('TV-RPT-MONEY');
    await useCartStore.getState().addPendingSkuToCart();
    expect(cart!.items).toHaveLength(1);
    expect(useCartStore.getState().pendingSku).toBeNull();
    expect(events()).toEqual([]);
  });

  it('stays pending after a failure on the way, and is dropped when the storefront refuses the product', async () => {
    useCartStore.getState().setPendingSku('TV-RPT-MONEY');
    failNext = 503;
    await expect(useCartStore.getState().addPendingSkuToCart()).rejects.toThrow(
      '[cart store, addPendingSkuToCart]',
    );
    expect(useCartStore.getState().pendingSku).toBe('TV-RPT-MONEY');

    useCartStore.getState().setPendingSku('TV-RPT-WITHDRAWN');
    await expect(useCartStore.getState().addPendingSkuToCart()).rejects.toThrow(
      '[cart store, addPendingSkuToCart] [ecommerce, POST, /carts/mine/items request errored]',
    );
    expect(useCartStore.getState().pendingSku).toBeNull();
  });
});
