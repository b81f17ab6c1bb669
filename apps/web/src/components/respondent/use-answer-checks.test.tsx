// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCheckResult } from './api/check-answer';
import { type Concern, mergeConcerns, useAnswerChecks } from './use-answer-checks';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Checks = ReturnType<typeof useAnswerChecks>;

/** The hook in a component of its own, with a server that answers what `answers` says. */
function mount(answers: Record<string, Concern>, enabled = true) {
  const run = vi.fn(async (_surveyId: string, _questionId: string, text: string) => {
    return answers[text] ?? { categories: [], language: 'en' as const };
  });
  const box: { current: Checks | null } = { current: null };
  function Probe() {
    box.current = useAnswerChecks('survey-1', enabled, run);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Probe />));
  return { run, checks: () => box.current!, unmount: () => act(() => root.unmount()) };
}

const selfHarm: Concern = { categories: ['self_harm'], language: 'en' };
const threat: Concern = { categories: ['bullying', 'danger_to_others'], language: 'en' };
const spanish: Concern = { categories: ['self_harm'], language: 'es' };

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

describe('checking answers as the teen leaves them', () => {
  it('checks each text once, and says what the answers on screen raise', async () => {
    const page = mount({ 'I want to die': selfHarm });
    cleanup = page.unmount;
    await act(() => page.checks().check('q1', 'I want to die'));
    await act(() => page.checks().check('q1', ' I want to die '));
    expect(page.run).toHaveBeenCalledTimes(1);
    expect(page.run).toHaveBeenCalledWith('survey-1', 'q1', 'I want to die');
    expect(page.checks().concernOf(['q1'])).toEqual(selfHarm);
    expect(page.checks().concernOf(['q2'])).toBeNull();
    expect(page.checks().pending([['q1', 'I want to die']])).toBe(false);
    expect(page.checks().pending([['q1', 'I want to live']])).toBe(true);
  });

  it('sends nothing for an empty answer, or when checks are off (the builder’s preview)', async () => {
    const page = mount({});
    cleanup = page.unmount;
    await act(() => page.checks().check('q1', '   '));
    await act(() => page.checks().check('q1', undefined));
    expect(page.run).not.toHaveBeenCalled();
    const preview = mount({ 'I want to die': selfHarm }, false);
    await act(() => preview.checks().check('q1', 'I want to die'));
    expect(preview.run).not.toHaveBeenCalled();
    expect(preview.checks().pending([['q1', 'I want to die']])).toBe(false);
    preview.unmount();
  });

  it('keeps what was raised in this visit after the answer changed, until a new attempt', async () => {
    const page = mount({ 'I want to die': selfHarm, 'they bully me so I will hurt them': threat });
    cleanup = page.unmount;
    await act(() => page.checks().check('q1', 'I want to die'));
    await act(() => page.checks().check('q1', 'fine now'));
    // The answer on screen raises nothing now; stopping still offers the help for what was written.
    expect(page.checks().concernOf(['q1'])).toBeNull();
    expect(page.checks().session).toEqual(selfHarm);
    await act(() => page.checks().check('q2', 'they bully me so I will hurt them'));
    expect(page.checks().session).toEqual({
      categories: ['danger_to_others', 'self_harm', 'bullying'],
      language: 'en',
    });
    expect(page.checks().sessionNow()).toEqual(page.checks().session);
    act(() => page.checks().reset());
    expect(page.checks().session).toBeNull();
    expect(page.checks().concernOf(['q1', 'q2'])).toBeNull();
  });

  it('a failed check raises nothing new and keeps what the earlier text raised', async () => {
    const page = mount({ 'I want to die': selfHarm });
    cleanup = page.unmount;
    await act(() => page.checks().check('q1', 'I want to die'));
    page.run.mockRejectedValueOnce(new Error('offline'));
    await act(() => page.checks().check('q1', 'I want to die today'));
    expect(page.checks().concernOf(['q1'])).toEqual(selfHarm);
    expect(page.checks().pending([['q1', 'I want to die today']])).toBe(false);
  });

  it('waits for a slow check at most the time given', async () => {
    const page = mount({});
    cleanup = page.unmount;
    page.run.mockImplementationOnce(() => new Promise(() => {}));
    const started = Date.now();
    await act(() => page.checks().settle([['q1', 'hello']], 50));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(page.checks().pending([['q1', 'hello']])).toBe(true);
  });
});

describe('concerns together', () => {
  it('lists each category once, gravest first, and offers Spanish when either answer was Spanish', () => {
    expect(mergeConcerns(threat, spanish)).toEqual({
      categories: ['danger_to_others', 'self_harm', 'bullying'],
      language: 'es',
    });
    expect(mergeConcerns(null, selfHarm)).toEqual(selfHarm);
    expect(mergeConcerns(selfHarm, { categories: [], language: 'es' })).toEqual(selfHarm);
    expect(mergeConcerns(null, null)).toBeNull();
  });
});

describe("the check's answer", () => {
  it('is read as categories and a language, and anything else is refused', () => {
    expect(
      parseCheckResult({ data: { categories: ['danger_to_others', 'self_harm'], language: 'en' } }),
    ).toEqual({ categories: ['danger_to_others', 'self_harm'], language: 'en' });
    expect(() => parseCheckResult({ data: { categories: ['nonsense'], language: 'en' } })).toThrow();
    expect(() => parseCheckResult({ data: { categories: [], language: 'fr' } })).toThrow();
    expect(() => parseCheckResult({})).toThrow();
  });
});
