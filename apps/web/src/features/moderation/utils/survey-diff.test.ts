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

describe('each kind of change since the last review', () => {
  const [clubs, sports, phone] = reviewed.questions;
  const withSkip: ReviewedSurvey = {
    ...reviewed,
    questions: [
      {
        ...clubs!,
        skipLogic: [
          {
            when: { match: 'all', conditions: [{ questionId: 'clubs', operator: 'equals', value: 'no' }] },
            to: 'phone',
          },
        ],
      },
      sports!,
      phone!,
    ],
    translations: {
      es: {
        name: 'Actividades después de clases',
        questions: { clubs: { title: '¿Participas en un club?', options: { yes: 'Sí', no: 'No' } } },
      },
    },
  };
  const areas = (after: ReviewedSurvey) => diffReviewedSurvey(withSkip, after).map((c) => c.area);
  const details = (after: ReviewedSurvey) => diffReviewedSurvey(withSkip, after).flatMap((c) => c.details);

  it('texts in English: the name, a question and its help text', () => {
    const after = {
      ...withSkip,
      questions: [withSkip.questions[0]!, { ...sports!, description: 'Pick all that apply.' }, phone!],
    };
    expect(details(after)).toEqual(['Help text: nothing → “Pick all that apply.”']);
  });

  it('texts in Spanish: a Spanish-only fix is a change, named by its place', () => {
    const after: ReviewedSurvey = {
      ...withSkip,
      translations: {
        es: {
          name: 'Actividades después de clases',
          questions: {
            clubs: { title: '¿Participas en un club después de clases?', options: { yes: 'Sí', no: 'No' } },
            sports: { title: '¿Qué deportes practicas?' },
          },
        },
      },
    };
    const changes = diffReviewedSurvey(withSkip, after);
    expect(changes.map((c) => c.area)).toEqual(['Spanish version']);
    expect(changes[0]?.details).toEqual([
      'Question 1: “¿Participas en un club?” → “¿Participas en un club después de clases?”',
      'Question 2 translated: “¿Qué deportes practicas?”',
    ]);
    const removed = diffReviewedSurvey(withSkip, { ...withSkip, translations: { es: {} } });
    expect(removed[0]?.details).toEqual([
      'Survey name: Spanish removed (was “Actividades después de clases”)',
      'Question 1: Spanish removed (was “¿Participas en un club?”)',
      'Question 1, answer option “Yes”: Spanish removed (was “Sí”)',
      'Question 1, answer option “No”: Spanish removed (was “No”)',
    ]);
  });

  it('says so when the last review kept no Spanish version to compare with', () => {
    const { translations: _kept, ...older } = withSkip;
    expect(diffReviewedSurvey(older, withSkip)).toEqual([
      {
        kind: 'changed',
        area: 'Spanish version',
        summary: 'Not compared',
        details: [
          'The last review did not keep the Spanish version, so its texts cannot be compared: check them in the Spanish version below.',
        ],
      },
    ]);
  });

  it('options: the “other” flag', () => {
    const after = {
      ...withSkip,
      questions: [
        withSkip.questions[0]!,
        { ...sports!, options: [...sports!.options, { id: 'other', label: 'Another sport' }] },
        phone!,
      ],
    };
    const flagged = {
      ...after,
      questions: [
        after.questions[0]!,
        {
          ...after.questions[1]!,
          options: [...sports!.options, { id: 'other', label: 'Another sport', other: true }],
        },
        phone!,
      ],
    };
    expect(diffReviewedSurvey(after, flagged).flatMap((c) => c.details)).toEqual([
      'Option “Another sport” now asks for the respondent’s own words',
    ]);
  });

  it('logic: a skip that changed, and none reported when only the target was reworded or moved', () => {
    const [first] = withSkip.questions;
    const retargeted = {
      ...withSkip,
      questions: [{ ...first!, skipLogic: [{ ...first!.skipLogic![0]!, to: 'end' }] }, sports!, phone!],
    };
    expect(details(retargeted)).toEqual([
      'Skips and screen-out: When the answer to question 1 (“Do you take part in an after-school club?”) is “No”, skip to question 3 (“What is your phone number?”). → When the answer to question 1 (“Do you take part in an after-school club?”) is “No”, skip to the end of the survey.',
    ]);
    // The skip's target reworded and moved, and the rule stored with its keys in another order (as
    // jsonb gives them back): the skip itself is the same.
    const reordered = {
      ...withSkip,
      questions: [
        {
          ...first!,
          skipLogic: [
            {
              to: 'phone',
              when: {
                conditions: [{ value: 'no', operator: 'equals' as const, questionId: 'clubs' }],
                match: 'all' as const,
              },
            },
          ],
        },
        { ...phone!, title: 'What is your mobile number?' },
        sports!,
      ],
    };
    expect(diffReviewedSurvey(withSkip, reordered).flatMap((c) => c.details)).toEqual([
      'Question reworded: “What is your phone number?” → “What is your mobile number?”',
    ]);
    expect(areas(reordered)).toEqual(['Question 2', 'Question 3']);
  });

  it('design: shuffled options, a shuffled page and selection limits', () => {
    const after = {
      ...withSkip,
      questions: [
        withSkip.questions[0]!,
        { ...q('break', '', { type: 'page_break', options: [] }), randomizeQuestions: true },
        { ...sports!, randomizeOptions: true, minSelections: 1, maxSelections: 2 },
        phone!,
      ],
    };
    expect(diffReviewedSurvey(withSkip, after).map((c) => [c.area, c.details])).toEqual([
      ['Question 2', []],
      ['Question 3', ['Options now shuffled', 'Selections: – to – selections → 1 to 2 selections']],
      ['Question 4', []],
    ]);
    const pageShuffleOff = {
      ...after,
      questions: after.questions.map((item) =>
        item.id === 'break' ? { ...item, randomizeQuestions: false } : item,
      ),
    };
    expect(diffReviewedSurvey(after, pageShuffleOff).flatMap((c) => c.details)).toEqual([
      'Page no longer shuffled',
    ]);
  });

  it('audience: one response per device or repeats', () => {
    const after = { ...withSkip, audience: { ...withSkip.audience!, allowRepeatResponses: true } };
    expect(details(after)).toEqual(['Repeat responses from one device now allowed']);
  });

  it('reads piping tokens as words', () => {
    const after = {
      ...withSkip,
      questions: [
        withSkip.questions[0]!,
        { ...sports!, title: 'Besides {{answer:clubs}}, which sports do you play?' },
        phone!,
      ],
    };
    expect(details(after)).toEqual([
      'Question reworded: “Which sports do you play?” → “Besides [answer to Q1], which sports do you play?”',
    ]);
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

describe('the new question types (decision 048)', () => {
  it('name a changed slider step, date bound, picture or picture description', () => {
    const picture = (url: string, alt: string) => ({ id: 'a', label: 'Salad', image: { url, alt } });
    const before: ReviewedSurvey = {
      ...reviewed,
      questions: [
        q('ready', 'How ready are you?', {
          type: 'slider',
          options: [],
          scale: { min: 0, max: 10, minLabel: null, maxLabel: null },
          step: 1,
        }),
        q('lunch', 'Which lunch?', {
          type: 'image_choice',
          options: [picture('/cms/uploads/a.png', 'A salad')],
        }),
      ],
    };
    const after: ReviewedSurvey = {
      ...before,
      version: 9,
      questions: [
        { ...before.questions[0]!, step: 2 },
        { ...before.questions[1]!, options: [picture('/cms/uploads/b.png', 'A green salad')] },
      ],
    };
    const details = diffReviewedSurvey(before, after).flatMap((change) => change.details);
    expect(details).toEqual(
      expect.arrayContaining([
        'Settings: A slider from 0 to 10 in steps of 1; nothing counts until the respondent moves it. → A slider from 0 to 10 in steps of 2; nothing counts until the respondent moves it.',
        'Settings: Picture 1 (“Salad”) is described as “A salad”. → Picture 1 (“Salad”) is described as “A green salad”.',
        'Pictures changed',
      ]),
    );
  });
});
