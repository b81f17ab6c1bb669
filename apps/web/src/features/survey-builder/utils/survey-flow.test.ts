import type { Condition, Question } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { conditionValueProblem, subgroupOn, withOperator } from './logic-conditions';
import { surveyFlow } from './survey-flow';

const q = (id: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'single_choice',
  title: `Title ${id}`,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: 'a', label: 'Yes, often' },
    { id: 'b', label: 'Sometimes' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});
const is = (questionId: string, value: string): Condition => ({ questionId, operator: 'equals', value });

describe('the flow of a survey', () => {
  const items = [
    q('q1', { skipLogic: [{ when: { match: 'all', conditions: [is('q1', 'b')] }, to: 'q4' }] }),
    q('q2', {
      displayLogic: {
        match: 'all',
        conditions: [
          { match: 'any', conditions: [is('q1', 'a'), is('q1', 'b')] },
          { questionId: 'q1', operator: 'answered' },
        ],
      },
      screenOut: { match: 'all', conditions: [is('q2', 'b')] },
    }),
    q('pb', { type: 'page_break', options: [], title: '', randomizeQuestions: true }),
    q('q3', { skipLogic: [{ when: { match: 'all', conditions: [is('q3', 'a')] }, to: 'end' }] }),
    q('q4'),
  ];

  it('draws pages, who sees each question, skips and screen-outs in few words', () => {
    const flow = surveyFlow(items);
    expect(flow.paged).toBe(true);
    expect(flow.pages.map((page) => [page.number, page.shuffled, page.nodes.map((n) => n.number)])).toEqual([
      [1, false, [1, 2]],
      [2, true, [4, 5]],
    ]);
    const [first, second] = flow.pages[0]!.nodes;
    expect(first!.skips).toEqual([{ to: 'q4', toLabel: 'Q5', when: 'Q1 is “Sometimes”' }]);
    expect(second!.shownIf).toBe('(Q1 is “Yes, often” or Q1 is “Sometimes”) and Q1 is answered');
    expect(second!.screensOutIf).toBe('Q2 is “Sometimes”');
    // The list in words says the same in full sentences.
    expect(second!.sentences[0]).toMatch(/^Shown only when \(the answer to question 1/);
    expect(second!.sentences[1]).toMatch(/screened out\.$/);
    expect(flow.pages[1]!.nodes[1]!.sentences).toEqual(['Everyone who gets this far sees it.']);
  });

  it('puts overlapping skip arrows in different lanes', () => {
    const flow = surveyFlow(items);
    expect(flow.edges).toEqual([
      { from: 'q3', to: 'end', lane: 0 },
      { from: 'q1', to: 'q4', lane: 1 },
    ]);
    expect(flow.lanes).toBe(2);
  });
});

describe('editing a condition', () => {
  const rating = q('r', {
    type: 'rating',
    options: [],
    scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
  });

  it('changing the comparison keeps what it can of the value', () => {
    const single = withOperator(q('c'), 'equals');
    expect(single).toEqual({ questionId: 'c', operator: 'equals', value: 'a' });
    expect(withOperator(q('c'), 'any_of', { ...single, value: 'b' })).toEqual({
      questionId: 'c',
      operator: 'any_of',
      value: ['b'],
    });
    expect(withOperator(q('c'), 'answered', single)).toEqual({ questionId: 'c', operator: 'answered' });
    expect(withOperator(rating, 'between', { questionId: 'r', operator: 'at_least', value: 2 })).toEqual({
      questionId: 'r',
      operator: 'between',
      value: 2,
      max: 5,
    });
  });

  it('a new group joins its conditions the other way from its rule', () => {
    expect(subgroupOn(q('c'), 'all').match).toBe('any');
    expect(subgroupOn(q('c'), 'any').match).toBe('all');
  });

  it('says what is wrong with a value where it is typed', () => {
    expect(conditionValueProblem({ questionId: 'r', operator: 'between', value: 4, max: 2 }, rating)).toBe(
      'The range runs from 4 to 2: put the smaller number first',
    );
    expect(conditionValueProblem({ questionId: 'c', operator: 'none_of', value: [] }, q('c'))).toBe(
      'Choose at least one answer',
    );
    expect(
      conditionValueProblem({ questionId: 'r', operator: 'between', value: 2, max: 4 }, rating),
    ).toBeNull();
  });
});
