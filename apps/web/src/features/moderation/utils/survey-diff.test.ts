import {
  defaultAudience,
  displayLogicInWords,
  type Question,
  quotaInWords,
  type ReviewedSurvey,
  screenerInWords,
} from '@tv/contract';
import { describe, expect, it } from 'vitest';
import { diffReviewedSurvey } from './survey-diff';

const q = (id: string, title: string, overrides: Partial<Question> = {}): Question => ({
  id,
  type: 'single_choice',
  title,
  description: null,
  required: true,
  randomizeOptions: false,
  options: [
    { id: 'yes', label: 'Yes' },
    { id: 'no', label: 'No' },
  ],
  rows: [],
  scale: null,
  displayLogic: null,
  ...overrides,
});

const reviewed: ReviewedSurvey = {
  version: 4,
  name: 'After-school activities',
  description: 'What teens do after school.',
  questions: [
    q('clubs', 'Do you take part in an after-school club?'),
    q('sports', 'Which sports do you play?', {
      type: 'multiple_choice',
      options: [
        { id: 'soccer', label: 'Soccer' },
        { id: 'swim', label: 'Swimming' },
      ],
      displayLogic: { match: 'all', conditions: [{ questionId: 'clubs', operator: 'equals', value: 'yes' }] },
    }),
    q('phone', 'What is your phone number?', { type: 'short_text', options: [] }),
  ],
  audience: { ...defaultAudience, quotas: [{ attribute: 'gender', value: 'female', percent: 50 }] },
};

describe('the diff against the version last reviewed', () => {
  it('finds nothing when the survey is unchanged', () => {
    expect(diffReviewedSurvey(reviewed, { ...reviewed, version: 7 })).toEqual([]);
  });

  it('names added, removed and changed questions, options, logic and audience', () => {
    const [clubs, sports] = reviewed.questions;
    const resubmitted: ReviewedSurvey = {
      ...reviewed,
      version: 6,
      name: 'After-school clubs',
      questions: [
        { ...clubs!, options: [...clubs!.options, { id: 'skip', label: 'Prefer not to say' }] },
        {
          ...sports!,
          required: false,
          options: [
            { id: 'soccer', label: 'Soccer (football)' },
            { id: 'none', label: 'None of these' },
          ],
          displayLogic: {
            match: 'all',
            conditions: [{ questionId: 'clubs', operator: 'not_equals', value: 'no' }],
          },
        },
        q('feel', 'How do you feel after school?', { type: 'rating', options: [] }),
      ],
      audience: {
        ...defaultAudience,
        ageMin: 15,
        sampleSize: 300,
        quotas: [
          { attribute: 'gender', value: 'female', percent: 60 },
          { attribute: 'region', value: 'west', percent: 30 },
        ],
      },
    };
    const changes = diffReviewedSurvey(reviewed, resubmitted);
    expect(changes.map((c) => [c.kind, c.area])).toEqual([
      ['changed', 'Name'],
      ['changed', 'Question 1'],
      ['changed', 'Question 2'],
      ['added', 'Question 3'],
      ['removed', 'Earlier question 3'],
      ['changed', 'Audience'],
    ]);
    expect(changes[0]?.summary).toBe('“After-school activities” → “After-school clubs”');
    expect(changes[1]?.details).toEqual(['Option added: “Prefer not to say”']);
    expect(changes[2]?.details).toEqual([
      'Now optional',
      'Option reworded: “Soccer” → “Soccer (football)”',
      'Option added: “None of these”',
      'Option removed: “Swimming”',
      'Display logic: Shown only when the answer to question 1 (“Do you take part in an after-school club?”) is “Yes”. → Shown only when the answer to question 1 (“Do you take part in an after-school club?”) is not “No”.',
    ]);
    expect(changes[3]?.summary).toBe('Added: “How do you feel after school?”');
    expect(changes[4]?.summary).toBe('Removed: “What is your phone number?”');
    expect(changes[5]?.details).toEqual([
      'Ages: 13–19 → 15–19',
      'Sample size: 200 → 300',
      'Quota changed: Girls: at most 50% of the sample → 60%',
      'Quota added: The West: at most 30% of the sample',
    ]);
  });

  it('notices a question that only moved', () => {
    const [a, b, c] = reviewed.questions;
    const changes = diffReviewedSurvey(reviewed, { ...reviewed, questions: [a!, c!, b!] });
    expect(changes.map((change) => change.summary)).toEqual([
      '“What is your phone number?” (was question 3)',
      '“Which sports do you play?” (was question 2)',
    ]);
  });

  it('notices an audience set or removed, and a removed quota', () => {
    expect(diffReviewedSurvey({ ...reviewed, audience: null }, reviewed).at(-1)).toMatchObject({
      kind: 'added',
      details: ['An audience was set'],
    });
    expect(
      diffReviewedSurvey(reviewed, { ...reviewed, audience: { ...defaultAudience } }).at(-1)?.details,
    ).toEqual(['Quota removed: Girls: at most 50% of the sample']);
  });
});

describe('what the moderator approves, in words', () => {
  it('says each condition with the option label, not its id', () => {
    expect(displayLogicInWords(reviewed.questions[1]!.displayLogic, reviewed.questions)).toBe(
      'Shown only when the answer to question 1 (“Do you take part in an after-school club?”) is “Yes”.',
    );
    expect(displayLogicInWords(null, reviewed.questions)).toBeNull();
    expect(
      displayLogicInWords({ questionId: 'gone', operator: 'at_least', value: 4 }, reviewed.questions),
    ).toBe('Shown only when the answer to a question that is no longer in the survey is at least 4.');
  });

  it('says quotas as maximum shares with the number of responses', () => {
    expect(quotaInWords({ attribute: 'age', value: '15', percent: 20 }, 200)).toBe(
      '15-year-olds: at most 20% of the sample (40 responses)',
    );
  });

  it('says who the screener lets through', () => {
    expect(
      screenerInWords({
        ...defaultAudience,
        ageMin: 16,
        genders: ['female', 'non_binary'],
        states: ['CA', 'TX', 'NY'],
        quotas: [{ attribute: 'gender', value: 'female', percent: 50 }],
      }),
    ).toEqual([
      'Every teen first answers three screener questions: age, gender and US state.',
      'Only 16–19-year-olds continue.',
      'Only Girls or Non-binary continue.',
      'Only teens living in CA, TX, or NY continue.',
      'A teen whose quota group is already full is thanked and screened out.',
      'One response per device.',
    ]);
  });
});
