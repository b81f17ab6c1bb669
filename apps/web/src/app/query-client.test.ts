import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error';
import { shouldRetry } from './query-client';

describe('query retries', () => {
  it('retries network and server errors twice', () => {
    expect(shouldRetry(0, new HttpError(0, 'offline'))).toBe(true);
    expect(shouldRetry(1, new HttpError(502, 'bad gateway'))).toBe(true);
    expect(shouldRetry(2, new HttpError(502, 'bad gateway'))).toBe(false);
  });

  it('does not retry client errors or maintenance, so a screen never waits on an answer that stays the same', () => {
    expect(shouldRetry(0, new HttpError(404, 'missing'))).toBe(false);
    expect(shouldRetry(0, new HttpError(503, 'down', { code: 'MAINTENANCE', message: 'Back soon' }))).toBe(
      false,
    );
    expect(shouldRetry(0, new HttpError(503, 'overloaded', { code: 'OVERLOADED' }))).toBe(true);
  });
});
