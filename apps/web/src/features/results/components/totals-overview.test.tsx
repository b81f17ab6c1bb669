// @vitest-environment jsdom
import type { FieldworkCounts, ResultsSummary } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { setUpDom } from '../../../test/dom';
import { TotalsOverview } from './totals-overview';

const { render } = setUpDom();

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

/** The overview as the results page shows it; returns what a reader sees of the responses figure. */
function show(summary: Pick<ResultsSummary, 'status' | 'totals' | 'fieldwork'>) {
  const container = render(<TotalsOverview summary={summary} />);
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
