import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { HttpError } from './errors';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The content types a page on another site can send without asking first (no CORS preflight). Our API
 * takes JSON, and files as multipart only where it uploads them; a form or a beacon posting these to a
 * body-less route would otherwise act as the signed-in visitor.
 */
const simpleBodyTypes = ['text/plain', 'application/x-www-form-urlencoded'];

export const CROSS_SITE_MESSAGE = 'This request came from another site, so it was refused.';

/** Whether a state-changing request comes from our own pages (or from no browser at all). */
export function crossSiteReason(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
  publicOrigin: string,
): 'cross-site' | 'simple-body' | null {
  if (!unsafeMethods.has(request.method)) return null;
  // Fetch Metadata: every current browser says where a request came from. 'none' is the person's own
  // action (a bookmark, the address bar); 'same-site' includes another port of the same host.
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return 'cross-site';
  // Older browsers: the Origin header, which scripts cannot set. It must be our public address or the
  // address the request was sent to (Host, which a browser sets to the target, never to the sender).
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let host: string | null = null;
    try {
      host = origin === 'null' ? null : new URL(origin).host;
    } catch {
      host = null;
    }
    if (host === null) return 'cross-site';
    if (origin !== publicOrigin && host !== request.headers.host) return 'cross-site';
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (simpleBodyTypes.includes(type)) return 'simple-body';
  return null;
}

/**
 * CSRF defence for the whole server (issue 12): state-changing requests from another origin are refused
 * with 403, and no state-changing route takes a body type a cross-site form can send (415). Requests
 * without browser headers (the API from scripts, Stripe's webhooks, tests) pass: they carry no cookies
 * a page could have borrowed.
 */
export const crossSitePlugin = fp(
  async (app: FastifyInstance, options: { config: Pick<Config, 'publicUrl'> }) => {
    const publicOrigin = new URL(options.config.publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      const reason = crossSiteReason(request, publicOrigin);
      if (reason === 'cross-site') throw new HttpError(403, CROSS_SITE_MESSAGE, 'CROSS_SITE_REQUEST');
      if (reason === 'simple-body')
        throw new HttpError(
          415,
          'Send this request as JSON, with the header Content-Type: application/json.',
          'UNSUPPORTED_MEDIA_TYPE',
        );
    });
  },
);
