// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { attemptKey, attemptStorage, newAttempt, newAttemptId } from './resume-storage';

const surveyId = '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b02';

describe('resume storage', () => {
  it('keeps an attempt per survey and gives it back after a reload', () => {
    const storage = attemptStorage(surveyId, window.localStorage);
    const attempt = {
      ...newAttempt(new Date('2026-03-01T10:00:00Z')),
      stage: 'questions' as const,
      screener: { age: 15, gender: 'female' as const, state: 'OH' },
      answers: { mood: 4, sleep: '6-8', feelings: { safe: 'a' }, ranks: ['b', 'a'] },
      step: 2,
    };
    storage.write(attempt);
    expect(window.localStorage.getItem(attemptKey(surveyId))).not.toBeNull();
    expect(attemptStorage(surveyId, window.localStorage).read()).toEqual(attempt);
    expect(attemptStorage('another', window.localStorage).read()).toBeNull();
    storage.clear();
    expect(storage.read()).toBeNull();
  });

  it('starts afresh from anything it does not recognise', () => {
    const key = attemptKey(surveyId);
    const storage = attemptStorage(surveyId, window.localStorage);
    for (const junk of [
      'not json',
      '{}',
      JSON.stringify({ ...newAttempt(), stage: 'questions', screener: null }),
      JSON.stringify({ ...newAttempt(), clientResponseId: 'x' }),
      JSON.stringify({ ...newAttempt(), step: -1 }),
    ]) {
      window.localStorage.setItem(key, junk);
      expect(storage.read()).toBeNull();
    }
  });

  it('still works when storage is unavailable', () => {
    const storage = attemptStorage(surveyId, null);
    storage.write(newAttempt());
    expect(storage.read()).toBeNull();
  });

  it('makes a new version-4 uuid per attempt', () => {
    const first = newAttemptId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newAttemptId()).not.toBe(first);
  });
});
