import type { Question } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { answersToSend, clampStep, firstProblem, visibleQuestions } from './steps';

const question = (id: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'single_choice',
  title: id,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});

const survey: Question[] = [
  question('sport'),
  question('enjoy', {
    type: 'rating',
    options: [],
    scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
    displayLogic: { match: 'all', conditions: [{ questionId: 'sport', operator: 'equals', value: 'yes' }] },
  }),
  question('why', {
    type: 'short_text',
    required: false,
    options: [],
    displayLogic: { match: 'all', conditions: [{ questionId: 'enjoy', operator: 'at_least', value: 4 }] },
  }),
  question('else', { type: 'long_text', required: false, options: [] }),
];
const ids = (list: Question[]) => list.map((q) => q.id);

describe('steps with display logic', () => {
  it('shows a question once an earlier answer meets its condition', () => {
    expect(ids(visibleQuestions(survey, {}))).toEqual(['sport', 'else']);
    expect(ids(visibleQuestions(survey, { sport: 'yes' }))).toEqual(['sport', 'enjoy', 'else']);
    expect(ids(visibleQuestions(survey, { sport: 'yes', enjoy: 5 }))).toEqual([
      'sport',
      'enjoy',
      'why',
      'else',
    ]);
  });

  it('ignores answers left on questions that became hidden, as the server does', () => {
    expect(ids(visibleQuestions(survey, { sport: 'no', enjoy: 5 }))).toEqual(['sport', 'else']);
    expect(answersToSend(survey, { sport: 'no', enjoy: 5, why: 'Friends', else: '  ' })).toEqual({
      sport: 'no',
    });
  });

  it('does not let an invalid answer open a later question', () => {
    expect(ids(visibleQuestions(survey, { sport: 'yes', enjoy: 9 }))).toEqual(['sport', 'enjoy', 'else']);
  });

  it('trims text and drops empty answers before sending', () => {
    expect(answersToSend(survey, { sport: 'yes', enjoy: 4, why: '  Friends ', else: '' })).toEqual({
      sport: 'yes',
      enjoy: 4,
      why: 'Friends',
    });
  });

  it('keeps the stored step inside a list that got shorter', () => {
    expect(clampStep(3, 2)).toBe(1);
    expect(clampStep(-1, 2)).toBe(0);
    expect(clampStep(2, 0)).toBe(0);
  });

  it('finds the first visible question that still needs an answer, in the server’s words', () => {
    expect(firstProblem(survey, {})).toEqual({
      index: 0,
      questionId: 'sport',
      key: 'sport',
      message: 'Please answer this question.',
    });
    expect(firstProblem(survey, { sport: 'yes', enjoy: 7 })).toEqual({
      index: 1,
      questionId: 'enjoy',
      key: 'enjoy',
      message: 'Choose a number from 1 to 5.',
    });
    expect(firstProblem(survey, { sport: 'no' })).toBeNull();
  });
});
