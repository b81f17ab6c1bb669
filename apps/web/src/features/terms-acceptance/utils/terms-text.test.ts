import type { Profile } from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { fillTermsDate, formatTermsDate } from '../../../lib/terms-date';
import { mustAskToAcceptTerms, termsBlocks } from './terms-text';

const member = (mustAcceptTerms?: boolean): Profile => ({
  id: '0b8f3c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e',
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan@northside.test',
  platform: { roleName: null, permissions: [] },
  organizations: [],
  ...(mustAcceptTerms === undefined ? {} : { mustAcceptTerms }),
});

describe('formatTermsDate', () => {
  it("shows the version's UTC date as 'Month day, year'", () => {
    expect(formatTermsDate('2025-03-01T00:30:00.000Z')).toBe('March 1, 2025');
    expect(formatTermsDate('2024-12-31T23:59:59.000Z')).toBe('December 31, 2024');
  });

  it('fills every {versionTimestamp} placeholder', () => {
    expect(
      fillTermsDate('Effective {versionTimestamp}. Updated {versionTimestamp}.', '2025-06-09T10:00:00Z'),
    ).toBe('Effective June 9, 2025. Updated June 9, 2025.');
  });
});

describe('termsBlocks', () => {
  it('drops the title line, keeps section headings and joins wrapped lines', () => {
    expect(
      termsBlocks('# Terms\nIntro line one\nline two\n\n## 1. Accounts\nKeep it safe.\n\n\nLast words.'),
    ).toEqual([
      { kind: 'paragraph', text: 'Intro line one line two', position: 0 },
      { kind: 'heading', text: '1. Accounts', position: 1 },
      { kind: 'paragraph', text: 'Keep it safe.', position: 2 },
      { kind: 'paragraph', text: 'Last words.', position: 3 },
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(termsBlocks('<b>bold</b>')).toEqual([{ kind: 'paragraph', text: '<b>bold</b>', position: 0 }]);
  });
});

describe('mustAskToAcceptTerms', () => {
  const asked = {
    status: 'authenticated' as const,
    user: member(true),
    respondentPage: false,
    browserReady: true,
  };

  it('asks a signed-in person whose profile says a newer version awaits', () => {
    expect(mustAskToAcceptTerms(asked)).toBe(true);
  });

  it('does not ask when the profile says nothing or that the terms are accepted', () => {
    expect(mustAskToAcceptTerms({ ...asked, user: member(false) })).toBe(false);
    expect(mustAskToAcceptTerms({ ...asked, user: member() })).toBe(false);
  });

  it('never asks anonymous visitors, on respondent pages or before the browser state is known', () => {
    expect(mustAskToAcceptTerms({ ...asked, status: 'anonymous' })).toBe(false);
    expect(mustAskToAcceptTerms({ ...asked, status: null, user: null })).toBe(false);
    expect(mustAskToAcceptTerms({ ...asked, respondentPage: true })).toBe(false);
    expect(mustAskToAcceptTerms({ ...asked, browserReady: false })).toBe(false);
  });
});
