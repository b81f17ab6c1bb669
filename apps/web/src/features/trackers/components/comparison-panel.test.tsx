// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { TrackerComparison } from '@tv/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WeightingNote } from './comparison-panel';

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

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function show(weighting: TrackerComparison['weighting'], changes: boolean[]) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <MantineProvider>
        <WeightingNote
          comparison={{ weighting } as TrackerComparison}
          onWeightedChange={(value) => changes.push(value)}
        />
      </MantineProvider>,
    ),
  );
  return container;
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
