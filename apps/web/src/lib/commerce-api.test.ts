// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMMERCE_UNAUTHORIZED_MESSAGE } from '@tv/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commerceErrorMessage, commerceFieldErrors, createCommerceApi } from './commerce-api';
import { createCommerceTokenCache } from './commerce-token';
import { HttpError } from './http-error';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

type Handler = (request: Seen) => { status: number; body?: unknown };

/** A real HTTP server speaking like the storefront; each test scripts its answers. */
let server: Server;
let base = '';
let seen: Seen[] = [];
let handler: Handler = () => ({ status: 200, body: {} });

function answer(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    const entry: Seen = {
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      body,
    };
    seen.push(entry);
    const { status, body: payload } = handler(entry);
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(payload === undefined ? '' : JSON.stringify(payload));
  });
}

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/commerce-content/rest/V1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const unauthorized = { status: 401, body: { message: COMMERCE_UNAUTHORIZED_MESSAGE } };
const cart = { id: 7, items: [], items_count: 0 };

let issued = 0;
let clock = 0;
function setup() {
  const tokens = createCommerceTokenCache({
    fetchToken: async () => {
      issued += 1;
      return `token-${issued}`;
    },
  });
  const api = createCommerceApi({ baseUrl: base, fetchImpl: fetch, tokens, now: () => clock });
  return { api, tokens };
}

beforeEach(() => {
  seen = [];
  issued = 0;
  clock = 1_000;
  handler = () => ({ status: 200, body: cart });
});

describe('commerce API: authenticated calls (spec §7)', () => {
  it('sends the token as a bearer header', async () => {
    const { api } = setup();
    await expect(api.getCart()).resolves.toEqual(cart);
    expect(seen).toEqual([
      {
        method: 'GET',
        url: '/commerce-content/rest/V1/carts/mine',
        authorization: 'Bearer token-1',
        body: '',
      },
    ]);
  });

  it('refreshes the token and retries on the spec 401, and succeeds on the 5th attempt', async () => {
    const { api } = setup();
    handler = () => (seen.length <= 4 ? unauthorized : { status: 200, body: cart });
    await expect(api.getCart()).resolves.toEqual(cart);
    expect(seen.map((request) => request.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
      'Bearer token-3',
      'Bearer token-4',
      'Bearer token-5',
    ]);
    expect(issued).toBe(5);
  });

  it('gives up after 4 retries, with the spec message, the status and the server data', async () => {
    const { api } = setup();
    handler = () => unauthorized;
    const failure = await api.addItem('TV-RPT-1', 7).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      message: '[ecommerce, POST, /carts/mine/items request errored]',
      status: 401,
      data: { message: COMMERCE_UNAUTHORIZED_MESSAGE },
    });
    expect(seen).toHaveLength(5);
    expect(JSON.parse(seen[0]!.body)).toEqual({ cartItem: { sku: 'TV-RPT-1', qty: 1, quote_id: 7 } });
  });

  it('does not retry another 401 or any other error', async () => {
    const { api } = setup();
    handler = () => ({ status: 401, body: { message: 'Some other refusal' } });
    await expect(api.getTotals()).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);

    seen = [];
    handler = () => ({ status: 500, body: { message: 'Internal Error' } });
    await expect(api.placeOrder({} as never)).rejects.toMatchObject({
      message: '[ecommerce, POST, /carts/mine/payment-information request errored]',
      status: 500,
    });
    expect(seen).toHaveLength(1);
    expect(issued).toBe(1);
  });

  it('answers null for a missing cart, and wraps a dropped connection as status 0', async () => {
    const { api } = setup();
    handler = () => ({
      status: 404,
      body: {
        message: 'No such entity with %fieldName = %fieldValue',
        parameters: { fieldName: 'customerId' },
      },
    });
    await expect(api.getCart()).resolves.toBeNull();

    const unreachable = createCommerceApi({
      baseUrl: 'http://127.0.0.1:9/commerce-content/rest/V1',
      fetchImpl: fetch,
      tokens: setup().tokens,
    });
    await expect(unreachable.downloadableProducts()).rejects.toMatchObject({
      status: 0,
      message: '[ecommerce, GET, /customers/me/asa_downloadable_products request errored]',
    });
  });

  it('shares one token refresh between calls refused together', async () => {
    const { api, tokens } = setup();
    await tokens.get();
    handler = (request) =>
      request.authorization === 'Bearer token-1' ? unauthorized : { status: 200, body: cart };
    const results = await Promise.all(Array.from({ length: 12 }, () => api.getCart()));
    expect(results).toEqual(Array(12).fill(cart));
    expect(issued).toBe(2);
  });

  it('asks for orders by cart or by store with Magento search criteria, and is never cached', async () => {
    const { api } = setup();
    handler = () => ({ status: 200, body: { items: [], total_count: 0 } });
    await api.orders({ quoteId: 42 });
    await api.orders({ quoteId: 42 });
    await api.orders({ storeId: 1 });
    const urls = seen.map((request) => decodeURIComponent(request.url));
    expect(urls[0]).toBe(
      '/commerce-content/rest/V1/customers/me/asa_orders?searchCriteria[filter_groups][0][filters][0][field]=quote_id&searchCriteria[filter_groups][0][filters][0][value]=42&searchCriteria[filter_groups][0][filters][0][condition_type]=eq',
    );
    expect(urls[2]).toContain('[field]=store_id&searchCriteria[filter_groups][0][filters][0][value]=1');
    expect(seen).toHaveLength(3);
  });
});

describe('commerce API: public catalog', () => {
  const product = (sku: string, urlKey: string) => ({ extension_attributes: { sku, url_key: urlKey } });

  it('reads without a token and keeps the answer for 60 seconds', async () => {
    const { api } = setup();
    handler = () => ({ status: 200, body: { items: [product('TV-1', 'teens-and-money')], total_count: 1 } });
    await expect(api.productByUrlKey('teens-and-money')).resolves.toEqual(product('TV-1', 'teens-and-money'));
    await api.productByUrlKey('teens-and-money');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBeUndefined();
    expect(issued).toBe(0);
    expect(decodeURIComponent(seen[0]!.url)).toBe(
      '/commerce-content/rest/V1/products-render-info?searchCriteria[filter_groups][0][filters][0][field]=url_key&searchCriteria[filter_groups][0][filters][0][value]=teens-and-money&searchCriteria[filter_groups][0][filters][0][condition_type]=eq&searchCriteria[pageSize]=1&storeId=1&currencyCode=USD',
    );

    clock += 59_999;
    await api.productByUrlKey('teens-and-money');
    expect(seen).toHaveLength(1);
    clock += 1;
    await api.productByUrlKey('teens-and-money');
    expect(seen).toHaveLength(2);
  });

  it('answers null for a slug the storefront does not sell, and does not keep a failure', async () => {
    const { api } = setup();
    handler = () => ({ status: 200, body: { items: [product('TV-1', 'other')], total_count: 1 } });
    await expect(api.productByUrlKey('not-sold')).resolves.toBeNull();

    handler = () => ({ status: 503, body: { message: 'Down' } });
    await expect(api.mixedFeed()).rejects.toMatchObject({ status: 503 });
    handler = () => ({ status: 200, body: { items: [], total_count: 0 } });
    await expect(api.mixedFeed()).resolves.toEqual({ items: [], total_count: 0 });
    expect(seen.at(-1)!.url).toBe('/commerce-content/rest/V1/mixedfeed?limit=1000');
  });
});

describe('commerce error messages', () => {
  const failure = (status: number, data: unknown) =>
    new HttpError(status, '[ecommerce, POST, /x request errored]', data);

  it("fills Magento's placeholders and lists every billing problem by field", () => {
    expect(
      commerceErrorMessage(
        failure(404, {
          message: 'No such entity with %fieldName = %fieldValue',
          parameters: { fieldName: 'sku', fieldValue: 'TV-9' },
        }),
        'fallback',
      ),
    ).toBe('No such entity with sku = TV-9');
    const invalid = failure(400, {
      message: 'Company Name should be at least 3 characters long',
      errors: [
        {
          message: 'Company Name should be at least 3 characters long',
          parameters: { fieldName: 'company' },
        },
        { message: 'Enter a 5-digit ZIP code, like 94107.', parameters: { fieldName: 'postcode' } },
      ],
    });
    expect(commerceFieldErrors(invalid)).toEqual({
      company: 'Company Name should be at least 3 characters long',
      postcode: 'Enter a 5-digit ZIP code, like 94107.',
    });
    expect(commerceErrorMessage(failure(500, { message: 'Internal Error' }), 'Try again.')).toBe(
      'Try again.',
    );
    expect(commerceErrorMessage(failure(0, undefined), 'Try again.')).toMatch(/could not reach TeenVoice/);
  });
});
