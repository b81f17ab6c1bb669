// @vitest-environment jsdom
import type { ConditionGroup, Question } from '@tv/contract';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setUpDom } from '../../../test/dom';
import { conditionSources } from '../utils/logic-conditions';
import { ConditionGroupEditor } from './condition-group-editor';
import { EditorContext, type EditorContextValue } from './editor-context';
import { SurveyFlowPanel } from './survey-flow-panel';

const { render } = setUpDom();

const q = (id: string, title: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'yes_no',
  title,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});
const questions = [
  q('sport', 'Do you play a sport?'),
  q('enjoy', 'How much do you enjoy it?', {
    type: 'rating',
    scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
  }),
  q('why', 'Why?', { type: 'short_text' }),
];

let latest: ConditionGroup | null = null;
function Editor() {
  const [group, setGroup] = useState<ConditionGroup>({
    match: 'all',
    conditions: [{ questionId: 'sport', operator: 'equals', value: 'yes' }],
  });
  latest = group;
  return (
    <ConditionGroupEditor
      group={group}
      sources={conditionSources(questions, 2)}
      readOnly={false}
      onChange={setGroup}
      testId="rule"
    />
  );
}

const button = (container: HTMLElement, name: string) => {
  const found = [...container.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name,
  );
  if (!found) throw new Error(`No button named “${name}”`);
  return found;
};
/** The names screen readers give the fields: each says which condition of which group it is. */
const labels = (container: HTMLElement) =>
  [...container.querySelectorAll('input[aria-label]')].map((input) => input.getAttribute('aria-label'));

describe('the builder edits nested groups', () => {
  it('adds a group, a condition to it, chooses its all/any, and removes it, all with named controls', () => {
    const container = render(<Editor />);
    act(() => button(container, 'Add group').click());
    expect(latest).toEqual({
      match: 'all',
      conditions: [
        { questionId: 'sport', operator: 'equals', value: 'yes' },
        { match: 'any', conditions: [{ questionId: 'enjoy', operator: 'equals', value: 1 }] },
      ],
    });
    expect(container.querySelector('[role="group"][aria-label="Group 1"]')).not.toBeNull();
    expect(labels(container)).toContain('Question (group 1, condition 1)');
    act(() => button(container, 'Add condition to group 1').click());
    expect(labels(container)).toContain('Question (group 1, condition 2)');
    // Each group says how it joins its conditions, named for screen readers.
    expect(container.textContent).toContain('Group 1 matches');
    const anyOf = [...container.querySelectorAll('input[type="radio"]')].filter(
      (input) => (input as HTMLInputElement).value === 'all',
    );
    act(() => (anyOf.at(-1) as HTMLInputElement).click());
    expect((latest!.conditions[1] as ConditionGroup).match).toBe('all');
    act(() => button(container, 'Remove group 1').click());
    expect(latest!.conditions).toHaveLength(1);
  }, 20_000); // a dozen renders of the whole editor: seconds on a loaded two-core machine
});

describe('the flow view', () => {
  it('draws the survey and gives the same flow in words', () => {
    const survey = [
      q('sport', 'Do you play a sport?', {
        skipLogic: [
          {
            when: { match: 'all', conditions: [{ questionId: 'sport', operator: 'equals', value: 'no' }] },
            to: 'end',
          },
        ],
      }),
      q('enjoy', 'How much do you enjoy it?', {
        type: 'rating',
        scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
        displayLogic: {
          match: 'any',
          conditions: [
            { questionId: 'sport', operator: 'equals', value: 'yes' },
            { match: 'all', conditions: [{ questionId: 'sport', operator: 'not_answered' }] },
          ],
        },
      }),
    ];
    const value = { draft: { questions: survey }, survey: { id: 'x' } } as unknown as EditorContextValue;
    const container = render(
      <EditorContext value={value}>
        <SurveyFlowPanel />
      </EditorContext>,
    );
    const diagram = container.querySelector('[data-testid="flow-diagram"]')!;
    expect(diagram.getAttribute('role')).toBe('img');
    expect(diagram.getAttribute('aria-label')).toMatch(/listed in words below/);
    expect(diagram.textContent).toContain('Ends the survey if Q1 is “No”');
    expect(diagram.textContent).toContain('Shown if Q1 is “Yes” or Q1 is not answered');
    const words = container.querySelector('[data-testid="flow-in-words"]')!.textContent!;
    expect(words).toContain(
      'When the answer to question 1 (“Do you play a sport?”) is “No”, skip to the end of the survey.',
    );
    expect(words).toContain(
      'Shown only when the answer to question 1 (“Do you play a sport?”) is “Yes”, or question 1 (“Do you play a sport?”) is not answered.',
    );
    expect(words).toContain('The survey ends and the respondent is thanked.');
  });
});
