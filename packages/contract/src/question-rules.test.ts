import { describe, expect, it } from 'vitest';
import { answerProblem, precheckSurvey, questionProblems } from './survey-rules';
import { defaultAudience, type Question, saveSurveySchema } from './surveys';

const question = (id: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'rating',
  title: 'How happy are you with your weekends?',
  description: null,
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
  displayLogic: null,
  ...overrides,
});

const messages = (questions: Question[]) => questionProblems(questions).map((p) => p.message);
const precheckMessages = (questions: Question[]) =>
  precheckSurvey({
    type: 'long_form',
    name: 'Weekends',
    description: null,
    questions,
    audience: defaultAudience,
  })
    .filter((f) => f.category === 'structure' && f.severity === 'blocker')
    .map((f) => f.message);

describe('question structures that cannot work', () => {
  it('accepts the usual scales: 1–5, 1–10, 0–10 and an NPS of 0–10', () => {
    expect(
      messages([
        question('a'),
        question('b', { scale: { min: 1, max: 10, minLabel: null, maxLabel: null } }),
        question('c', { scale: { min: 0, max: 10, minLabel: null, maxLabel: null } }),
        question('d', { type: 'nps', scale: { min: 0, max: 10, minLabel: null, maxLabel: null } }),
      ]),
    ).toEqual([]);
  });

  it('refuses a rating that runs backwards (5 to 1), naming the question', () => {
    const qs = [question('a'), question('b', { scale: { min: 5, max: 1, minLabel: null, maxLabel: null } })];
    expect(messages(qs)).toEqual([
      'The scale of question 2 runs from 5 to 1: the lowest point must be below the highest.',
    ]);
  });

  it('refuses a scale too wide to answer (0–1000) and says what is allowed', () => {
    const qs = [question('a', { scale: { min: 0, max: 1000, minLabel: null, maxLabel: null } })];
    expect(messages(qs)[0]).toBe(
      'The scale of question 1 runs from 0 to 1000, too wide to answer. A rating scale starts at 0 or 1 and goes up to at most 10, for example 1–5 or 0–10.',
    );
    expect(
      messages([question('a', { scale: { min: -50, max: 5, minLabel: null, maxLabel: null } })]),
    ).toHaveLength(1);
    expect(messages([question('a', { scale: null })])[0]).toContain(
      'Question 1 is a rating scale without a scale.',
    );
  });

  it('never accepts an NPS without its 0–10 scale', () => {
    for (const scale of [null, { min: 1, max: 5, minLabel: null, maxLabel: null }]) {
      expect(messages([question('a', { type: 'nps', scale })])).toEqual([
        'Question 1 is a Net Promoter Score, which always runs from 0 to 10. Set its scale to 0–10.',
      ]);
    }
  });

  it('refuses duplicate option, statement and question ids', () => {
    const options = [
      { id: 'x', label: 'Football' },
      { id: 'x', label: 'Chess' },
    ];
    expect(messages([question('a', { type: 'single_choice', scale: null, options })])).toEqual([
      'Question 1 has two answer options with the same id (x).',
    ]);
    expect(
      messages([
        question('a', {
          type: 'likert_matrix',
          scale: null,
          options: [{ id: 'y', label: 'Yes' }],
          rows: options,
        }),
      ]),
    ).toEqual(['Question 1 has two statements with the same id (x).']);
    expect(messages([question('a'), question('a')])).toEqual([
      'Question 2 has the same id as another question.',
    ]);
  });

  it('the pre-check fails the same structures with the same words', () => {
    const broken = [
      question('a', { scale: { min: 5, max: 1, minLabel: null, maxLabel: null } }),
      question('b', { type: 'nps', scale: null }),
      question('c', { scale: { min: 0, max: 1000, minLabel: null, maxLabel: null } }),
    ];
    const expected = messages(broken);
    expect(expected).toHaveLength(3);
    expect(precheckMessages(broken)).toEqual(expect.arrayContaining(expected));
  });

  it('refuses a name over 150 characters instead of cutting it', () => {
    const result = saveSurveySchema.safeParse({
      version: 1,
      name: 'x'.repeat(151),
      description: null,
      questions: [],
      audience: null,
      tags: [],
      projectId: null,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Survey names can be at most 150 characters.');
  });
});

describe('exclusive options', () => {
  const q = question('m', {
    type: 'multiple_choice',
    scale: null,
    options: [
      { id: 'football', label: 'Football' },
      { id: 'chess', label: 'Chess' },
      { id: 'none', label: 'None of these', exclusive: true },
    ],
  });
  it('accepts an exclusive option on its own and other options together', () => {
    expect(answerProblem(q, ['none'])).toBeNull();
    expect(answerProblem(q, ['football', 'chess'])).toBeNull();
  });
  it('refuses an exclusive option combined with others, in words', () => {
    expect(answerProblem(q, ['football', 'none'])).toBe(
      '“None of these” cannot be combined with other answers. Choose it on its own, or the others without it.',
    );
  });
});
