// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backend } from './backend-client';
import { cms } from './cms-client';
import { commerce, commerceAuthHeaders } from './commerce-client';
import { buildUrl, withTimeout } from './http';
import { HttpError } from './http-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('http clients', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('wraps a backend failure with the spec message, the status and the server data', async () => {
    fetchMock.mockResolvedValueOnce(
      json(422, { statusCode: 422, message: 'Invalid', data: { email: ['Invalid email'] } }),
    );
    const failure = await backend.put('/v2/profile', { firstName: 'A' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({
      message: '[useBackend survey, PUT, /v2/profile request errored]',
      status: 422,
      data: { statusCode: 422, message: 'Invalid', data: { email: ['Invalid email'] } },
    });
  });

  it('sends backend calls with credentials, JSON and the stored UTM headers', async () => {
    sessionStorage.setItem('utm_params', JSON.stringify({ source: 'newsletter', campaign: 'spring' }));
    fetchMock.mockResolvedValueOnce(json(200, { data: [] }));
    await expect(
      backend.get('/organizations', { query: { 'page[size]': 10000, 'page[number]': 1 } }),
    ).resolves.toEqual({
      data: [],
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/organizations?page%5Bsize%5D=10000&page%5Bnumber%5D=1');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({ 'X-UTM-Source': 'newsletter', 'X-UTM-Campaign': 'spring' });
  });

  it('wraps commerce failures and prefixes the commerce base path', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { message: "The consumer isn't authorized to access %resources." }),
    );
    const failure = await commerce
      .get('/carts/mine', { headers: commerceAuthHeaders('t0ken') })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      message: '[ecommerce, GET, /carts/mine request errored]',
      status: 401,
      data: { message: "The consumer isn't authorized to access %resources." },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/commerce-content/rest/V1/carts/mine');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer t0ken' });
  });

  it('wraps content-service failures and includes credentials', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    const failure = await cms.get('/api/survey-articles').catch((error: unknown) => error);
    expect(failure).toMatchObject({
      message: '[cms, GET, /api/survey-articles request errored]',
      status: 502,
      data: 'Bad gateway',
    });
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('wraps a network failure with status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(backend.delete('/logout')).rejects.toMatchObject({
      message: '[useBackend survey, DELETE, /logout request errored]',
      status: 0,
    });
  });

  it('lets an abort through unwrapped', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(backend.get('/v2/profile')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('buildUrl', () => {
  it('skips empty query values and appends to an existing query', () => {
    expect(buildUrl('/cms', '/api/x', { a: 1, b: undefined, c: null, d: false })).toBe(
      '/cms/api/x?a=1&d=false',
    );
    expect(buildUrl('', '/x?y=1', { z: 'a b' })).toBe('/x?y=1&z=a+b');
    expect(buildUrl('', '/x')).toBe('/x');
  });
});

describe('withTimeout', () => {
  it('aborts after the timeout or with the caller', async () => {
    const timed = withTimeout(new AbortController().signal, 10);
    expect(timed.aborted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(timed.aborted).toBe(true);

    const caller = new AbortController();
    const linked = withTimeout(caller.signal, 10_000);
    caller.abort();
    expect(linked.aborted).toBe(true);
  });
});
