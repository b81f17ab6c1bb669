import { describe, expect, it } from 'vitest';
import {
  axisLabelEvery,
  barsOf,
  columnsOf,
  formatDuration,
  formatPercent,
  npsGroupOf,
  rankBars,
  readableTextOn,
  scaleColors,
  stackOf,
} from './chart-data';

const count = (id: string, count: number | null, percent: number | null) => ({
  id,
  label: id,
  count,
  percent,
  marginOfError: null,
});

describe('chart data', () => {
  it('draws bars on a 0–100% axis, not scaled to the longest, and keeps hidden cells as rows without a bar', () => {
    expect(barsOf([count('a', 50, 50), count('b', 25, 25), count('c', null, null)])).toEqual([
      { id: 'a', label: 'a', count: 50, percent: 50, marginOfError: null, width: 50, hidden: false },
      { id: 'b', label: 'b', count: 25, percent: 25, marginOfError: null, width: 25, hidden: false },
      { id: 'c', label: 'c', count: null, percent: null, marginOfError: null, width: 0, hidden: true },
    ]);
    // The researcher's case: a 23.8% bar, the largest, fills under a quarter of the width.
    expect(barsOf([count('a', 238, 23.8), count('b', 100, 10)])[0]!.width).toBe(23.8);
    expect(barsOf([count('a', 0, 0)])[0]!.width).toBe(0);
  });

  it('stacks a Likert row to 100%, with hidden cells as one hatched remainder', () => {
    const stack = stackOf([
      count('sa', 40, 40),
      count('a', 30, 30),
      count('n', 0, 0),
      count('d', null, null),
      count('sd', 27, 27),
    ]);
    expect(stack.map((s) => [s.id, s.percent])).toEqual([
      ['sa', 40],
      ['a', 30],
      ['sd', 27],
      ['hidden', 3],
    ]);
    expect(stackOf([count('a', 10, 100)]).map((s) => s.id)).toEqual(['a']);
  });

  it('colours an agreement scale from positive to negative with a neutral middle', () => {
    expect(scaleColors(5)).toEqual(['green.8', 'green.6', 'gray.5', 'orange.6', 'red.7']);
    expect(scaleColors(4)).toEqual(['green.8', 'green.6', 'orange.6', 'red.7']);
    expect(scaleColors(3)).toEqual(['green.8', 'gray.5', 'red.7']);
  });

  it('groups NPS scores as detractors, passives and promoters', () => {
    expect([0, 6, 7, 8, 9, 10].map(npsGroupOf)).toEqual([
      'detractor',
      'detractor',
      'passive',
      'passive',
      'promoter',
      'promoter',
    ]);
  });

  it('prints only as many axis labels as fit', () => {
    expect(axisLabelEvery(11, 600)).toBe(1);
    expect(axisLabelEvery(41, 300)).toBe(5);
    expect(columnsOf([count('1', 2, 10), count('2', 8, 40)]).map((c) => c.height)).toEqual([10, 40]);
  });

  it('ranks the option ranked first on average with the longest bar', () => {
    const bars = rankBars([
      { id: 'a', label: 'a', averageRank: 1.5 },
      { id: 'b', label: 'b', averageRank: 2.5 },
      { id: 'c', label: 'c', averageRank: null },
    ]);
    expect(bars[0]!.width).toBeGreaterThan(bars[1]!.width);
    expect(bars[2]!.width).toBe(0);
  });

  it('formats figures the way the summary shows them', () => {
    expect(formatPercent(47.5)).toBe('47.5%');
    expect(formatPercent(21)).toBe('21%');
    expect(formatPercent(null)).toBe('–');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(275)).toBe('4 min 35 s');
    expect(formatDuration(3900)).toBe('1 h 5 min');
    expect(formatDuration(null)).toBe('–');
  });

  it('picks readable text on a coloured segment', () => {
    expect(readableTextOn('#065f46')).toBe('#ffffff');
    expect(readableTextOn('#fd7e14')).toBe('#0f172a');
    expect(readableTextOn('#adb5bd')).toBe('#0f172a');
  });
});
