import { apiErrorSchema, fieldErrorsSchema } from '@tv/contract';
import { createHttpClient, type HttpClient, type HttpMethod, type RequestOptions } from './http';
import { isHttpError } from './http-error';
import { utmHeaders } from './utm';

/**
 * The core API without session recovery: for calls where a 401 is an answer (a wrong password, a
 * visitor without a session) or that are themselves part of the recovery (refresh, profile reload).
 */
export const plainBackend = createHttpClient({
  baseUrl: '',
  credentials: 'include',
  errorMessage: (method, path) => `[useBackend survey, ${method}, ${path} request errored]`,
  headers: () => utmHeaders(),
});

export interface SessionRecovery {
  /** Refreshes the access token and reloads the profile; false when the session cannot be recovered. */
  recover: () => Promise<boolean>;
  /** Clears the user and sends them to sign in, back to where they were afterwards. */
  onSessionLost: () => void;
}

let recovery: SessionRecovery | null = null;

/** lib/session.ts supplies the recovery, so this client does not import the session (and its store). */
export function setSessionRecovery(value: SessionRecovery | null) {
  recovery = value;
}

const isUnauthorized = (error: unknown) => isHttpError(error) && error.status === 401;

/**
 * A 401 triggers one token refresh and profile reload (shared by calls failing together), then one
 * retry of the call; a second 401, or a failed refresh, ends the session (spec §4, §8).
 */
async function requestWithRecovery<T>(
  method: HttpMethod,
  path: string,
  options?: RequestOptions,
): Promise<T> {
  try {
    return await plainBackend.request<T>(method, path, options);
  } catch (error) {
    if (!isUnauthorized(error) || !recovery) throw error;
    const current = recovery;
    if (!(await current.recover())) {
      current.onSessionLost();
      throw error;
    }
    try {
      return await plainBackend.request<T>(method, path, options);
    } catch (retryError) {
      if (isUnauthorized(retryError)) current.onSessionLost();
      throw retryError;
    }
  }
}

/** The core API, same origin; every call carries the session cookies and the stored UTM headers. */
export const backend: HttpClient = {
  request: requestWithRecovery,
  get: (path, options) => requestWithRecovery('GET', path, options),
  post: (path, body, options) => requestWithRecovery('POST', path, { ...options, body }),
  put: (path, body, options) => requestWithRecovery('PUT', path, { ...options, body }),
  patch: (path, body, options) => requestWithRecovery('PATCH', path, { ...options, body }),
  delete: (path, options) => requestWithRecovery('DELETE', path, options),
};

/** Field errors the server sent with a failed call (`data.fields`), first message per field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isHttpError(error)) return {};
  const body = apiErrorSchema.safeParse(error.data);
  if (!body.success) return {};
  const fields = fieldErrorsSchema.safeParse((body.data.data as { fields?: unknown } | undefined)?.fields);
  if (!fields.success) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fields.data)) {
    if (messages[0]) errors[field] = messages[0];
  }
  return errors;
}

/** The message a failed call should show a person: the server's own words when it gave some. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  if (error.status === 0) return 'We could not reach TeenVoice. Check your connection and try again.';
  const body = apiErrorSchema.safeParse(error.data);
  return body.success ? body.data.message : fallback;
}
