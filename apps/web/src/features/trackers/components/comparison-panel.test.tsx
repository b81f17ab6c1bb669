// @vitest-environment jsdom
import type { TrackerComparison } from '@tv/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { setUpDom } from '../../../test/dom';
import { WeightingNote } from './comparison-panel';

const { render } = setUpDom();

function show(weighting: TrackerComparison['weighting'], changes: boolean[]) {
  return render(
    <WeightingNote
      comparison={{ weighting } as TrackerComparison}
      onWeightedChange={(value) => changes.push(value)}
    />,
  );
}

describe('the tracker’s weighting (issue 26)', () => {
  it('says whether the figures are weighted, beside a switch that agrees', () => {
    const changes: boolean[] = [];
    const note =
      'Weighted, as on each wave’s results page: every wave’s percentages are weighted to its own targets.';
    const page = show({ weighted: true, note }, changes);
    expect(page.querySelector('[data-testid="tracker-weighting-note"]')?.textContent).toBe(note);
    const toggle = page.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(toggle.checked).toBe(true);
    act(() => toggle.click());
    expect(changes).toEqual([false]);
  });
});
