import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import { isMarketingPage } from '@tv/contract/marketing-pages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/** Third-party origins a page may use, from the feature flags that are on. */
export interface ThirdPartyOriginSources {
  script: string[];
  connect: string[];
  img: string[];
}

/**
 * Only a public marketing page may load the flagged third-party scripts (decision 012, revisited), so
 * only its document's CSP may name their origins. The app shell of every signed-in screen, the cart,
 * sign-in, shared results, respondent pages (`/s/…`), the API, payloads and files never do.
 */
export const mayNameThirdParties = (url: string) => isMarketingPage(url.split(/[?#]/, 1)[0] ?? '');

/** sha256 sources for the inline scripts of the built index.html, so the CSP needs no 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

export const cookieDefaults = (config: Pick<Config, 'secureTransport'>) =>
  ({
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureTransport,
    path: '/',
  }) as const;

export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      config: Config;
      scriptHashes: string[];
      /** Origins of the flagged scripts (tag manager, marketing form), cached by their service. */
      thirdPartyOrigins?: () => Promise<ThirdPartyOriginSources>;
    },
  ) => {
    const { config, scriptHashes, thirdPartyOrigins } = options;
    // Helmet's directive functions are synchronous, so each page request's origins are looked up first.
    const originsOf = new WeakMap<IncomingMessage, ThirdPartyOriginSources>();
    if (thirdPartyOrigins) {
      app.addHook('onRequest', async (request) => {
        if (!mayNameThirdParties(request.url)) return;
        originsOf.set(request.raw, await thirdPartyOrigins());
      });
    }
    const extra = (kind: keyof ThirdPartyOriginSources) => (req: IncomingMessage) =>
      originsOf.get(req)?.[kind].join(' ') ?? '';
    // Built once: @fastify/helmet built the whole middleware again on every request (an eighth of the
    // CPU of a small API call in the profile). The directive functions still run per request.
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...scriptHashes, extra('script')],
          // Mantine sets CSS variables through style attributes and one style element.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', extra('img')],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", extra('connect')],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
        },
      },
      // Browsers act on HSTS only when it comes over https; production always means https to the public.
      strictTransportSecurity: config.secureTransport
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
    });
    // Anything but a marketing page (API, respondent and app pages, files) never gets third-party
    // origins, so its headers are always the same: they are worked out once, here, and set as they are
    // (helmet's directive functions and header strings cost more than a small API call's own work).
    const fixedHeaders: [string, string | number | readonly string[]][] = [];
    const removedHeaders: string[] = [];
    headers(
      { url: '/v2', method: 'GET', headers: {} } as IncomingMessage,
      {
        setHeader: (name: string, value: string | number | readonly string[]) =>
          fixedHeaders.push([name, value]),
        removeHeader: (name: string) => removedHeaders.push(name),
      } as unknown as ServerResponse,
      () => {},
    );
    app.addHook('onRequest', (request, reply, done) => {
      if (!mayNameThirdParties(request.url)) {
        for (const [name, value] of fixedHeaders) reply.raw.setHeader(name, value);
        for (const name of removedHeaders) reply.raw.removeHeader(name);
        done();
        return;
      }
      headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
    await app.register(cookie, { parseOptions: cookieDefaults(config) });
  },
);
