import { createHttpClient } from '../../../lib/http';

/**
 * Respondent calls send nothing but the request itself: no cookies, no campaign headers. A teen
 * answering a survey is never tied to a session, even on a device where staff are signed in.
 */
export const respondClient = createHttpClient({
  baseUrl: '',
  credentials: 'omit',
  errorMessage: (method, path) => `[respond, ${method}, ${path} request errored]`,
});
