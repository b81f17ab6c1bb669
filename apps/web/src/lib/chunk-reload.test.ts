// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  chunkReloadWindowMs,
  claimChunkReload,
  isChunkLoadError,
  rememberPreloadError,
} from './chunk-reload';

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports in each browser’s wording', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('ignores other errors unless Vite reported them as preload errors', () => {
    const error = new Error('Something odd');
    expect(isChunkLoadError(error)).toBe(false);
    rememberPreloadError(error);
    expect(isChunkLoadError(error)).toBe(true);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('claimChunkReload', () => {
  it('allows one reload per path within 10 s', () => {
    const storage = window.sessionStorage;
    storage.clear();
    const start = 1_000_000;
    expect(claimChunkReload('/login', start, storage)).toBe(true);
    expect(claimChunkReload('/login', start + 1_000, storage)).toBe(false);
    expect(claimChunkReload('/login', start + chunkReloadWindowMs - 1, storage)).toBe(false);
    expect(claimChunkReload('/register', start + 1_000, storage)).toBe(true);
    expect(claimChunkReload('/login', start + chunkReloadWindowMs, storage)).toBe(true);
  });
});
