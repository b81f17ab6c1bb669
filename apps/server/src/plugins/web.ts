import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '../lib/api-paths';

export interface WebBuild {
  directory: string;
  indexHtml: string;
}

export function readWebBuild(directory: string): WebBuild | null {
  const indexPath = join(directory, 'index.html');
  if (!existsSync(indexPath)) return null;
  return { directory, indexHtml: readFileSync(indexPath, 'utf8') };
}

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TeenVoice</title></head>
<body><main><h1>The web app has not been built yet</h1><p>Run <code>npm run build</code>, then start the server again.</p></main></body></html>`;

/**
 * Serves the single-page app: hashed assets cached for a year, everything else revalidated,
 * and any unknown page path answered with index.html so the app's router decides.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { build: WebBuild | null }) => {
  const { build } = options;

  if (build) {
    await app.register(fastifyStatic, {
      root: build.directory,
      prefix: '/',
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes('/assets/')) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  const sendApp = (reply: import('fastify').FastifyReply) =>
    reply
      .status(200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(build ? build.indexHtml : notBuiltPage);

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply));

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !/\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0] ?? '') &&
      (request.headers.accept ?? '').includes('text/html');
    if (isPageRequest) return sendApp(reply);
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Nothing is here: ${request.method} ${request.url.split('?')[0]}`,
    });
  });
});
