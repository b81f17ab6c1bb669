// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  chooseErrorScreenAction,
  errorDocumentTitle,
  errorScreenTitle,
  notFoundSentence,
} from './error-screen-choice';

describe('chooseErrorScreenAction', () => {
  it('sends research paths back to the research page', () => {
    for (const path of [
      '/research/reports/teens-and-money',
      '/research/articles/x',
      '/research/',
      '/x/research/reports',
    ]) {
      expect(chooseErrorScreenAction(path, false)).toEqual({
        button: { label: 'Go to our research', to: '/research' },
        returnPlace: 'research page',
      });
    }
  });

  it('checks the builder before the wider research match', () => {
    const choice = chooseErrorScreenAction('/research/builder/survey/abc', false);
    expect(choice.message).toBe('Could not load your survey');
    expect(choice.button).toEqual({ label: 'Go to your surveys', to: '/research/builder' });
  });

  it('tells an organisation user who handles incidents, and that staff screens are for staff', () => {
    expect(chooseErrorScreenAction('/research/builder/admin/incidents', false).message).toBe(
      'Safeguarding incidents are handled by TeenVoice’s moderators. Answers under review are marked as withheld in your results.',
    );
    expect(chooseErrorScreenAction('/research/builder/admin/incidents/abc', false).message).not.toBe(
      'Could not load your survey',
    );
    expect(chooseErrorScreenAction('/research/builder/admin/shop/orders', false).message).toBe(
      'This page is for TeenVoice staff.',
    );
  });

  it('sends platform users to all surveys', () => {
    expect(chooseErrorScreenAction('/research/builder', true).button).toEqual({
      label: 'Go to all surveys',
      to: '/research/builder/admin/surveys',
    });
  });

  it('sends anything else home', () => {
    for (const path of ['/', '/nope', '/research', '/products']) {
      expect(chooseErrorScreenAction(path, true)).toEqual({
        button: { label: 'Go to home', to: '/' },
        returnPlace: 'homepage',
      });
    }
  });
});

describe('error screen texts', () => {
  it('words the title, sentence and document title as the spec does', () => {
    expect(errorScreenTitle(404)).toBe('Oops! 404 - Page not found');
    expect(notFoundSentence('homepage')).toBe(
      "Sorry, the page you're looking for could not be found. Please check the URL or return to the homepage and try again.",
    );
    expect(notFoundSentence('research page')).toContain('return to the research page and try again.');
    expect(errorDocumentTitle(404, 'Page Not Found: /legal/x')).toBe('404 - Page Not Found: /legal/x');
  });
});
