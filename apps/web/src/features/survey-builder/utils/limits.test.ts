import { defaultAudience, type Question } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { toSavePayload } from './draft';
import { counterText, lengthError, sampleSizeError, textLimits } from './limits';
import { newQuestion } from './questions';

const draft = (name: string, questions: Question[] = []) => ({
  name,
  description: null,
  questions,
  audience: defaultAudience,
  tags: [],
  projectId: null,
});

describe('length limits are shown, never applied silently', () => {
  it('counts characters against the limit', () => {
    expect(counterText('Weekend plans', textLimits.surveyName)).toBe('13 / 150');
    expect(counterText('x'.repeat(1200), textLimits.description)).toBe('1,200 / 2,000');
  });

  it('says when a name or question is over the limit, and not before', () => {
    expect(lengthError('x'.repeat(150), textLimits.surveyName)).toBeNull();
    expect(lengthError('x'.repeat(151), textLimits.surveyName)).toBe(
      'Survey names can be at most 150 characters.',
    );
    expect(lengthError('x'.repeat(501), textLimits.questionTitle)).toBe(
      'Questions can be at most 500 characters.',
    );
  });

  it('refuses to save an over-long name instead of cutting it, with the same words', () => {
    const long = 'x'.repeat(151);
    const result = toSavePayload(draft(long), 1);
    expect(result).toEqual({ ok: false, problem: 'Survey names can be at most 150 characters.' });
    const ok = toSavePayload(draft('x'.repeat(150)), 1);
    expect(ok.ok && ok.payload.name).toBe('x'.repeat(150));
  });

  it('refuses to save an over-long question, naming it', () => {
    const question = { ...newQuestion('short_text'), title: 'y'.repeat(501) };
    expect(toSavePayload(draft('Weekends', [question]), 1)).toEqual({
      ok: false,
      problem: 'Question 1: Questions can be at most 500 characters.',
    });
  });

  it('refuses a scale the server refuses, in the server’s words', () => {
    const rating = newQuestion('rating');
    const question = { ...rating, title: 'How happy?', scale: { ...rating.scale!, min: 5, max: 1 } };
    expect(toSavePayload(draft('Weekends', [question]), 1)).toEqual({
      ok: false,
      problem: 'The scale of question 1 runs from 5 to 1: the lowest point must be below the highest.',
    });
  });

  it('shows the allowed sample range instead of clamping', () => {
    expect(sampleSizeError(200)).toBeNull();
    expect(sampleSizeError(10)).toBe('A sample needs at least 50 respondents (50 to 5,000).');
    expect(sampleSizeError(999_999)).toBe(
      'Samples above 5,000 respondents need a custom quote (50 to 5,000).',
    );
    expect(sampleSizeError('')).toBe('Enter a sample size from 50 to 5,000.');
  });
});
