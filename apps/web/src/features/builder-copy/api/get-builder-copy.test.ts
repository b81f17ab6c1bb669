import builderCopyFile from '@tv/contract/copy/builder-copy.json';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_CACHE_MS, copyQueryOptions, FALLBACK_COPY_PATH, getCopy } from './get-builder-copy';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('builder copy', () => {
  it('reads one section of the content service copy, the builder by default', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === FALLBACK_COPY_PATH
        ? json({ builder: { homeTitle: 'Bundled' }, shop: {} })
        : json({ builder: { homeTitle: 'Your surveys' }, shop: { cart: 'Cart' } }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(getCopy()).resolves.toEqual({ homeTitle: 'Your surveys' });
    await expect(getCopy('shop')).resolves.toEqual({ cart: 'Cart' });
    expect(fetch.mock.calls.map((call) => call[0])).toContain('/cms/api/teenvoice-copy.json');
  });

  it('takes a key the content service leaves out from the bundled file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === FALLBACK_COPY_PATH
          ? json({ builder: { homeTitle: 'Bundled title', saved: 'All changes saved' } })
          : json({ builder: { homeTitle: 'Edited title' } }),
      ),
    );
    await expect(getCopy()).resolves.toEqual({ homeTitle: 'Edited title', saved: 'All changes saved' });
  });

  it('falls back to the bundled file, silently, when the content service fails', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === FALLBACK_COPY_PATH ? json({ builder: { homeTitle: 'From the file' } }) : json({}, 500),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(getCopy()).resolves.toEqual({ homeTitle: 'From the file' });
  });

  it('falls back when the content service lacks the section, and ignores anything but text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === FALLBACK_COPY_PATH
          ? json({ builder: { saved: 'All changes saved', count: 3 } })
          : json({ other: {} }),
      ),
    );
    await expect(getCopy()).resolves.toEqual({ saved: 'All changes saved' });
  });

  it('never fetches the bundled file when the content service answers every key', async () => {
    const edited = { ...builderCopyFile.builder, homeTitle: 'Edited in the content service' };
    const fetch = vi.fn(async (url: string) =>
      url === FALLBACK_COPY_PATH ? json({ builder: { homeTitle: 'Bundled' } }) : json({ builder: edited }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(getCopy()).resolves.toEqual(edited);
    expect(fetch.mock.calls.map((call) => call[0])).toEqual(['/cms/api/teenvoice-copy.json']);
  });

  it('fetches the bundled file only after the content service call has failed', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === FALLBACK_COPY_PATH) return json(builderCopyFile);
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(getCopy()).resolves.toEqual(builderCopyFile.builder);
    expect(calls).toEqual(['/cms/api/teenvoice-copy.json', FALLBACK_COPY_PATH]);
  });

  it('fails only when neither the content service nor the bundled file answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({}, 503)),
    );
    await expect(getCopy()).rejects.toThrow(FALLBACK_COPY_PATH);
  });

  it('is kept in memory for 10 minutes', () => {
    const options = copyQueryOptions();
    expect(COPY_CACHE_MS).toBe(600_000);
    expect(options.staleTime).toBe(600_000);
    expect(options.gcTime).toBe(600_000);
    expect(options.refetchInterval).toBe(600_000);
    expect(options.queryKey).toEqual(['cms', 'copy', 'builder']);
  });
});
