import { describe, expect, it } from 'vitest';
import { forQuestionBank, freshCopies, questionnaireFileName, UNPIPED_WORDS } from './reuse';
import { conditionsIn } from './survey-logic';
import type { Question } from './surveys';

const question = (id: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'single_choice',
  title: `Question ${id}`,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: `${id}-yes`, label: 'Yes' },
    { id: `${id}-no`, label: 'No' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});

describe('fresh copies of questions', () => {
  it('remaps logic, skip rules, screen-out and piping between questions copied together', () => {
    const a = question('a', {
      screenOut: { match: 'all', conditions: [{ questionId: 'a', operator: 'equals', value: 'a-no' }] },
      skipLogic: [
        {
          when: { match: 'all', conditions: [{ questionId: 'a', operator: 'equals', value: 'a-yes' }] },
          to: 'c',
        },
        {
          when: { match: 'all', conditions: [{ questionId: 'a', operator: 'equals', value: 'a-no' }] },
          to: 'end',
        },
      ],
    });
    const b = question('b', {
      title: 'You said {{answer:a}}. Why?',
      displayLogic: { match: 'any', conditions: [{ questionId: 'a', operator: 'equals', value: 'a-yes' }] },
    });
    const c = question('c');
    const { questions, droppedLogic } = freshCopies([a, b, c]);
    const [ca, cb, cc] = questions as [Question, Question, Question];
    expect(droppedLogic).toBe(0);
    expect(new Set([ca.id, cb.id, cc.id, 'a', 'b', 'c']).size).toBe(6);
    const yes = ca.options[0]!.id;
    expect(yes).not.toBe('a-yes');
    expect(ca.screenOut?.conditions[0]).toEqual({
      questionId: ca.id,
      operator: 'equals',
      value: ca.options[1]!.id,
    });
    expect(ca.skipLogic?.map((rule) => rule.to)).toEqual([cc.id, 'end']);
    expect(conditionsIn(ca.skipLogic?.[0]?.when)[0]?.value).toBe(yes);
    expect(cb.displayLogic).toEqual({
      match: 'any',
      conditions: [{ questionId: ca.id, operator: 'equals', value: yes }],
    });
    expect(cb.title).toBe(`You said {{answer:${ca.id}}}. Why?`);
  });

  it('drops what names a question left behind, and counts it', () => {
    const b = question('b', {
      title: 'You said {{answer:a}}. Why?',
      displayLogic: { match: 'all', conditions: [{ questionId: 'a', operator: 'equals', value: 'a-yes' }] },
      skipLogic: [
        {
          when: { match: 'all', conditions: [{ questionId: 'b', operator: 'equals', value: 'b-no' }] },
          to: 'z',
        },
        {
          when: { match: 'all', conditions: [{ questionId: 'b', operator: 'equals', value: 'b-yes' }] },
          to: 'end',
        },
      ],
    });
    const { questions, droppedLogic } = freshCopies([b]);
    const [copy] = questions as [Question];
    expect(droppedLogic).toBe(3);
    expect(copy.displayLogic).toBeNull();
    expect(copy.title).toBe(`You said ${UNPIPED_WORDS}. Why?`);
    expect(copy.skipLogic).toEqual([
      {
        when: {
          match: 'all',
          conditions: [{ questionId: copy.id, operator: 'equals', value: copy.options[0]!.id }],
        },
        to: 'end',
      },
    ]);
  });

  it('keeps option and statement ids unique within a question', () => {
    const matrix = question('m', {
      type: 'likert_matrix',
      rows: Array.from({ length: 30 }, (_, index) => ({ id: `r${index}`, label: `Statement ${index}` })),
    });
    const [copy] = freshCopies([matrix]).questions as [Question];
    const ids = [...copy.options, ...copy.rows].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the question bank and file names', () => {
  it('keeps a question without anything that names its survey', () => {
    const kept = forQuestionBank(
      question('q', {
        description: 'About {{answer:x}}',
        displayLogic: { match: 'all', conditions: [{ questionId: 'x', operator: 'equals', value: 'yes' }] },
        skipLogic: [
          {
            when: { match: 'all', conditions: [{ questionId: 'q', operator: 'equals', value: 'q-no' }] },
            to: 'end',
          },
        ],
        screenOut: { match: 'all', conditions: [{ questionId: 'q', operator: 'equals', value: 'q-no' }] },
      }),
    );
    expect(kept).toMatchObject({
      displayLogic: null,
      skipLogic: [],
      screenOut: null,
      description: `About ${UNPIPED_WORDS}`,
    });
  });

  it('names an export after the survey, in plain ASCII', () => {
    expect(questionnaireFileName('Été à l’école: 2025!')).toBe('ete-a-lecole-2025-questionnaire.json');
    expect(questionnaireFileName('🙂')).toBe('survey-questionnaire.json');
  });
});
