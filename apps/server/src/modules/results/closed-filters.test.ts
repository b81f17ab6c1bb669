import { randomUUID } from 'node:crypto';
import type { Question } from '@tv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses } from '../../db/schema/responses';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import {
  FILTER_NOT_CLOSED,
  NUMBER_FILTER_MESSAGE,
  OPEN_TEXT_CROSSTAB_MESSAGE,
  OPEN_TEXT_FILTER_MESSAGE,
  OTHER_TYPE_FILTER_MESSAGE,
  UNKNOWN_OPTION_FILTER_MESSAGE,
  UNKNOWN_QUESTION_FILTER_MESSAGE,
} from './filters';

/** Decision 034: results are narrowed, and cross-tabbed, by a closed question's options only. */

let t: TestApp;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
let otherOrganization: CookieJar;
const pick = question('Which club would you join?', {
  options: [
    { id: 'a', label: 'Art' },
    { id: 'b', label: 'Band' },
    { id: 'other', label: 'Other', other: true },
  ],
});
const sports = question('Which sports do you play?', {
  type: 'multiple_choice',
  options: [
    { id: 'swim', label: 'Swimming' },
    { id: 'chess', label: 'Chess' },
  ],
});
const happy = question('How happy are you with weekends?', {
  type: 'rating',
  options: [],
  scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
});
const hours = question('How many hours of homework a week?', { type: 'number', options: [] });
const feel = question('How are things going for you lately?', {
  type: 'long_text',
  options: [],
  required: false,
});
const idea = question('One idea for us?', { type: 'short_text', options: [], required: false });
const questions: Question[] = [pick, sports, happy, hours, feel, idea];
const SECRET = 'The bus stop near the park floods every spring';

const get = (url: string, jar: CookieJar = survey.author) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: jar.header } });
const at = (path: string, query: string) => `/v2/surveys/${survey.id}/results/${path}?${query}`;
const answer = (questionId: string, value: string) =>
  `answer=${encodeURIComponent(`${questionId}:${value}`)}`;

/** Every entry point that takes the results filters (summary, cross-tab, downloads, report). */
const entryPoints = [
  'summary',
  'crosstab?row=gender&column=region',
  'export.csv',
  'export.xlsx',
  'export.sav',
  'export-coded.csv',
  'codebook.csv',
  'report',
  'report.pdf',
  'banner-tables.xlsx?banner=gender',
];
const url = (entry: string, query: string) => {
  const [path, own] = entry.split('?') as [string, string | undefined];
  return at(path, own ? `${own}&${query}` : query);
};

beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
  otherOrganization = await signIn(t.app, demoAccounts.brightpathMember.email);
  await t.app.database.db.insert(surveyResponses).values(
    Array.from({ length: 24 }, (_, i) => ({
      surveyId: survey.id,
      clientResponseId: randomUUID(),
      status: 'completed' as const,
      age: 13 + (i % 7),
      gender: i % 2 ? 'female' : 'male',
      state: i % 3 ? 'CA' : 'NY',
      region: i % 3 ? 'west' : 'northeast',
      answers: {
        [pick.id]: i % 2 ? 'a' : 'b',
        [sports.id]: i % 3 ? ['swim'] : ['swim', 'chess'],
        [happy.id]: (i % 5) + 1,
        [hours.id]: i,
        ...(i === 0 ? { [feel.id]: SECRET, [idea.id]: 'More buses' } : {}),
      } as Record<string, string>,
      durationSeconds: 200,
    })),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('results filters', () => {
  it('refuse an open-text answer at every entry point, in the user’s words', async () => {
    for (const entry of entryPoints) {
      for (const query of [answer(feel.id, SECRET), answer(idea.id, 'More buses')]) {
        const res = await get(url(entry, `${query}&gender=female`));
        expect(res.statusCode, `${entry} ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({
          code: FILTER_NOT_CLOSED,
          message: OPEN_TEXT_FILTER_MESSAGE,
          data: { fields: { answer: [OPEN_TEXT_FILTER_MESSAGE] } },
        });
      }
    }
  });

  it('answer a guessed text exactly as a wrong guess: the same refusal, so nothing is confirmed', async () => {
    const right = await get(at('summary', answer(feel.id, SECRET)));
    const wrong = await get(at('summary', answer(feel.id, 'I miss my old friends')));
    expect(right.statusCode).toBe(400);
    expect(right.body).toBe(wrong.body);
  });

  it('refuse a free number, a rating, an option the question does not have, and a question not in the survey', async () => {
    const cases: [string, string][] = [
      [answer(hours.id, '0'), NUMBER_FILTER_MESSAGE],
      [answer(happy.id, '3'), OTHER_TYPE_FILTER_MESSAGE],
      [answer(pick.id, 'zzz'), UNKNOWN_OPTION_FILTER_MESSAGE],
      // The words typed after 'Other, please specify' live under `<question>.other`: not a question.
      [answer(`${pick.id}.other`, 'x'), UNKNOWN_QUESTION_FILTER_MESSAGE],
      [answer('nope', 'a'), UNKNOWN_QUESTION_FILTER_MESSAGE],
    ];
    for (const entry of ['summary', 'crosstab?row=gender&column=region', 'export.csv', 'report']) {
      for (const [query, message] of cases) {
        const res = await get(url(entry, query));
        expect(res.statusCode, `${entry} ${query}`).toBe(400);
        expect(res.json()).toMatchObject({ code: FILTER_NOT_CLOSED, message });
      }
    }
  });

  it('still narrow by a closed option, ‘Other’ included, everywhere', async () => {
    for (const entry of entryPoints) {
      for (const query of [answer(pick.id, 'a'), answer(sports.id, 'swim'), answer(pick.id, 'other')]) {
        const res = await get(url(entry, query));
        expect(res.statusCode, `${entry} ${query} ${res.body}`).toBe(200);
      }
    }
    const art = (await get(at('summary', answer(pick.id, 'a')))).json().data;
    expect(art).toMatchObject({ filtered: true, filteredResponses: 12, suppressed: false });
  });

  it('say nothing about the questions to someone who may not see the results', async () => {
    const res = await get(at('summary', answer(feel.id, SECRET)), otherOrganization);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain(OPEN_TEXT_FILTER_MESSAGE);
  });
});

describe('cross-tabs', () => {
  it('refuse an open-text or free-number question as a row or a column, in words', async () => {
    for (const q of [feel, idea, hours]) {
      for (const query of [`row=q:${q.id}&column=gender`, `row=gender&column=q:${q.id}`]) {
        const res = await get(at('crosstab', query));
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ code: FILTER_NOT_CLOSED, message: OPEN_TEXT_CROSSTAB_MESSAGE });
      }
    }
  });

  it('offer only audience attributes and closed questions (a rating included) as rows and columns', async () => {
    const res = await get(at('crosstab', 'row=gender&column=region'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.variables.map((v: { key: string }) => v.key)).toEqual([
      'age',
      'gender',
      'region',
      `q:${pick.id}`,
      `q:${sports.id}`,
      `q:${happy.id}`,
    ]);
  });

  it('refuse an open-text or free-number question as a banner column, in words', async () => {
    for (const q of [feel, idea, hours]) {
      const res = await get(at('banner-tables.xlsx', `banner=gender,q:${q.id}`));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: FILTER_NOT_CLOSED, message: OPEN_TEXT_CROSSTAB_MESSAGE });
    }
  });
});
