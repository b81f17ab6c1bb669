// @vitest-environment jsdom
import { defaultAudience, englishHash, type Question, type Survey } from '@tv/contract';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { setUpDom } from '../../../test/dom';
import type { SurveyDraft } from '../utils/draft';
import { EditorContext, type EditorContextValue } from './editor-context';
import { SurveySpanishPanel } from './survey-spanish-panel';

// The Spanish tab's side of decision 045: the 'English changed since translated' flag on each text,
// with a count, until the Spanish is edited or marked as still right; and the translation file's
// import, whose result ('12 texts updated') or refusal is said under its buttons.

const post = vi.fn();
vi.mock('../../../lib/backend-client', () => ({ backend: { post: (...args: unknown[]) => post(...args) } }));

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

const survey: Survey = {
  id: '6f1c1a52-8d43-4c5e-9a57-3c0c5b4d2e10',
  organizationId: null,
  organizationName: null,
  projectId: null,
  type: 'long_form',
  name: 'Clubs',
  description: null,
  status: 'draft',
  version: 3,
  questions: [],
  audience: null,
  tags: [],
  rejection: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};

let latest: SurveyDraft | null = null;
const received: Survey[] = [];
function Panel() {
  const [draft, setDraft] = useState<SurveyDraft>({
    name: 'Clubs',
    description: null,
    questions: [question('club', 'Are you in a club after school?'), question('why', 'Why did you join?')],
    audience: defaultAudience,
    tags: [],
    projectId: null,
    translations: {
      es: {
        name: 'Clubes',
        questions: { club: { title: '¿Participas en un club?' }, why: { title: '¿Por qué te uniste?' } },
      },
    },
    // Question 1's Spanish was written for an older English; question 2's for today's.
    translationSources: {
      es: {
        'q:club:title': englishHash('Do you take part in a club?'),
        'q:why:title': englishHash('Why did you join?'),
      },
    },
  });
  latest = draft;
  const value = {
    survey,
    draft,
    editable: true,
    edit: (update: (current: SurveyDraft) => SurveyDraft) => setDraft(update),
    autosave: {
      saveNow: async () => true,
      getState: () => ({ baseVersion: 3, draft }),
      receive: (saved: Survey) => received.push(saved),
    },
  } as unknown as EditorContextValue;
  return (
    <EditorContext value={value}>
      <SurveySpanishPanel />
    </EditorContext>
  );
}

const flags = (root: HTMLElement) => root.querySelectorAll('[data-testid="spanish-stale-flag"]').length;
const buttonNamed = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)!;

async function chooseFile(root: HTMLElement, file: File) {
  const input = root.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('English changed since translated', () => {
  it('flags the text whose English changed, with a count, until it is marked as still right', () => {
    const root = render(<Panel />);
    expect(flags(root)).toBe(1);
    expect(root.querySelector('[data-testid="spanish-stale-count"]')?.textContent).toContain(
      'The English of 1 text changed since it was translated',
    );
    const still = root.querySelector(
      'button[aria-label="Question 1 in Spanish is still right for the new English"]',
    );
    expect(still).not.toBeNull();
    act(() => (still as HTMLButtonElement).click());
    expect(flags(root)).toBe(0);
    expect(root.querySelector('[data-testid="spanish-stale-count"]')).toBeNull();
    expect(latest?.translationSources?.es?.['q:club:title']).toBe(
      englishHash('Are you in a club after school?'),
    );
  });

  it('drops the flag when the Spanish is edited', () => {
    const root = render(<Panel />);
    const input = root.querySelector('input[aria-label="Question 1 in Spanish"]') as HTMLInputElement;
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, '¿Estás en un club después de clases?');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(latest?.translations?.es?.questions?.club?.title).toBe('¿Estás en un club después de clases?');
    expect(flags(root)).toBe(0);
  });
});

describe('translation files', () => {
  it('offers the export and the import, and says how many texts the file updated', async () => {
    const root = render(<Panel />);
    expect(buttonNamed(root, 'Export for translation (XLIFF)')).toBeDefined();
    expect(buttonNamed(root, 'Import translation')).toBeDefined();
    post.mockResolvedValueOnce({ data: { survey: { ...survey, version: 4 }, updated: 12 } });
    await chooseFile(root, new File(['<xliff/>'], 'clubs.es.xlf', { type: 'application/xliff+xml' }));
    await vi.waitFor(() => {
      expect(root.querySelector('[data-testid="translation-file-result"]')?.textContent).toContain(
        '12 texts updated from the file.',
      );
    });
    expect(post).toHaveBeenCalledWith(`/v2/surveys/${survey.id}/translations/xliff`, {
      version: 3,
      xliff: '<xliff/>',
    });
    expect(received.at(-1)?.version).toBe(4);
  });

  it('says why a file was refused, naming the file, where the buttons are', async () => {
    const root = render(<Panel />);
    const message =
      'This file holds the texts of another survey. Export the file from this survey, translate it and import that one.';
    post.mockRejectedValueOnce(
      new HttpError(400, 'request errored', {
        statusCode: 400,
        error: 'Bad Request',
        message,
        code: 'TRANSLATION_FILE_INVALID',
      }),
    );
    await chooseFile(root, new File(['<xliff/>'], 'other.es.xlf'));
    await vi.waitFor(() => {
      const result = root.querySelector('[data-testid="translation-file-result"]');
      expect(result?.textContent).toContain('Not imported');
      expect(result?.textContent).toContain(`other.es.xlf: ${message}`);
    });
  });
});
