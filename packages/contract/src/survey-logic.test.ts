import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnswerMap,
  conditionGroupOf,
  countQuestions,
  isAnswerable,
  logicProblems,
  orderedItems,
  pagesOf,
  pipeText,
  presentationFor,
  respondentPath,
  validPresentation,
} from './survey-logic';
import { answerProblem, otherTextProblem } from './survey-rules';
import {
  type Condition,
  type ConditionGroup,
  type LogicGroup,
  type LogicItem,
  type Question,
  questionSchema,
} from './surveys';

const q = (id: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'single_choice',
  title: `Question ${id}`,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: 'a', label: 'Apples' },
    { id: 'b', label: 'Bananas' },
    { id: 'c', label: 'Cherries' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});
const all = (...conditions: Condition[]): ConditionGroup => ({ match: 'all', conditions });
const any = (...conditions: Condition[]): ConditionGroup => ({ match: 'any', conditions });
const is = (questionId: string, value: string | number): Condition => ({
  questionId,
  operator: 'equals',
  value,
});
const accept = (question: Question, answer: AnswerMap[string]) => answerProblem(question, answer) === null;
const ids = (list: readonly Question[]) => list.map((item) => item.id);

describe('conditions with AND / OR', () => {
  const items = [q('q1'), q('q2'), q('q3', { displayLogic: all(is('q1', 'a'), is('q2', 'b')) })];
  const either = [q('q1'), q('q2'), q('q3', { displayLogic: any(is('q1', 'a'), is('q2', 'b')) })];

  it('AND shows a question only when every condition holds', () => {
    expect(ids(respondentPath(items, { q1: 'a', q2: 'b' }).shown)).toEqual(['q1', 'q2', 'q3']);
    expect(ids(respondentPath(items, { q1: 'a', q2: 'c' }).shown)).toEqual(['q1', 'q2']);
  });

  it('OR shows it when any condition holds', () => {
    expect(ids(respondentPath(either, { q1: 'c', q2: 'b' }).shown)).toEqual(['q1', 'q2', 'q3']);
    expect(ids(respondentPath(either, { q1: 'c', q2: 'c' }).shown)).toEqual(['q1', 'q2']);
  });

  it('reads a single condition saved before AND / OR as a group of one', () => {
    const legacy = { questionId: 'q1', operator: 'equals', value: 'a' };
    expect(conditionGroupOf(legacy)).toEqual(all(is('q1', 'a')));
    expect(questionSchema.parse(q('q2', { displayLogic: legacy as never })).displayLogic).toEqual(
      all(is('q1', 'a')),
    );
  });
});

describe('skip and screen-out', () => {
  const items = [
    q('q1', {
      skipLogic: [
        { when: all(is('q1', 'a')), to: 'q4' },
        { when: all(is('q1', 'c')), to: 'end' },
      ],
    }),
    q('q2'),
    q('q3'),
    q('q4', { screenOut: any(is('q4', 'c')) }),
    q('q5'),
  ];

  it('skips to a later question', () => {
    expect(ids(respondentPath(items, { q1: 'a', q4: 'a' }).shown)).toEqual(['q1', 'q4', 'q5']);
  });
  it('skips to the end', () => {
    const path = respondentPath(items, { q1: 'c' });
    expect(ids(path.shown)).toEqual(['q1']);
    expect(path.ending).toBe('end');
  });
  it('screens out on an answer', () => {
    const path = respondentPath(items, { q1: 'b', q2: 'a', q3: 'a', q4: 'c', q5: 'a' });
    expect(path.ending).toBe('screened_out');
    expect(ids(path.shown)).toEqual(['q1', 'q2', 'q3', 'q4']);
  });
  it('an invalid answer never steers the path', () => {
    expect(ids(respondentPath(items, { q1: 'zzz' }, { accept }).shown)).toEqual([
      'q1',
      'q2',
      'q3',
      'q4',
      'q5',
    ]);
  });
});

describe('pages, shuffling and the order recorded', () => {
  const items = [
    q('intro', { type: 'text_block', options: [], title: 'About you' }),
    q('q1'),
    q('pb', { type: 'page_break', options: [], title: 'Page 2', randomizeQuestions: true }),
    q('q2'),
    q('q3'),
    q('q4', {
      randomizeOptions: true,
      options: [...q('x').options, { id: 'o', label: 'Other', other: true }],
    }),
  ];

  it('groups the items between page breaks', () => {
    expect(pagesOf(items).map((page) => ids(page.items))).toEqual([
      ['intro', 'q1'],
      ['q2', 'q3', 'q4'],
    ]);
    expect(pagesOf([q('a'), q('b')]).map((page) => ids(page.items))).toEqual([['a'], ['b']]);
  });

  it('shuffles a page and options the same way for the whole attempt, keeping “Other” last', () => {
    const first = presentationFor(items, 'attempt-1');
    expect(presentationFor(items, 'attempt-1')).toEqual(first);
    expect([...(first.pages?.pb ?? [])].sort()).toEqual(['q2', 'q3', 'q4']);
    expect(first.options?.q4?.at(-1)).toBe('o');
    const page = pagesOf(items)[1]!;
    expect(ids(orderedItems(page, first))).toEqual(first.pages?.pb);
  });

  it('keeps only a true reordering sent by a browser', () => {
    expect(validPresentation(items, { pages: { pb: ['q3', 'q2', 'q4'] } })).toEqual({
      pages: { pb: ['q3', 'q2', 'q4'] },
    });
    expect(validPresentation(items, { pages: { pb: ['q3', 'q3', 'q4'] } })).toBeNull();
    expect(validPresentation(items, { options: { q1: ['b', 'a', 'c'] } })).toBeNull(); // q1 does not shuffle
    expect(validPresentation(items, 'nonsense')).toBeNull();
  });

  it('text blocks take no answer, and page breaks and text blocks are not counted as questions', () => {
    expect(isAnswerable(items[0]!)).toBe(false);
    expect(answerProblem(items[0]!, undefined)).toBeNull();
    expect(countQuestions(items)).toBe(4);
  });
});

describe('other, minimum and maximum', () => {
  const question = q('q1', {
    type: 'multiple_choice',
    minSelections: 2,
    maxSelections: 2,
    options: [
      ...q('x').options,
      { id: 'o', label: 'Something else', other: true },
      { id: 'n', label: 'None', exclusive: true },
    ],
  });
  it('checks the number of choices, but lets an exclusive option stand alone', () => {
    expect(answerProblem(question, ['a'])).toBe('Choose at least 2 options.');
    expect(answerProblem(question, ['a', 'b', 'c'])).toBe('Choose at most 2 options.');
    expect(answerProblem(question, ['a', 'b'])).toBeNull();
    expect(answerProblem(question, ['n'])).toBeNull();
  });
  it('asks for the “other” text when it is chosen, and only then', () => {
    expect(otherTextProblem(question, ['a', 'o'], undefined)).toBe(
      'Tell us what “Something else” means for you.',
    );
    expect(otherTextProblem(question, ['a', 'o'], 'Kiwis')).toBeNull();
    expect(otherTextProblem(question, ['a', 'b'], 'Kiwis')).toBe('Choose “Other” to add your own answer.');
    expect(otherTextProblem(question, ['a', 'o'], 'x'.repeat(201))).toBe('Keep it under 200 characters.');
  });
});

describe('piping', () => {
  const items = [
    q('fruit', { options: [...q('x').options, { id: 'o', label: 'Other', other: true }] }),
    q('hours', { type: 'number', options: [] }),
    q('why', { type: 'short_text', options: [], title: 'Why {{answer:fruit}} for {{answer:hours}} hours?' }),
  ];
  it('fills in earlier answers, with the “other” text where it was chosen', () => {
    expect(pipeText(items[2]!.title, items, { fruit: 'b', hours: 3 })).toBe('Why Bananas for 3 hours?');
    expect(pipeText(items[2]!.title, items, { fruit: 'o', 'fruit.other': 'Kiwis', hours: 3 })).toBe(
      'Why Kiwis for 3 hours?',
    );
    expect(pipeText(items[2]!.title, items, {})).toBe(
      'Why your earlier answer for your earlier answer hours?',
    );
    // On the Spanish page: Spanish words where nothing was answered, and 'Sí' for a yes.
    expect(pipeText(items[2]!.title, items, {}, 'es')).toBe(
      'Why tu respuesta anterior for tu respuesta anterior hours?',
    );
    const yesNo = { ...items[0]!, id: 'club', type: 'yes_no' as const };
    expect(pipeText('¿{{answer:club}}?', [yesNo], { club: true }, 'es')).toBe('¿Sí?');
  });
});

describe('the pre-check of the logic', () => {
  const messages = (items: Question[]) => logicProblems(items).map((p) => p.message);

  it('accepts sound logic', () => {
    expect(
      logicProblems([
        q('q1', { skipLogic: [{ when: all(is('q1', 'a')), to: 'q3' }] }),
        q('q2', { displayLogic: any(is('q1', 'b'), is('q1', 'c')), title: 'Why {{answer:q1}}?' }),
        q('q3', { screenOut: all(is('q3', 'c')) }),
      ]),
    ).toEqual([]);
  });
  it('refuses a condition on a later question, and a skip back (a loop)', () => {
    expect(messages([q('q1', { displayLogic: all(is('q2', 'a')) }), q('q2')])[0]).toMatch(/later question/);
    expect(messages([q('q1'), q('q2', { skipLogic: [{ when: all(is('q2', 'a')), to: 'q1' }] })])[0]).toMatch(
      /loop/,
    );
  });
  it('finds a question no one can reach', () => {
    expect(messages([q('q1'), q('q2', { displayLogic: all(is('q1', 'a'), is('q1', 'b')) })])[0]).toMatch(
      /contradict/,
    );
    expect(messages([q('q1'), q('q2', { displayLogic: all(is('q1', 'gone')) })])[0]).toMatch(
      /no longer exists/,
    );
    const skipped = [
      q('q1', { skipLogic: [{ when: any(is('q1', 'a'), is('q1', 'b'), is('q1', 'c')), to: 'end' }] }),
      q('q2'),
    ];
    expect(messages(skipped)[0]).toMatch(/no respondent can reach it/);
    // Reachable through a question it depends on that is itself unreachable: unreachable too.
    expect(
      messages([
        q('q1'),
        q('q2', { displayLogic: all(is('q1', 'a'), is('q1', 'b')) }),
        q('q3', { displayLogic: all(is('q2', 'a')) }),
      ]).length,
    ).toBe(1);
  });
  it('refuses piping from the same or a later page, and conditions within a shuffled page', () => {
    expect(messages([q('q1', { title: 'About {{answer:q2}}' }), q('q2')])[0]).toMatch(/earlier page/);
    const shuffled = [
      q('pb', { type: 'page_break', options: [], randomizeQuestions: true }),
      q('q1'),
      q('q2', { displayLogic: all(is('q1', 'a')) }),
    ];
    expect(messages(shuffled)[0]).toMatch(/same shuffled page/);
  });
});

// ---- property: no respondent path sees a hidden question or misses a required one ----------

/** A random survey whose logic the pre-check accepts: conditions look back, skips go forward. */
const surveyArbitrary = fc
  .array(
    fc.record({
      required: fc.boolean(),
      display: fc.option(
        fc.record({
          match: fc.constantFrom<'all' | 'any'>('all', 'any'),
          picks: fc.array(fc.tuple(fc.nat(), fc.constantFrom('a', 'b', 'c')), { minLength: 1, maxLength: 3 }),
        }),
        { freq: 2 },
      ),
      skip: fc.option(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.nat()), { freq: 3 }),
      screenOut: fc.option(fc.constantFrom('a', 'b', 'c'), { freq: 5 }),
      pageBreak: fc.boolean(),
    }),
    { minLength: 1, maxLength: 9 },
  )
  .map((specs) => {
    const items: Question[] = [];
    for (const [index, spec] of specs.entries()) {
      const id = `q${index}`;
      const earlier = items.filter(isAnswerable);
      if (spec.pageBreak && index > 0)
        items.push(q(`pb${index}`, { type: 'page_break', options: [], title: 'Page' }));
      const display =
        spec.display && earlier.length > 0
          ? {
              match: spec.display.match,
              conditions: spec.display.picks.map(([pick, value]) =>
                is(earlier[pick % earlier.length]!.id, value),
              ),
            }
          : null;
      items.push(
        q(id, {
          required: spec.required,
          displayLogic: display,
          screenOut: spec.screenOut ? all(is(id, spec.screenOut)) : null,
        }),
      );
    }
    // Skips: forward only, to a later question or to the end.
    const questions = items.filter(isAnswerable);
    for (const [index, spec] of specs.entries()) {
      if (!spec.skip) continue;
      const later = questions.slice(index + 1);
      const to =
        later.length === 0 || spec.skip[1] % (later.length + 1) === later.length
          ? 'end'
          : later[spec.skip[1] % later.length]!.id;
      const item = items.find((candidate) => candidate.id === `q${index}`)!;
      item.skipLogic = [{ when: all(is(item.id, spec.skip[0])), to }];
    }
    return items;
  });

describe('logic graphs (property)', () => {
  it('a respondent who answers page by page sees no hidden question and misses no required one', () => {
    fc.assert(
      fc.property(
        surveyArbitrary,
        fc.array(fc.constantFrom('a', 'b', 'c', null), { minLength: 20, maxLength: 20 }),
        (items, choices) => {
          // The respondent's page: answer what is shown, in order, until nothing new appears.
          const answers: Record<string, string> = {};
          let turn = 0;
          for (let guard = 0; guard < 50; guard++) {
            const path = respondentPath(items, answers, { accept });
            const next = path.shown.find(
              (item) => isAnswerable(item) && !(item.id in answers) && !(`skipped:${item.id}` in answers),
            );
            if (!next) break;
            const choice = choices[turn++ % choices.length];
            if (choice === null && !next.required) answers[`skipped:${next.id}`] = 'x';
            else answers[next.id] = choice ?? 'a';
          }
          const sent = Object.fromEntries(
            Object.entries(answers).filter(([key]) => !key.startsWith('skipped:')),
          );
          // What the server decides from what was sent.
          const path = respondentPath(items, sent, { accept });
          const seen: Record<string, string> = {};
          for (const item of path.shown) {
            // Every item shown has its display condition met by the answers shown before it…
            expect(groupHolds(item.displayLogic, seen)).toBe(true);
            // …and every required question shown has its answer.
            if (isAnswerable(item) && item.required) expect(sent[item.id]).toBeDefined();
            if (sent[item.id] !== undefined) seen[item.id] = sent[item.id]!;
          }
          // Nothing answered lies off the path the server walks.
          const onPath = new Set(path.shown.map((item) => item.id));
          for (const id of Object.keys(sent)) expect(onPath.has(id)).toBe(true);
          // Logic the pre-check accepts never loops: the path is finite and in survey order.
          const order = path.shown.map((item) => items.indexOf(item));
          expect([...order].sort((x, y) => x - y)).toEqual(order);
        },
      ),
      { numRuns: 300 },
    );
  });
});

function groupHolds(group: LogicGroup | null, answers: Record<string, string>): boolean {
  if (!group) return true;
  const holds = (c: LogicItem): boolean =>
    'conditions' in c ? groupHolds(c, answers) : answers[c.questionId] === c.value;
  return group.match === 'any' ? group.conditions.some(holds) : group.conditions.every(holds);
}
