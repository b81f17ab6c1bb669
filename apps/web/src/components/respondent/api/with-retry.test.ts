import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { retryAfterMs, waitingOnLimits } from './with-retry';

const limited = (seconds?: number) =>
  new HttpError(429, 'Lots of answers are coming from your network right now.', {
    code: 'RATE_LIMITED',
    ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
  });

describe('sending while a school network is at its limit (issue 23)', () => {
  it('waits as long as the server asks, then sends again', async () => {
    vi.useFakeTimers();
    try {
      const call = vi.fn().mockRejectedValueOnce(limited(7)).mockResolvedValueOnce('sent');
      const waits: number[] = [];
      const sending = waitingOnLimits(call, { onWait: (ms) => waits.push(ms) });
      await vi.advanceTimersByTimeAsync(6_999);
      expect(call).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(sending).resolves.toBe('sent');
      expect(waits).toEqual([7_000]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after the last wait and shows the refusal; other errors are not waited on', async () => {
    vi.useFakeTimers();
    try {
      const refused = waitingOnLimits(() => Promise.reject(limited(1)), { maxWaits: 2 });
      const settled = refused.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await settled).toBeInstanceOf(HttpError);
      const broken = vi.fn().mockRejectedValue(new HttpError(400, 'Some answers need another look'));
      await expect(waitingOnLimits(broken)).rejects.toThrow('Some answers need another look');
      expect(broken).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the wait from the answer, within 1 s and 2 minutes, 30 s when it does not say', () => {
    expect(retryAfterMs(limited(12))).toBe(12_000);
    expect(retryAfterMs(limited(9999))).toBe(120_000);
    expect(retryAfterMs(limited())).toBe(30_000);
    expect(retryAfterMs(new HttpError(500, 'x'))).toBeNull();
  });
});
