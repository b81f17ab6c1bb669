import type { Question } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { displayedOptions, toggleChoice } from './answers';

const options: Question['options'] = [
  { id: 'football', label: 'Football' },
  { id: 'chess', label: 'Chess' },
  { id: 'drama', label: 'Drama' },
  { id: 'none', label: 'None of these', exclusive: true },
];

describe('exclusive options', () => {
  it('ticking “None of these” clears the other choices', () => {
    expect(toggleChoice(options, ['football', 'chess'], 'none', true)).toEqual(['none']);
  });
  it('ticking another option clears “None of these”', () => {
    expect(toggleChoice(options, ['none'], 'chess', true)).toEqual(['chess']);
  });
  it('other options combine freely, in the order shown, and clearing one keeps the rest', () => {
    expect(toggleChoice(options, ['drama'], 'football', true)).toEqual(['football', 'drama']);
    expect(toggleChoice(options, ['football', 'drama'], 'football', false)).toEqual(['drama']);
  });
  it('keeps exclusive options at the end when options are shuffled', () => {
    const question: Question = {
      id: 'clubs',
      type: 'multiple_choice',
      title: 'Which clubs?',
      description: null,
      required: true,
      randomizeOptions: true,
      options,
      rows: [],
      scale: null,
      displayLogic: null,
    };
    for (const seed of ['a', 'b', 'c', 'd']) {
      expect(displayedOptions(question, seed).at(-1)?.id).toBe('none');
    }
  });
});
