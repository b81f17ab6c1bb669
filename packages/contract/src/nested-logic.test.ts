import { describe, expect, it } from 'vitest';
import {
  conditionGroupOf,
  conditionMet,
  groupMet,
  logicProblems,
  operatorsFor,
  respondentPath,
} from './survey-logic';
import { branchingInWords, conditionInWords, displayLogicInWords, ruleInShortWords } from './survey-review';
import {
  type Condition,
  type ConditionGroup,
  type Question,
  questionSchema,
  saveSurveySchema,
} from './surveys';

// Nested groups and the operators of decision 047.

const q = (id: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'single_choice',
  title: `Question ${id}`,
  description: null,
  required: false,
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
const c = (questionId: string, operator: Condition['operator'], value?: Condition['value'], max?: number) =>
  ({
    questionId,
    operator,
    ...(value !== undefined ? { value } : {}),
    ...(max !== undefined ? { max } : {}),
  }) as Condition;
const ids = (list: readonly Question[]) => list.map((item) => item.id);

describe('nested groups', () => {
  // (q1 is a or q2 is at least 4) and q3 is answered
  const andOfOrs: ConditionGroup = {
    match: 'all',
    conditions: [
      { match: 'any', conditions: [c('q1', 'equals', 'a'), c('q2', 'at_least', 4)] },
      c('q3', 'answered'),
    ],
  };
  // (q1 is a and q2 is at least 4) or (q1 is b and q3 is answered)
  const orOfAnds: ConditionGroup = {
    match: 'any',
    conditions: [
      { match: 'all', conditions: [c('q1', 'equals', 'a'), c('q2', 'at_least', 4)] },
      { match: 'all', conditions: [c('q1', 'equals', 'b'), c('q3', 'answered')] },
    ],
  };

  it('an AND of ORs holds only when every part holds', () => {
    expect(groupMet(andOfOrs, { q1: 'a', q3: 'hello' })).toBe(true);
    expect(groupMet(andOfOrs, { q1: 'c', q2: 5, q3: 'hello' })).toBe(true);
    expect(groupMet(andOfOrs, { q1: 'c', q2: 3, q3: 'hello' })).toBe(false);
    expect(groupMet(andOfOrs, { q1: 'a' })).toBe(false);
  });

  it('an OR of ANDs holds when one whole part holds', () => {
    expect(groupMet(orOfAnds, { q1: 'a', q2: 4 })).toBe(true);
    expect(groupMet(orOfAnds, { q1: 'b', q3: 'x' })).toBe(true);
    expect(groupMet(orOfAnds, { q1: 'a', q3: 'x' })).toBe(false);
    expect(groupMet(orOfAnds, { q1: 'b', q2: 9 })).toBe(false);
  });

  it('the respondent path follows nested display logic and screen-outs', () => {
    const items = [
      q('q1'),
      q('q2', { type: 'number', options: [], scale: { min: 0, max: 10, minLabel: null, maxLabel: null } }),
      q('q3', { type: 'short_text', options: [] }),
      q('q4', { displayLogic: andOfOrs }),
      q('q5', { screenOut: orOfAnds }),
      q('q6'),
    ];
    expect(ids(respondentPath(items, { q1: 'a', q3: 'hi', q5: 'a' }).shown)).toEqual([
      'q1',
      'q2',
      'q3',
      'q4',
      'q5',
      'q6',
    ]);
    expect(ids(respondentPath(items, { q1: 'a', q2: 1 }).shown)).toEqual(['q1', 'q2', 'q3', 'q5', 'q6']);
    const out = respondentPath(items, { q1: 'b', q3: 'hi', q4: 'a', q5: 'c' });
    expect(out.ending).toBe('screened_out');
    expect(out.endedBy).toBe('q5');
  });

  it('a flat group, as stored before nesting, is a valid rule that works unchanged', () => {
    const flat = { match: 'any', conditions: [c('q1', 'equals', 'a'), c('q1', 'equals', 'b')] };
    const parsed = questionSchema.parse(q('q2', { displayLogic: flat as ConditionGroup }));
    expect(parsed.displayLogic).toEqual(flat);
    // …and the single condition saved before AND / OR existed reads as a group of one.
    expect(conditionGroupOf(c('q1', 'equals', 'a'))).toEqual({
      match: 'all',
      conditions: [c('q1', 'equals', 'a')],
    });
  });

  it('a save accepts a nested rule and refuses a group inside a group inside a rule, or an empty group', () => {
    const save = (displayLogic: unknown) =>
      saveSurveySchema.safeParse({
        version: 1,
        name: 'Nested',
        description: null,
        questions: [q('q1'), { ...q('q2'), displayLogic }],
        audience: null,
        tags: [],
        projectId: null,
      });
    expect(save(andOfOrs).success).toBe(true);
    const tooDeep = {
      match: 'all',
      conditions: [{ match: 'any', conditions: [{ match: 'all', conditions: [c('q1', 'equals', 'a')] }] }],
    };
    expect(save(tooDeep).success).toBe(false);
    const empty = save({
      match: 'all',
      conditions: [c('q1', 'equals', 'a'), { match: 'any', conditions: [] }],
    });
    expect(empty.success).toBe(false);
    expect(JSON.stringify(empty.error?.issues)).toContain('Add a condition to the group or remove it');
  });
});

describe('operators', () => {
  it('any of / none of compare a choice with a list', () => {
    expect(conditionMet(c('q', 'any_of', ['a', 'b']), { q: 'b' })).toBe(true);
    expect(conditionMet(c('q', 'any_of', ['a', 'b']), { q: 'c' })).toBe(false);
    expect(conditionMet(c('q', 'none_of', ['a', 'b']), { q: 'c' })).toBe(true);
    expect(conditionMet(c('q', 'none_of', ['a', 'b']), { q: 'a' })).toBe(false);
    // Several answers: any of = at least one chosen; none of = none chosen.
    expect(conditionMet(c('q', 'any_of', ['a', 'b']), { q: ['c', 'b'] })).toBe(true);
    expect(conditionMet(c('q', 'none_of', ['a', 'b']), { q: ['c', 'b'] })).toBe(false);
    expect(conditionMet(c('q', 'none_of', ['a', 'b']), { q: ['c'] })).toBe(true);
    // No answer meets neither.
    expect(conditionMet(c('q', 'none_of', ['a']), {})).toBe(false);
  });

  it('contains looks for words in a text, whatever the case', () => {
    expect(conditionMet(c('q', 'contains', 'Bus'), { q: 'I take the bus to school' })).toBe(true);
    expect(conditionMet(c('q', 'contains', 'train'), { q: 'I take the bus' })).toBe(false);
    expect(conditionMet(c('q', 'contains', 'bus'), {})).toBe(false);
  });

  it('number comparisons and ranges', () => {
    const n = (operator: Condition['operator'], value: number, answer: number, max?: number) =>
      conditionMet(c('q', operator, value, max), { q: answer });
    expect([n('equals', 4, 4), n('equals', 4, 5)]).toEqual([true, false]);
    expect([n('not_equals', 4, 4), n('not_equals', 4, 5)]).toEqual([false, true]);
    expect([n('less_than', 4, 3), n('less_than', 4, 4)]).toEqual([true, false]);
    expect([n('at_most', 4, 4), n('at_most', 4, 5)]).toEqual([true, false]);
    expect([n('greater_than', 4, 5), n('greater_than', 4, 4)]).toEqual([true, false]);
    expect([n('at_least', 4, 4), n('at_least', 4, 3)]).toEqual([true, false]);
    expect([
      n('between', 3, 3, 5),
      n('between', 3, 5, 5),
      n('between', 3, 6, 5),
      n('between', 3, 2, 5),
    ]).toEqual([true, true, false, false]);
    // A range written the wrong way round holds for nothing (the pre-check says so).
    expect(n('between', 5, 4, 3)).toBe(false);
  });

  it('answered / not answered', () => {
    expect(conditionMet(c('q', 'answered'), { q: 'x' })).toBe(true);
    expect(conditionMet(c('q', 'answered'), { q: [] })).toBe(false);
    expect(conditionMet(c('q', 'answered'), { q: false })).toBe(true);
    expect(conditionMet(c('q', 'not_answered'), {})).toBe(true);
    expect(conditionMet(c('q', 'not_answered'), { q: 0 })).toBe(false);
  });

  it('each question type gets the operators that make sense for it', () => {
    expect(operatorsFor('yes_no')).toEqual(['equals', 'not_equals', 'answered', 'not_answered']);
    expect(operatorsFor('single_choice')).toEqual([
      'equals',
      'not_equals',
      'any_of',
      'none_of',
      'answered',
      'not_answered',
    ]);
    expect(operatorsFor('multiple_choice')).toContain('any_of');
    expect(operatorsFor('multiple_choice')).not.toContain('equals');
    expect(operatorsFor('rating')).toEqual([
      'equals',
      'not_equals',
      'less_than',
      'at_most',
      'greater_than',
      'at_least',
      'between',
      'answered',
      'not_answered',
    ]);
    expect(operatorsFor('short_text')).toEqual(['contains', 'answered', 'not_answered']);
    expect(operatorsFor('likert_matrix')).toEqual(['answered', 'not_answered']);
    expect(operatorsFor('date')).toEqual(['answered', 'not_answered']);
    expect(operatorsFor('image_choice')).toEqual(['any_of', 'none_of', 'answered', 'not_answered']);
    expect(operatorsFor('text_block')).toEqual([]);
  });
});

describe('nested logic in words', () => {
  const items = [
    q('q1', { type: 'yes_no', title: 'Do you play a sport?', options: [] }),
    q('q2', {
      type: 'rating',
      title: 'How much do you enjoy it?',
      options: [],
      scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
    }),
    q('q3', { type: 'short_text', title: 'Which one?', options: [] }),
    q('q4', { type: 'multiple_choice', title: 'Fruit you like' }),
    q('q5'),
  ];

  it("reads '(Q1 is “Yes” or Q2 is at least 4) and Q3 is answered'", () => {
    const group: ConditionGroup = {
      match: 'all',
      conditions: [
        { match: 'any', conditions: [c('q1', 'equals', 'yes'), c('q2', 'at_least', 4)] },
        c('q3', 'answered'),
      ],
    };
    expect(displayLogicInWords(group, items)).toBe(
      'Shown only when (the answer to question 1 (“Do you play a sport?”) is “Yes”, or the answer to question 2 (“How much do you enjoy it?”) is at least 4), and question 3 (“Which one?”) is answered.',
    );
    expect(displayLogicInWords(group, items, 'es')).toBe(
      'Se muestra solo cuando (la respuesta a la pregunta 1 (“Do you play a sport?”) es “Sí”, o la respuesta a la pregunta 2 (“How much do you enjoy it?”) es al menos 4), y la pregunta 3 (“Which one?”) tiene respuesta.',
    );
  });

  it("says it in few words for the flow view: '(Q1 is “Yes” or Q2 is at least 4) and Q3 is answered'", () => {
    const group: ConditionGroup = {
      match: 'all',
      conditions: [
        { match: 'any', conditions: [c('q1', 'equals', 'yes'), c('q2', 'at_least', 4)] },
        c('q3', 'answered'),
      ],
    };
    expect(ruleInShortWords(group, items)).toBe('(Q1 is “Yes” or Q2 is at least 4) and Q3 is answered');
    expect(ruleInShortWords(group, items, 'es')).toBe('(P1 es “Sí” o P2 es al menos 4) y P3 tiene respuesta');
  });

  it('states every operator', () => {
    const say = (condition: Condition) => conditionInWords(condition, items);
    expect(say(c('q2', 'less_than', 3))).toMatch(/is less than 3$/);
    expect(say(c('q2', 'greater_than', 3))).toMatch(/is more than 3$/);
    expect(say(c('q2', 'at_most', 3))).toMatch(/is at most 3$/);
    expect(say(c('q2', 'not_equals', 3))).toMatch(/is not 3$/);
    expect(say(c('q2', 'between', 2, 4))).toMatch(/is between 2 and 4$/);
    expect(say(c('q3', 'contains', 'soccer'))).toMatch(/contains “soccer”$/);
    expect(say(c('q3', 'includes', 'soccer'))).toMatch(/contains “soccer”$/);
    expect(say(c('q5', 'any_of', ['a', 'b', 'c']))).toMatch(/is any of “Apples”, “Bananas” or “Cherries”$/);
    expect(say(c('q5', 'none_of', ['a', 'b']))).toMatch(/is none of “Apples” or “Bananas”$/);
    expect(say(c('q4', 'any_of', ['a', 'b']))).toMatch(/includes any of “Apples” or “Bananas”$/);
    expect(say(c('q4', 'none_of', ['c']))).toMatch(/includes none of “Cherries”$/);
    expect(say(c('q4', 'not_equals', 'c'))).toMatch(/does not include “Cherries”$/);
    expect(say(c('q3', 'not_answered'))).toBe('question 3 (“Which one?”) is not answered');
    expect(conditionInWords(c('q2', 'between', 2, 4), items, 'es')).toMatch(/está entre 2 y 4$/);
  });

  it('states nested skip and screen-out rules', () => {
    const question = q('q5', {
      skipLogic: [
        {
          when: {
            match: 'any',
            conditions: [
              c('q5', 'equals', 'a'),
              { match: 'all', conditions: [c('q1', 'equals', 'no'), c('q2', 'at_most', 2)] },
            ],
          },
          to: 'end',
        },
      ],
    });
    expect(branchingInWords(question, items)).toEqual([
      'When the answer to question 5 (“Question q5”) is “Apples”, or (the answer to question 1 (“Do you play a sport?”) is “No”, and the answer to question 2 (“How much do you enjoy it?”) is at most 2), skip to the end of the survey.',
    ]);
  });
});

describe('the pre-check of nested logic', () => {
  const messages = (items: Question[]) => logicProblems(items).map((p) => p.message);
  const nested = (inner: Condition[], outer: Condition[] = []): ConditionGroup => ({
    match: 'all',
    conditions: [...outer, { match: 'any', conditions: inner }],
  });

  it('flags a nested condition on a later or deleted question', () => {
    expect(
      messages([
        q('q1'),
        q('q2', { displayLogic: nested([c('q1', 'equals', 'a'), c('q3', 'equals', 'a')]) }),
        q('q3'),
      ]),
    ).toContain(
      'Question 2: Its display condition refers to a later question; conditions can only use earlier answers.',
    );
    expect(messages([q('q1'), q('q2', { displayLogic: nested([c('gone', 'equals', 'a')]) })])).toContain(
      'Question 2: Its display condition refers to a question that is no longer in the survey.',
    );
  });

  it('flags an empty group and a group nested too deep', () => {
    const empty = {
      match: 'all',
      conditions: [c('q1', 'equals', 'a'), { match: 'any', conditions: [] }],
    } as ConditionGroup;
    expect(messages([q('q1'), q('q2', { displayLogic: empty })])).toContain(
      'Question 2: Its display condition has an empty group; add a condition to it or remove it.',
    );
    const deep = {
      match: 'all',
      conditions: [{ match: 'any', conditions: [{ match: 'all', conditions: [c('q1', 'equals', 'a')] }] }],
    } as unknown as ConditionGroup;
    expect(messages([q('q1'), q('q2', { displayLogic: deep })])).toContain(
      'Question 2: Its display condition has a group inside a group inside the rule; a rule’s groups hold conditions only.',
    );
  });

  it('flags an operator that does not fit the question type', () => {
    expect(messages([q('q1'), q('q2', { displayLogic: nested([c('q1', 'contains', 'app')]) })])).toContain(
      'Question 2: Its display condition uses a comparison that does not fit the type of the question it refers to.',
    );
    expect(
      messages([
        q('q1', { type: 'short_text', options: [] }),
        q('q2', { displayLogic: nested([c('q1', 'at_least', 3)]) }),
      ]),
    ).toContain(
      'Question 2: Its display condition uses a comparison that does not fit the type of the question it refers to.',
    );
  });

  it('flags a range whose first number is above its second, and lists without options', () => {
    const scale = { min: 0, max: 10, minLabel: null, maxLabel: null };
    const items = [
      q('q1', { type: 'number', options: [], scale }),
      q('q2', { skipLogic: [{ when: nested([c('q1', 'between', 7, 3)]), to: 'end' }] }),
    ];
    expect(messages(items)).toContain(
      'Question 2: Skip rule 1 asks for a number between 7 and 3, a range that is empty; put the smaller number first.',
    );
    expect(messages([q('q1'), q('q2', { displayLogic: nested([c('q1', 'any_of', [])]) })])).toContain(
      'Question 2: Its display condition has no answer options to compare with; choose at least one.',
    );
    expect(
      messages([q('q1'), q('q2', { displayLogic: nested([c('q1', 'none_of', ['a', 'zz'])]) })]),
    ).toContain('Question 2: Its display condition refers to an answer option that no longer exists.');
  });

  it('finds nothing wrong in a sound nested rule, and sees a contradiction inside a group', () => {
    const sound = nested([c('q1', 'any_of', ['a', 'b']), c('q1', 'not_answered')], [c('q1', 'answered')]);
    expect(
      messages([q('q1'), q('q2', { displayLogic: { match: 'any', conditions: sound.conditions } })]),
    ).toEqual([]);
    const contradiction: ConditionGroup = {
      match: 'any',
      conditions: [
        c('q1', 'equals', 'c'),
        { match: 'all', conditions: [c('q1', 'equals', 'a'), c('q1', 'none_of', ['a'])] },
      ],
    };
    expect(messages([q('q1'), q('q2', { displayLogic: contradiction })])).toContain(
      'Question 2: Its display condition can never hold: its conditions contradict each other.',
    );
  });
});
