import { createHttpClient } from './http';

/** The storefront API; authenticated calls pass the commerce token as a bearer header. */
export const commerce = createHttpClient({
  baseUrl: '/commerce-content/rest/V1',
  credentials: 'same-origin',
  errorMessage: (method, path) => `[ecommerce, ${method}, ${path} request errored]`,
});

export const commerceAuthHeaders = (token: string) => ({ Authorization: `Bearer ${token}` });
