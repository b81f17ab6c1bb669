import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/api-paths';
import { readRespondHtml, respondPageHandler } from './respond-page';
import {
  createRenderCache,
  type LiteAssets,
  loadServerRenderer,
  pageHtml,
  readLiteAssets,
  renderWithApp,
  type ServerRenderer,
  type ServerRenderResult,
} from './server-render';

export interface WebBuild {
  directory: string;
  indexHtml: string;
  /** The site script of lite public pages (decision 018); null in a build without it. */
  lite: LiteAssets | null;
}

export function readWebBuild(directory: string): WebBuild | null {
  const indexPath = join(directory, 'index.html');
  if (!existsSync(indexPath)) return null;
  const indexHtml = readFileSync(indexPath, 'utf8');
  return { directory, indexHtml, lite: readLiteAssets(directory, indexHtml) };
}

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TeenVoice</title></head>
<body><main><h1>The web app has not been built yet</h1><p>Run <code>npm run build</code>, then start the server again.</p></main></body></html>`;

const PAYLOAD_SUFFIX = '/_payload.json';

/**
 * Serves the web app: hashed assets cached for a year, everything else revalidated. Public pages are
 * rendered on the server with their content, head tags and payload (decision 011); the signed-in app's
 * paths get the client-rendered shell; a path no route matches answers 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { build: WebBuild | null }) => {
  const { build } = options;
  const renderer: ServerRenderer | null = build ? await loadServerRenderer(build.directory) : null;

  if (build) {
    await app.register(fastifyStatic, {
      root: build.directory,
      prefix: '/',
      wildcard: true,
      index: false,
      // The build writes a .br and a .gz beside each asset (vite.config.ts); browsers get the best one.
      preCompressed: true,
      // The server renderer's bundle sits beside the client build and is not for browsers.
      // Nor is Vite's manifest, which the server reads to find the site script.
      allowedPath: (pathName) => !pathName.startsWith('/server/') && !pathName.startsWith('/.vite/'),
      setHeaders(res, filePath) {
        if (filePath.includes('/assets/')) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  const sendApp = (reply: FastifyReply, status = 200) =>
    reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(build ? build.indexHtml : notBuiltPage);

  const rendered = createRenderCache<ServerRenderResult>({ ttlMs: 5_000, staleMs: 60_000, maxEntries: 500 });
  app.contentChanged.push(() => rendered.clear());

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    if (!renderer || !build) return sendApp(reply);
    const [path = '/', query = ''] = request.url.split(/\?(.*)/s, 2);
    const wantsPayload = path.endsWith(PAYLOAD_SUFFIX);
    const pagePath = wantsPayload ? path.slice(0, -PAYLOAD_SUFFIX.length) || '/' : path;
    const url = query ? `${pagePath}?${query}` : pagePath;
    let result: ServerRenderResult;
    try {
      // Maintenance changes every page (to a redirect to /maintenance), so it is part of the key.
      const { maintenance } = await app.platformStatus.getStatus();
      const key = `${maintenance ? 'maintenance' : 'open'} ${wantsPayload ? 'payload' : 'html'} ${url}`;
      result = await rendered.get(key, () =>
        renderWithApp(app, () => renderer.render(url, { withHtml: !wantsPayload })),
      );
    } catch (error) {
      // A page that fails to render on the server still works: the browser renders it.
      request.log.error({ err: error, path }, 'server render failed');
      if (wantsPayload) return reply.status(500).send({ message: 'This page could not be prepared.' });
      return sendApp(reply);
    }
    if (wantsPayload) {
      if (result.kind !== 'page') return reply.status(404).send({ message: 'No payload for this page.' });
      return reply.status(result.status).header('Cache-Control', 'no-cache').send(result.payload);
    }
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    if (result.kind === 'client-only') return sendApp(reply, result.status);
    return reply
      .status(result.status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageHtml(build.indexHtml, result, app.config.publicUrl, build.lite));
  }

  // Pages answer any address as a page (a 404 page for what is none), not with the API's 400.
  app.get('/', { schema: { hide: true }, config: { ownInputChecks: true } }, servePage);

  // The survey link teens open gets the respondent page's own small bundle with the survey in it
  // (decision 019); a build without that page serves /s/:id as any other page.
  const respondHtml = build ? readRespondHtml(build.directory) : null;
  if (respondHtml) {
    app.get(
      '/s/:surveyId',
      { schema: { hide: true }, logLevel: 'warn', config: { ownInputChecks: true } },
      respondPageHandler(app, respondHtml, servePage),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Any browser GET of a page path gets HTML, whatever its Accept header says.
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      (path.endsWith(PAYLOAD_SUFFIX) || !/\.[a-z0-9]{1,8}$/i.test(path));
    if (isPageRequest) return servePage(request, reply);
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Nothing is here: ${request.method} ${request.url.split('?')[0]}`,
    });
  });
});
