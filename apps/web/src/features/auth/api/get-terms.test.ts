// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTermsDate } from '../../../lib/terms-date';
import { getTerms, termsQueryOptions, termsText } from './get-terms';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const termsList = {
  data: [
    {
      id: 1,
      attributes: {
        versionTimestamp: '2026-09-01T00:00:00.000Z',
        content: '# Terms\n\nLast updated {versionTimestamp}.',
        publishedAt: '2026-09-01T00:00:00.000Z',
      },
    },
  ],
  meta: { pagination: { page: 1, pageSize: 1, pageCount: 3, total: 3 } },
};

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('terms and conditions', () => {
  it('asks for the newest version only, one per page', async () => {
    const fetch = vi.fn(async (_url: string) => json(termsList));
    vi.stubGlobal('fetch', fetch);
    await expect(getTerms()).resolves.toEqual({
      versionTimestamp: '2026-09-01T00:00:00.000Z',
      content: '# Terms\n\nLast updated {versionTimestamp}.',
    });
    const url = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/cms/api/teenvoice-terms-and-conditions');
    expect(url.searchParams.get('sort')).toBe('versionTimestamp:desc');
    expect(url.searchParams.get('pagination[page]')).toBe('1');
    expect(url.searchParams.get('pagination[pageSize]')).toBe('1');
  });

  it('is fetched once per session', async () => {
    const fetch = vi.fn(async (_url: string) => json(termsList));
    vi.stubGlobal('fetch', fetch);
    await getTerms();
    await getTerms();
    expect(fetch).toHaveBeenCalledTimes(1);
    const options = termsQueryOptions();
    expect(options.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(options.gcTime).toBe(Number.POSITIVE_INFINITY);
  });

  it('wraps a failed call with the function name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ data: null, error: { status: 500 } }, 500)),
    );
    await expect(getTerms()).rejects.toThrow(
      '[getTerms] [cms, GET, /api/teenvoice-terms-and-conditions request errored]',
    );
  });

  it("shows the version as 'Month day, year' in US English, on the UTC day", () => {
    expect(formatTermsDate('2026-09-01T00:00:00.000Z')).toBe('September 1, 2026');
    expect(formatTermsDate('2026-12-31T23:30:00.000Z')).toBe('December 31, 2026');
  });

  it('puts the date in place of every {versionTimestamp} placeholder', () => {
    expect(
      termsText({
        versionTimestamp: '2027-02-05T00:00:00.000Z',
        content: 'Updated {versionTimestamp}. In force from {versionTimestamp}.',
      }),
    ).toBe('Updated February 5, 2027. In force from February 5, 2027.');
  });
});
