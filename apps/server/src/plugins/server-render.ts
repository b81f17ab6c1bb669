import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** The page metadata the web app's loaders produce (PageMeta in the contract). */
export interface RenderedMeta {
  title: string;
  description: string;
  image?: string;
  type?: 'website' | 'article';
  /** schema.org JSON-LD for the head (PageMeta.structuredData). */
  structuredData?: Record<string, unknown>;
}

export interface RenderedPayload {
  path: string;
  status: number;
  meta: RenderedMeta;
  queries: unknown;
}

/** The result type of the web app's `entry-server.tsx`. */
export type ServerRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'client-only'; status: number }
  /** `lite`: the templates a lite public page's site script shows (decision 018). */
  | { kind: 'page'; status: number; html: string; payload: RenderedPayload; lite?: string };

export interface ServerRenderer {
  render(url: string, options?: { withHtml?: boolean }): Promise<ServerRenderResult>;
}

/** Loads the server renderer that `vite build --ssr` wrote next to the client build, if it is there. */
export async function loadServerRenderer(webDirectory: string): Promise<ServerRenderer | null> {
  const entry = join(webDirectory, 'server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as ServerRenderer;
}

const renderingApp = new AsyncLocalStorage<FastifyInstance>();
let selfFetchInstalled = false;

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) {
    const record: Record<string, string> = {};
    headers.forEach((value, name) => {
      record[name] = value;
    });
    return record;
  }
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...headers } as Record<string, string>;
}

/**
 * While a page renders on the server, the web app's relative API calls (`/cms/api/…`, `/v2/…`) are
 * answered in process by the same Fastify app through `inject`: no socket, no second copy of the
 * data-access code, and exactly the answers a browser would get.
 */
function installSelfFetch(): void {
  if (selfFetchInstalled) return;
  selfFetchInstalled = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const app = renderingApp.getStore();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!app || !url.startsWith('/')) return networkFetch(input, init);
    const method = (init?.method ?? 'GET').toUpperCase() as 'GET';
    const response = await app.inject({
      method,
      url,
      headers: headerRecord(init?.headers),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of [value].flat()) headers.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}

export function renderWithApp<T>(app: FastifyInstance, work: () => Promise<T>): Promise<T> {
  installSelfFetch();
  return renderingApp.run(app, work);
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a script element: nothing in it may close the element or start a comment. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);

/** The head tags crawlers and link previews read. */
export function headTags(meta: RenderedMeta, path: string, publicUrl: string, status: number): string {
  // An SEO title may name the brand already ('… | TeenVoice report'); the tab shows it once.
  const title = escapeHtml(meta.title.includes('TeenVoice') ? meta.title : `${meta.title} | TeenVoice`);
  const description = escapeHtml(meta.description);
  const canonical = escapeHtml(`${publicUrl}${path === '/' ? '/' : path.replace(/\/$/, '')}`);
  const tags = [
    `<meta property="og:site_name" content="TeenVoice" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ];
  if (status === 200) tags.unshift(`<link rel="canonical" href="${canonical}" />`);
  else tags.unshift(`<meta name="robots" content="noindex" />`);
  if (meta.image) {
    const image = escapeHtml(absolute(publicUrl, meta.image));
    tags.push(
      `<meta property="og:image" content="${image}" />`,
      `<meta name="twitter:image" content="${image}" />`,
    );
  }
  if (meta.structuredData) tags.push(structuredDataTag(meta.structuredData, publicUrl));
  return `<title>${title}</title>\n    <meta name="description" content="${description}" />\n    ${tags.join('\n    ')}`;
}

/** Root-relative `url` and `image` values, at any depth, made absolute: crawlers need whole URLs. */
function absoluteUrls(value: unknown, publicUrl: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteUrls(item, publicUrl));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      (key === 'url' || key === 'image') && typeof item === 'string' && item.startsWith('/')
        ? absolute(publicUrl, item)
        : absoluteUrls(item, publicUrl),
    ]),
  );
}

/**
 * The page's JSON-LD as a script element. The JSON is escaped for a script (no `<`, `>`, U+2028 or
 * U+2029 left), so a title holding `</script>` or `<!--` cannot end the element; it parses unchanged.
 */
export function structuredDataTag(data: Record<string, unknown>, publicUrl: string): string {
  return `<script type="application/ld+json">${scriptSafeJson(absoluteUrls(data, publicUrl))}</script>`;
}

/** The app's entry and the site script a lite public page loads instead of it (decision 018). */
export interface LiteAssets {
  appEntry: string;
  siteScript: string;
}

/** Reads them from the build: the entry from index.html, the site script from Vite's manifest. */
export function readLiteAssets(webDirectory: string, indexHtml: string): LiteAssets | null {
  const manifestPath = join(webDirectory, '.vite', 'manifest.json');
  const appEntry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml)?.[1];
  if (!appEntry || !existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file?: string }>;
  const file = manifest['src/site/site.ts']?.file;
  return file ? { appEntry, siteScript: `/${file}` } : null;
}

/**
 * A lite public page: the same HTML without the app's entry and its preloads, with the small site
 * script that starts the app only when the visitor reaches for it, and the site script's templates.
 */
function litePage(html: string, lite: LiteAssets, templates: string): string {
  return html
    .replace('<html ', '<html data-lite="" ')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<script type="module" crossorigin src="[^"]+"><\/script>/,
      `<script type="module" crossorigin src="${lite.siteScript}" data-app-entry="${lite.appEntry}"></script>`,
    )
    .replace('</body>', `  ${templates}\n  </body>`);
}

/** index.html with the rendered page, its head tags and its payload put in. */
export function pageHtml(
  indexHtml: string,
  result: Extract<ServerRenderResult, { kind: 'page' }>,
  publicUrl: string,
  lite: LiteAssets | null = null,
): string {
  const { payload } = result;
  const html = lite && result.lite ? litePage(indexHtml, lite, result.lite) : indexHtml;
  return html
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${headTags(payload.meta, payload.path, publicUrl, result.status)}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${result.html}</div>\n    <script type="application/json" id="tv-page-payload">${scriptSafeJson(payload)}</script>`,
    );
}

/**
 * Rendered pages. A page's HTML depends only on its address and the published content (never on who
 * asks: the render sends no cookies), so one render serves everyone, and concurrent requests for the
 * same page share one render. A page is fresh for `ttlMs`; after that, up to `staleMs`, it is still
 * served at once while one render in the background replaces it (stale-while-revalidate), so no
 * visitor waits for a render of a page someone saw in the last `staleMs`. Publishing clears it at once
 * on this copy; on other copies a page is at most one request out of date after `ttlMs`, and never
 * older than `staleMs`.
 */
export function createRenderCache<T>(options: { ttlMs: number; maxEntries: number; staleMs?: number }) {
  const staleMs = Math.max(options.staleMs ?? options.ttlMs, options.ttlMs);
  const entries = new Map<string, { at: number; value: Promise<T>; refreshing?: boolean }>();
  const store = (key: string, value: Promise<T>) => {
    entries.delete(key);
    entries.set(key, { at: Date.now(), value });
    // A failed render is not remembered; the next request tries again.
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    if (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };
  return {
    get(key: string, produce: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      const age = hit ? Date.now() - hit.at : Number.POSITIVE_INFINITY;
      if (hit && age <= options.ttlMs) return hit.value;
      if (hit && age <= staleMs) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          const next = produce();
          // The stale page is replaced only by a good render; a failed one leaves it for the next try.
          next.then(
            () => store(key, next),
            () => {
              hit.refreshing = false;
            },
          );
        }
        return hit.value;
      }
      const value = produce();
      store(key, value);
      return value;
    },
    clear: () => entries.clear(),
  };
}
