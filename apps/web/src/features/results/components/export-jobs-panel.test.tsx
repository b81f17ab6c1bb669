// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ExportJob } from '@tv/contract';
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpDom } from '../../../test/dom';
import { DownloadButtons } from './download-buttons';
import { ExportJobsPanel } from './export-jobs-panel';

const { render: mount } = setUpDom();
const surveyId = '5d0c7a3e-3f4e-4b8e-9a51-6a2f3c1d2e11';
const jobId = '7a1f4c2e-9b3d-4e8f-8a61-0c2d3e4f5a6b';

afterEach(() => {
  vi.unstubAllGlobals();
});

const job = (overrides: Partial<ExportJob> = {}): ExportJob => ({
  id: jobId,
  surveyId,
  format: 'csv',
  status: 'running',
  rowsWritten: 2_100,
  total: 5_000,
  percent: 42,
  fileName: null,
  bytes: null,
  error: null,
  filters: {},
  createdAt: new Date().toISOString(),
  finishedAt: null,
  expiresAt: null,
  ...overrides,
});

const render = (node: ReactNode) =>
  mount(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

/** Lets queries and timers run until `done` holds, or fails after a while. */
async function until(done: () => boolean, rounds = 100) {
  for (let i = 0; i < rounds && !done(); i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
  expect(done()).toBe(true);
}

describe('export jobs panel', () => {
  it('shows a skeleton while loading, a labelled progress bar while preparing, then a Download link', async () => {
    let answer = [job()];
    const fetch = vi.fn(async () => Response.json({ data: answer }));
    vi.stubGlobal('fetch', fetch);
    const view = render(<ExportJobsPanel surveyId={surveyId} />);
    expect(view.querySelector('[data-testid="export-jobs-loading"]')).not.toBeNull();

    await until(() => view.querySelector('[role="progressbar"]') !== null);
    const bar = view.querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute('aria-label')).toBe('Preparing your export… 42%');
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(view.textContent).toContain('2,100 of 5,000 responses');
    expect(view.querySelector('[role="status"]')?.textContent).toBe('Preparing your file');
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(`/v2/surveys/${surveyId}/results/exports`);

    // Asked again while it is being prepared, until it is ready.
    answer = [
      job({
        status: 'ready',
        percent: 100,
        rowsWritten: 5_000,
        fileName: 'life-responses.csv',
        bytes: 2_400_000,
      }),
    ];
    await until(() => view.querySelector('a[download]') !== null, 150);
    const link = view.querySelector<HTMLAnchorElement>('a[download]')!;
    expect(link.getAttribute('href')).toBe(`/v2/surveys/${surveyId}/results/exports/${jobId}/file`);
    expect(link.getAttribute('aria-label')).toBe('Download life-responses.csv');
    expect(view.querySelector('[role="progressbar"]')).toBeNull();
    expect(view.textContent).toContain('Your file is ready to download · 5,000 responses · 2.3 MB');
    expect(view.querySelector('[role="status"]')?.textContent).toBe('Your file is ready to download');
  });

  it('says why a job failed, in place', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: [
            job({ status: 'failed', error: 'The server restarted while this export was being prepared.' }),
          ],
        }),
      ),
    );
    const view = render(<ExportJobsPanel surveyId={surveyId} />);
    await until(() => Boolean(view.textContent?.includes('restarted')));
    expect(view.textContent).toContain('Error downloading this file. The server restarted');
  });

  it('shows a load error in place, with a way to try again', async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side.' },
        { status: 500 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const view = render(<ExportJobsPanel surveyId={surveyId} />);
    await until(() => Boolean(view.textContent?.includes('Your exports could not be loaded')));
    expect(view.textContent).toContain('Something went wrong on our side.');
    const retry = [...view.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    await act(async () => retry.click());
    await until(() => fetch.mock.calls.length >= 2);
  });

  it('prepares a large group in the background instead of downloading it at once', async () => {
    let jobs: ExportJob[] = [];
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method !== 'POST') return Response.json({ data: jobs });
      jobs = [job({ status: 'queued', percent: 0, rowsWritten: 0 })];
      return Response.json({ data: jobs[0] }, { status: 202 });
    });
    vi.stubGlobal('fetch', fetch);
    const view = render(
      <DownloadButtons
        surveyId={surveyId}
        surveyName="Life"
        filters={{ gender: 'female', textSearch: 'bus' }}
        responses={6_000}
      />,
    );
    const csv = [...view.querySelectorAll('button')].find((b) => b.textContent?.includes('Download CSV'))!;
    await act(async () => csv.click());
    await until(() => view.querySelector('[role="progressbar"]') !== null);
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/v2/surveys/${surveyId}/results/exports?gender=female`);
    expect(post[1]?.body).toBe(JSON.stringify({ format: 'csv' }));
    expect(fetch.mock.calls.some(([url]) => String(url).includes('export.csv'))).toBe(false);
    expect(view.querySelector('[role="progressbar"]')!.getAttribute('aria-label')).toBe(
      'Preparing your export… 0%',
    );
  });
});
