import { createHttpClient } from './http';

/** The content service (articles, terms, interface copy); spec §7 says every call includes credentials. */
export const cms = createHttpClient({
  baseUrl: '/cms',
  credentials: 'include',
  errorMessage: (method, path) => `[cms, ${method}, ${path} request errored]`,
});
