import builderCopy from '@tv/contract/copy/builder-copy.json';
import { describe, expect, it } from 'vitest';
import { nextTip, tipsFromCopy } from './next-tip';

const tips = tipsFromCopy(builderCopy.builder);

describe('pro tips rotation', () => {
  it('offers tips 1 to 11 except tip 4, which has no text', () => {
    expect(tips.map((tip) => tip.number)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('shows one tip at a time, the first not yet seen', () => {
    expect(nextTip(tips, [])?.number).toBe(1);
    expect(nextTip(tips, [1])?.number).toBe(2);
    expect(nextTip(tips, [1, 2, 3])?.number).toBe(5);
    expect(nextTip(tips, [2])?.number).toBe(1);
  });

  it('shows nothing once every tip was seen, and starts over after a reset', () => {
    const all = tips.map((tip) => tip.number);
    expect(nextTip(tips, all)).toBeNull();
    expect(nextTip(tips, [])?.number).toBe(1);
  });

  it('ignores tips the copy leaves empty or lacks', () => {
    expect(tipsFromCopy({ proTip1: '  ', proTip2: 'Keep it short.' })).toEqual([
      { number: 2, text: 'Keep it short.' },
    ]);
  });
});
