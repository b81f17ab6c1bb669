// @vitest-environment jsdom
import { defaultAudience, type Question } from '@tv/contract';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setUpDom } from '../../../test/dom';
import type { SurveyDraft } from '../utils/draft';
import { EditorContext, type EditorContextValue } from './editor-context';
import { SurveySpanishPanel } from './survey-spanish-panel';

const { render } = setUpDom();

const question = (id: string, title: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'short_text',
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

let latest: SurveyDraft | null = null;
function Panel() {
  const [draft, setDraft] = useState<SurveyDraft>({
    name: 'Pets',
    description: null,
    questions: [
      question('pet', 'Which pet do you have?'),
      question('break', '', { type: 'page_break' }),
      question('love', 'What do you love about your {{answer:pet}}?'),
    ],
    audience: defaultAudience,
    tags: [],
    projectId: null,
    translations: {},
  });
  latest = draft;
  const value = {
    draft,
    editable: true,
    edit: (update: (current: SurveyDraft) => SurveyDraft) => setDraft(update),
  } as unknown as EditorContextValue;
  return (
    <EditorContext value={value}>
      <SurveySpanishPanel />
    </EditorContext>
  );
}

describe('the Spanish tab and piping', () => {
  it('shows the English token in words and inserts a token into the Spanish text', async () => {
    const host = render(<Panel />);
    expect(host.textContent).toContain('What do you love about your [answer to Q1]?');
    expect(host.textContent).not.toContain('{{answer:pet}}');

    const spanish = host.querySelector<HTMLInputElement>('input[aria-label="Question 3 in Spanish"]')!;
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(spanish, '¿Qué te gusta de tu');
      spanish.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const insert = host.querySelector<HTMLButtonElement>(
      'button[aria-label="Insert an earlier answer into question 3 in Spanish"]',
    );
    expect(insert).not.toBeNull();
    // The first question has nothing earlier to pipe, so it has no button.
    expect(
      host.querySelector('button[aria-label="Insert an earlier answer into question 1 in Spanish"]'),
    ).toBeNull();
    await act(async () => {
      insert!.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((el) =>
      el.textContent?.includes('Which pet do you have?'),
    );
    expect(item).toBeDefined();
    await act(async () => {
      item!.click();
    });
    expect(latest?.translations?.es?.questions?.love?.title).toBe('¿Qué te gusta de tu {{answer:pet}}');
  });
});
