import { describe, expect, it } from 'vitest';
import { cell, weightedCell } from './tally';

describe('a figure and its margin of error (issue 26)', () => {
  it('shows a margin at 0% and 100%, from the Wilson interval, not ±0', () => {
    // By hand: z² / (n + z²) = 3.841459 / 53.841459 = 7.13% for 0 of 50 teens.
    expect(cell(0, 50)).toEqual({ count: 0, percent: 0, marginOfError: 7.1 });
    expect(cell(50, 50)).toEqual({ count: 50, percent: 100, marginOfError: 7.1 });
    // In the middle it stays the Wald margin: 1.96 × √(0.5 × 0.5 / 50) = 13.9 points.
    expect(cell(25, 50).marginOfError).toBe(13.9);
  });

  it('does the same on a weighted base (its effective base)', () => {
    const base = { n: 50, w: 50, w2: 50 };
    expect(weightedCell({ n: 0, w: 0, w2: 0 }, base).marginOfError).toBe(7.1);
    expect(weightedCell(base, base).marginOfError).toBe(7.1);
  });
});
