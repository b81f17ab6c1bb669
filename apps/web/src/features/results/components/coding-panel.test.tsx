// @vitest-environment jsdom
import type { QuestionResult } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { setUpDom } from '../../../test/dom';
import { CodedAnswers, refusal } from './coding-panel';
import { questionResult } from './test-support';

const { render } = setUpDom();

const result = (values: Partial<QuestionResult>) =>
  questionResult({
    questionId: 'q2',
    type: 'long_text',
    title: 'What would make school better?',
    answered: 30,
    ...values,
  });

const show = (value: QuestionResult) =>
  render(
    <CodedAnswers
      surveyId="00000000-0000-4000-8000-000000000000"
      result={value}
      includeSimulated={undefined}
      activeAnswer={undefined}
      onFilterAnswer={() => {}}
      onClearAnswer={() => {}}
    />,
  );

describe('the codes of an open-text question on its result card (decision 046)', () => {
  it('chart each code’s share of the coded answers, with the base', () => {
    const page = show(
      result({
        codedBase: 18,
        codes: [
          { id: 't', label: 'Transport', count: 12, percent: 66.7, marginOfError: 21.8 },
          { id: 'h', label: 'Homework', count: 10, percent: 55.6, marginOfError: 23 },
        ],
      }),
    );
    const text = page.textContent ?? '';
    expect(text).toContain('Transport');
    expect(text).toContain('66.7%');
    expect(text).toContain('Base: 18 coded answers');
    expect(text).toContain('more than 100%');
    expect([...page.querySelectorAll('button')].map((b) => b.textContent)).toContain('Code answers');
  });

  it('hide the chart while fewer than 5 answers are coded, and say what to do', () => {
    const page = show(
      result({
        codedBase: null,
        codes: [{ id: 't', label: 'Transport', count: null, percent: null, marginOfError: null }],
      }),
    );
    expect(page.textContent).toContain('Hidden: fewer than 5 answers are coded');
    expect(page.textContent).not.toContain('Base:');
  });

  it('offer coding where the question has no codes yet', () => {
    const page = show(result({}));
    expect(page.textContent).not.toContain('Codes');
    expect(page.querySelector('button')?.textContent).toBe('Code these answers into themes');
  });
});

describe('a refused code name', () => {
  it('shows the whole field message the server gave, not its first letter', () => {
    const message = 'This question already has a code with that name.';
    const error = new HttpError(409, 'refused', {
      statusCode: 409,
      error: 'Conflict',
      message,
      code: 'DUPLICATE_CODE',
      data: { fields: { label: [message] } },
    });
    expect(refusal(error, 'The code could not be added.')).toBe(message);
    expect(refusal(new Error('offline'), 'The code could not be added.')).toBe(
      'The code could not be added.',
    );
  });
});
