// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { FieldworkCounts, ResultsSummary } from '@tv/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TotalsOverview } from './totals-overview';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // Mantine reads the colour scheme from media queries, which jsdom does not implement.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

const totals = (responses: number, sampleSize: number | null): ResultsSummary['totals'] => ({
  responses,
  started: responses,
  screenedOut: 0,
  quotaFull: 0,
  excluded: 0,
  completionRate: 100,
  medianDurationSeconds: 300,
  sampleSize,
  spanishResponses: 0,
});

const counts = (values: Partial<FieldworkCounts> & Pick<FieldworkCounts, 'inSample' | 'counted'>) => ({
  received: values.inSample,
  simulatedCounted: 0,
  simulatedLeftOut: 0,
  excludedLeftOut: 0,
  heldOnArrival: 0,
  ...values,
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** The overview as the results page shows it; returns what a reader sees of the responses figure. */
function show(summary: Pick<ResultsSummary, 'status' | 'totals' | 'fieldwork'>) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <MantineProvider>
        <TotalsOverview summary={summary} />
      </MantineProvider>,
    ),
  );
  const text = (id: string) => container.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
  const bar = container.querySelector('[aria-label="Sample size progress"]');
  return {
    value: text('total-responses-value'),
    sample: text('fieldwork-sample'),
    shown: text('fieldwork-shown'),
    progress: bar?.getAttribute('aria-valuenow') ?? null,
    all: text('total-responses'),
  };
}

describe('the responses figure beside the fieldwork status', () => {
  it('counts the sample as fieldwork does when fieldwork is complete, and says simulated ones are left out here', () => {
    const page = show({
      status: 'complete',
      totals: totals(237, 300),
      fieldwork: counts({ inSample: 300, received: 300, counted: 237, simulatedLeftOut: 63 }),
    });
    expect(page.sample).toBe('Fieldwork complete: 300 of 300 responses.');
    expect(page.progress).toBe('100');
    expect(page.value).toBe('237');
    expect(page.shown).toBe('237 shown here; 63 simulated responses are left out.');
    // The figure the status stands beside never reads as a part-filled sample.
    expect(page.all).not.toMatch(/79%|needed/);
  });

  it('explains excluded responses and those held on arrival, so the figures add up', () => {
    const page = show({
      status: 'in_review',
      totals: totals(230, 300),
      fieldwork: counts({
        inSample: 300,
        received: 305,
        counted: 230,
        simulatedLeftOut: 63,
        excludedLeftOut: 12,
        heldOnArrival: 5,
      }),
    });
    expect(page.sample).toBe('Fieldwork complete: 300 of 300 responses.');
    expect(page.shown).toBe(
      '230 shown here; 63 simulated responses and 12 excluded responses are left out. 5 excluded responses were held for review on arrival and took no place in the sample.',
    );
  });

  it('shows plain progress while fieldwork runs and every response is shown', () => {
    const page = show({
      status: 'live',
      totals: totals(63, 300),
      fieldwork: counts({ inSample: 63, counted: 63 }),
    });
    expect(page.sample).toBe('Fieldwork in progress: 63 of 300 responses.');
    expect(page.progress).toBe('21');
    expect(page.value).toBe('63');
    expect(page.shown).toBeNull();
  });

  it('says which shown responses are simulated when the view includes them', () => {
    const page = show({
      status: 'complete',
      totals: totals(300, 300),
      fieldwork: counts({ inSample: 300, counted: 300, simulatedCounted: 63 }),
    });
    expect(page.sample).toBe('Fieldwork complete: 300 of 300 responses.');
    expect(page.shown).toBe('63 shown responses are simulated.');
  });
});
