// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpDom } from '../../../test/dom';
import { bannerFileName, bannerTablesQuery } from '../api/download-banner-tables';
import { BannerTablesDownload } from './banner-tables-download';

const { render: mount } = setUpDom();

beforeAll(() => {
  URL.createObjectURL = () => 'blob:banner';
  URL.revokeObjectURL = () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const variables = [
  { value: 'gender', label: 'Gender' },
  { value: 'q:job', label: 'Q2. Do you have a part-time job?' },
];

function render(initialBanner: string[]) {
  return mount(
    <QueryClientProvider client={new QueryClient()}>
      <BannerTablesDownload
        surveyId="5d0c7a3e-3f4e-4b8e-9a51-6a2f3c1d2e11"
        variables={variables}
        initialBanner={initialBanner}
        weighted={false}
        filters={{ gender: 'female', textSearch: 'bus' }}
      />
    </QueryClientProvider>,
  );
}

const button = (view: HTMLElement) =>
  [...view.querySelectorAll('button')].find((b) => b.textContent?.includes('Download banner tables'))!;
/** Lets the download (fetch, blob, mutation) run until `done` holds, or fails after a while. */
async function until(done: () => boolean) {
  for (let i = 0; i < 50 && !done(); i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

describe('banner tables download', () => {
  it('asks for the chosen banner under the page’s group, without its text search', () => {
    expect(
      bannerTablesQuery({
        banner: ['gender', 'q:job'],
        weighted: true,
        filters: { region: 'west', textSearch: 'bus' },
      }),
    ).toMatchObject({
      banner: 'gender,q:job',
      weighted: 'true',
      region: 'west',
      textSearch: undefined,
    });
    expect(bannerFileName('attachment; filename="life-banner-tables.xlsx"')).toBe('life-banner-tables.xlsx');
    expect(bannerFileName(null)).toBe('banner-tables.xlsx');
  });

  it('downloads the workbook and says so', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('xlsx', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="life-banner-tables.xlsx"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const view = render(['gender']);
    await act(async () => button(view).click());
    const status = () => view.querySelector('[data-testid="banner-tables-status"]')!.textContent ?? '';
    await until(() => status() !== '');
    const url = String((fetch.mock.calls[0] as unknown[])[0]);
    expect(url).toContain('/results/banner-tables.xlsx?');
    expect(url).toContain('banner=gender');
    expect(url).toContain('gender=female');
    expect(url).toContain('weighted=false');
    expect(url).not.toContain('textSearch');
    expect(status()).toContain('Banner tables downloaded: life-banner-tables.xlsx');
  });

  it('shows the server’s reason where the download failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            statusCode: 403,
            error: 'Forbidden',
            message: 'Hidden: fewer than 5 respondents. Widen the filters to download a larger group.',
            code: 'GROUP_TOO_SMALL',
          },
          { status: 403 },
        ),
      ),
    );
    const view = render(['gender']);
    await act(async () => button(view).click());
    await until(() => Boolean(view.textContent?.includes('We couldn’t make the banner tables')));
    expect(view.textContent).toContain('We couldn’t make the banner tables');
    expect(view.textContent).toContain('Widen the filters to download a larger group.');
  });

  it('cannot download without a banner column, and says why', () => {
    const view = render([]);
    expect(button(view).disabled).toBe(true);
    expect(view.textContent).toContain('Choose at least one banner column to download the tables.');
  });
});
