import { randomUUID } from 'node:crypto';
import { defaultAudience, moderationChecklist, type Question, WITHHELD_TEXT } from '@tv/contract';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerReviews, openTextCodeLinks, openTextCodes, surveyResponses } from '../../db/schema/responses';
import { demoAccounts, demoOrganizations } from '../../db/seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { type CookieJar, signIn } from '../../test/session';
import { question } from '../../test/surveys';
import { isWithheldText } from '../safeguarding/service';

/**
 * Decision 034: what an organisation sees does not depend on the words of an open answer it may not
 * read, nor on whether an answer is withheld, beyond that answer's own line. Two databases hold the
 * same responses except one open answer (R, the newest response); for any filter set an organisation
 * can send (closed options, audience filters, language, text searches, cross-tab dimensions, and the
 * open-text or free-number filters an attacker would try), the summary, cross-tab, searches, exports,
 * the report and the share link answer the same in both.
 */

const pick = question('Which club would you join?', {
  options: [
    { id: 'a', label: 'Art' },
    { id: 'b', label: 'Band' },
    { id: 'c', label: 'Coding' },
  ],
});
const sports = question('Which sports do you play?', {
  type: 'multiple_choice',
  options: [
    { id: 'football', label: 'Football' },
    { id: 'swim', label: 'Swimming' },
    { id: 'chess', label: 'Chess' },
  ],
});
const happy = question('How happy are you with weekends?', {
  type: 'rating',
  options: [],
  scale: { min: 1, max: 5, minLabel: 'Not at all', maxLabel: 'Very' },
});
const hours = question('How many hours of homework a week?', { type: 'number', options: [] });
const feel = question('How are things going for you lately?', {
  type: 'long_text',
  options: [],
  required: false,
});
const idea = question('One idea for us?', { type: 'short_text', options: [], required: false });
const questions: Question[] = [pick, sports, happy, hours, feel, idea];

const CALM_A = 'The bus stop near the park floods every spring';
const CALM_B = 'I wish the library opened on Sundays';
const RISKY_A = 'honestly i want to die';
const RISKY_B = 'i want to kill myself';

/**
 * One side of a variant: R's words, and the moderator's decision on them (answer_reviews): released
 * as written (shown whatever the classifier says), withheld, or none yet (then `isWithheldText`
 * decides, as it does before the scan has run).
 */
interface Answer {
  text: string;
  review: 'released' | 'withheld' | null;
}
/** How the two datasets differ. */
interface Variant {
  name: string;
  a: Answer;
  b: Answer;
}
const variants: Variant[] = [
  // Words that are shown: everything but R's own line must agree.
  { name: 'words', a: { text: CALM_A, review: 'released' }, b: { text: CALM_B, review: 'released' } },
  // Withheld by a moderator in both: nothing at all may differ, not even a search for the words.
  {
    name: 'withheld words',
    a: { text: CALM_A, review: 'withheld' },
    b: { text: CALM_B, review: 'withheld' },
  },
  // Withheld because the classifier flags them, before any review: the same.
  { name: 'flagged words', a: { text: RISKY_A, review: null }, b: { text: RISKY_B, review: null } },
  // The same words, shown in one and withheld in the other: only R's own line differs.
  {
    name: 'withheld or not',
    a: { text: CALM_A, review: 'released' },
    b: { text: CALM_A, review: 'withheld' },
  },
];
/** Whether the organisation sees R's answer as withheld on a side (decision 014). */
const hidden = (side: Answer) =>
  side.review === 'withheld' || (side.review === null && isWithheldText(side.text));
/** What the organisation reads in R's place on a side (the calm texts have nothing to redact). */
const shown = (side: Answer) => (hidden(side) ? WITHHELD_TEXT : side.text);

const states = { west: 'CA', south: 'TX', northeast: 'NY', midwest: 'OH' } as const;
const regionsInUse = Object.keys(states) as (keyof typeof states)[];
const genders = ['female', 'male', 'non_binary'] as const;
const start = Date.UTC(2026, 2, 2, 9, 0, 0);

interface Respondent {
  age: number;
  gender: string;
  region: keyof typeof states;
  language: 'en' | 'es';
  answers: Record<string, unknown>;
}
/** 40 teens, then R (the newest), the same in both databases. */
const respondents: Respondent[] = Array.from({ length: 40 }, (_, i) => ({
  age: 13 + ((i * 3) % 7),
  gender: genders[i % 3]!,
  region: regionsInUse[i % 4]!,
  language: i % 6 === 0 ? 'es' : 'en',
  answers: {
    [pick.id]: ['a', 'b', 'c'][Math.floor(i / 3) % 3],
    [sports.id]: [['football'], ['swim'], ['football', 'chess'], ['swim', 'chess']][i % 4],
    [happy.id]: (i % 5) + 1,
    [hours.id]: i % 9,
    ...(i % 2 === 0 ? { [feel.id]: `Week note ${i}: more time outside` } : {}),
    ...(i === 5 ? { [feel.id]: 'sometimes i want to die' } : {}),
    ...(i % 3 === 0 ? { [idea.id]: `Idea ${i} is a bike club` } : {}),
  },
}));
const R: Respondent = {
  age: 15,
  gender: 'female',
  region: 'west',
  language: 'en',
  answers: { [pick.id]: 'c', [sports.id]: ['chess'], [happy.id]: 2, [hours.id]: 7 },
};
/** Response ids per variant, shared by both databases so that exports can be compared line by line. */
const ids = variants.map(() => [...respondents, R].map(() => randomUUID()));

/**
 * Codes of the open question (decision 046), with the same ids in both databases: 'Transport' and
 * 'Outside', written as CODE_T and CODE_O in the filters and dimensions below. The 40 teens' answers
 * are coded alike on both sides.
 */
const codeIds = variants.map(() => ({ CODE_T: randomUUID(), CODE_O: randomUUID() }));
const teenCodes = (i: number): ('CODE_T' | 'CODE_O')[] =>
  i % 2 !== 0 || i === 5 ? [] : i % 8 === 0 ? ['CODE_T', 'CODE_O'] : i % 4 === 0 ? ['CODE_O'] : ['CODE_T'];
/**
 * R's codes on a side. Withheld by a moderator, R was coded before (differently on each side): those
 * codes must count nowhere. Shown on both sides, R is coded alike. Shown on one side only, R is coded
 * only where it is withheld. An answer the classifier withholds can't be coded (the API refuses it).
 */
function codesOfR(variant: Variant, side: 'a' | 'b'): ('CODE_T' | 'CODE_O')[] {
  const mine = variant[side];
  if (mine.review === 'withheld') return side === 'a' ? ['CODE_T'] : ['CODE_O'];
  if (hidden(mine)) return [];
  return !hidden(variant.a) && !hidden(variant.b) ? ['CODE_T'] : [];
}
const withCodeIds = (v: number, text: string) =>
  text.replaceAll('CODE_T', codeIds[v]!.CODE_T).replaceAll('CODE_O', codeIds[v]!.CODE_O);

interface Side {
  t: TestApp;
  surveys: { id: string; cookie: string; token: string }[];
}

/** A Northside survey taken to live as liveSurvey does, with sessions signed in once for all four. */
async function publish(t: TestApp, jars: { author: CookieJar; moderator: CookieJar; publisher: CookieJar }) {
  const step = async (jar: CookieJar, method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { cookie: jar.header, 'x-asa-organization-id': demoOrganizations.northside.id },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return res.json().data;
  };
  const created = await step(jars.author, 'POST', '/v2/surveys', { type: 'long_form' });
  await step(jars.author, 'PUT', `/v2/surveys/${created.id}`, {
    version: created.version,
    name: 'Life after school',
    description: null,
    questions,
    audience: defaultAudience,
    tags: [],
    projectId: null,
  });
  await step(jars.author, 'POST', `/v2/surveys/${created.id}/transitions`, { action: 'submit' });
  await step(jars.moderator, 'POST', `/v2/surveys/${created.id}/moderation`, {
    decision: 'approve',
    checklist: Object.fromEntries(moderationChecklist.map((item) => [item.id, true])),
    reasons: [],
  });
  await step(jars.publisher, 'POST', `/v2/surveys/${created.id}/transitions`, { action: 'publish' });
  return { id: created.id as string, step };
}

async function seed(side: 'a' | 'b'): Promise<Side> {
  const t = await createTestApp();
  const jars = {
    author: await signIn(t.app, demoAccounts.northsideMember.email),
    moderator: await signIn(t.app, demoAccounts.moderator.email),
    publisher: await signIn(t.app, demoAccounts.platformAdmin.email),
  };
  const made: Side['surveys'] = [];
  for (const [v, variant] of variants.entries()) {
    const { id, step } = await publish(t, jars);
    const mine = variant[side];
    const rows = [...respondents, { ...R, answers: { ...R.answers, [feel.id]: mine.text } }].map(
      (who, i) => ({
        id: ids[v]![i]!,
        surveyId: id,
        clientResponseId: randomUUID(),
        status: 'completed' as const,
        age: who.age,
        gender: who.gender,
        state: states[who.region],
        region: who.region,
        language: who.language,
        answers: who.answers as Record<string, string>,
        durationSeconds: 200 + i,
        startedAt: new Date(start + i * 60_000 - 200_000),
        completedAt: new Date(start + i * 60_000),
      }),
    );
    await t.app.database.db.insert(surveyResponses).values(rows);
    const db = t.app.database.db;
    await db.insert(openTextCodes).values([
      { id: codeIds[v]!.CODE_T, surveyId: id, questionId: feel.id, label: 'Transport', position: 0 },
      { id: codeIds[v]!.CODE_O, surveyId: id, questionId: feel.id, label: 'Outside', position: 1 },
    ]);
    const links = rows.flatMap((row, i) =>
      (i < respondents.length ? teenCodes(i) : codesOfR(variant, side)).map((code) => ({
        codeId: codeIds[v]![code],
        responseId: row.id,
        surveyId: id,
        questionId: feel.id,
      })),
    );
    await db.insert(openTextCodeLinks).values(links);
    if (mine.review) {
      await t.app.database.db.insert(answerReviews).values({
        surveyId: id,
        responseId: ids[v]!.at(-1)!,
        questionId: feel.id,
        decision: mine.review,
        history: [{ at: new Date(start).toISOString(), by: 'moderator', decision: mine.review, text: null }],
      });
    }
    for (const action of ['close', 'start_review', 'release_results']) {
      await step(jars.publisher, 'POST', `/v2/surveys/${id}/transitions`, { action });
    }
    const link = await step(jars.author, 'POST', `/v2/surveys/${id}/share-links`, {
      expiresInDays: 7,
      label: 'Board',
    });
    made.push({ id, cookie: jars.author.header, token: link.token });
  }
  return { t, surveys: made };
}

let A: Side;
let B: Side;
beforeAll(async () => {
  [A, B] = await Promise.all([seed('a'), seed('b')]);
}, 180_000);
afterAll(async () => {
  await Promise.all([A?.t.close(), B?.t.close()]);
});

const MASK = '<the varied answer>';
const VOLATILE = new Set(['generatedAt', 'expiresAt']);

/** The JSON an organisation reads, without the survey's id (each database made its own) and clocks. */
function plain(value: unknown, surveyId: string): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll(surveyId, '<survey>'), (key, v) =>
    VOLATILE.has(key) ? '<time>' : v,
  );
}

/** An export as lines of cells, R's line with its own answer masked (only where the variant shows it). */
function maskLines(lines: string[], responseId: string, own: string | null): string[] {
  return lines.map((line) => (own !== null && line.includes(responseId) ? line.replace(own, MASK) : line));
}

async function xlsxLines(body: Buffer): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const lines: string[] = [];
  book.getWorksheet('Responses')!.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (c) => {
      cells.push(c.value instanceof Date ? c.value.toISOString() : String(c.value ?? ''));
    });
    lines.push(cells.join('\t'));
  });
  return lines;
}

type Query = Record<string, string | number | undefined>;
const qs = (query: Query) =>
  new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

interface Seen {
  status: number;
  body: unknown;
}

/** One request as the organisation makes it, read the way it would read the answer. */
async function look(side: Side, v: number, path: string, query: Query, kind: 'json' | 'lines' | 'xlsx') {
  const survey = side.surveys[v]!;
  const res = await side.t.app.inject({
    method: 'GET',
    url: `/v2/surveys/${survey.id}/results/${path}?${qs(query)}`,
    headers: { cookie: survey.cookie },
  });
  if (res.statusCode !== 200 || kind === 'json')
    return { status: res.statusCode, body: plain(res.json(), survey.id) } satisfies Seen;
  const lines = kind === 'xlsx' ? await xlsxLines(res.rawPayload) : res.body.split('\r\n');
  return { status: res.statusCode, body: lines } satisfies Seen;
}

/** Masks R's own entry in the open answers of two summaries, when (and where) side A shows it. */
function maskTexts(a: Seen, b: Seen, variant: Variant) {
  const textsOf = (seen: Seen) =>
    (seen.body as { data?: { questions?: { questionId: string; texts: string[] }[] } }).data?.questions?.find(
      (q) => q.questionId === feel.id,
    )?.texts;
  const ta = textsOf(a);
  const tb = textsOf(b);
  if (!ta || !tb) return;
  const at = ta.indexOf(shown(variant.a));
  // R is the newest response, so where A lists it B lists its own version of it.
  if (at >= 0 && shown(variant.a) !== WITHHELD_TEXT && tb[at] === shown(variant.b)) {
    ta[at] = MASK;
    tb[at] = MASK;
  }
}

const closedAnswers = [
  ...pick.options.map((o) => `${pick.id}:${o.id}`),
  ...sports.options.map((o) => `${sports.id}:${o.id}`),
  // 'Coded as' (decision 046): a closed variable made of the researcher's codes.
  `${feel.id}.codes:CODE_T`,
  `${feel.id}.codes:CODE_O`,
];
/** What an attacker would try: the words themselves, a free number, a rating, a made-up option. */
const refusedAnswers = [
  `${feel.id}:${CALM_A}`,
  `${feel.id}:${CALM_B}`,
  `${feel.id}:${RISKY_A}`,
  `${idea.id}:Idea 3 is a bike club`,
  `${hours.id}:7`,
  `${happy.id}:2`,
  `${pick.id}:zzz`,
  'not-a-question:a',
];
const filterKeys = [
  'ageMin',
  'ageMax',
  'gender',
  'region',
  'language',
  'includeSimulated',
  'answer',
] as const;
/** A filter set as the page builds one: none, or up to three filters at once (the issue's attack has more). */
const filterArb = fc
  .record({
    values: fc.record({
      ageMin: fc.integer({ min: 13, max: 19 }),
      ageMax: fc.integer({ min: 13, max: 19 }),
      gender: fc.constantFrom(...genders),
      region: fc.constantFrom(...regionsInUse),
      language: fc.constantFrom('en', 'es'),
      includeSimulated: fc.constantFrom('true', 'false'),
      answer: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...closedAnswers) },
        { weight: 2, arbitrary: fc.constantFrom(...refusedAnswers) },
      ),
    }),
    keys: fc.subarray([...filterKeys], { maxLength: 3 }),
  })
  .map(
    ({ values, keys }) => Object.fromEntries(keys.map((key) => [key, values[key]])) as Partial<typeof values>,
  );
const searches = ['bus', 'library', 'Sundays', 'die', 'kill', 'week', 'outside', 'withheld', 'the', 'zebra'];
const dimensions = [
  'age',
  'gender',
  'region',
  `q:${pick.id}`,
  `q:${sports.id}`,
  `q:${feel.id}`,
  `q:${hours.id}`,
  `q:${feel.id}.codes`,
  'code:CODE_T',
];
const caseArb = fc.record({
  variant: fc.integer({ min: 0, max: variants.length - 1 }),
  filter: filterArb,
  search: fc.option(fc.constantFrom(...searches), { nil: undefined }),
  weighted: fc.constantFrom(undefined, 'true', 'false'),
  row: fc.constantFrom(...dimensions),
  column: fc.constantFrom('age', 'gender', 'region', `q:${pick.id}`, `q:${feel.id}`, 'code:CODE_O'),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** Is the answer shown on either side found by this search? Then the search itself tells them apart. */
const searchFinds = (variant: Variant, search: string | undefined) =>
  search !== undefined &&
  [variant.a, variant.b].some(
    (side) => !hidden(side) && side.text.toLowerCase().includes(search.toLowerCase()),
  );

describe('an open answer’s words, and whether it is withheld, change nothing else an organisation sees', () => {
  it('the variants are what they say: shown, withheld by a moderator, or flagged by the classifier', () => {
    expect(variants.map((v) => [hidden(v.a), hidden(v.b)])).toEqual([
      [false, false],
      [true, true],
      [true, true],
      [false, true],
    ]);
  });

  it('share links show the same report in both', async () => {
    for (const v of variants.keys()) {
      const shared = async (side: Side) => {
        const res = await side.t.app.inject({
          method: 'GET',
          url: `/v2/shared-results/${side.surveys[v]!.token}?answer=${encodeURIComponent(`${feel.id}:${CALM_A}`)}`,
        });
        return { status: res.statusCode, body: plain(res.json(), side.surveys[v]!.id) };
      };
      const [a, b] = await Promise.all([shared(A), shared(B)]);
      expect(a.status).toBe(200);
      expect(b, variants[v]!.name).toEqual(a);
    }
  });

  it('summary, cross-tab, search, exports and report agree for any filter set', async () => {
    const check = async ({
      variant: v,
      filter: asked,
      search,
      weighted,
      row: askedRow,
      column: askedColumn,
    }: Case) => {
      const variant = variants[v]!;
      // The codes' ids of this variant's survey, the same in both databases.
      const filter = asked.answer ? { ...asked, answer: withCodeIds(v, asked.answer) } : asked;
      const row = withCodeIds(v, askedRow);
      const column = withCodeIds(v, askedColumn);
      const onlyOwnLine = !hidden(variant.a) || !hidden(variant.b);
      // A search that finds a shown version of R's words is the one thing allowed to differ.
      const textSearch = onlyOwnLine && searchFinds(variant, search) ? undefined : search;
      const both = (path: string, query: Query, kind: 'json' | 'lines' | 'xlsx' = 'json') =>
        Promise.all([look(A, v, path, query, kind), look(B, v, path, query, kind)]);

      const [sa, sb] = await both('summary', { ...filter, textSearch, weighted });
      if (onlyOwnLine) maskTexts(sa, sb, variant);
      expect(sb, `summary of ${variant.name}`).toEqual(sa);

      const [ca, cb] = await both('crosstab', { ...filter, row, column, weighted });
      expect(cb, `cross-tab of ${variant.name}`).toEqual(ca);

      const [ra, rb] = await both('report', filter);
      expect(rb, `report of ${variant.name}`).toEqual(ra);

      const responseId = ids[v]!.at(-1)!;
      for (const [path, kind] of [
        ['export.csv', 'lines'],
        ['export-coded.csv', 'lines'],
        ['export.xlsx', 'xlsx'],
      ] as const) {
        const [ea, eb] = await both(path, filter, kind);
        if (ea.status === 200 && eb.status === 200 && onlyOwnLine) {
          ea.body = maskLines(ea.body as string[], responseId, shown(variant.a));
          eb.body = maskLines(eb.body as string[], responseId, shown(variant.b));
        }
        expect(eb, `${path} of ${variant.name}`).toEqual(ea);
      }
    };

    // The attack of issue 22: the guessed words, then the audience around them.
    const guess = (variant: number, extra: Case['filter'] = {}): [Case] => [
      {
        variant,
        filter: { answer: `${feel.id}:${variants[variant]!.a.text}`, ...extra },
        search: undefined,
        weighted: undefined,
        row: 'gender',
        column: 'region',
      },
    ];
    await fc.assert(fc.asyncProperty(caseArb, check), {
      numRuns: 30,
      examples: [
        guess(1),
        guess(2, { gender: 'female', ageMin: 15, ageMax: 15, region: 'west' }),
        guess(0),
        [{ ...guess(1)[0], filter: { answer: `${pick.id}:c` }, search: 'bus' }],
        // R's codes, differing between the sides while R is withheld, count nowhere.
        [{ ...guess(1)[0], filter: { answer: `${feel.id}.codes:CODE_T` }, row: `q:${feel.id}.codes` }],
        [
          {
            ...guess(1)[0],
            filter: { answer: `${feel.id}.codes:CODE_O`, gender: 'female' },
            column: 'code:CODE_T',
          },
        ],
        [
          {
            ...guess(3)[0],
            filter: { answer: `${feel.id}.codes:CODE_T`, region: 'west' },
            row: `q:${feel.id}.codes`,
          },
        ],
      ],
    });
  }, 180_000);
});
