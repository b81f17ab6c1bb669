import { answerProblem, type Question } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { question } from '../../test/surveys';
import { seededRandom, simulateAnswers } from './simulator';

// The panel simulator answers the question types of decision 048 as a teen's page would: every
// simulated answer passes the check the server makes on submit.

const questions: Question[] = [
  question('How ready do you feel?', {
    type: 'slider',
    options: [],
    scale: { min: -50, max: 50, minLabel: null, maxLabel: null },
    step: 10,
  }),
  question('When is your next trip?', {
    type: 'date',
    options: [],
    dateMin: '2026-09-01',
    dateMax: '2026-12-31',
  }),
  question('When did you last go to a concert?', { type: 'date', options: [], dateMax: '2020-06-30' }),
  question('Which lunch?', {
    type: 'image_choice',
    options: ['a', 'b', 'c'].map((id) => ({
      id,
      label: id,
      image: { url: `/cms/uploads/${id}.png`, alt: id },
    })),
  }),
  question('Which lunches?', {
    type: 'image_choice',
    multiple: true,
    minSelections: 2,
    maxSelections: 2,
    options: ['a', 'b', 'c', 'd'].map((id) => ({
      id,
      label: id,
      image: { url: `/cms/uploads/${id}.png`, alt: id },
    })),
  }),
  question('Share 50 points', {
    type: 'constant_sum',
    sumTotal: 50,
    options: ['a', 'b', 'c'].map((id) => ({ id, label: id })),
  }),
  question('What matters most?', {
    type: 'maxdiff',
    maxDiffSetSize: 4,
    options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id, label: id })),
  }),
];

describe('simulated answers to the new question types', () => {
  it('always pass the server’s check', () => {
    const random = seededRandom(48);
    for (let i = 0; i < 200; i++) {
      const answers = simulateAnswers(questions, random);
      for (const q of questions) {
        expect(answers[q.id], q.title).toBeDefined();
        expect(answerProblem(q, answers[q.id]), `${q.title}: ${JSON.stringify(answers[q.id])}`).toBeNull();
      }
    }
  });
});
