import { describe, expect, it } from 'vitest';
import { isQuestionVisible } from './survey-logic';
import { estimateAudience, hasBlockers, precheckSurvey, surveyDefaults } from './survey-rules';
import { defaultAudience, type Question } from './surveys';

const question = (id: string, title: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'short_text',
  title,
  description: null,
  required: false,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});

const survey = (questions: Question[]) => ({
  type: 'long_form' as const,
  name: 'After-school activities',
  description: null,
  questions,
  audience: defaultAudience,
});

describe('survey defaults (spec §3)', () => {
  it('names anonymous and registered drafts as the spec says', () => {
    expect(surveyDefaults('long_form', true).name).toBe('My First Survey');
    expect(surveyDefaults('pulse_check', true).name).toBe('My First Pulse Check');
    expect(surveyDefaults('pulse_check', true).description).toBeTruthy();
    expect(surveyDefaults('long_form', false)).toEqual({ name: 'Survey', description: null });
    expect(surveyDefaults('pulse_check', false)).toEqual({ name: 'Pulse Check', description: null });
    expect(surveyDefaults('custom', false)).toEqual({ name: 'Custom Survey', description: null });
  });
});

describe('moderation pre-check', () => {
  it.each([
    ['What is your full name?'],
    ['Please enter your email address'],
    ['What is your phone number?'],
    ['What is your home address?'],
    ['Which school do you go to?'],
    ['What is your Instagram handle?'],
    ['What is your date of birth?'],
    ['Upload a selfie'],
  ])('blocks personal data: %s', (title) => {
    const flags = precheckSurvey(survey([question('q1', title)]));
    expect(flags).toContainEqual(
      expect.objectContaining({ category: 'personal_data', severity: 'blocker', questionId: 'q1' }),
    );
  });

  it.each([
    ['Have you ever thought about self-harm?', 'sensitive_topic'],
    ['How often do your friends drink alcohol?', 'sensitive_topic'],
    ['Has anyone at home abused you?', 'sensitive_topic'],
    ['Have you used a dating app?', 'age_inappropriate'],
  ])('warns about %s', (title, category) => {
    const flags = precheckSurvey(survey([question('q1', title)]));
    expect(flags).toContainEqual(expect.objectContaining({ category, severity: 'warning' }));
  });

  it('passes a clean survey', () => {
    const flags = precheckSurvey(
      survey([
        question('q1', 'Which after-school activities do you enjoy?', {
          type: 'multiple_choice',
          options: [
            { id: 'a', label: 'Sport' },
            { id: 'b', label: 'Music' },
          ],
        }),
      ]),
    );
    expect(flags).toEqual([]);
    expect(hasBlockers(flags)).toBe(false);
  });

  it('checks structure: options, display logic order, pulse check length, audience', () => {
    const flags = precheckSurvey({
      ...survey([
        question('q1', 'Pick one', { type: 'single_choice', options: [{ id: 'a', label: 'Only one' }] }),
        question('q2', 'Why?', {
          displayLogic: { match: 'all', conditions: [{ questionId: 'q3', operator: 'equals', value: 'a' }] },
        }),
        question('q3', 'Anything else?'),
        question('q4', 'One more'),
        question('q5', 'And another'),
        question('q6', 'Too many'),
      ]),
      type: 'pulse_check',
      audience: null,
    });
    const messages = flags.map((f) => f.message);
    expect(messages).toContain('Give this question at least two answer options.');
    expect(messages).toContain(
      'Question 2: Its display condition refers to a later question; conditions can only use earlier answers.',
    );
    expect(messages).toContain('A pulse check has at most 5 questions.');
    expect(messages).toContain('Choose who should answer: set the audience.');
  });
});

describe('empty wording at submit time (issue 26 §9)', () => {
  it('blocks an empty question, answer option, scale point or statement, naming each', () => {
    const flags = precheckSurvey(
      survey([
        question('q1', 'How do you get to school?', {
          type: 'single_choice',
          options: [
            { id: 'a', label: 'Bus' },
            { id: 'b', label: '  ' },
          ],
        }),
        question('q2', '', {
          type: 'likert_matrix',
          options: [
            { id: 'x', label: 'Agree' },
            { id: 'y', label: '' },
          ],
          rows: [{ id: 'r', label: '' }],
        }),
      ]),
    );
    const blockers = flags.filter((f) => f.severity === 'blocker').map((f) => [f.questionId, f.message]);
    expect(blockers).toEqual(
      expect.arrayContaining([
        ['q1', 'Question 1: answer option 2 is empty. Write it or remove it.'],
        ['q2', 'Question 2 has no wording yet. Write the question.'],
        ['q2', 'Question 2: scale point 2 is empty. Write it or remove it.'],
        ['q2', 'Question 2: statement 1 is empty. Write it or remove it.'],
      ]),
    );
    expect(hasBlockers(flags)).toBe(true);
  });
});

describe('audience estimate', () => {
  it('is feasible and priced for a broad audience', () => {
    const estimate = estimateAudience(defaultAudience, 10);
    expect(estimate.feasible).toBe(true);
    expect(estimate.priceUsd).toBe(700);
    expect(estimate.reachable).toBeGreaterThan(100_000);
  });

  it('warns when a narrow audience cannot reach the sample size', () => {
    const estimate = estimateAudience(
      { ...defaultAudience, states: ['VT'], ageMin: 13, ageMax: 13, sampleSize: 2000 },
      10,
    );
    expect(estimate.feasible).toBe(false);
    expect(estimate.warnings[0]).toMatch(/widen the audience/);
  });

  it('costs more for longer, targeted surveys', () => {
    const broad = estimateAudience(defaultAudience, 10).priceUsd;
    const targeted = estimateAudience({ ...defaultAudience, states: ['CA', 'TX'] }, 30).priceUsd;
    expect(targeted).toBeGreaterThan(broad);
  });
});

describe('display logic', () => {
  it('treats a yes/no answer the same whether it is a word or a boolean', () => {
    const followUp = question('q2', 'What is the job?', {
      displayLogic: { match: 'all', conditions: [{ questionId: 'q1', operator: 'equals', value: 'yes' }] },
    });
    expect(isQuestionVisible(followUp, { q1: 'yes' })).toBe(true);
    expect(isQuestionVisible(followUp, { q1: true })).toBe(true);
    expect(isQuestionVisible(followUp, { q1: false })).toBe(false);
    expect(isQuestionVisible(followUp, {})).toBe(false);
  });
});
