// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ChoiceOption, defaultAudience, type Survey } from '@tv/contract';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { setUpDom } from '../../../test/dom';
import { newQuestion } from '../utils/questions';
import { AtAGlance } from './at-a-glance';
import { EditorContext, type EditorContextValue } from './editor-context';
import { EstimateCard } from './estimate-card';
import { OptionListEditor } from './option-list-editor';
import { SurveyDetailsCard } from './survey-details-card';

const { render } = setUpDom();

let latest: ChoiceOption[] = [];
function Options({ max = 50 }: { max?: number }) {
  const [items, setItems] = useState(() => newQuestion('single_choice').options);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  latest = items;
  return (
    <OptionListEditor
      label="Answer options"
      itemName="Option"
      items={items}
      max={max}
      readOnly={false}
      onChange={setItems}
      isTouched={(id) => touched.has(id)}
      onTouch={(id) => setTouched((t) => new Set(t).add(id))}
    />
  );
}

const inputs = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLInputElement>('input[type="text"], input:not([type])'),
];

function paste(input: HTMLInputElement, text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & {
    clipboardData: { getData: (type: string) => string };
  };
  event.clipboardData = { getData: (type: string) => (type === 'text/plain' ? text : '') };
  act(() => {
    input.dispatchEvent(event);
  });
  return event;
}

describe('the option list', () => {
  it('starts empty, with placeholders, and without an error until the author has been in a field', () => {
    const container = render(<Options />);
    const fields = inputs(container);
    expect(fields.map((f) => [f.value, f.placeholder])).toEqual([
      ['', 'Option 1'],
      ['', 'Option 2'],
    ]);
    expect(container.textContent).not.toContain('Write option');
    act(() => {
      fields[0]!.focus();
      fields[0]!.blur();
    });
    expect(container.textContent).toContain('Write option 1 or remove it');
    expect(container.textContent).not.toContain('Write option 2');
  });

  it('turns a pasted list into one option per line', () => {
    const container = render(<Options />);
    const event = paste(inputs(container)[0]!, 'Bus\n  Car  \n\nBike\nWalk');
    expect(event.defaultPrevented).toBe(true);
    expect(latest.map((o) => o.label)).toEqual(['Bus', 'Car', 'Bike', 'Walk']);
    expect(inputs(container).map((f) => f.value)).toEqual(['Bus', 'Car', 'Bike', 'Walk']);
  });

  it('says so when a pasted list is longer than the limit', () => {
    const container = render(<Options max={3} />);
    paste(inputs(container)[0]!, 'A\nB\nC\nD');
    expect(latest.map((o) => o.label)).toEqual(['A', 'B', 'C']);
    expect(container.querySelector('[data-testid="paste-message"]')?.textContent).toBe(
      '3 of 4 lines were added: a question has at most 3 options, so the last line was left out.',
    );
  });
});

describe('one price everywhere', () => {
  it('at a glance shows the estimate card’s price, even before an audience is chosen', () => {
    const draft = {
      name: 'Survey',
      description: null,
      questions: [newQuestion('short_text')],
      audience: null,
      tags: [],
      projectId: null,
      translations: {},
    };
    const glance = render(<AtAGlance survey={{ type: 'long_form' }} draft={draft} />);
    const shown = glance.querySelector('[data-testid="glance-price"]')?.textContent;
    expect(shown).toBe('$700');
    expect(glance.textContent).toContain('for the suggested audience');
    const card = render(<EstimateCard audience={defaultAudience} questionCount={1} title="Estimate" />);
    expect(card.querySelector('[data-testid="estimate-price"]')?.textContent).toBe(shown);
  });
});

describe('a new survey’s name', () => {
  const survey = (version: number, name: string) =>
    ({ id: 's1', type: 'custom', name, version, organizationId: null }) as unknown as Survey;
  const details = (value: Survey) => {
    const context = {
      survey: value,
      draft: {
        name: value.name,
        description: null,
        questions: [],
        audience: null,
        tags: [],
        projectId: null,
      },
      editable: true,
      edit: () => {},
      touched: new Set<string>(),
      touch: () => {},
    } as unknown as EditorContextValue;
    return (
      <QueryClientProvider client={new QueryClient()}>
        <EditorContext value={context}>
          <SurveyDetailsCard />
        </EditorContext>
      </QueryClientProvider>
    );
  };
  const nameField = (container: HTMLElement) =>
    [...container.querySelectorAll('input')].find((input) => input.value !== '') as HTMLInputElement;

  it('keeps the default name, focused and selected, so typing replaces it', () => {
    const container = render(details(survey(1, 'Custom Survey')));
    const field = nameField(container);
    expect(field.value).toBe('Custom Survey');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'Custom Survey'.length]);
    expect(container.textContent).not.toContain('Give the survey a name');
  });

  it('leaves focus alone on a survey already saved', () => {
    const container = render(details(survey(3, 'Custom Survey')));
    expect(document.activeElement).not.toBe(nameField(container));
  });
});
