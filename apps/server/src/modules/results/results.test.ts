import { randomUUID } from 'node:crypto';
import type { Question } from '@tv/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { respondentPass } from '../../test/respondent';
import { signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { parseCsv, runPspp } from './spss/test-support';

let t: TestApp;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
const club = question('Do you take part in a club?');
const sports = question('Which sports do you play?', {
  type: 'multiple_choice',
  options: [
    { id: 'football', label: 'Football' },
    { id: 'swim', label: 'Swimming' },
    { id: 'chess', label: 'Chess, "the sport"' },
  ],
});
const happy = question('How happy are you with weekends?', {
  type: 'rating',
  options: [],
  scale: { min: 1, max: 5, minLabel: 'Not at all', maxLabel: 'Very' },
});
const recommend = question('Would you recommend the youth centre?', {
  type: 'nps',
  options: [],
  scale: { min: 0, max: 10, minLabel: null, maxLabel: null },
});
const statements = question('How much do you agree?', {
  type: 'likert_matrix',
  options: [
    { id: 'agree', label: 'Agree' },
    { id: 'disagree', label: 'Disagree' },
  ],
  rows: [
    { id: 'safe', label: 'I feel safe' },
    { id: 'heard', label: 'I feel heard' },
  ],
});
const rank = question('Rank these', {
  type: 'ranking',
  options: [
    { id: 'music', label: 'Music' },
    { id: 'art', label: 'Art' },
  ],
});
const idea = question('One idea for us?', { type: 'short_text', options: [], required: false });
const questions: Question[] = [club, sports, happy, recommend, statements, rank, idea];

/** The survey as a teen opened it five minutes ago: the server's start and device tokens of that moment. */
async function passFiveMinutesAgo() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 300_000 });
  try {
    return await respondentPass(t.app, survey.id);
  } finally {
    vi.useRealTimers();
  }
}

const respond = async (
  answers: Record<string, unknown>,
  screener = { age: 15, gender: 'female', state: 'CA' },
) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/respond/${survey.id}/responses`,
    payload: {
      clientResponseId: randomUUID(),
      screener,
      answers,
      ...(await passFiveMinutesAgo()),
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
  // 8 girls in CA and 3 boys in NY: the boys' group is too small to break down.
  for (let i = 0; i < 11; i++) {
    const boy = i >= 8;
    const res = await respond(
      {
        [club.id]: i % 3 === 0 ? 'no' : 'yes',
        [sports.id]: i % 2 ? ['football', 'swim'] : ['chess'],
        [happy.id]: (i % 5) + 1,
        [recommend.id]: i,
        [statements.id]: { safe: 'agree', heard: i % 2 ? 'agree' : 'disagree' },
        [rank.id]: i % 4 ? ['music', 'art'] : ['art', 'music'],
        ...(i < 6 ? { [idea.id]: `Idea number ${i}, with "quotes", and commas` } : {}),
      },
      boy ? { age: 17, gender: 'male', state: 'NY' } : undefined,
    );
    expect(res.json().data.outcome).toBe('completed');
  }
});
afterAll(async () => {
  await t?.close();
});

const summary = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v2/surveys/${survey.id}/results/summary${query}`,
    headers: { cookie: survey.author.header },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('summary', () => {
  it('totals responses, completion rate and median duration', async () => {
    const data = await summary();
    expect(data.totals).toMatchObject({ responses: 11, screenedOut: 0, excluded: 0, completionRate: 100 });
    expect(data.totals.medianDurationSeconds).toBeGreaterThanOrEqual(299);
  });

  it('gives each question a result suited to its type, showing small counts inside a group of 5 or more', async () => {
    // Unweighted: the exact shares of the teens who answered (weighted ones are in weighting.test.ts).
    const data = await summary('?weighted=false');
    const byId = Object.fromEntries(data.questions.map((q: { questionId: string }) => [q.questionId, q]));
    // 4 teens on one side (under 5): the margin is the wider side of the Wilson interval for 7 of 11,
    // 0.6364 − 0.3538 = 28.3 points (the Wald margin would be 28.4), issue 26.
    expect(byId[club.id].options).toEqual([
      { id: 'yes', label: 'Yes', count: 7, percent: 63.6, marginOfError: 28.3 },
      { id: 'no', label: 'No', count: 4, percent: 36.4, marginOfError: 28.3 },
    ]);
    expect(byId[sports.id].options.map((o: { count: number | null }) => o.count)).toEqual([5, 5, 6]);
    expect(byId[happy.id].mean).toBe(2.82);
    expect(byId[recommend.id].nps).toMatchObject({ score: expect.any(Number) });
    expect(byId[statements.id].matrix[0].columns[0]).toMatchObject({ label: 'Agree', count: 11 });
    expect(byId[rank.id].averageRanks[0]).toMatchObject({ label: 'Music' });
    expect(byId[idea.id].texts).toHaveLength(6);
  });

  it('filters by audience and refuses to show a group smaller than 5, saying why', async () => {
    // 8 girls, but all minus the girls would show the 3 boys: refused as well.
    const girls = await summary('?gender=female');
    expect(girls).toMatchObject({ filtered: true, filteredResponses: null, suppressed: true, questions: [] });
    expect(girls.suppressedReason).toMatch(/would reveal how fewer than 5 respondents answered/);
    const boys = await summary('?gender=male');
    expect(boys).toMatchObject({ suppressed: true, filteredResponses: null, questions: [] });
    expect(boys.suppressedReason).toMatch(/fewer than 5 respondents/);
  });

  it('cross-tabs by an answer', async () => {
    const chessPlayers = await summary(`?answer=${sports.id}:chess`);
    expect(chessPlayers.filteredResponses).toBe(6);
  });

  it('searches open text', async () => {
    const data = await summary('?textSearch=number%203');
    const texts = data.questions.find((q: { questionId: string }) => q.questionId === idea.id).texts;
    expect(texts).toEqual(['Idea number 3, with "quotes", and commas']);
  });

  it('has the old summary as a plain table of counts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/old-summary`,
      headers: { cookie: survey.author.header },
    });
    expect(res.json().data[0]).toEqual({
      questionId: club.id,
      title: club.title,
      rows: [
        { label: 'Yes', count: 7 },
        { label: 'No', count: 4 },
      ],
    });
  });

  it('keeps other organisations out', async () => {
    const alex = await signIn(t.app, demoAccounts.brightpathMember.email);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/summary`,
      headers: { cookie: alex.header },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('downloads', () => {
  it('streams a CSV with one row per response and labels, not ids', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/export.csv`,
      headers: { cookie: survey.author.header },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('life-after-school-responses.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(12);
    const header = lines[0]!;
    expect(header).toContain('Q1. Do you take part in a club?');
    expect(header).toContain('"Q2. Which sports do you play? — Chess, ""the sport"""');
    expect(header).toContain('Q5. How much do you agree? — I feel safe');
    expect(lines.slice(1).every((line) => /,(Yes|No),/.test(line))).toBe(true);
    expect(res.body).not.toContain(club.id);
  });

  it('streams an XLSX that opens with the same rows', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/export.xlsx`,
      headers: { cookie: survey.author.header },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Responses')!;
    expect(sheet.rowCount).toBe(12);
    expect(String(sheet.getRow(1).getCell(8).value)).toBe('Simulated');
    expect(String(sheet.getRow(1).getCell(9).value)).toBe('Q1. Do you take part in a club?');
  });

  it('exports SPSS: PSPP reads the variables, labels, codes and weight; the coded CSV and codebook agree', async () => {
    const get = (path: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v2/surveys/${survey.id}/results/${path}`,
        headers: { cookie: survey.author.header },
      });
    const sav = await get('export.sav');
    expect(sav.statusCode, sav.body).toBe(200);
    expect(sav.headers['content-disposition']).toContain('life-after-school-responses.sav');
    const run = runPspp(
      { 'x.sav': sav.rawPayload },
      "GET FILE='x.sav'.\nSAVE TRANSLATE /OUTFILE='x.csv' /TYPE=CSV /FIELDNAMES /CELLS=LABELS /REPLACE.\nSHOW WEIGHT.\nDISPLAY DICTIONARY.\n",
      ['x.csv'],
    );
    const [header, ...cases] = parseCsv(run.files['x.csv']!);
    expect(cases).toHaveLength(11);
    expect(header).toEqual(
      expect.arrayContaining(['response_id', 'gender', 'region', 'weight', 'Q1', 'Q2_1', 'Q5_1', 'Q7']),
    );
    // Labels, not codes, with -99 labelled where an optional question was left out.
    const q1 = header!.indexOf('Q1');
    expect(new Set(cases.map((c) => c[q1]))).toEqual(new Set(['Yes', 'No']));
    const q7 = header!.indexOf('Q7');
    expect(cases.filter((c) => c[q7] === '').length).toBe(5);
    expect(run.output).toContain('weight');
    expect(run.output).toContain('Q1. Do you take part in a club?');

    const coded = await get('export-coded.csv');
    expect(coded.statusCode).toBe(200);
    const codedRows = parseCsv(coded.body.replace(/^\uFEFF/, ''));
    expect(codedRows).toHaveLength(12);
    expect(new Set(codedRows.slice(1).map((row) => row[codedRows[0]!.indexOf('Q1')]))).toEqual(
      new Set(['1', '2']),
    );
    // The codebook names every code the coded CSV uses, with its label.
    const codebook = await get('codebook.csv');
    expect(codebook.headers['content-type']).toContain('text/csv');
    const [bookHeader, ...entries] = parseCsv(codebook.body.replace(/^\uFEFF/, ''));
    const column = (name: string) => bookHeader!.indexOf(name);
    const q1Values = entries
      .filter((e) => e[column('record')] === 'value' && e[column('variable')] === 'Q1')
      .map((e) => [e[column('value')], e[column('value_label')]]);
    expect(q1Values).toEqual([
      ['1', 'Yes'],
      ['2', 'No'],
      ['-99', 'Not answered or not shown'],
    ]);

    // A filtered group under 5 (or one that subtraction would reveal) is refused in words.
    const boys = await get('export.sav?gender=male');
    expect(boys.statusCode).toBe(403);
    expect(boys.json()).toMatchObject({
      code: 'GROUP_TOO_SMALL',
      message:
        'Hidden: fewer than 5 respondents, to protect their anonymity. Widen the filters to download a larger group.',
    });
    const unweighted = await get('export.csv?weighted=false');
    expect(unweighted.body.split('\r\n')[0]).not.toContain('Weight');
    const weighted = await get('export.csv');
    expect(weighted.body.split('\r\n')[0]).toMatch(/,Weight$/);
  });

  it('needs the download permission', async () => {
    const moderator = await signIn(t.app, demoAccounts.moderator.email);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/export.csv`,
      headers: { cookie: moderator.header },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('quality review and release', () => {
  it('flags, excludes with a reason (never deletes), and releases results with mail', async () => {
    const author = survey.author.header;
    const staff = survey.publisher.header;
    await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/transitions`,
      headers: { cookie: author },
      payload: { action: 'close' },
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v2/surveys/${survey.id}/transitions`,
          headers: { cookie: author },
          payload: { action: 'start_review' },
        })
      ).statusCode,
    ).toBe(403);
    await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/transitions`,
      headers: { cookie: staff },
      payload: { action: 'start_review' },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/responses`,
      headers: { cookie: staff },
    });
    expect(list.json().meta.total).toBe(11);
    const target = list.json().data[0].id;
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/responses/${target}/exclude`,
      headers: { cookie: staff },
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/responses/${target}/exclude`,
      headers: { cookie: staff },
      payload: { reason: 'Answered every question in 4 seconds.' },
    });
    expect((await summary()).totals).toMatchObject({ responses: 10, excluded: 1 });
    const afterList = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/responses`,
      headers: { cookie: staff },
    });
    expect(afterList.json().meta.total).toBe(11);
    expect(afterList.json().data.find((r: { id: string }) => r.id === target)).toMatchObject({
      excluded: true,
      excludedReason: 'Answered every question in 4 seconds.',
    });
    await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/transitions`,
      headers: { cookie: staff },
      payload: { action: 'release_results' },
    });
    const templates = (await t.app.database.db.select().from(mailOutbox)).map((m) => m.template);
    expect(templates).toEqual(
      expect.arrayContaining([
        'results/survey-complete',
        'results/review-responses',
        'results/review-results',
        'results/survey-results',
      ]),
    );
    const late = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/responses/${target}/include`,
      headers: { cookie: staff },
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('action plans', () => {
  it('creates, saves with versions, refuses a stale save, and shares by mail', async () => {
    const headers = { cookie: survey.author.header };
    expect(
      (await t.app.inject({ method: 'GET', url: `/v2/surveys/${survey.id}/action-plan`, headers })).json(),
    ).toEqual({ data: null });
    const item = {
      id: 'a1',
      title: 'Start a chess club on Fridays',
      owner: 'Jordan Lee',
      dueDate: '2027-01-15',
      status: 'not_started',
      questionId: sports.id,
      finding: 'Chess was the most chosen sport.',
    };
    const created = await t.app.inject({
      method: 'PUT',
      url: `/v2/surveys/${survey.id}/action-plan`,
      headers,
      payload: { version: 0, title: 'Weekend plan', summary: null, items: [item] },
    });
    expect(created.json().data).toMatchObject({ version: 1, items: [item] });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/v2/surveys/${survey.id}/action-plan`,
      headers,
      payload: {
        version: 1,
        title: 'Weekend plan v2',
        summary: 'Agreed on Tuesday',
        items: [{ ...item, status: 'in_progress' }],
      },
    });
    expect(saved.json().data.version).toBe(2);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/v2/surveys/${survey.id}/action-plan`,
      headers,
      payload: { version: 1, title: 'Old tab', summary: null, items: [] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.current.title).toBe('Weekend plan v2');
    const shared = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/action-plan/share`,
      headers,
      payload: {
        emails: [demoAccounts.northsideAdmin.email, demoAccounts.northsideAdmin.email.toUpperCase()],
      },
    });
    expect(shared.statusCode).toBe(200);
    const mails = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'results/action-plan'));
    expect(mails.map((m) => m.toEmail)).toEqual([demoAccounts.northsideAdmin.email]);
    expect(mails[0]!.text).toContain('Start a chess club on Fridays');
  });
});

describe('panel simulator', () => {
  it('fills a live survey with realistic responses that pass the checks', async () => {
    const live = await liveSurvey(t.app, questions);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${live.id}/simulate`,
      headers: { cookie: live.publisher.header },
      payload: { count: 120 },
    });
    expect(res.json().data.inserted).toBe(120);
    const summary = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v2/surveys/${live.id}/results/summary${query}`,
        headers: { cookie: live.author.header },
      });
    // Simulated responses are left out of results unless asked for.
    expect((await summary('')).json().data.totals.responses).toBe(0);
    const data = (await summary('?includeSimulated=true')).json().data;
    expect(data.totals.responses).toBe(120);
    const csv = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v2/surveys/${live.id}/results/export.csv${query}`,
        headers: { cookie: live.author.header },
      });
    expect((await csv('')).body.trim().split('\r\n')).toHaveLength(1);
    const withSimulated = (await csv('?includeSimulated=true')).body.trim().split('\r\n');
    expect(withSimulated).toHaveLength(121);
    const header = withSimulated[0]!.replace('\uFEFF', '').split(',');
    const column = header.indexOf('Simulated');
    expect(column).toBeGreaterThan(0);
    expect(withSimulated.slice(1).every((line) => line.split(',')[column] === 'Yes')).toBe(true);
    const clubResult = data.questions.find((q: { questionId: string }) => q.questionId === club.id);
    expect(
      clubResult.options.reduce((s: number, o: { count: number | null }) => s + (o.count ?? 0), 0),
    ).toBeGreaterThan(100);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v2/surveys/${live.id}/simulate`,
          headers: { cookie: live.author.header },
          payload: { count: 5 },
        })
      ).statusCode,
    ).toBe(403);
  });
});
