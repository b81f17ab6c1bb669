import type { TrackerComparison } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { changeMarker, chartSeries, formatP } from './comparison';

describe('comparison helpers', () => {
  it('formats p-values as researchers read them', () => {
    expect(formatP(0.0018589)).toBe('p = 0.002');
    expect(formatP(0.0004)).toBe('p < 0.001');
    expect(formatP(0.285)).toBe('p = 0.285');
  });

  it('marks only significant changes', () => {
    expect(changeMarker('up')).toBe('▲');
    expect(changeMarker('down')).toBe('▼');
    expect(changeMarker(null)).toBe('');
  });

  it('draws waves with figures only, leaving gaps for hidden shares', () => {
    const option = (key: string, percent: number | null, direction: 'up' | 'down' | null = null) => ({
      key,
      label: key,
      asked: true,
      count: null,
      percent,
      marginOfError: null,
      change:
        direction === null
          ? null
          : { versusLabel: 'A', difference: 1, z: 3, pValue: 0.001, significant: true, direction },
    });
    const wave = (label: string, state: 'compared' | 'suppressed', options: ReturnType<typeof option>[]) => ({
      surveyId: '00000000-0000-4000-8000-000000000000',
      label,
      state,
      note: null,
      questionId: 'q',
      questionTitle: 'Q',
      base: 100,
      options,
      distributionTest: null,
      notTestedReason: null,
    });
    const comparison = {
      options: [
        { key: 'yes', label: 'Yes' },
        { key: 'no', label: 'No' },
      ],
      waves: [
        wave('A', 'compared', [option('yes', 40), option('no', 60)]),
        wave('B', 'suppressed', []),
        wave('C', 'compared', [option('yes', 62, 'up'), option('no', null)]),
      ],
    } as unknown as TrackerComparison;
    const { waves, series } = chartSeries(comparison);
    expect(waves).toEqual(['A', 'C']);
    expect(series[0]!.points).toEqual([
      { wave: 0, percent: 40, direction: null },
      { wave: 1, percent: 62, direction: 'up' },
    ]);
    expect(series[1]!.points).toEqual([{ wave: 0, percent: 60, direction: null }]);
  });
});
