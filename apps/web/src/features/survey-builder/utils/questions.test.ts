import type { Question } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import {
  changeQuestionType,
  moveItem,
  moveQuestion,
  newQuestion,
  removeQuestion,
  restoreQuestion,
} from './questions';

const q = (id: string, logicOn?: string): Question => ({
  ...newQuestion('single_choice'),
  id,
  title: `Question ${id}`,
  displayLogic: logicOn
    ? { match: 'all', conditions: [{ questionId: logicOn, operator: 'equals', value: 'x' }] }
    : null,
});

describe('reordering questions', () => {
  it('moves one item to a new position', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });

  it('allows moves that keep every display logic pointing at an earlier question', () => {
    const outcome = moveQuestion([q('a'), q('b'), q('c', 'a')], 2, 1);
    expect(outcome.ok && outcome.questions.map((x) => x.id)).toEqual(['a', 'c', 'b']);
  });

  it('refuses to move a question above the question its logic depends on', () => {
    const outcome = moveQuestion([q('a'), q('b', 'a'), q('c')], 1, 0);
    expect(outcome).toEqual({
      ok: false,
      reason: 'Question 2 can only be shown after question 1: its display logic depends on it.',
    });
  });

  it('refuses to move a question below a question that depends on it', () => {
    const outcome = moveQuestion([q('a'), q('b', 'a'), q('c')], 0, 2);
    expect(outcome).toEqual({
      ok: false,
      reason: 'Question 1 must stay before question 2, whose display logic depends on it.',
    });
  });
});

describe('deleting questions with undo', () => {
  it('clears the logic that named the deleted question and restores both on undo', () => {
    const questions = [q('a'), q('b'), q('c', 'b')];
    const { questions: after, removed } = removeQuestion(questions, 'b');
    expect(after.map((x) => x.id)).toEqual(['a', 'c']);
    expect(after[1]?.displayLogic).toBeNull();
    expect(restoreQuestion(after, removed!)).toEqual(questions);
  });
});

describe('changing a question type', () => {
  it('keeps the answer options between choice types and gives a rating its scale', () => {
    const choice = { ...newQuestion('single_choice'), options: [{ id: 'o1', label: 'Yes please' }] };
    expect(changeQuestionType(choice, 'multiple_choice').options).toEqual([
      { id: 'o1', label: 'Yes please' },
    ]);
    const rating = changeQuestionType(choice, 'rating');
    expect(rating.options).toEqual([]);
    expect(rating.scale).toMatchObject({ min: 1, max: 5 });
    expect(changeQuestionType(rating, 'nps').scale).toMatchObject({ min: 0, max: 10 });
  });
});
