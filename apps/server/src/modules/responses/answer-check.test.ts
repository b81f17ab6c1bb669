import { randomUUID } from 'node:crypto';
import type { Question } from '@tv/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { ANSWER_CHECK_RATE_LIMIT } from './service';

/**
 * POST /v2/respond/:id/check (decision 035): an open answer checked as the teen leaves it, so help
 * shows before the next question. It answers the categories and the language only, and stores and
 * logs nothing of the text.
 */

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  // Every log line at every level, so the test can say none of them carries an answer.
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => logLines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

const openQuestion = (type: 'long_text' | 'short_text' = 'long_text'): Question =>
  question('Is there anything you want to tell us?', { type, options: [], required: false });

const check = (surveyId: string, payload: unknown, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/respond/${surveyId}/check`,
    ...(typeof payload === 'string'
      ? { payload, headers: { 'content-type': 'application/json' } }
      : { payload: payload as object }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** How many rows every table of the database holds, by table. */
async function rowCounts() {
  const tables = await queryRows<{ schema: string; name: string }>(
    t.app.database.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql.raw(`select count(*)::int as n from "${schema}"."${name}"`),
    );
    counts[`${schema}.${name}`] = row!.n;
  }
  return counts;
}

describe('checking an answer as the teen leaves it', () => {
  it('answers only the categories raised, gravest first, and the language: never the text', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const cases: [string, string[], 'en' | 'es'][] = [
      ['sometimes I think about hurting myself', ['self_harm'], 'en'],
      ['Quiero morir, ya no aguanto más', ['self_harm'], 'es'],
      // Danger to others leads, then self-harm, then the rest in their order.
      [
        'I want to hurt the people who bully me and then kill myself',
        ['danger_to_others', 'self_harm', 'bullying'],
        'en',
      ],
      ['I want to hurt the people who bully me', ['danger_to_others', 'bullying'], 'en'],
      ['I like football and my friends', [], 'en'],
      ['', [], 'en'],
    ];
    for (const [text, categories, language] of cases) {
      const res = await check(survey.id, { questionId: q.id, text });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { categories, language } });
      expect(res.headers['cache-control']).toBe('no-store');
      if (text) expect(res.body).not.toContain(text);
    }
  });

  it('reads short-text answers too', async () => {
    const q = openQuestion('short_text');
    const survey = await liveSurvey(t.app, [q]);
    const res = await check(survey.id, { questionId: q.id, text: 'kms' });
    expect(res.json()).toEqual({ data: { categories: ['self_harm'], language: 'en' } });
  });

  it('writes no row anywhere: no response, incident, review or anything else', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const before = await rowCounts();
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['public.survey_responses', 'public.incidents', 'public.answer_reviews']),
    );
    for (const text of [
      'my stepdad hits me and a man online wants nudes',
      'I want to hurt the people who bully me and then kill myself',
      'Quiero morir',
      'nothing much',
    ]) {
      expect((await check(survey.id, { questionId: q.id, text })).statusCode).toBe(200);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('logs nothing of the text, whether it is checked or refused', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const marker = `zebra-${randomUUID()}`;
    const risky = `I want to kill myself ${marker}`;
    logLines.length = 0;
    expect((await check(survey.id, { questionId: q.id, text: risky })).statusCode).toBe(200);
    expect((await check(survey.id, { questionId: q.id, text: `${risky}\u0000` })).statusCode).toBe(400);
    expect((await check(survey.id, { questionId: q.id, text: `${risky} `.repeat(400) })).statusCode).toBe(
      400,
    );
    expect((await check(survey.id, { questionId: 'nope', text: risky })).statusCode).toBe(400);
    expect((await check(randomUUID(), { questionId: q.id, text: risky })).statusCode).toBe(404);
    // The log is written (another request's line is there), and no line has the answer.
    await t.app.inject({ method: 'GET', url: '/v2/platform/status' });
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(marker) || line.includes('kill myself'))).toEqual([]);
  });
});

describe('what the check refuses', () => {
  it.each([
    ['a NUL character', { text: 'I want to die\u0000' }, 'text', /NUL/],
    ['broken Unicode (a lone surrogate)', { text: 'I want to die \ud800' }, 'text', /broken character/],
    ['10,000 characters', { text: 'a'.repeat(10_000) }, 'text', /under 5,000 characters/],
    ['5,001 characters', { text: 'a'.repeat(5_001) }, 'text', /under 5,000 characters/],
    ['no text', { text: undefined }, 'text', /^Send the answer to check\.$/],
    ['a number for text', { text: 42 }, 'text', /^The answer must be text\.$/],
    ['no question', { questionId: undefined }, 'questionId', /^Say which question the answer belongs to\.$/],
    ['an empty question', { questionId: '' }, 'questionId', /^Say which question the answer belongs to\.$/],
  ])('%s: a 400 that names the field', async (_label, change, field, message) => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const res = await check(survey.id, { questionId: q.id, text: 'hello', ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().data.fields[field][0]).toMatch(message);
    // The answer is never echoed back.
    expect(res.body).not.toContain('I want to die');
  });

  it('a body that is not JSON, or empty, is a 400', async () => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    expect((await check(survey.id, '{"questionId":')).json()).toMatchObject({
      statusCode: 400,
      code: 'INVALID_JSON',
    });
    expect((await check(survey.id, '')).statusCode).toBe(400);
  });

  it('a question that is not in the survey, or takes no written answer, is a 400', async () => {
    const open = openQuestion();
    const choice = question('Do you take part in a club?');
    const survey = await liveSurvey(t.app, [open, choice]);
    for (const [questionId, message] of [
      [choice.id, 'This question of the survey does not take a written answer.'],
      [randomUUID(), 'That is not a question of this survey.'],
      ['x'.repeat(65), 'That is not a question of this survey.'],
    ] as const) {
      const res = await check(survey.id, { questionId, text: 'I want to die' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.fields).toEqual({ questionId: [message] });
    }
  });

  it('an id that is not a survey id is a 400; an unknown survey or a draft is a 404', async () => {
    const q = openQuestion();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/respond/not-a-uuid/check',
      payload: { questionId: q.id, text: 'hi' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await check(randomUUID(), { questionId: q.id, text: 'I want to die' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('SURVEY_NOT_FOUND');

    const author = await signIn(t.app, demoAccounts.northsideMember.email);
    const draft = await t.app.inject({
      method: 'POST',
      url: '/v2/surveys',
      headers: { cookie: author.header, 'x-asa-organization-id': demoOrganizations.northside.id },
      payload: { type: 'long_form' },
    });
    expect((await check(draft.json().data.id, { questionId: q.id, text: 'I want to die' })).statusCode).toBe(
      404,
    );
  });

  it.each(['pause', 'close'])('a survey that is not live (%s) is refused: 409', async (action) => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/transitions`,
      headers: { cookie: survey.author.header },
      payload: { action },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await check(survey.id, { questionId: q.id, text: 'I want to die' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SURVEY_NOT_LIVE' });
  });

  it(`is limited to ${ANSWER_CHECK_RATE_LIMIT} a minute per address`, async () => {
    const q = openQuestion();
    const survey = await liveSurvey(t.app, [q]);
    const address = '203.0.113.7';
    for (let i = 0; i < ANSWER_CHECK_RATE_LIMIT; i++) {
      const res = await check(survey.id, { questionId: q.id, text: `answer ${i}` }, address);
      if (res.statusCode !== 200) throw new Error(`check ${i}: ${res.statusCode} ${res.body}`);
    }
    const limited = await check(survey.id, { questionId: q.id, text: 'one more' }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not held back.
    expect((await check(survey.id, { questionId: q.id, text: 'hi' }, '203.0.113.8')).statusCode).toBe(200);
  });
});
