import { randomUUID } from 'node:crypto';
import { type Question, WITHHELD_TEXT } from '@tv/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReviews, incidents, surveyResponses } from '../../db/schema/responses';
import { demoAccounts } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';

let t: TestApp;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
const pick = question('Which club would you join?', {
  options: [
    { id: 'a', label: 'Art' },
    { id: 'b', label: 'Band' },
    { id: 'c', label: 'Coding' },
  ],
});
const feel = question('How are things going for you lately?', {
  type: 'long_text',
  options: [],
  required: false,
});
const questions: Question[] = [pick, feel];
const disclosure = 'honestly i want to die, nobody would notice. my name is Jake';
const withEmail = 'more clubs please, email me at jake.r@gmail.com or call 555-123-4567';

/** Responses go straight into the table (this test is about reading them), then through the scan. */
async function insert(
  answers: Record<string, unknown>,
  screener: { age: number; gender: string; state: string; region: string },
) {
  const [row] = await t.app.database.db
    .insert(surveyResponses)
    .values({
      surveyId: survey.id,
      clientResponseId: randomUUID(),
      status: 'completed',
      ...screener,
      answers: answers as Record<string, string>,
      durationSeconds: 240,
    })
    .returning({ id: surveyResponses.id });
  await t.app.safeguarding.scanResponse(row!.id);
  return row!.id;
}

const get = (url: string, cookie = survey.author.header) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const summary = async (query = '') => {
  const res = await get(`/v2/surveys/${survey.id}/results/summary${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const questionOf = (data: { questions: { questionId: string }[] }, id: string) =>
  data.questions.find((q) => q.questionId === id) as unknown as {
    options: { id: string; count: number | null; percent: number | null }[];
    texts: string[];
    answered: number | null;
    suppressed: boolean;
    suppressedReason: string | null;
  };
async function xlsxText() {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v2/surveys/${survey.id}/results/export.xlsx`,
    headers: { cookie: survey.author.header },
  });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.getWorksheet('Responses')!.eachRow((row) => {
    row.eachCell((c) => {
      cells.push(String(c.value));
    });
  });
  return cells.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
  // 62 answered: 31 Art and 27 Band in the West, 4 Coding in the Northeast.
  const west = { age: 15, gender: 'female', state: 'CA', region: 'west' };
  const east = { age: 17, gender: 'male', state: 'NY', region: 'northeast' };
  for (let i = 0; i < 31; i++) await insert({ [pick.id]: 'a' }, { ...west, age: 14 + (i % 2) });
  for (let i = 0; i < 26; i++) await insert({ [pick.id]: 'b' }, west);
  await insert({ [pick.id]: 'b', [feel.id]: withEmail }, west);
  for (let i = 0; i < 3; i++) await insert({ [pick.id]: 'c', [feel.id]: `Coding club idea ${i}` }, east);
  await insert(
    { [pick.id]: 'c', [feel.id]: disclosure },
    { ...east, age: 15, gender: 'female', state: 'CA', region: 'west' },
  );
  for (let i = 0; i < 4; i++)
    await insert({ [feel.id]: `A fine week number ${['one', 'two', 'three', 'four'][i]}` }, west);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a safeguarding disclosure', () => {
  it('raised an incident, and is withheld from the summary, the CSV and the XLSX', async () => {
    const raised = await t.app.database.db.select().from(incidents).where(eq(incidents.surveyId, survey.id));
    expect(raised.map((i) => i.category)).toContain('self_harm');

    const texts = questionOf(await summary(), feel.id).texts;
    expect(texts).toContain(WITHHELD_TEXT);
    expect(texts.join('\n')).not.toMatch(/want to die/);
    // A search over the text cannot find it either.
    expect(questionOf(await summary('?textSearch=die'), feel.id).texts).toEqual([]);

    const csv = await get(`/v2/surveys/${survey.id}/results/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(/want to die/);
    expect(csv.body).toContain(WITHHELD_TEXT);
    const xlsx = await xlsxText();
    expect(xlsx).not.toMatch(/want to die/);
    expect(xlsx).toContain(WITHHELD_TEXT);
  });

  it('withholds any answer with an incident, even one the text check would not flag today', async () => {
    const [week] = await t.app.database.db
      .select({ id: surveyResponses.id })
      .from(surveyResponses)
      .where(sql`${surveyResponses.answers} ->> ${feel.id} = 'A fine week number three'`);
    await t.app.database.db.insert(incidents).values({
      surveyId: survey.id,
      responseId: week!.id,
      questionId: feel.id,
      category: 'bullying',
      severity: 'low',
      excerpt: 'A fine week number three',
    });
    const texts = questionOf(await summary(), feel.id).texts;
    expect(texts).not.toContain('A fine week number three');
    expect(texts.filter((text) => text === WITHHELD_TEXT)).toHaveLength(2);
    expect((await get(`/v2/surveys/${survey.id}/results/export.csv`)).body).not.toContain(
      'A fine week number three',
    );
  });

  it('redacts personal data from every open answer an organisation sees', async () => {
    const texts = questionOf(await summary(), feel.id).texts.join('\n');
    expect(texts).toContain('more clubs please, email me at [email] or call [phone]');
    expect(texts).not.toMatch(/gmail|555/);
    const csv = (await get(`/v2/surveys/${survey.id}/results/export.csv`)).body;
    expect(csv).not.toMatch(/gmail|555-123/);
    expect(csv).toContain('[email]');
    expect(await xlsxText()).not.toMatch(/gmail|555-123/);
  });

  it('shows staff the raw text on the incident, and follows the moderator’s decision, recorded with who and when', async () => {
    const moderator = await signIn(t.app, demoAccounts.moderator.email);
    const list = await get('/v2/admin/incidents?pageSize=100', moderator.header);
    const incident = list
      .json()
      .data.find(
        (i: { surveyId: string; category: string }) => i.surveyId === survey.id && i.category === 'self_harm',
      );
    expect(incident.answer).toMatchObject({
      text: disclosure,
      suggestedRedaction: 'honestly i want to die, nobody would notice. my name is [name]',
      decision: 'pending',
    });

    // The organisation cannot decide, nor read the incident.
    const org = await t.app.inject({
      method: 'POST',
      url: `/v2/admin/incidents/${incident.id}/answer`,
      headers: { cookie: survey.author.header },
      payload: { decision: 'released' },
    });
    expect([401, 403]).toContain(org.statusCode);
    expect((await get('/v2/admin/incidents', survey.author.header)).statusCode).toBe(403);

    const decide = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/v2/admin/incidents/${incident.id}/answer`,
        headers: { cookie: moderator.header },
        payload,
      });
    const empty = await decide({ decision: 'redacted', text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatch(/Write the redacted text to release/);
    const nul = await decide({ decision: 'redacted', text: 'bad \u0000 text' });
    expect(nul.statusCode).toBe(400);
    expect(await t.app.database.db.select().from(answerReviews)).toEqual([]);

    const redacted = await decide({
      decision: 'redacted',
      text: 'Things are hard and I feel very low. My name is Jake',
    });
    expect(redacted.statusCode).toBe(200);
    expect(redacted.json().data.answer).toMatchObject({
      decision: 'redacted',
      releasedText: 'Things are hard and I feel very low. My name is [name]',
      history: [{ decision: 'redacted', by: expect.any(String), at: expect.any(String) }],
    });
    expect(redacted.json().data.notes.at(-1).text).toMatch(/Released a redacted answer/);
    let texts = questionOf(await summary(), feel.id).texts;
    expect(texts).toContain('Things are hard and I feel very low. My name is [name]');
    // Only the other answer with an incident is still withheld.
    expect(texts.filter((text) => text === WITHHELD_TEXT)).toHaveLength(1);
    expect((await get(`/v2/surveys/${survey.id}/results/export.csv`)).body).toContain(
      'Things are hard and I feel very low. My name is [name]',
    );

    const kept = await decide({ decision: 'withheld' });
    expect(kept.json().data.answer.history.map((h: { decision: string }) => h.decision)).toEqual([
      'redacted',
      'withheld',
    ]);
    texts = questionOf(await summary(), feel.id).texts;
    expect(texts).toContain(WITHHELD_TEXT);
    expect(texts.join('\n')).not.toMatch(/feel very low/);

    await decide({ decision: 'released' });
    texts = questionOf(await summary(), feel.id).texts;
    expect(texts).toContain('honestly i want to die, nobody would notice. my name is [name]');
  });
});

describe('disclosure control', () => {
  it('shows every count inside a group of 5 or more, so 31 + 27 of 62 leaves a shown 4, not a hidden one', async () => {
    const all = questionOf(await summary(), pick.id);
    expect(all.answered).toBe(62);
    expect(all.options.map((o) => o.count)).toEqual([31, 27, 4]);
  });

  it('refuses a cross-tab column of 4, and the next-smallest column, so no subtraction leaves the 4', async () => {
    const coding = await summary(`?answer=${pick.id}:c`);
    expect(coding).toMatchObject({ suppressed: true, filteredResponses: null, questions: [] });
    expect(coding.suppressedReason).toMatch(/fewer than 5 respondents/);
    const band = await summary(`?answer=${pick.id}:b`);
    expect(band).toMatchObject({ suppressed: true, filteredResponses: null });
    expect(band.suppressedReason).toMatch(/would reveal/);
    const art = await summary(`?answer=${pick.id}:a`);
    expect(art).toMatchObject({ suppressed: false, filteredResponses: 31 });
  });

  it('refuses a filter whose complement is under 5 (all minus the West would be the 4 in the Northeast)', async () => {
    const west = await summary('?region=west');
    expect(west).toMatchObject({ suppressed: true, questions: [] });
    expect(west.suppressedReason).toMatch(/would reveal/);
    const northeast = await summary('?region=northeast');
    expect(northeast).toMatchObject({ suppressed: true, filteredResponses: null });
  });

  it('shows no open text for a filtered group of 4, saying why', async () => {
    const males = await summary('?gender=male');
    expect(males).toMatchObject({ suppressed: true, questions: [] });
    expect(males.suppressedReason).toMatch(/fewer than 5 respondents/);
    expect(JSON.stringify(males)).not.toMatch(/Coding club idea/);
  });
});
