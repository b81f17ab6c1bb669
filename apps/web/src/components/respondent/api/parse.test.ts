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
