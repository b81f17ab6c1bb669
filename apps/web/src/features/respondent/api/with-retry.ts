import { isHttpError } from '../../../lib/http-error';

/** No answer at all (offline, a dropped connection) or a server hiccup: worth trying again. */
export const isRetryable = (error: unknown) =>
  isHttpError(error) &&
  (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Tries a respondent call up to three times with a short pause. Only safe because every respondent
 * call carries the attempt id, so the server treats a repeat as the same request.
 */
export async function withRetry<T>(
  call: () => Promise<T>,
  delays: readonly number[] = [800, 2000],
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      await wait(delay);
    }
  }
}
