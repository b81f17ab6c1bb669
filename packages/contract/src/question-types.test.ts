import { describe, expect, it } from 'vitest';
import { classicEquivalent, dateBins, maxDiffSets, sliderBins } from './question-types';
import { questionRulesInWords } from './survey-review';
import { answerProblem, questionProblems } from './survey-rules';
import type { Question } from './surveys';
import { questionSchema } from './surveys';

// Decision 048: the new question types' limits, in the author's words, and the answer check the
// respondent page and the server share.

const base = (overrides: Partial<Question>): Question => ({
  id: 'q1',
  type: 'single_choice',
  title: 'A question',
  description: null,
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});
const problemsOf = (question: Question) => questionProblems([question]).map((p) => p.message);

describe('slider', () => {
  const slider = (scale: { min: number; max: number }, step = 1) =>
    base({ type: 'slider', scale: { ...scale, minLabel: null, maxLabel: null }, step });

  it('accepts a whole-number scale its step divides, and refuses others in words', () => {
    expect(problemsOf(slider({ min: 0, max: 100 }, 5))).toEqual([]);
    expect(problemsOf(slider({ min: 10, max: 10 }))).toEqual([
      'The slider of question 1 runs from 10 to 10: the start must be below the end.',
    ]);
    expect(problemsOf(slider({ min: 0, max: 100 }, 7))[0]).toContain('which steps of 7 do not divide');
    expect(problemsOf(slider({ min: -5000, max: 0 }))[0]).toContain('within -1,000 and 1,000');
    expect(problemsOf(slider({ min: 0, max: 1000 }))[0]).toContain('1000 steps; at most 200');
    expect(
      questionSchema.safeParse({ ...slider({ min: 0, max: 10 }), step: 0.5 }).error?.issues[0]?.message,
    ).toBe('A slider moves in whole steps: make the step a whole number');
  });

  it('takes a number on its steps, and nothing else', () => {
    const q = slider({ min: 0, max: 100 }, 5);
    expect(answerProblem(q, 35)).toBeNull();
    expect(answerProblem(q, 0)).toBeNull();
    expect(answerProblem(q, 100)).toBeNull();
    expect(answerProblem(q, 36)).toBe('Choose a point on the slider: it moves in steps of 5.');
    expect(answerProblem(q, 105)).toBe('Choose a point from 0 to 100 on the slider.');
    expect(answerProblem(q, '35')).toBe('Choose a point from 0 to 100 on the slider.');
    expect(answerProblem(q, undefined)).toBe('Please answer this question.');
  });

  it('counts each point up to 11 of them, otherwise up to 10 ranges that cover the scale', () => {
    expect(sliderBins(slider({ min: 0, max: 10 })).map((b) => b.label)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    const bins = sliderBins(slider({ min: 0, max: 100 }));
    expect(bins.length).toBeLessThanOrEqual(10);
    expect(bins[0]).toMatchObject({ from: 0, label: '0–10' });
    expect(bins.at(-1)?.to).toBe(100);
    for (const [i, bin] of bins.entries()) if (i > 0) expect(bin.from).toBe(bins[i - 1]!.to + 1);
  });
});

describe('the answer checks in Spanish', () => {
  it('has a Spanish wording for every message of the new types', async () => {
    const { answerMessageIn } = await import('./translation-rules');
    const q = base({ type: 'slider', scale: { min: 0, max: 10, minLabel: null, maxLabel: null }, step: 2 });
    for (const answer of [3, 12]) {
      const message = answerProblem(q, answer)!;
      expect(answerMessageIn(message, 'es')).not.toBe(message);
    }
    const day = base({ type: 'date', dateMin: '2026-09-01', dateMax: '2027-06-30' });
    for (const answer of ['soon', '2026-01-01', '2028-01-01']) {
      const message = answerProblem(day, answer)!;
      expect(answerMessageIn(message, 'es')).not.toBe(message);
    }
    expect(answerMessageIn('Choose a date on or after September 1, 2026.', 'es')).toBe(
      'Elige una fecha a partir del 1 de septiembre de 2026.',
    );
  });
});

describe('date', () => {
  const date = (overrides: Partial<Question> = {}) =>
    base({ type: 'date', title: 'When is your next school trip?', ...overrides });

  it('never asks for a birth date, in English or Spanish', () => {
    expect(problemsOf(date())).toEqual([]);
    for (const title of [
      'What is your date of birth?',
      'When were you born?',
      '¿Cuál es tu fecha de nacimiento?',
      'When is your birthday?',
    ])
      expect(problemsOf(date({ title }))[0]).toContain('seems to ask for a birth date');
  });

  it('checks its bounds are real days in order', () => {
    expect(problemsOf(date({ dateMin: '2026-09-01', dateMax: '2027-06-30' }))).toEqual([]);
    expect(problemsOf(date({ dateMin: '2026-02-30' }))).toEqual([
      'The earliest date of question 1 is not a real day.',
    ]);
    expect(problemsOf(date({ dateMin: '2027-01-01', dateMax: '2026-01-01' }))).toEqual([
      'The earliest date of question 1 (January 1, 2027) is after its latest (January 1, 2026).',
    ]);
  });

  it('takes a real day within the bounds, kept as YYYY-MM-DD', () => {
    const q = date({ dateMin: '2026-09-01', dateMax: '2027-06-30' });
    expect(answerProblem(q, '2026-10-15')).toBeNull();
    expect(answerProblem(q, '2026-08-31')).toBe('Choose a date on or after September 1, 2026.');
    expect(answerProblem(q, '2027-07-01')).toBe('Choose a date on or before June 30, 2027.');
    expect(answerProblem(q, '2026-10-15T10:00')).toBe('Choose a date.');
    expect(answerProblem(q, '2026-02-30')).toBe('Choose a date.');
  });

  it('is counted by month, or by year over a longer span', () => {
    expect(dateBins(['2026-11-03', '2026-09-30', '2027-01-02']).map((b) => b.label)).toEqual([
      'September 2026',
      'October 2026',
      'November 2026',
      'December 2026',
      'January 2027',
    ]);
    expect(dateBins(['2024-01-01', '2027-01-01']).map((b) => b.id)).toEqual(['2024', '2025', '2026', '2027']);
  });
});

describe('image choice', () => {
  const image = (id: string, alt = 'A picture') => ({
    id,
    label: id,
    image: { url: `/cms/uploads/${id}.png`, alt },
  });
  const choice = (overrides: Partial<Question> = {}) =>
    base({ type: 'image_choice', options: [image('a'), image('b'), image('c')], ...overrides });

  it('takes pictures from our media library only, with a description each', () => {
    expect(problemsOf(choice())).toEqual([]);
    const foreign = choice({
      options: [{ id: 'a', label: 'a', image: { url: '/cms/uploads/../x', alt: 'x' } }],
    });
    expect(
      questionSchema.safeParse(
        choice({ options: [{ ...image('a'), image: { url: 'https://example.com/a.png', alt: 'x' } }] }),
      ).success,
    ).toBe(false);
    expect(questionSchema.safeParse(choice({ options: [image('a', '  ')] })).error?.issues[0]?.message).toBe(
      'Describe the image for people who cannot see it',
    );
    expect(problemsOf(foreign)[0]).toContain('choose the image from the media library');
    const climbing = choice({
      options: [{ id: 'a', label: 'a', image: { url: '/cms/uploads/a/../../x', alt: 'x' } }],
    });
    expect(problemsOf(climbing)[0]).toContain('choose the image from the media library');
    expect(
      problemsOf(choice({ options: Array.from({ length: 13 }, (_, i) => image(`p${i}`)) }))[0],
    ).toContain('at most 12');
  });

  it('is counted as single choice, or multiple choice when teens may choose several', () => {
    expect(classicEquivalent(choice()).type).toBe('single_choice');
    expect(classicEquivalent(choice({ multiple: true })).type).toBe('multiple_choice');
    expect(answerProblem(choice(), 'b')).toBeNull();
    expect(answerProblem(choice(), ['b'])).toBe('Choose one of the options.');
    const several = choice({ multiple: true, maxSelections: 2 });
    expect(answerProblem(several, ['a', 'b'])).toBeNull();
    expect(answerProblem(several, ['a', 'b', 'c'])).toBe('Choose at most 2 options.');
  });
});

describe('constant sum', () => {
  const items = [
    { id: 'sleep', label: 'Sleep' },
    { id: 'friends', label: 'Friends' },
    { id: 'study', label: 'Study' },
  ];
  const sum = (overrides: Partial<Question> = {}) =>
    base({ type: 'constant_sum', options: items, sumTotal: 100, ...overrides });

  it('takes whole points that add up exactly to the total, items left out at 0', () => {
    expect(answerProblem(sum(), { sleep: '50', friends: '30', study: '20' })).toBeNull();
    expect(answerProblem(sum(), { sleep: '100' })).toBeNull();
    expect(answerProblem(sum(), { sleep: '50', friends: '30' })).toBe(
      'Your points add up to 80; they need to add up to exactly 100.',
    );
    expect(answerProblem(sum(), { sleep: '50.5', friends: '49.5' })).toBe(
      'Give each item a whole number of points, 0 or more.',
    );
    expect(answerProblem(sum(), { sleep: '-10', friends: '110' })).toBe(
      'Give each item a whole number of points, 0 or more.',
    );
    expect(answerProblem(sum(), { chores: '100' })).toBe('Share 100 points among the items.');
    expect(answerProblem(sum({ required: false }), {})).toBeNull();
  });

  it('keeps its total and items within limits, in words', () => {
    expect(problemsOf(sum())).toEqual([]);
    expect(questionSchema.safeParse(sum({ sumTotal: 1 })).error?.issues[0]?.message).toBe(
      'The total to share out is at least 2',
    );
    const many = sum({
      options: Array.from({ length: 11 }, (_, i) => ({ id: `i${i}`, label: `Item ${i}` })),
    });
    expect(problemsOf(many)[0]).toContain('at most 10');
  });
});

describe('MaxDiff', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `i${i}`, label: `Item ${i}` }));
  const maxdiff = (n: number, size = 4) => base({ type: 'maxdiff', options: items(n), maxDiffSetSize: size });

  it('shows every item about three times, never twice in a set, the same sets every time', () => {
    for (const n of [4, 5, 7, 10, 16])
      for (const size of [3, 4, 5]) {
        if (n <= size) continue;
        const sets = maxDiffSets(maxdiff(n, size));
        expect(sets.length).toBe(Math.ceil((n * 3) / size));
        const shown = new Map<string, number>();
        for (const set of sets) {
          expect(set).toHaveLength(size);
          expect(new Set(set).size).toBe(size);
          for (const id of set) shown.set(id, (shown.get(id) ?? 0) + 1);
        }
        expect(shown.size).toBe(n);
        for (const times of shown.values()) expect(times === 3 || times === 4).toBe(true);
        expect(maxDiffSets(maxdiff(n, size))).toEqual(sets);
      }
  });

  it('takes a different best and worst from each set', () => {
    const q = maxdiff(5, 3);
    const sets = maxDiffSets(q);
    const answer = Object.fromEntries(
      sets.flatMap((set, i) => [
        [`${i + 1}.best`, set[0]!],
        [`${i + 1}.worst`, set[1]!],
      ]),
    );
    expect(answerProblem(q, answer)).toBeNull();
    expect(answerProblem(q, { ...answer, '2.worst': sets[1]![0]! })).toBe(
      'In set 2, choose different items as most and least important.',
    );
    const { '3.best': _, ...missing } = answer;
    expect(answerProblem(q, missing)).toBe('Choose the most and the least important item in set 3.');
    const outside = sets[0]!.includes('i4') ? sets[1]!.find((id) => !sets[0]!.includes(id))! : 'i4';
    expect(answerProblem(q, { ...answer, '1.best': outside })).toBe(
      'Choose the most and the least important item in set 1.',
    );
  });
});

describe('the review states the new types’ settings in words', () => {
  it('in English and Spanish', () => {
    const slider = base({
      type: 'slider',
      scale: { min: 0, max: 10, minLabel: null, maxLabel: null },
      step: 2,
    });
    const date = base({ id: 'q2', type: 'date', dateMin: '2026-09-01', dateMax: '2027-06-30' });
    const lunch = base({
      id: 'q3',
      type: 'image_choice',
      multiple: true,
      maxSelections: 2,
      options: [{ id: 'a', label: 'Salad', image: { url: '/cms/uploads/a.png', alt: 'A bowl of salad' } }],
    });
    const sum = base({ id: 'q4', type: 'constant_sum', sumTotal: 100, options: [] });
    const questions = [slider, date, lunch, sum];
    expect(questionRulesInWords(slider, questions)).toContain(
      'A slider from 0 to 10 in steps of 2; nothing counts until the respondent moves it.',
    );
    expect(questionRulesInWords(date, questions)).toContain(
      'The answer is a day from September 1, 2026 to June 30, 2027, kept without a time.',
    );
    expect(questionRulesInWords(date, questions, 'es')).toContain(
      'La respuesta es un día entre el 1 de septiembre de 2026 y el 30 de junio de 2027, sin hora.',
    );
    expect(questionRulesInWords(lunch, questions)).toEqual(
      expect.arrayContaining([
        'The respondent chooses at most 2 options.',
        'Picture 1 (“Salad”) is described as “A bowl of salad”.',
      ]),
    );
    expect(questionRulesInWords(sum, questions)).toContain(
      'The respondent shares out exactly 100 points among the items.',
    );
  });
});
