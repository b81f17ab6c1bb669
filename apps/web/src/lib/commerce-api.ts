import {
  type CardPaymentStatus,
  type CartShape,
  type CartTotals,
  type CategoryArticlesResult,
  type CategoryTreeNode,
  COMMERCE_BASE,
  COMMERCE_CURRENCY,
  COMMERCE_STORE_ID,
  COMMERCE_UNAUTHORIZED_MESSAGE,
  type CustomerShape,
  type DownloadableProductsResult,
  type MagentoError,
  MIXED_FEED_LIMIT,
  type MixedFeedResult,
  type OrderDocumentsResult,
  type OrderSearchResult,
  type PaymentInformationBody,
  type ProductRenderInfo,
  type ProductRenderSearchResult,
  type ReceiptShape,
  renderMagentoMessage,
} from '@tv/contract';
import { buildUrl, type HttpMethod, type QueryValue } from './http';
import { HttpError, isHttpError } from './http-error';

/**
 * The storefront's customer API (spec §7), typed with the contract's Magento shapes. Authenticated calls
 * carry the commerce token as a bearer header and, on Magento's "not authorized" 401, refresh it and try
 * again, up to 4 times. Nothing here touches the browser: the app wires it up in commerce-client.ts, and
 * the server's tests drive it against the real app.
 */

/** The part of the token cache the API needs. */
export interface CommerceTokenSource {
  get(force?: boolean): Promise<string>;
  peek(): { token: string } | null;
}

export interface CommerceApiOptions {
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  tokens: CommerceTokenSource;
  credentials?: RequestCredentials;
  /** How long the public catalog reads are kept (spec §7: a few GETs may be cached). */
  catalogTtlMs?: number;
  now?: () => number;
}

/** Retries after the spec's 401, each with a freshly forced token. */
export const COMMERCE_MAX_RETRIES = 4;
export const CATALOG_CACHE_MS = 60_000;

// ── Magento search criteria ──────────────────────────────────────────────────────────────────────

export type ConditionType = 'eq' | 'neq' | 'in' | 'nin' | 'like' | 'gt' | 'gteq' | 'lt' | 'lteq';

export interface SearchFilter {
  field: string;
  value: string | number;
  conditionType?: ConditionType;
}

export interface SearchCriteria {
  /** Groups are ANDed; the filters inside one group are ORed (Magento's rule). */
  filterGroups?: SearchFilter[][];
  sortOrders?: Array<{ field: string; direction: 'ASC' | 'DESC' }>;
  pageSize?: number;
  currentPage?: number;
}

/** Magento's bracket syntax: searchCriteria[filter_groups][0][filters][0][field]=url_key … */
export function searchCriteriaQuery(criteria: SearchCriteria = {}): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  (criteria.filterGroups ?? []).forEach((group, g) => {
    group.forEach((filter, f) => {
      const prefix = `searchCriteria[filter_groups][${g}][filters][${f}]`;
      query[`${prefix}[field]`] = filter.field;
      query[`${prefix}[value]`] = filter.value;
      query[`${prefix}[condition_type]`] = filter.conditionType ?? 'eq';
    });
  });
  (criteria.sortOrders ?? []).forEach((order, i) => {
    query[`searchCriteria[sortOrders][${i}][field]`] = order.field;
    query[`searchCriteria[sortOrders][${i}][direction]`] = order.direction;
  });
  if (criteria.pageSize !== undefined) query['searchCriteria[pageSize]'] = criteria.pageSize;
  if (criteria.currentPage !== undefined) query['searchCriteria[currentPage]'] = criteria.currentPage;
  // Magento answers an empty search criteria with an error; an explicit empty one lists everything.
  if (Object.keys(query).length === 0) query.searchCriteria = '';
  return query;
}

// ── errors ───────────────────────────────────────────────────────────────────────────────────────

/** The spec §8 message of a failed storefront call. */
export const commerceErrorText = (method: HttpMethod, path: string) =>
  `[ecommerce, ${method}, ${path} request errored]`;

const isMagentoError = (value: unknown): value is MagentoError =>
  typeof value === 'object' && value !== null && typeof (value as MagentoError).message === 'string';

/** True for the 401 on which the client refreshes its token and tries again (spec §7). */
export const isUnauthorizedConsumer = (error: unknown) =>
  isHttpError(error) &&
  error.status === 401 &&
  isMagentoError(error.data) &&
  error.data.message === COMMERCE_UNAUTHORIZED_MESSAGE;

/**
 * What a failed storefront call should tell a person: the server's own words with their %placeholders
 * filled, every problem of a billing address at once, or the fallback.
 */
export function commerceErrorMessage(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  if (error.status === 0) return 'We could not reach TeenVoice. Check your connection and try again.';
  if (!isMagentoError(error.data) || error.status >= 500 || error.status === 401) return fallback;
  const { errors } = error.data;
  if (errors && errors.length > 1) return errors.map((item) => renderMagentoMessage(item)).join(' ');
  return renderMagentoMessage(error.data);
}

/** A billing address's problems by field name (Magento's `errors[].parameters.fieldName`). */
export function commerceFieldErrors(error: unknown): Record<string, string> {
  if (!isHttpError(error) || !isMagentoError(error.data)) return {};
  const fields: Record<string, string> = {};
  for (const item of error.data.errors ?? []) {
    const parameters = item.parameters;
    const field = parameters && !Array.isArray(parameters) ? parameters.fieldName : undefined;
    if (typeof field === 'string' && !(field in fields)) fields[field] = renderMagentoMessage(item);
  }
  return fields;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (response.headers.get('content-type')?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

// ── the API ──────────────────────────────────────────────────────────────────────────────────────

interface CallOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export type OrdersFilter = { quoteId: number } | { storeId: typeof COMMERCE_STORE_ID };

export function createCommerceApi({
  baseUrl = COMMERCE_BASE,
  fetchImpl = (input, init) => fetch(input, init),
  tokens,
  credentials = 'same-origin',
  catalogTtlMs = CATALOG_CACHE_MS,
  now = Date.now,
}: CommerceApiOptions) {
  async function send<T>(
    method: HttpMethod,
    path: string,
    options: CallOptions,
    token: string | null,
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers, credentials };
    if (options.signal) init.signal = options.signal;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(baseUrl, path, options.query), init);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new HttpError(0, commerceErrorText(method, path), undefined);
    }
    const body = await readBody(response);
    if (!response.ok) throw new HttpError(response.status, commerceErrorText(method, path), body);
    return body as T;
  }

  /** A customer call: the bearer token, and up to 4 retries on the spec's 401 with a forced new token. */
  async function authenticated<T>(method: HttpMethod, path: string, options: CallOptions = {}): Promise<T> {
    let token = await tokens.get();
    for (let retry = 0; ; retry += 1) {
      try {
        return await send<T>(method, path, options, token);
      } catch (error) {
        if (!isUnauthorizedConsumer(error) || retry >= COMMERCE_MAX_RETRIES) throw error;
        // Force a new token, unless a call failing at the same time already replaced the one refused.
        const stillCached = tokens.peek()?.token === token;
        token = await tokens.get(stillCached);
      }
    }
  }

  const catalogCache = new Map<string, { expires: number; value: Promise<unknown> }>();

  /** A public catalog read, shared for `catalogTtlMs`; a failure is not kept. */
  function cachedPublic<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
    const key = buildUrl('', path, query);
    const hit = catalogCache.get(key);
    if (hit && hit.expires > now()) return hit.value as Promise<T>;
    const value = send<T>('GET', path, { query }, null);
    catalogCache.set(key, { expires: now() + catalogTtlMs, value });
    value.catch(() => {
      if (catalogCache.get(key)?.value === value) catalogCache.delete(key);
    });
    return value;
  }

  const products = (criteria: SearchCriteria = {}) =>
    cachedPublic<ProductRenderSearchResult>('/products-render-info', {
      ...searchCriteriaQuery(criteria),
      storeId: COMMERCE_STORE_ID,
      currencyCode: COMMERCE_CURRENCY,
    });

  return {
    // ── public catalog (cached for a minute) ──
    products,
    /** The product selling the report with this slug, or null when the storefront does not sell it. */
    productByUrlKey: async (urlKey: string): Promise<ProductRenderInfo | null> => {
      const result = await products({ filterGroups: [[{ field: 'url_key', value: urlKey }]], pageSize: 1 });
      return result.items.find((item) => item.extension_attributes.url_key === urlKey) ?? null;
    },
    productsBySku: async (skus: string[]): Promise<ProductRenderInfo[]> => {
      if (skus.length === 0) return [];
      const result = await products({
        filterGroups: [[{ field: 'sku', value: skus.join(','), conditionType: 'in' }]],
        pageSize: skus.length,
      });
      return result.items.filter((item) => skus.includes(item.extension_attributes.sku));
    },
    categories: () => cachedPublic<CategoryTreeNode>('/asa_categories'),
    categoryArticles: (id: number) =>
      cachedPublic<CategoryArticlesResult>(`/categories/${encodeURIComponent(id)}/asa_strapi_articles`),
    mixedFeed: (limit: number = MIXED_FEED_LIMIT) => cachedPublic<MixedFeedResult>('/mixedfeed', { limit }),
    /** Forget the cached catalog reads (e.g. after staff changed a price in this tab). */
    clearCatalogCache: () => catalogCache.clear(),

    // ── the customer's cart (never cached) ──
    /** The active cart's id; made on demand. */
    createCart: () => authenticated<number>('POST', '/carts/mine'),
    /** The active cart, or null when there is none. */
    getCart: async (): Promise<CartShape | null> => {
      try {
        return await authenticated<CartShape>('GET', '/carts/mine');
      } catch (error) {
        if (isHttpError(error) && error.status === 404) return null;
        throw error;
      }
    },
    getTotals: () => authenticated<CartTotals>('GET', '/carts/mine/totals'),
    /** Magento's coupon calls: PUT answers true, or a 404 'The coupon code isn't valid…'. */
    applyCoupon: (code: string) =>
      authenticated<boolean>('PUT', `/carts/mine/coupons/${encodeURIComponent(code)}`),
    removeCoupon: () => authenticated<boolean>('DELETE', '/carts/mine/coupons'),
    /** The customer with saved billing addresses (the last used is default_billing). */
    customer: () => authenticated<CustomerShape>('GET', '/customers/me'),
    removeAddress: (addressId: number) =>
      authenticated<boolean>('DELETE', `/customers/me/asa_addresses/${encodeURIComponent(addressId)}`),
    addItem: (sku: string, quoteId: number) =>
      authenticated<CartShape['items'][number]>('POST', '/carts/mine/items', {
        body: { cartItem: { sku, qty: 1, quote_id: quoteId } },
      }),
    removeItem: (itemId: number) =>
      authenticated<boolean>('DELETE', `/carts/mine/items/${encodeURIComponent(itemId)}`),
    /** Places the order; the answer is the order's entity_id. */
    placeOrder: (body: PaymentInformationBody) =>
      authenticated<number>('POST', '/carts/mine/payment-information', { body }),

    // ── orders, downloads, receipts (never cached) ──
    orders: (filter: OrdersFilter) =>
      authenticated<OrderSearchResult>('GET', '/customers/me/asa_orders', {
        query: searchCriteriaQuery({
          filterGroups: [
            'quoteId' in filter
              ? [{ field: 'quote_id', value: filter.quoteId }]
              : [{ field: 'store_id', value: filter.storeId }],
          ],
        }),
      }),
    downloadableProducts: () =>
      authenticated<DownloadableProductsResult>('GET', '/customers/me/asa_downloadable_products'),
    receipt: (orderId: number) =>
      authenticated<ReceiptShape>('GET', `/customers/me/asa_receipt/${encodeURIComponent(orderId)}`),
    /** Every invoice, receipt and credit note of the customer's orders. */
    documents: () => authenticated<OrderDocumentsResult>('GET', '/customers/me/asa_documents'),
    /** Where a card order's payment stands (and Stripe Checkout's page while it waits). */
    cardPayment: (orderId: number) =>
      authenticated<CardPaymentStatus>(
        'GET',
        `/customers/me/asa_orders/${encodeURIComponent(orderId)}/card-payment`,
      ),
    /** The buyer left Stripe's page: the unpaid order is canceled and its reports go back in a cart. */
    cancelCardPayment: (orderId: number) =>
      authenticated<number>(
        'POST',
        `/customers/me/asa_orders/${encodeURIComponent(orderId)}/card-payment/cancel`,
      ),
  };
}

export type CommerceApi = ReturnType<typeof createCommerceApi>;
