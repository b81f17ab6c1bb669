// @vitest-environment jsdom
import { helpResourcesEs, type PublicSurvey } from '@tv/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NeedHelpButton } from '../../../components/respondent/help-resources';
import { RespondentLanguage } from '../../../components/respondent/respondent-language';
import { setUpDom } from '../../../test/dom';
import { RespondentPage } from './respondent-page';

// Issue 26, point 8: on a Spanish screen the respondent page's header and the whole help screen are
// Spanish. The flow itself is replaced by the language it reports and the 'need help' button, so
// this test reads only the page's own surroundings and the help dialog.

const survey: PublicSurvey = {
  id: '6f1c1a52-8d43-4c5e-9a57-3c0c5b4d2e10',
  type: 'long_form',
  name: 'After-school life',
  description: null,
  status: 'live',
  questionCount: 1,
  estimatedMinutes: 2,
  questions: [],
  languages: ['en', 'es'],
  translations: { es: { name: 'La vida después de clases' } },
  screener: { ageMin: 13, ageMax: 18, genders: [], states: [], regions: [] },
};

vi.mock('./respondent-screen', () => ({
  RespondentScreen: () => <RespondentLanguage survey={survey}>{() => <NeedHelpButton />}</RespondentLanguage>,
}));

const { render } = setUpDom();

/**
 * English words a Spanish screen must not show. Proper names stay as they are (the 988 Lifeline,
 * Crisis Text Line, Childhelp) and are taken out before the check, like the brand, TeenVoice.
 */
const properNames = [/988 Lifeline/g, /Crisis Text Line/g, /Childhelp/g, /TeenVoice/g];
const englishWords =
  /\b(the|and|or|to|of|for|you|your|if|is|are|help|need|talk|someone|call|text|visit|close|skip|main|content|survey|anonymous|free|hours|emergency|emergencies|here|with|now)\b/i;

/** Every word a person or a screen reader gets: text, labels, titles, alternative texts. */
function wordsOf(root: ParentNode): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[aria-hidden="true"], style, script')) continue;
    if (node.textContent?.trim()) out.push(node.textContent.trim());
  }
  for (const element of root.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    for (const attr of ['aria-label', 'title', 'alt', 'placeholder']) {
      const value = element.getAttribute(attr);
      if (value) out.push(value);
    }
  }
  return out;
}
const englishLeft = (root: ParentNode) =>
  wordsOf(root)
    .map((text) => properNames.reduce((rest, name) => rest.replace(name, ''), text))
    .filter((text) => englishWords.test(text));

describe('the respondent page in Spanish', () => {
  it('has a header and a help screen with no English left', async () => {
    window.localStorage.setItem(`tv-respond-language:${survey.id}`, 'es');
    const page = render(<RespondentPage />);
    expect(document.documentElement.lang).toBe('es');
    const header = page.querySelector('header')!;
    expect(header.textContent).toContain('Encuesta anónima');
    // The skip link comes before the header, and is the page's first words for a keyboard user.
    expect(page.querySelector('a[href="#main"]')?.textContent).toBe('Saltar al contenido principal');
    expect(englishLeft(page)).toEqual([]);
    expect(document.title).toBe('Encuesta | TeenVoice');

    const button = [...page.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('¿Necesitas hablar con alguien?'),
    )!;
    await act(async () => button.click());
    const dialog = await vi.waitFor(() => {
      const found = document.querySelector('[role="dialog"]');
      if (!found?.textContent?.includes(helpResourcesEs[0]!.name))
        throw new Error('The help dialog is not open yet');
      return found;
    });
    expect(dialog.textContent).toContain(helpResourcesEs[0]!.name);
    expect(englishLeft(dialog)).toEqual([]);
  });

  it('finds English when it is there (the check itself works)', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>Llama al 988</p><button aria-label="Close">x</button><a>Skip to main content</a>';
    expect(englishLeft(root)).toEqual(['Skip to main content', 'Close']);
  });
});
