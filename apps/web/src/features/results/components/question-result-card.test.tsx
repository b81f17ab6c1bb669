// @vitest-environment jsdom
import type { QuestionResult } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { setUpDom } from '../../../test/dom';
import { questionResult, resultCard } from './test-support';

const { render } = setUpDom();

const option = (id: string, count: number, percent: number, marginOfError: number) => ({
  id,
  label: id,
  count,
  percent,
  marginOfError,
});

const result = (values: Partial<QuestionResult>) =>
  questionResult({ title: 'Where do you hear about clubs?', answered: 312, ...values });
const show = (value: QuestionResult) => render(resultCard(value));

describe('a question’s chart (issue 26)', () => {
  it('draws bars on a 0–100% axis, not scaled to the largest, and states its base', () => {
    const page = show(
      result({
        options: [
          option('School', 74, 23.8, 4.7),
          option('Friends', 62, 19.9, 4.4),
          option('None', 0, 0, 1.2),
        ],
      }),
    );
    const widths = [...page.querySelectorAll<HTMLElement>('[class*="fill"]')].map((el) => el.style.width);
    expect(widths).toEqual(['23.8%', '19.9%', '0%']);
    const ticks = [...page.querySelectorAll('[data-testid="percent-axis"] [data-tick]')].map(
      (el) => el.textContent,
    );
    expect(ticks).toEqual(['0%', '25%', '50%', '75%', '100%']);
    expect(page.querySelector('[data-testid="chart-base"]')?.textContent).toBe('Base: 312 teens answered');
    // At 0% the margin only goes up.
    expect(page.textContent).toContain('+1.2');
  });

  it('states the weighted base, and draws score columns on a 0–100% scale', () => {
    const page = show(
      result({
        type: 'rating',
        answered: 250,
        effectiveBase: 198.6,
        distribution: [option('1', 25, 10, 4.2), option('2', 100, 40, 6.8), option('3', 125, 50, 7)],
      }),
    );
    expect(page.querySelector('[data-testid="chart-base"]')?.textContent).toBe(
      'Base: 250 teens answered (effective base 199 after weighting)',
    );
    const heights = [...page.querySelectorAll<HTMLElement>('[role="img"] > div')].map(
      (el) => el.style.height,
    );
    expect(heights).toEqual(['10%', '40%', '50%']);
    expect(page.querySelector('[data-testid="percent-axis"]')?.textContent).toContain('100%');
  });
});
