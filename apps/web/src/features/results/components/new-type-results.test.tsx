// @vitest-environment jsdom
import type { QuestionResult } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { setUpDom } from '../../../test/dom';
import { questionResult, resultCard } from './test-support';

// Decision 048: the result cards of the new question types.

const { render } = setUpDom();

const result = questionResult;
const show = (value: QuestionResult) => render(resultCard(value));

describe('new question types’ results', () => {
  it('a MaxDiff lists each item’s counting score with its counts, best first', () => {
    const page = show(
      result({
        type: 'maxdiff',
        maxDiff: [
          { id: 'pay', label: 'Good pay', best: 50, worst: 5, shown: 90, score: 0.5 },
          { id: 'skills', label: 'Learning skills', best: 4, worst: 40, shown: 90, score: -0.4 },
        ],
      }),
    );
    const rows = [...page.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Good pay', '0.50', '50', '5', '90'],
      ['Learning skills', '-0.40', '4', '40', '90'],
    ]);
    expect(page.textContent).toContain(
      'Score = (times chosen most important − times chosen least important) ÷ times shown',
    );
  });

  it('a constant sum shows the mean points per item, largest first', () => {
    const page = show(
      result({
        type: 'constant_sum',
        sums: [
          { id: 'sleep', label: 'Sleeping in', mean: 20 },
          { id: 'friends', label: 'Seeing friends', mean: 43.33 },
          { id: 'games', label: 'Gaming', mean: 36.67 },
        ],
      }),
    );
    const bars = [...page.querySelectorAll('[role="progressbar"]')].map((bar) =>
      bar.getAttribute('aria-label'),
    );
    // The report has no question to read the total from: the means add up to it.
    expect(bars).toEqual([
      'Seeing friends: 43.3 of 100 points',
      'Gaming: 36.7 of 100 points',
      'Sleeping in: 20.0 of 100 points',
    ]);
  });

  it('a date shows its months as bars, and an image choice its pictures as a filter', () => {
    const dates = show(
      result({
        type: 'date',
        distribution: [
          { id: '2026-09', label: 'September 2026', count: 60, percent: 50, marginOfError: 8.9 },
        ],
      }),
    );
    expect(dates.textContent).toContain('September 2026');
    const pictures = show(
      result({
        type: 'image_choice',
        options: [{ id: 'pizza', label: 'Pizza slice', count: 60, percent: 50, marginOfError: 8.9 }],
      }),
    );
    expect(pictures.textContent).toContain(
      'Select an answer to see every question for the teens who chose it.',
    );
  });
});
