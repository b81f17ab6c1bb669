// @vitest-environment jsdom
import type { Question } from '@tv/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setUpDom } from '../../test/dom';
import type { AnswerValue } from './answers';
import { QuestionField } from './question-field';

// Decision 048: the respondent's controls of the new question types.

const { render } = setUpDom();

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

function field(question: Question, value?: AnswerValue) {
  const onChange = vi.fn();
  const page = render(<QuestionField question={question} number={1} value={value} onChange={onChange} />);
  return { page, onChange };
}

/** Sets an input's value as the browser does, so React's change handler sees it. */
function setValue(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('slider', () => {
  const slider = base({
    type: 'slider',
    scale: { min: 0, max: 100, minLabel: 'Not ready', maxLabel: 'Completely ready' },
    step: 5,
  });

  it('counts nothing until moved, then answers the number it is on', () => {
    const { page, onChange } = field(slider);
    const input = page.querySelector<HTMLInputElement>('input[type="range"]')!;
    expect(input.getAttribute('aria-labelledby')).toBeTruthy();
    expect(input.step).toBe('5');
    expect(page.querySelector('output')?.textContent).toBe('Not answered yet');
    expect(page.textContent).toContain('0: Not ready');
    setValue(input, '35');
    expect(onChange).toHaveBeenLastCalledWith(35);
  });

  it('shows and reads out the chosen value', () => {
    const { page } = field(slider, 35);
    expect(page.querySelector('output')?.textContent).toBe('Your answer: 35');
    expect(page.querySelector('input[type="range"]')?.getAttribute('aria-valuetext')).toBe('35');
  });
});

describe('date', () => {
  const date = base({ type: 'date', dateMin: '2026-09-01', dateMax: '2027-06-30' });

  it('is the browser’s date field within the bounds, answering the day', () => {
    const { page, onChange } = field(date);
    const input = page.querySelector<HTMLInputElement>('input[type="date"]')!;
    expect([input.min, input.max]).toEqual(['2026-09-01', '2027-06-30']);
    expect(input.getAttribute('aria-labelledby')).toBeTruthy();
    setValue(input, '2026-10-15');
    expect(onChange).toHaveBeenLastCalledWith('2026-10-15');
  });
});

describe('image choice', () => {
  const picture = (id: string, alt: string) => ({
    id,
    label: id,
    image: { url: `/cms/uploads/${id}.png`, alt },
  });
  const lunch = base({
    type: 'image_choice',
    options: [picture('salad', 'A bowl of green salad'), picture('pizza', 'A slice of cheese pizza')],
  });

  it('shows each picture with its description as a radio button with its caption', () => {
    const { page, onChange } = field(lunch);
    const images = [...page.querySelectorAll('img')];
    expect(images.map((img) => [img.getAttribute('src'), img.alt])).toEqual([
      ['/cms/uploads/salad.png', 'A bowl of green salad'],
      ['/cms/uploads/pizza.png', 'A slice of cheese pizza'],
    ]);
    const radios = page.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    act(() => radios[1]!.click());
    expect(onChange).toHaveBeenLastCalledWith('pizza');
  });

  it('takes several pictures as checkboxes when teens may choose more than one', () => {
    const { page, onChange } = field({ ...lunch, multiple: true }, ['salad']);
    const boxes = page.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect(boxes).toHaveLength(2);
    act(() => boxes[1]!.click());
    expect(onChange).toHaveBeenLastCalledWith(['salad', 'pizza']);
  });
});

describe('constant sum', () => {
  const week = base({
    type: 'constant_sum',
    sumTotal: 100,
    options: [
      { id: 'sleep', label: 'Sleeping in' },
      { id: 'friends', label: 'Seeing friends' },
    ],
  });

  it('has a labelled field per item and reads out the running total', () => {
    const { page, onChange } = field(week, { sleep: '70' });
    const inputs = page.querySelectorAll<HTMLInputElement>('input[inputmode="numeric"]');
    expect([...inputs].map((input) => page.querySelector(`label[for="${input.id}"]`)?.textContent)).toEqual([
      'Sleeping in',
      'Seeing friends',
    ]);
    expect(page.querySelector('output')?.textContent).toBe('Total: 70 of 100 (30 left to share)');
    setValue(inputs[1]!, '30');
    expect(onChange).toHaveBeenLastCalledWith({ sleep: '70', friends: '30' });
  });
});

describe('MaxDiff', () => {
  const job = base({
    type: 'maxdiff',
    maxDiffSetSize: 3,
    options: ['Good pay', 'Flexible hours', 'Friendly people', 'Learning skills'].map((label, i) => ({
      id: `i${i}`,
      label,
    })),
  });

  it('asks most and least important in each set, as two labelled radio groups', () => {
    const { page, onChange } = field(job);
    const sets = page.querySelectorAll('fieldset fieldset');
    expect(sets).toHaveLength(4);
    expect(sets[0]!.querySelector('legend')?.textContent).toBe('Set 1 of 4');
    const radios = sets[0]!.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    expect(radios[0]!.getAttribute('aria-label')).toMatch(/^Most important: /);
    expect(radios[1]!.getAttribute('aria-label')).toMatch(/^Least important: /);
    act(() => radios[0]!.click());
    expect(onChange).toHaveBeenLastCalledWith({ '1.best': expect.any(String) });
  });

  it('clears an item as least important when it is chosen as most important', () => {
    const { page, onChange } = field(job);
    const first = page.querySelectorAll('fieldset fieldset')[0]!;
    const radios = first.querySelectorAll<HTMLInputElement>('input[type="radio"]');
    const id = Object.values(
      (() => {
        act(() => radios[1]!.click());
        return onChange.mock.lastCall![0] as Record<string, string>;
      })(),
    )[0]!;
    const { page: again, onChange: changed } = field(job, { '1.worst': id });
    act(() =>
      again.querySelectorAll('fieldset fieldset')[0]!.querySelectorAll<HTMLInputElement>('input')[0]!.click(),
    );
    expect(changed).toHaveBeenLastCalledWith({ '1.best': id });
    expect(page).toBeTruthy();
  });
});
