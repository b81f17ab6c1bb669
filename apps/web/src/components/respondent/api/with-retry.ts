import { isHttpError } from '../../../lib/http-error';

/** No answer at all (offline, a dropped connection) or a server hiccup: worth trying again. */
export const isRetryable = (error: unknown) =>
  isHttpError(error) &&
  (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the server asked to wait before sending again (issue 23), from a 429's body. */
export function retryAfterMs(error: unknown): number | null {
  if (!isHttpError(error) || error.status !== 429) return null;
  const data = error.data as { retryAfterSeconds?: unknown; data?: { retryAfterSeconds?: unknown } } | null;
  const seconds = Number(data?.retryAfterSeconds ?? data?.data?.retryAfterSeconds ?? 30);
  return Math.min(120, Math.max(1, Number.isFinite(seconds) ? seconds : 30)) * 1000;
}

/**
 * Sends again while the server says too many answers come from this network (a class on one school
 * address, issue 23), waiting as long as it asks: the answers stay saved on the device meanwhile. After
 * `maxWaits` waits the refusal is shown.
 */
export async function waitingOnLimits<T>(
  call: () => Promise<T>,
  { maxWaits = 10, onWait }: { maxWaits?: number; onWait?: (ms: number) => void } = {},
): Promise<T> {
  for (let waits = 0; ; waits++) {
    try {
      return await call();
    } catch (error) {
      const ms = retryAfterMs(error);
      if (ms === null || waits >= maxWaits) throw error;
      onWait?.(ms);
      await wait(ms);
    }
  }
}

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
