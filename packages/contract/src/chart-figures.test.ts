import { describe, expect, it } from 'vitest';
import { chartBaseText, marginText, percentTicks } from './chart-figures';

describe('chart figures (issue 26)', () => {
  it('states the base, unweighted or weighted', () => {
    expect(chartBaseText(312)).toBe('Base: 312 teens answered');
    expect(chartBaseText(1)).toBe('Base: 1 teen answered');
    expect(chartBaseText(1250, 980.4)).toBe(
      'Base: 1,250 teens answered (effective base 980 after weighting)',
    );
    expect(chartBaseText(null)).toBe('Base: hidden');
  });

  it('shows a margin one way at the edges', () => {
    expect(marginText(42, 4.8)).toBe('±4.8');
    expect(marginText(0, 7.1)).toBe('+7.1');
    expect(marginText(100, 7.1)).toBe('−7.1');
  });

  it('runs the axis from 0 to 100%', () => {
    expect(percentTicks[0]).toBe(0);
    expect(percentTicks.at(-1)).toBe(100);
  });
});
