import { useUserStore } from '../stores/user-store';
import { backend } from './backend-client';
import { createCommerceApi } from './commerce-api';
import { createCommerceTokenCache } from './commerce-token';
import { createHttpClient } from './http';

/** The storefront API without token handling (kept for plain calls that pass their own headers). */
export const commerce = createHttpClient({
  baseUrl: '/commerce-content/rest/V1',
  credentials: 'same-origin',
  errorMessage: (method, path) => `[ecommerce, ${method}, ${path} request errored]`,
});

export const commerceAuthHeaders = (token: string) => ({ Authorization: `Bearer ${token}` });

/** GET /ecommerce/customer-token on the core API (its session recovery applies). */
async function fetchCustomerToken(): Promise<string> {
  const body = await backend.get<{ data?: { token?: unknown } }>('/ecommerce/customer-token');
  const token = body?.data?.token;
  if (typeof token !== 'string' || !token) throw new Error('The commerce token answer had no token.');
  return token;
}

/** The browser's commerce token: only a registered, signed-in user gets one (spec §4, §7). */
export const commerceTokens = createCommerceTokenCache({
  fetchToken: fetchCustomerToken,
  isAnonymous: () => useUserStore.getState().status !== 'authenticated',
});

/** The browser's storefront API. */
export const commerceApi = createCommerceApi({ tokens: commerceTokens });

// The token is bound to the user and the session that asked for it: another user (or none) forgets it.
useUserStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id || state.status !== previous.status) commerceTokens.clear();
});

export type { CommerceApi, OrdersFilter, SearchCriteria } from './commerce-api';
export {
  commerceErrorMessage,
  commerceFieldErrors,
  isUnauthorizedConsumer,
} from './commerce-api';
