import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a third party's origin: serves the tag manager's gtm.js and a marketing-automation
 * form script (form.js), each of which only marks itself as loaded.
 */
export interface TagManagerStub {
  origin: string;
  /** Paths requested so far, e.g. '/gtm.js?id=GTM-E2E0001', '/form.js'. */
  requests: string[];
  close(): Promise<void>;
}

export async function startTagManagerStub(): Promise<TagManagerStub> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url?.startsWith('/gtm.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      response.end('window.__stubGtmLoaded = true;');
      return;
    }
    if (request.url?.startsWith('/form.js')) {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      response.end('window.__stubFormLoaded = true;');
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
