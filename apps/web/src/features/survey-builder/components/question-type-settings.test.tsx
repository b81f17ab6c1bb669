// @vitest-environment jsdom

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type Question, questionProblems, questionSchema } from '@tv/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setUpDom } from '../../../test/dom';
import { newQuestion } from '../utils/questions';
import { QuestionTypeSettings } from './question-type-settings';

// Decision 048: the builder's settings of the new question types.

const { render } = setUpDom();

function settings(question: Question) {
  let current = question;
  const update = vi.fn((change: (q: Question) => Question) => {
    current = change(current);
  });
  const page = render(
    <QueryClientProvider client={new QueryClient()}>
      <QuestionTypeSettings question={question} readOnly={false} update={update} problem={null} />
    </QueryClientProvider>,
  );
  return { page, latest: () => current };
}

const withWords = (question: Question): Question => ({
  ...question,
  title: 'A question',
  options: question.options.map((o, i) => ({ ...o, label: `Item ${i + 1}` })),
});

describe('new question types in the builder', () => {
  it('start valid once written: the save and the pre-check find nothing to refuse', () => {
    for (const type of ['slider', 'date', 'constant_sum'] as const) {
      const question = withWords(newQuestion(type));
      expect(questionSchema.safeParse(question).success, type).toBe(true);
      expect(questionProblems([question]), type).toEqual([]);
    }
    const maxdiff = withWords({
      ...newQuestion('maxdiff'),
      options: Array.from({ length: 5 }, (_, i) => ({ id: `i${i}`, label: '' })),
    });
    expect(questionProblems([maxdiff])).toEqual([]);
    expect(newQuestion('slider')).toMatchObject({ scale: { min: 0, max: 100 }, step: 1 });
    expect(newQuestion('constant_sum')).toMatchObject({ sumTotal: 100 });
    expect(newQuestion('maxdiff')).toMatchObject({ maxDiffSetSize: 4 });
  });

  it('a slider’s start, end and step are edited as whole numbers', () => {
    const { page, latest } = settings(newQuestion('slider'));
    const step = [...page.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Step'))!;
    const input = page.querySelector<HTMLInputElement>(`#${step.htmlFor}`)!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(input, '5');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(latest().step).toBe(5);
  });

  it('a MaxDiff says how many sets its items make', () => {
    const question = {
      ...newQuestion('maxdiff'),
      options: Array.from({ length: 8 }, (_, i) => ({ id: `i${i}`, label: `Item ${i}` })),
    };
    const { page } = settings(question);
    expect(page.querySelector('[data-testid="maxdiff-design"]')?.textContent).toContain(
      'teens see 6 sets of 4',
    );
  });

  it('an image choice asks for a picture and its description for each option', () => {
    const { page } = settings({ ...newQuestion('image_choice'), options: [{ id: 'a', label: 'Salad' }] });
    expect(page.querySelector('[data-testid="image-option"]')?.textContent).toContain('No picture');
    expect([...page.querySelectorAll('button')].map((b) => b.textContent)).toContain('Choose picture');
  });
});
