import { randomUUID } from 'node:crypto';
import { defaultAudience, type Question, type Survey } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { submitAsPage } from '../../test/respondent';
import { type CookieJar, signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';

let t: TestApp;
let jordan: CookieJar;
const northside = demoOrganizations.northside.id;

beforeAll(async () => {
  t = await createTestApp();
  jordan = await signIn(t.app, demoAccounts.northsideMember.email);
});
afterAll(async () => {
  await t?.close();
});

const headers = () => ({ cookie: jordan.header, 'x-asa-organization-id': northside });

async function draft(): Promise<Survey> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/surveys',
    headers: headers(),
    payload: { type: 'long_form' },
  });
  return res.json().data;
}

const save = (survey: Survey, questions: Question[], name = 'Weekends') =>
  t.app.inject({
    method: 'PUT',
    url: `/v2/surveys/${survey.id}`,
    headers: headers(),
    payload: {
      version: survey.version,
      name,
      description: null,
      questions,
      audience: defaultAudience,
      tags: [],
      projectId: null,
    },
  });

const rating = (scale: Question['scale'], type: Question['type'] = 'rating') =>
  question('How happy are you with your weekends?', { type, options: [], scale });

describe('saving refuses structures that cannot work, in words', () => {
  const cases: { what: string; questions: () => Question[]; message: string }[] = [
    {
      what: 'a rating from 5 to 1',
      questions: () => [
        question('Do you play sport?'),
        rating({ min: 5, max: 1, minLabel: null, maxLabel: null }),
      ],
      message: 'The scale of question 2 runs from 5 to 1: the lowest point must be below the highest.',
    },
    {
      what: 'a 0–1000 scale',
      questions: () => [rating({ min: 0, max: 1000, minLabel: null, maxLabel: null })],
      message:
        'The scale of question 1 runs from 0 to 1000, too wide to answer. A rating scale starts at 0 or 1 and goes up to at most 10, for example 1–5 or 0–10.',
    },
    {
      what: 'an NPS without a scale',
      questions: () => [rating(null, 'nps')],
      message: 'Question 1 is a Net Promoter Score, which always runs from 0 to 10. Set its scale to 0–10.',
    },
    {
      what: 'duplicate option ids',
      questions: () => [
        question('Which clubs?', {
          options: [
            { id: 'a', label: 'Chess' },
            { id: 'a', label: 'Drama' },
          ],
        }),
      ],
      message: 'Question 1 has two answer options with the same id (a).',
    },
    {
      what: 'duplicate question ids',
      questions: () => {
        const q = question('Do you play sport?');
        return [q, { ...q, title: 'Do you play music?' }];
      },
      message: 'Question 2 has the same id as another question.',
    },
  ];

  for (const c of cases) {
    it(`refuses ${c.what} with a 400 naming the question, and changes nothing`, async () => {
      const survey = await draft();
      const res = await save(survey, c.questions());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(c.message);
      const after = await t.app.inject({
        method: 'GET',
        url: `/v2/surveys/${survey.id}`,
        headers: headers(),
      });
      expect(after.json().data.version).toBe(survey.version);
      expect(after.json().data.questions).toEqual(survey.questions);
    });
  }

  it('refuses huge and fractional scale numbers with a 400, never a 500', async () => {
    const survey = await draft();
    for (const scale of [
      { min: 0, max: 1e300, minLabel: null, maxLabel: null },
      { min: 0.5, max: 5, minLabel: null, maxLabel: null },
    ]) {
      const res = await save(survey, [rating(scale)]);
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses an empty answer option with a 400 that says to write or remove it, and changes nothing', async () => {
    const survey = await draft();
    const res = await save(survey, [
      question('How do you get to school?', {
        options: [
          { id: 'a', label: 'Bus' },
          { id: 'b', label: ' ' },
        ],
      }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Write the answer option or remove it');
    const after = await t.app.inject({ method: 'GET', url: `/v2/surveys/${survey.id}`, headers: headers() });
    expect(after.json().data.version).toBe(survey.version);
  });

  it('refuses a name over 150 characters rather than cutting it', async () => {
    const survey = await draft();
    const res = await save(survey, [question('Do you play sport?')], 'x'.repeat(151));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Survey names can be at most 150 characters.');
  });

  it('the pre-check shows the same words for a draft saved before these rules', async () => {
    const survey = await draft();
    const ok = await save(survey, [rating({ min: 1, max: 5, minLabel: null, maxLabel: null })]);
    expect(ok.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/precheck`,
      headers: headers(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.filter((f: { category: string }) => f.category === 'structure')).toEqual([]);
  });
});

describe('exclusive options', () => {
  it('refuses a response that combines “None of these” with another answer', async () => {
    const q = question('Which clubs do you go to?', {
      type: 'multiple_choice',
      options: [
        { id: 'chess', label: 'Chess' },
        { id: 'drama', label: 'Drama' },
        { id: 'none', label: 'None of these', exclusive: true },
      ],
    });
    const survey = await liveSurvey(t.app, [q]);
    const submit = (answer: string[]) =>
      submitAsPage(t.app, survey.id, {
        clientResponseId: randomUUID(),
        screener: { age: 15, gender: 'female', state: 'CA' },
        answers: { [q.id]: answer },
      });
    const combined = await submit(['chess', 'none']);
    expect(combined.statusCode).toBe(400);
    expect(combined.json().data.fields[q.id]).toEqual([
      '“None of these” cannot be combined with other answers. Choose it on its own, or the others without it.',
    ]);
    const alone = await submit(['none']);
    expect(alone.statusCode).toBe(200);
    expect(alone.json().data.outcome).toBe('completed');
  });
});
