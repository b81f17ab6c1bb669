import {
  type AnswerValue,
  answerValueSchema,
  type Condition,
  type ConditionGroup,
  type ConditionSubgroup,
  isAnswerable,
  operatorsFor,
  presentationFor,
  type Question,
} from '@tv/contract';
import { submissionPath } from '@tv/contract/respondent-path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answersToSend, pathOf } from './steps';

// The respondent's page and the server walk the same path (decision 047): for random surveys with
// nested logic and every operator, and random answers as a teen may leave them (blank, padded,
// invalid, given to a question that later hid), the path the page shows is the path the server
// decides from what the page sends, through the server's own parse of the answers.

const types = [
  'single_choice',
  'multiple_choice',
  'dropdown',
  'yes_no',
  'rating',
  'number',
  'short_text',
] as const;
type Kind = (typeof types)[number];

const options = [
  { id: 'a', label: 'Apples' },
  { id: 'b', label: 'Bananas' },
  { id: 'c', label: 'Cherries' },
];

function question(id: string, type: Kind, required: boolean): Question {
  const choice = ['single_choice', 'multiple_choice', 'dropdown'].includes(type);
  return {
    id,
    type,
    title: `Question ${id}`,
    description: null,
    required,
    randomizeOptions: false,
    options: choice ? options : [],
    rows: [],
    scale:
      type === 'rating'
        ? { min: 1, max: 5, minLabel: null, maxLabel: null }
        : type === 'number'
          ? { min: 0, max: 20, minLabel: null, maxLabel: null }
          : null,
    displayLogic: null,
  };
}

/** A condition on `source` drawn from the operators its type has, with a value of the right kind. */
const conditionArbitrary = (source: Question): fc.Arbitrary<Condition> =>
  fc
    .record({
      operator: fc.constantFrom(...operatorsFor(source.type)),
      pick: fc.constantFrom('a', 'b', 'c', 'yes', 'no'),
      list: fc.subarray(['a', 'b', 'c', 'yes', 'no'], { minLength: 1 }),
      n: fc.integer({ min: -2, max: 22 }),
      m: fc.integer({ min: -2, max: 22 }),
      words: fc.constantFrom('bus', 'BUS', 'walk', ''),
    })
    .map(({ operator, pick, list, n, m, words }) => {
      const base = { questionId: source.id, operator };
      if (operator === 'answered' || operator === 'not_answered') return base;
      if (operator === 'any_of' || operator === 'none_of') return { ...base, value: list };
      if (operator === 'between') return { ...base, value: n, max: m };
      if (source.type === 'short_text') return { ...base, value: words };
      if (['rating', 'number'].includes(source.type)) return { ...base, value: n };
      return { ...base, value: pick };
    });

/** A rule on the questions up to `sources`: conditions and groups of conditions, AND or OR. */
const ruleArbitrary = (sources: readonly Question[]): fc.Arbitrary<ConditionGroup> => {
  const condition = fc.constantFrom(...sources).chain(conditionArbitrary);
  const subgroup: fc.Arbitrary<ConditionSubgroup> = fc.record({
    match: fc.constantFrom<'all' | 'any'>('all', 'any'),
    conditions: fc.array(condition, { minLength: 1, maxLength: 3 }),
  });
  return fc.record({
    match: fc.constantFrom<'all' | 'any'>('all', 'any'),
    conditions: fc.array(fc.oneof(condition, subgroup), { minLength: 1, maxLength: 3 }),
  });
};

const surveyArbitrary = fc
  .array(
    fc.record({
      type: fc.constantFrom(...types),
      required: fc.boolean(),
      pageBreak: fc.constantFrom('none', 'none', 'plain', 'shuffled'),
      display: fc.boolean(),
      skip: fc.boolean(),
      screenOut: fc.constantFrom(false, false, false, true),
      seed: fc.nat(),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .chain((specs) => {
    const questions = specs.map((spec, index) => question(`q${index}`, spec.type, spec.required));
    // Logic for each question: display on earlier questions, skips and screen-outs on itself and earlier ones.
    const logic = specs.map((spec, index) =>
      fc.record({
        display:
          spec.display && index > 0 ? fc.option(ruleArbitrary(questions.slice(0, index))) : fc.constant(null),
        skip: spec.skip ? fc.option(ruleArbitrary(questions.slice(0, index + 1))) : fc.constant(null),
        to: fc.nat(),
        screenOut: spec.screenOut
          ? fc.option(ruleArbitrary(questions.slice(0, index + 1)))
          : fc.constant(null),
      }),
    );
    return fc.tuple(...logic).map((rules) => {
      const items: Question[] = [];
      for (const [index, spec] of specs.entries()) {
        if (spec.pageBreak !== 'none' && index > 0)
          items.push({
            ...question(`pb${index}`, 'short_text', false),
            type: 'page_break',
            title: 'Page',
            randomizeQuestions: spec.pageBreak === 'shuffled',
          });
        const rule = rules[index]!;
        const later = questions.slice(index + 2);
        items.push({
          ...questions[index]!,
          displayLogic: rule.display,
          screenOut: rule.screenOut,
          skipLogic: rule.skip
            ? [
                {
                  when: rule.skip,
                  to: later.length === 0 || rule.to % 3 === 0 ? 'end' : later[rule.to % later.length]!.id,
                },
              ]
            : [],
        });
      }
      return items;
    });
  });

/** What a teen may have left in a field: a good answer, a blank, padding, or something invalid. */
const rawAnswerArbitrary = (item: Question): fc.Arbitrary<AnswerValue | undefined> => {
  switch (item.type) {
    case 'single_choice':
    case 'dropdown':
      return fc.constantFrom(undefined, 'a', 'b', 'c', '', 'zz');
    case 'multiple_choice':
      return fc.constantFrom(undefined, [], ['a'], ['b', 'c'], ['a', 'b', 'c'], ['zz']);
    case 'yes_no':
      return fc.constantFrom(undefined, true, false, 'yes', 'no');
    case 'rating':
      return fc.constantFrom(undefined, 1, 3, 4, 5, 9, 0);
    case 'number':
      return fc.constantFrom(undefined, 0, 4, 7, 20, 21, -1, 3.5);
    default:
      return fc.constantFrom(undefined, '', '   ', 'I take the bus', '  walk  ', 'BUS stop');
  }
};

const answersArbitrary = (items: readonly Question[]) =>
  fc
    .tuple(...items.map((item) => (isAnswerable(item) ? rawAnswerArbitrary(item) : fc.constant(undefined))))
    .map((values) => {
      const answers: Record<string, AnswerValue | undefined> = {};
      for (const [index, item] of items.entries())
        if (values[index] !== undefined) answers[item.id] = values[index];
      return answers;
    });

/** The server's parse of the answers it receives (the submission schema's record). */
const serverAnswers = z.record(z.string(), answerValueSchema);

const summary = (path: ReturnType<typeof pathOf>) => ({
  pages: path.pages.map((page) => ({ id: page.id, items: page.items.map((item) => item.id) })),
  ending: path.ending,
  endedBy: path.endedBy,
});

describe('the page and the server agree on the path (property)', () => {
  it('for random surveys with nested logic and random answers', () => {
    fc.assert(
      fc.property(
        surveyArbitrary.chain((items) =>
          fc.tuple(fc.constant(items), answersArbitrary(items), fc.string({ maxLength: 6 })),
        ),
        ([items, raw, seed]) => {
          const presentation = presentationFor(items, seed);
          const page = pathOf(items, raw, presentation);
          const sent = serverAnswers.parse(
            JSON.parse(JSON.stringify(answersToSend(items, raw, presentation))),
          );
          const sentPresentation = JSON.parse(JSON.stringify(presentation));
          const server = submissionPath(items, sent, sentPresentation);
          expect(summary(server)).toEqual(summary(page));
        },
      ),
      { numRuns: 400 },
    );
  });
});
