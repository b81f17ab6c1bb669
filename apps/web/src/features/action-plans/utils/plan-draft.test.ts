import type { ActionPlan } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, moveItem, newItem, toSave } from './plan-draft';

const saved: ActionPlan = {
  id: '0b6f4a52-6d1e-4c36-9d55-1f7d4f1c0a99',
  surveyId: '5e1f6a52-7d1e-4c36-9d55-1f7d4f1c0b01',
  title: 'After-school plan',
  summary: null,
  version: 3,
  items: [
    {
      id: 'a1',
      title: 'Ask the council for later buses',
      owner: 'Priya',
      dueDate: '2026-06-01',
      status: 'in_progress',
      questionId: 'priorities',
      finding: null,
    },
    {
      id: 'a2',
      title: 'Run a drop-in',
      owner: null,
      dueDate: null,
      status: 'not_started',
      questionId: null,
      finding: 'Many teens say nothing interesting is nearby',
    },
  ],
  updatedAt: '2026-03-01T10:00:00.000Z',
};

describe('action plan drafts', () => {
  it('round-trips a saved plan, keeping its version for the conflict check', () => {
    const result = toSave(draftOf(saved));
    expect(result).toEqual({
      ok: true,
      body: { version: 3, title: 'After-school plan', summary: null, items: saved.items },
    });
  });

  it('sends empty fields as null and only the kind of link chosen', () => {
    const draft = emptyDraft('Life after school');
    draft.items[0] = {
      ...draft.items[0]!,
      title: ' Survey again in autumn ',
      link: 'finding',
      questionId: 'x',
      finding: '  ',
    };
    const result = toSave(draft);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.body.version).toBe(0);
      expect(result.body.items[0]).toMatchObject({
        title: 'Survey again in autumn',
        owner: null,
        dueDate: null,
        questionId: null,
        finding: null,
      });
    }
  });

  it('names the fields that need fixing', () => {
    const draft = {
      ...emptyDraft('x'),
      title: 'ab',
      items: [newItem(), { ...newItem(), title: 'ok', dueDate: 'soon' }],
    };
    const result = toSave(draft);
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'Give the plan a title',
        'items.0.title': 'Describe the action',
        'items.1.dueDate': 'Use a date',
      },
    });
  });

  it('reorders actions one step at a time', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
