import type { Question } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { displayedOptions } from './answers';

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
