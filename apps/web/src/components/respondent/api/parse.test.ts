import { describe, expect, it } from 'vitest';
import { parsePublicSurvey, UnexpectedAnswerError } from './parse';

const question = (overrides: Record<string, unknown> = {}) => ({
  id: 'q2',
  type: 'single_choice',
  title: 'Which sport?',
  description: null,
  required: true,
  randomizeOptions: false,
  options: [{ id: 'a', label: 'Soccer' }],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});
const body = (questions: unknown[]) => ({
  data: {
    id: 's1',
    type: 'long_form',
    name: 'Sport',
    description: null,
    status: 'live',
    questionCount: questions.length,
    estimatedMinutes: 1,
    questions,
    screener: { ageMin: 13, ageMax: 19, genders: [], states: [], regions: [] },
  },
});
const group = { match: 'any', conditions: [{ questionId: 'q1', operator: 'equals', value: 'yes' }] };

describe('the lean page reads the survey by hand', () => {
  it('accepts AND / OR conditions, skip rules, screen-out and selection limits (decision 029)', () => {
    const survey = parsePublicSurvey(
      body([
        question({ id: 'q1', skipLogic: [{ when: group, to: 'end' }], screenOut: group }),
        question({ displayLogic: group, minSelections: 1, maxSelections: null }),
        question({ id: 'pb', type: 'page_break', options: [], randomizeQuestions: true }),
      ]),
    );
    expect(survey.questions[1]!.displayLogic).toEqual(group);
  });

  it('refuses logic of another shape', () => {
    expect(() =>
      parsePublicSurvey(body([question({ displayLogic: { match: 'some', conditions: [] } })])),
    ).toThrow(UnexpectedAnswerError);
    expect(() => parsePublicSurvey(body([question({ skipLogic: [{ to: 'end' }] })]))).toThrow(
      UnexpectedAnswerError,
    );
  });
});

describe('the question types of decision 048', () => {
  it('accepts their settings: step, date bounds, pictures, multiple, total and set size', () => {
    const survey = parsePublicSurvey(
      body([
        question({
          id: 's',
          type: 'slider',
          options: [],
          scale: { min: 0, max: 10, minLabel: null, maxLabel: null },
          step: 2,
        }),
        question({ id: 'd', type: 'date', options: [], dateMin: '2026-09-01', dateMax: null }),
        question({
          id: 'i',
          type: 'image_choice',
          multiple: true,
          options: [{ id: 'a', label: 'Salad', image: { url: '/cms/uploads/a.png', alt: 'A salad' } }],
        }),
        question({ id: 'c', type: 'constant_sum', sumTotal: 100 }),
        question({ id: 'm', type: 'maxdiff', maxDiffSetSize: 3 }),
      ]),
    );
    expect(survey.questions.map((q) => q.type)).toEqual([
      'slider',
      'date',
      'image_choice',
      'constant_sum',
      'maxdiff',
    ]);
  });

  it('refuses settings of another shape', () => {
    for (const wrong of [
      { step: '2' },
      { dateMin: 20260901 },
      { multiple: 'yes' },
      { sumTotal: '100' },
      { maxDiffSetSize: 3.5 },
      { options: [{ id: 'a', label: 'Salad', image: { url: '/cms/uploads/a.png' } }] },
    ])
      expect(() => parsePublicSurvey(body([question(wrong)]))).toThrow(UnexpectedAnswerError);
  });
});
