import { describe, expect, it, vi } from 'vitest';
import { createRenderCache, headTags, pageHtml, scriptSafeJson } from './server-render';

describe('the render cache', () => {
  it('renders a page once for concurrent and repeated requests, until it expires', async () => {
    vi.useFakeTimers();
    try {
      const cache = createRenderCache<string>({ ttlMs: 5_000, maxEntries: 10 });
      const produce = vi.fn(async () => 'html');
      await Promise.all([cache.get('/a', produce), cache.get('/a', produce), cache.get('/a', produce)]);
      expect(produce).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(5_001);
      await cache.get('/a', produce);
      expect(produce).toHaveBeenCalledTimes(2);
      cache.clear();
      await cache.get('/a', produce);
      expect(produce).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves a stale page at once while one background render replaces it, up to its stale limit', async () => {
    vi.useFakeTimers();
    try {
      const cache = createRenderCache<string>({ ttlMs: 5_000, staleMs: 60_000, maxEntries: 10 });
      let version = 0;
      const produce = vi.fn(async () => `v${++version}`);
      expect(await cache.get('/a', produce)).toBe('v1');
      vi.advanceTimersByTime(6_000);
      // Stale: the old page now, and one render for everyone asking meanwhile.
      expect(await Promise.all([cache.get('/a', produce), cache.get('/a', produce)])).toEqual(['v1', 'v1']);
      expect(produce).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get('/a', produce)).toBe('v2');
      // Beyond the stale limit the visitor waits for a fresh render.
      vi.advanceTimersByTime(61_000);
      expect(await cache.get('/a', produce)).toBe('v3');
      // A failed background render keeps the stale page.
      vi.advanceTimersByTime(6_000);
      expect(await cache.get('/a', () => Promise.reject(new Error('down')))).toBe('v3');
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get('/a', produce)).toBe('v3');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not remember a failed render, and forgets the oldest page beyond its size', async () => {
    const cache = createRenderCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get('/broken', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(cache.get('/broken', async () => 'fixed')).resolves.toBe('fixed');
    const produce = vi.fn(async () => 'page');
    await cache.get('/one', produce);
    await cache.get('/two', produce);
    await cache.get('/three', produce);
    await cache.get('/one', produce);
    expect(produce).toHaveBeenCalledTimes(4);
  });
});

describe('the page head and payload', () => {
  it('escapes what content puts into the head', () => {
    const head = headTags(
      {
        title: 'Teens "&" <script>',
        description: 'It’s <b>bold</b>',
        image: '/cms/uploads/a.png',
        type: 'article',
      },
      '/research/articles/x',
      'https://teenvoice.example',
      200,
    );
    expect(head).toContain('<title>Teens &quot;&amp;&quot; &lt;script&gt; | TeenVoice</title>');
    expect(head).toContain('content="It’s &lt;b&gt;bold&lt;/b&gt;"');
    expect(head).toContain(
      '<meta property="og:image" content="https://teenvoice.example/cms/uploads/a.png" />',
    );
    expect(head).toContain('<link rel="canonical" href="https://teenvoice.example/research/articles/x" />');
    expect(headTags({ title: 'Gone', description: '' }, '/x', 'https://t.example', 404)).toContain(
      '<meta name="robots" content="noindex" />',
    );
  });

  it('keeps the payload inside its script element whatever the content says', () => {
    const json = scriptSafeJson({ body: '</script><script>alert(1)</script>\u2028' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({ body: '</script><script>alert(1)</script>\u2028' });
    const html = pageHtml(
      '<html><head><title>TeenVoice</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
      {
        kind: 'page',
        status: 200,
        html: '<main>Hello</main>',
        payload: { path: '/', status: 200, meta: { title: 'Home', description: 'Welcome' }, queries: {} },
      },
      'https://t.example',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"><main>Hello</main></div>');
    expect(html).toContain('<script type="application/json" id="tv-page-payload">');
  });
});
