import type { Question } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { answerProblem, answersOfVisible, displayedOptions, logicMatches, visibleQuestions } from './answers';

const base: Question = {
  id: 'q1',
  type: 'single_choice',
  title: 'Do you play sport?',
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
};

const questions: Question[] = [
  base,
  {
    ...base,
    id: 'q2',
    type: 'rating',
    title: 'How much do you enjoy it?',
    options: [],
    scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
    displayLogic: { questionId: 'q1', operator: 'equals', value: 'yes' },
  },
  {
    ...base,
    id: 'q3',
    type: 'long_text',
    title: 'What makes it fun?',
    required: false,
    options: [],
    displayLogic: { questionId: 'q2', operator: 'at_least', value: 4 },
  },
  { ...base, id: 'q4', type: 'short_text', title: 'Anything else?', required: false, options: [] },
];

const ids = (list: Question[]) => list.map((q) => q.id);

describe('display logic', () => {
  it('hides a question until an earlier answer matches its condition', () => {
    expect(ids(visibleQuestions(questions, {}))).toEqual(['q1', 'q4']);
    expect(ids(visibleQuestions(questions, { q1: 'no' }))).toEqual(['q1', 'q4']);
    expect(ids(visibleQuestions(questions, { q1: 'yes' }))).toEqual(['q1', 'q2', 'q4']);
    expect(ids(visibleQuestions(questions, { q1: 'yes', q2: 4 }))).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(ids(visibleQuestions(questions, { q1: 'yes', q2: 3 }))).toEqual(['q1', 'q2', 'q4']);
  });

  it('hides a question whose condition names a question that is hidden itself', () => {
    expect(ids(visibleQuestions(questions, { q1: 'no', q2: 5 }))).toEqual(['q1', 'q4']);
  });

  it('drops the answers of questions that became hidden', () => {
    expect(answersOfVisible(questions, { q1: 'no', q2: 5, q3: 'Friends', q4: '' })).toEqual({ q1: 'no' });
  });

  it('evaluates each operator like the server does', () => {
    expect(logicMatches({ questionId: 'x', operator: 'equals', value: 'a' }, ['a'])).toBe(true);
    expect(logicMatches({ questionId: 'x', operator: 'equals', value: 'a' }, ['a', 'b'])).toBe(false);
    expect(logicMatches({ questionId: 'x', operator: 'not_equals', value: 'a' }, 'b')).toBe(true);
    expect(logicMatches({ questionId: 'x', operator: 'not_equals', value: 'a' }, ['b', 'a'])).toBe(false);
    expect(logicMatches({ questionId: 'x', operator: 'includes', value: 'b' }, ['a', 'b'])).toBe(true);
    expect(logicMatches({ questionId: 'x', operator: 'includes', value: 'GAME' }, 'Video games')).toBe(true);
    expect(logicMatches({ questionId: 'x', operator: 'at_least', value: 7 }, 7)).toBe(true);
    expect(logicMatches({ questionId: 'x', operator: 'at_most', value: 6 }, 7)).toBe(false);
    expect(logicMatches({ questionId: 'x', operator: 'equals', value: 0 }, 0)).toBe(true);
    expect(logicMatches({ questionId: 'x', operator: 'not_equals', value: 'a' }, undefined)).toBe(false);
  });
});

describe('answer checks', () => {
  it('asks for required answers only', () => {
    expect(answerProblem(base, undefined)).toBe('Please answer this question.');
    expect(answerProblem({ ...base, required: false }, undefined)).toBeNull();
    expect(answerProblem(base, 'yes')).toBeNull();
  });

  it('checks numbers against the scale and every statement of a required matrix', () => {
    const rating = questions[1]!;
    expect(answerProblem(rating, 9)).toBe('Please choose a number from 1 to 5.');
    const matrix: Question = {
      ...base,
      type: 'likert_matrix',
      rows: [
        { id: 'r1', label: 'School is fun' },
        { id: 'r2', label: 'Homework is fair' },
      ],
    };
    expect(answerProblem(matrix, { r1: 'yes' })).toBe('Please answer each statement.');
    expect(answerProblem(matrix, { r1: 'yes', r2: 'no' })).toBeNull();
  });
});

describe('shuffled options', () => {
  const shuffled: Question = {
    ...base,
    randomizeOptions: true,
    options: ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, label: id })),
  };

  it('shuffles the same way for the whole attempt and keeps every option', () => {
    const first = displayedOptions(shuffled, 'attempt-1').map((o) => o.id);
    expect(displayedOptions(shuffled, 'attempt-1').map((o) => o.id)).toEqual(first);
    expect([...first].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('keeps the order when the question does not ask for shuffling', () => {
    expect(displayedOptions(base, 'any').map((o) => o.id)).toEqual(['yes', 'no']);
  });
});
