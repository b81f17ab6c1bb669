import { randomUUID } from 'node:crypto';
import { CODE_LABEL_CONTROL, CODE_LABEL_EMPTY, CODE_LABEL_TOO_LONG, type Question } from '@tv/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReviews, openTextCodeLinks, surveyResponses } from '../../db/schema/responses';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { assessRisk } from '../privacy/classifier';
import { TABLES_SHEET } from './banner-tables';
import { WITHHELD_CODING_MESSAGE } from './codes';
import { psppProblems, requirePspp, runPspp, skipPspp } from './spss/test-support';

/** Coding open text (issue 26, point 6; decision 046). */

let t: TestApp;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
let otherOrganization: CookieJar;
const pick = question('Which club would you join?', {
  options: [
    { id: 'a', label: 'Art' },
    { id: 'b', label: 'Band' },
  ],
});
const better = question('What would make school better?', {
  type: 'long_text',
  options: [],
  required: false,
});
const questions: Question[] = [pick, better];

// 30 answers: 12 about buses, 10 about homework (4 of them about both), 8 about lunch. Each is signed
// to make it unique ('answer 5' was not: safeguarding version 6 read 'in the morning, answer 5' as a
// possible concern, which withholds it).
const texts = Array.from({ length: 30 }, (_, i) =>
  i < 12
    ? i < 4
      ? `More buses and less homework, student ${i}`
      : `More buses in the morning, student ${i}`
    : i < 18
      ? `Less homework on weekends, student ${i}`
      : `Better lunch food, student ${i}`,
);
let ids: string[] = [];
/** A response whose answer a safeguarding moderator withheld. */
const WITHHELD_WORDS = 'I take the bus alone at night and it scares me';
let withheldId = '';

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  jar = survey.author,
) => t.app.inject({ method, url, headers: { cookie: jar.header }, ...(payload ? { payload } : {}) });
const results = (path: string) => `/v2/surveys/${survey.id}/results/${path}`;
const codesUrl = () => results(`questions/${better.id}/codes`);
const codeAnswer = (responseId: string, codeIds: string[]) =>
  call('PUT', results(`questions/${better.id}/answers/${responseId}/codes`), { codeIds });
const summary = async (query = '') => {
  const res = await call('GET', results(`summary?weighted=false${query}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const codedResult = async (query = '') =>
  (await summary(query)).questions.find((q: { questionId: string }) => q.questionId === better.id);

let transport = '';
let homework = '';

beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
  otherOrganization = await signIn(t.app, demoAccounts.brightpathMember.email);
  const rows = await t.app.database.db
    .insert(surveyResponses)
    .values(
      [...texts, WITHHELD_WORDS].map((text, i) => ({
        surveyId: survey.id,
        clientResponseId: randomUUID(),
        status: 'completed' as const,
        age: 13 + (i % 7),
        gender: i % 2 ? 'female' : 'male',
        state: 'CA',
        region: 'west',
        answers: { [pick.id]: i % 2 ? 'a' : 'b', [better.id]: text } as Record<string, string>,
        durationSeconds: 200,
        completedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    )
    .returning({ id: surveyResponses.id });
  ids = rows.map((r) => r.id).slice(0, 30);
  withheldId = rows.at(-1)!.id;
  await t.app.database.db.insert(answerReviews).values({
    surveyId: survey.id,
    responseId: withheldId,
    questionId: better.id,
    decision: 'withheld',
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('codes of an open-text question', () => {
  it('are tried on everyday answers the safeguarding layer lets through (else the counts below would change)', () => {
    const stopped = texts.filter((text) => {
      const risk = assessRisk(text);
      return risk.raised.length > 0 || risk.concerns.length > 0;
    });
    expect(stopped).toEqual([]);
  });

  it('are created, and bad names are refused in words, changing nothing', async () => {
    const made = await call('POST', codesUrl(), { label: '  Transport ' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ label: 'Transport', answers: 0, position: 0 });
    transport = made.json().data.id;
    homework = (await call('POST', codesUrl(), { label: 'Homework' })).json().data.id;

    const refused = async (payload: object, status: number, words: string) => {
      const res = await call('POST', codesUrl(), payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toContain(words);
    };
    await refused({ label: '   ' }, 400, CODE_LABEL_EMPTY);
    await refused({ label: 'x'.repeat(81) }, 400, CODE_LABEL_TOO_LONG);
    await refused({ label: 'Bus\ttimes' }, 400, CODE_LABEL_CONTROL);
    await refused({ label: 'Bus\u0000' }, 400, 'NUL character');
    await refused({ label: 'Bus \ud800' }, 400, 'broken character');
    await refused({ label: 'transport' }, 409, 'already has a code with that name');
    const page = await call('GET', results(`questions/${better.id}/coding`));
    expect(page.json().data.codes.map((c: { label: string }) => c.label)).toEqual(['Transport', 'Homework']);
  });

  it('are kept to the survey’s organisation and to open-text questions', async () => {
    const other = await call('POST', codesUrl(), { label: 'Elsewhere' }, otherOrganization);
    expect(other.statusCode).toBe(404);
    const rename = await call('PATCH', results(`codes/${transport}`), { label: 'Buses' }, otherOrganization);
    expect(rename.statusCode).toBe(404);
    const closed = await call('POST', results(`questions/${pick.id}/codes`), { label: 'Art lovers' });
    expect(closed.statusCode).toBe(400);
    expect(closed.body).toContain('Only the answers to an open-text question');
    const list = await call('GET', results(`questions/${better.id}/coding`), undefined, otherOrganization);
    expect(list.statusCode).toBe(404);
  });

  it('are applied several to an answer, with a search over the readable words only', async () => {
    const buses = await call('GET', results(`questions/${better.id}/coding?search=BUS&pageSize=200`));
    expect(buses.statusCode, buses.body).toBe(200);
    const page = buses.json();
    // The withheld answer mentions a bus but is neither shown nor found.
    expect(page.data.answers).toHaveLength(12);
    expect(JSON.stringify(page)).not.toContain(WITHHELD_WORDS);
    expect(page.meta).toMatchObject({ total: 12, readable: 30, coded: 0, withheld: 1 });

    for (const [i, id] of ids.entries()) {
      const codes = [...(i < 12 ? [transport] : []), ...(i < 4 || (i >= 12 && i < 18) ? [homework] : [])];
      if (codes.length) expect((await codeAnswer(id, codes)).statusCode).toBe(200);
    }
    const uncoded = await call('GET', results(`questions/${better.id}/coding?code=uncoded&pageSize=200`));
    expect(uncoded.json().meta).toMatchObject({ total: 12, coded: 18 });
    const both = await call('GET', results(`questions/${better.id}/coding?code=${homework}&pageSize=200`));
    expect(both.json().meta.total).toBe(10);
  });

  it('refuse coding a withheld answer, or with another question’s codes', async () => {
    const withheld = await codeAnswer(withheldId, [transport]);
    expect(withheld.statusCode).toBe(409);
    expect(withheld.json().message).toBe(WITHHELD_CODING_MESSAGE);
    const stranger = await codeAnswer(ids[0]!, [randomUUID()]);
    expect(stranger.statusCode).toBe(400);
  });
});

describe('codes as a closed variable', () => {
  it('chart on the question’s result card, of the coded answers', async () => {
    const result = await codedResult();
    expect(result.codedBase).toBe(18);
    expect(result.codes).toEqual([
      expect.objectContaining({ id: transport, label: 'Transport', count: 12, percent: 66.7 }),
      expect.objectContaining({ id: homework, label: 'Homework', count: 10, percent: 55.6 }),
    ]);
  });

  it('do not count a withheld answer’s codes anywhere until it is released', async () => {
    // A code put on the answer before a moderator withheld it.
    const db = t.app.database.db;
    await db.insert(openTextCodeLinks).values({
      codeId: transport,
      responseId: withheldId,
      surveyId: survey.id,
      questionId: better.id,
    });
    const before = await codedResult();
    expect(before.codedBase).toBe(18);
    expect(before.codes[0].count).toBe(12);
    const filtered = await summary(`&answer=${encodeURIComponent(`${better.id}.codes:${transport}`)}`);
    expect(filtered.filteredResponses).toBe(12);
    const csv = await call('GET', results('export.csv?weighted=false'));
    const withheldLine = csv.body.split('\r\n').find((line) => line.startsWith(withheldId))!;
    expect(withheldLine).not.toMatch(/,1,/);

    await db
      .update(answerReviews)
      .set({ decision: 'released' })
      .where(eq(answerReviews.responseId, withheldId));
    const after = await codedResult();
    expect(after.codedBase).toBe(19);
    expect(after.codes[0].count).toBe(13);
    await db
      .update(answerReviews)
      .set({ decision: 'withheld' })
      .where(eq(answerReviews.responseId, withheldId));
  });

  it('filter the results: coded as a code, an unknown code refused in words', async () => {
    const filtered = await summary(`&answer=${encodeURIComponent(`${better.id}.codes:${homework}`)}`);
    expect(filtered.suppressed).toBe(false);
    expect(filtered.filteredResponses).toBe(10);
    const clubs = filtered.questions.find((q: { questionId: string }) => q.questionId === pick.id);
    expect(clubs.answered).toBe(10);
    const unknown = await call(
      'GET',
      results(`summary?answer=${encodeURIComponent(`${better.id}.codes:${randomUUID()}`)}`),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('FILTER_NOT_CLOSED');
  });

  it('are a cross-tab row (every code) and column (one code)', async () => {
    const rows = await call('GET', results(`crosstab?weighted=false&row=q:${better.id}.codes&column=gender`));
    expect(rows.statusCode, rows.body).toBe(200);
    const table = rows.json().data;
    expect(table.rows.map((r: { label: string }) => r.label)).toEqual(['Transport', 'Homework']);
    expect(table.base).toBe(18);
    expect(table.variables.map((v: { key: string }) => v.key)).toContain(`code:${transport}`);

    const column = await call(
      'GET',
      results(`crosstab?weighted=false&row=${pick.id ? `q:${pick.id}` : ''}&column=code:${transport}`),
    );
    expect(column.statusCode, column.body).toBe(200);
    const byCode = column.json().data;
    expect(byCode.columns.map((c: { label: string; base: number }) => [c.label, c.base])).toEqual([
      ['Coded “Transport”', 12],
      ['Other codes', 6],
    ]);
  });

  it('are 0/1 columns in the CSV and XLSX, one per code', async () => {
    const csv = await call('GET', results('export.csv?weighted=false'));
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...lines] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header!.split(',');
    const at = columns.indexOf('Q2. What would make school better? — code: Transport');
    expect(at).toBeGreaterThan(0);
    const homeworkAt = columns.indexOf('Q2. What would make school better? — code: Homework');
    const cells = (id: string) => {
      const line = lines.find((l) => l.startsWith(id))!;
      // The answers hold commas: read the code cells from the end of the line.
      const parts = line.split(',');
      const fromEnd = columns.length - at;
      return [parts[parts.length - fromEnd], parts[parts.length - (columns.length - homeworkAt)]];
    };
    expect(cells(ids[0]!)).toEqual(['1', '1']);
    expect(cells(ids[5]!)).toEqual(['1', '0']);
    expect(cells(ids[20]!)).toEqual(['', '']);

    const xlsx = await call('GET', results('export.xlsx?weighted=false'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const column = headers.indexOf('Q2. What would make school better? — code: Homework');
    expect(column).toBeGreaterThan(0);
    const values: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) values.push(row.getCell(column).value);
    });
    expect(values.filter((v) => v === 1)).toHaveLength(10);
    expect(values.filter((v) => v === 0)).toHaveLength(8);
  });

  it.skipIf(skipPspp)(
    'are a multiple-response set of 0/1 variables in the .sav, as PSPP reads it',
    async () => {
      requirePspp();
      const sav = await call('GET', results('export.sav?weighted=false'));
      expect(sav.statusCode, sav.body).toBe(200);
      const run = runPspp(
        { 'x.sav': sav.rawPayload },
        "GET FILE='x.sav'.\nMRSETS /DISPLAY NAME=ALL.\nDISPLAY DICTIONARY.\nFREQUENCIES Q2_c1 Q2_c2.\n",
        [],
      );
      expect(psppProblems(run)).toEqual([]);
      const output = run.output.replace(/\s+/g, ' ');
      // The set, its label and its variables, counting 1.
      expect(output).toMatch(/\$Q2_codes/i);
      expect(output).toContain('Q2. What would make school better? (codes)');
      expect(output).toMatch(/Q2_c1.*Q2_c2/i);
      // Value labels: the code, other codes, and the missing code.
      expect(output).toContain('Q2 code: Transport');
      expect(output).toContain('Other codes');
      expect(output).toContain('Not coded, withheld or not answered');
      // The set counts 1 over both code variables (MRSETS /DISPLAY).
      expect(run.output).toMatch(
        /\$Q2_codes,Q2\. What would make school better\? \(codes\),Dichotomies,1,"Q2_c1\s+Q2_c2"/,
      );
      // Frequencies: 12 coded Transport and 6 with other codes only; the rest missing.
      const transport = run.output.slice(run.output.indexOf('Table: Q2 code: Transport'));
      expect(transport).toMatch(/Valid,Other codes,6,/);
      expect(transport).toMatch(/,Transport,12,/);
      const homework = run.output.slice(run.output.indexOf('Table: Q2 code: Homework'));
      expect(homework).toMatch(/Valid,Other codes,8,/);
      expect(homework).toMatch(/,Homework,10,/);
    },
  );

  it('are a banner-tables table (every code) and banner column (one code)', async () => {
    const res = await call(
      'GET',
      results(`banner-tables.xlsx?weighted=false&banner=gender,code:${transport}`),
    );
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(TABLES_SHEET)!;
    const cells = sheet.getColumn(1).values.map((v) => String(v ?? ''));
    // The codes' own table, with a row per code.
    expect(cells.some((c) => c.includes('Q2. What would make school better? (codes)'))).toBe(true);
    expect(cells).toContain('Transport');
    expect(cells).toContain('Homework');
    // The banner column of one code.
    const header = sheet.getRows(1, sheet.rowCount)!.flatMap((row) => (row.values as unknown[]).map(String));
    expect(header).toContain('Coded “Transport”');
  });

  it('are deleted with their links, and renamed in words', async () => {
    const renamed = await call('PATCH', results(`codes/${homework}`), { label: 'Too much homework' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ label: 'Too much homework', answers: 10 });
    const extra = (await call('POST', codesUrl(), { label: 'Lunch' })).json().data.id;
    expect((await call('DELETE', results(`codes/${extra}`))).statusCode).toBe(200);
    expect((await call('DELETE', results(`codes/${extra}`))).statusCode).toBe(404);
  });
});
