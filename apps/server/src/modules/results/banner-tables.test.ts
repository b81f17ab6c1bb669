import type { Question } from '@tv/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import {
  BASE_HIDDEN,
  BASE_UNDER_5,
  type BannerRespondent,
  bannerWorkbook,
  computeBannerTables,
  HIDDEN_MARK,
  NOTES_SHEET,
  TABLES_SHEET,
} from './banner-tables';
import { questionVariables } from './crosstab';

const club = question('Do you take part in a club?');
const job = question('Do you have a part-time job?', { type: 'yes_no', options: [] });
const mood = question('How was your week?', {
  type: 'rating',
  options: [],
  scale: { min: 1, max: 5, minLabel: 'Awful', maxLabel: 'Great' },
});
const recommend = question('How likely are you to recommend your school to a friend?', {
  type: 'nps',
  options: [],
  scale: { min: 0, max: 10, minLabel: null, maxLabel: null },
});
const sports = question('Which sports do you play?', {
  type: 'multiple_choice',
  options: [
    { id: 'football', label: 'Football' },
    { id: 'swim', label: 'Swimming' },
  ],
});
const story = question('Tell us about your week', { type: 'short_text', options: [] });
const questions: Question[] = [club, job, mood, recommend, sports, story];

/**
 * 88 respondents: 40 girls, 40 boys, 6 non-binary, 2 self-described. A club: 30 of 40 girls, 14 of 40
 * boys, 3 of 6 non-binary, 1 of 2 self-described. Only 3 rated their week (a table under 5).
 */
function sample(weights: Record<string, number> = {}): BannerRespondent[] {
  const people: BannerRespondent[] = [];
  const add = (gender: string, n: number, yes: number) => {
    for (let i = 0; i < n; i++) {
      people.push({
        age: 13 + (i % 7),
        gender,
        region: 'south',
        weight: weights[gender] ?? 1,
        answers: {
          [club.id]: i < yes ? 'yes' : 'no',
          [job.id]: i % 2 === 0,
          [recommend.id]: i % 11,
          [sports.id]: i % 3 === 0 ? ['football', 'swim'] : ['swim'],
          [story.id]: 'I had a great week at the club',
          ...(gender === 'male' && i < 3 ? { [mood.id]: 4 } : {}),
        },
      });
    }
  };
  add('female', 40, 30);
  add('male', 40, 14);
  add('non_binary', 6, 3);
  add('prefer_to_self_describe', 2, 1);
  return people;
}

const banner = ['gender', `q:${job.id}`];
const meta = { surveyName: 'Life after school', weightLabel: null, filters: [], generatedAt: new Date() };

/** The workbook read back: each table's rows by the label in column A, as cell values from column B on. */
async function readBack(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(TABLES_SHEET)!;
  const values = (rowNumber: number) => {
    const row = sheet.getRow(rowNumber);
    return Array.from({ length: sheet.columnCount }, (_, i) => {
      const value = row.getCell(i + 1).value;
      return value === null || value === undefined ? '' : value;
    });
  };
  const table = (title: string) => {
    let start = 0;
    for (let n = 1; n <= sheet.rowCount; n++) {
      if (String(sheet.getRow(n).getCell(1).value ?? '').includes(title)) {
        start = n;
        break;
      }
    }
    expect(start, `table ${title}`).toBeGreaterThan(0);
    const lines: unknown[][] = [];
    for (let n = start; n <= sheet.rowCount; n++) {
      if (n > start && String(values(n)[0]).startsWith('Table ')) break;
      lines.push(values(n));
    }
    const labelled = (label: string) => lines.find((line) => line[0] === label);
    /** The share row of an answer, and the letters row under it. */
    const answer = (label: string) => {
      const at = lines.findIndex((line) => line[0] === label);
      expect(at, `row ${label}`).toBeGreaterThan(0);
      return { shares: lines[at]!, letters: lines[at + 1]! };
    };
    return { lines, labelled, answer };
  };
  return { workbook, sheet, table };
}

// Columns: A label, B Total, then the banner: C girls (A), D boys (B), E non-binary (C),
// F self-described (D), G yes (E), H no (F).
const TOTAL = 1;
const GIRLS = 2;
const BOYS = 3;
const NON_BINARY = 4;
const SELF = 5;

describe('banner tables, read back from the workbook', () => {
  it('has bases, column percentages and letters that can be checked by hand', async () => {
    const model = computeBannerTables(questions, banner, sample(), false);
    const { table, sheet, workbook } = await readBack(await bannerWorkbook(model, meta));
    const clubTable = table(`Q1. ${club.title}`);
    const header = clubTable.lines[1]!;
    expect(header.slice(1, 3)).toEqual(['Total', 'Gender']);
    expect(header[6]).toBe(`Q2. ${job.title}`);
    expect(clubTable.lines[2]!.slice(2)).toEqual([
      'Girls',
      'Boys',
      'Non-binary',
      'Self-described',
      'Yes',
      'No',
    ]);
    expect(clubTable.lines[3]!.slice(2)).toEqual(['(A)', '(B)', '(C)', '(D)', '(E)', '(F)']);

    // Bases: 88 in all, 40 girls and 40 boys; 2 self-described are under 5, so the 6 non-binary are
    // hidden too (else 88 − 40 − 40 − 6 = 2 would show the self-described group).
    const bases = clubTable.labelled('Unweighted base')!;
    expect(bases[TOTAL]).toBe(88);
    expect(bases[GIRLS]).toBe(40);
    expect(bases[BOYS]).toBe(40);
    expect(bases[NON_BINARY]).toBe(BASE_HIDDEN);
    expect(bases[SELF]).toBe(BASE_UNDER_5);
    expect(clubTable.labelled('Weighted base')).toBeUndefined();

    // Yes: 48 of 88 in all (54.5%); 30 of 40 girls (75.0%), 14 of 40 boys (35.0%).
    const yes = clubTable.answer('Yes');
    expect(yes.shares[TOTAL]).toBeCloseTo(48 / 88, 10);
    expect(yes.shares[GIRLS]).toBeCloseTo(0.75, 10);
    expect(yes.shares[BOYS]).toBeCloseTo(0.35, 10);
    expect(yes.shares[NON_BINARY]).toBe(HIDDEN_MARK);
    expect(yes.shares[SELF]).toBe(HIDDEN_MARK);
    expect(sheet.getCell(`C${sheet.getColumn(1).values.indexOf('Yes')}`).numFmt).toBe('0.0%');
    // Pooled z = (0.75 − 0.35) / √(0.55 × 0.45 × (1/40 + 1/40)) = 3.596, p = 0.0003 < 0.05 (one pair,
    // so Bonferroni changes nothing): girls' 75% carries boys' letter B, boys' 65% 'no' carries A.
    expect(yes.letters[GIRLS]).toBe('B');
    expect(yes.letters[BOYS]).toBe('');
    const no = clubTable.answer('No');
    expect(no.letters[BOYS]).toBe('A');
    expect(no.letters[GIRLS]).toBe('');
    // The job columns (every other respondent of each group said yes) are compared with each other only.
    expect(yes.letters[6]).toBe('');

    // A rating 3 teens answered is hidden whole; NPS is in its bands; open text is no table.
    const moodTable = table(`Q3. ${mood.title}`);
    expect(moodTable.lines.some((line) => String(line[0]).includes('Hidden: fewer than 5'))).toBe(true);
    expect(moodTable.labelled('Unweighted base')).toBeUndefined();
    const npsTable = table(`Q4. ${recommend.title}`);
    expect(npsTable.labelled('Detractors (0–6)')).toBeDefined();
    expect(npsTable.labelled('Promoters (9–10)')).toBeDefined();
    const titles = sheet.getColumn(1).values.map(String);
    expect(titles.some((title) => title.includes(story.title))).toBe(false);
    // Several answers: swimming is everyone's (100%), football a third of girls (i % 3 = 0: 14 of 40).
    const sportsTable = table(`Q5. ${sports.title}`);
    expect(sportsTable.answer('Swimming').shares[TOTAL]).toBe(1);
    expect(sportsTable.answer('Football').shares[GIRLS]).toBeCloseTo(14 / 40, 10);

    const notes = workbook.getWorksheet(NOTES_SHEET)!;
    const text = notes.getColumn(1).values.map(String).join('\n');
    expect(text).toContain('Column proportions z-test at 95%');
    expect(text).toContain('Bonferroni');
  });

  it('weights the percentages and gives both bases', async () => {
    const weights = { female: 1.5, male: 0.5, non_binary: 2, prefer_to_self_describe: 1 };
    const model = computeBannerTables(questions, ['gender'], sample(weights), true);
    const { table } = await readBack(
      await bannerWorkbook(model, { ...meta, weightLabel: 'US teens 13–19 by age, gender and region' }),
    );
    const clubTable = table(`Q1. ${club.title}`);
    expect(clubTable.labelled('Unweighted base')![TOTAL]).toBe(88);
    // Σw = 40 × 1.5 + 40 × 0.5 + 6 × 2 + 2 × 1 = 94.
    expect(clubTable.labelled('Weighted base')![TOTAL]).toBe(94);
    expect(clubTable.labelled('Weighted base')![GIRLS]).toBe(60);
    // Yes: (30 × 1.5 + 14 × 0.5 + 3 × 2 + 1 × 1) / 94 = 59 / 94 = 62.8%.
    expect(clubTable.answer('Yes').shares[TOTAL]).toBeCloseTo(59 / 94, 10);
    // Within a column every weight is equal: the share and the effective base (40) are unchanged.
    expect(clubTable.answer('Yes').shares[GIRLS]).toBeCloseTo(0.75, 10);
    expect(clubTable.answer('Yes').letters[GIRLS]).toBe('B');
  });

  it('counts no open text: answers that differ only in their words give the same tables', () => {
    const reworded = sample().map((person, i) => ({
      ...person,
      answers: { ...person.answers, [story.id]: i % 2 ? 'Withheld for safeguarding review' : `Words ${i}` },
    }));
    expect(computeBannerTables(questions, banner, reworded, false)).toEqual(
      computeBannerTables(questions, banner, sample(), false),
    );
  });

  it('refuses a banner that is open text, several answers or unknown, in words', () => {
    const refusal = (keys: string[]) => {
      try {
        computeBannerTables(questions, keys, sample(), false);
      } catch (error) {
        return error as { statusCode: number; code: string; message: string };
      }
      throw new Error('not refused');
    };
    expect(refusal([`q:${story.id}`])).toMatchObject({ statusCode: 400, code: 'FILTER_NOT_CLOSED' });
    expect(refusal([`q:${sports.id}`]).message).toBe(
      'Banner columns take a question with one answer, or an audience attribute.',
    );
    expect(refusal(['q:nope']).message).toBe(
      'Choose an audience attribute or a closed question of this survey.',
    );
  });
});

describe('closed variables', () => {
  const respondent = (answer: unknown, id: string) => ({
    age: 15,
    gender: 'female',
    region: 'west',
    answers: { [id]: answer },
  });
  it('reads a ranking by the option ranked first, and a Likert matrix statement by statement', () => {
    const ranking = question('Rank these', {
      type: 'ranking',
      options: [
        { id: 'a', label: 'Art' },
        { id: 'b', label: 'Band' },
      ],
    });
    const [first] = questionVariables(ranking, 2);
    expect(first).toMatchObject({
      key: `q:${ranking.id}`,
      label: 'Q3. Rank these (ranked first)',
      multiple: false,
    });
    expect(first!.valuesOf(respondent(['b', 'a'], ranking.id))).toEqual(['b']);
    const matrix = question('How much do you agree?', {
      type: 'likert_matrix',
      options: [
        { id: 'no', label: 'Disagree' },
        { id: 'yes', label: 'Agree' },
      ],
      rows: [
        { id: 'safe', label: 'I feel safe' },
        { id: 'heard', label: 'I am heard' },
      ],
    });
    const statements = questionVariables(matrix, 0);
    expect(statements.map((v) => v.key)).toEqual([`q:${matrix.id}:safe`, `q:${matrix.id}:heard`]);
    expect(statements[1]!.label).toBe('Q1. How much do you agree? — I am heard');
    expect(statements[1]!.valuesOf(respondent({ safe: 'yes', heard: 'no' }, matrix.id))).toEqual(['no']);
    // NPS bands at their edges; a rating's point outside its scale counts nowhere.
    const [nps] = questionVariables(recommend, 3);
    expect([0, 6, 7, 8, 9, 10].map((n) => nps!.valuesOf(respondent(n, recommend.id))[0])).toEqual([
      'detractors',
      'detractors',
      'passives',
      'passives',
      'promoters',
      'promoters',
    ]);
    const [rating] = questionVariables(mood, 2);
    expect(rating!.valuesOf(respondent(9, mood.id))).toEqual([]);
    expect(rating!.valuesOf(respondent(5, mood.id))).toEqual(['5']);
    const [yesNo] = questionVariables(job, 1);
    expect([true, false, 'yes', 'no', null].map((a) => yesNo!.valuesOf(respondent(a, job.id))[0])).toEqual([
      'yes',
      'no',
      'yes',
      'no',
      undefined,
    ]);
    expect(questionVariables(story, 5)).toEqual([]);
  });
});

describe('the banner-tables download', () => {
  let t: TestApp;
  let survey: Awaited<ReturnType<typeof liveSurvey>>;
  beforeAll(async () => {
    t = await createTestApp();
    survey = await liveSurvey(t.app, questions);
    const simulated = await t.app.inject({
      method: 'POST',
      url: `/v2/surveys/${survey.id}/simulate`,
      headers: { cookie: survey.publisher.header },
      payload: { count: 120 },
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });
  const download = (query: string, cookie = survey.author.header) =>
    t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/banner-tables.xlsx?${query}`,
      headers: { cookie },
    });

  it('sends the workbook, with Total counted as the database counts it', async () => {
    const res = await download(`banner=gender,q:${job.id}&includeSimulated=true&weighted=false`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('life-after-school-banner-tables.xlsx');
    const { table } = await readBack(res.rawPayload);
    const [counted] = await queryRows<{ n: number; yes: number }>(
      t.app.database.db,
      sql`select count(*)::int as n, count(*) filter (where answers ->> ${club.id} = 'yes')::int as yes
          from survey_responses where survey_id = ${survey.id} and status = 'completed'
          and excluded = false and answers ? ${club.id}`,
    );
    const clubTable = table(`Q1. ${club.title}`);
    expect(clubTable.labelled('Unweighted base')![TOTAL]).toBe(counted!.n);
    expect(clubTable.answer('Yes').shares[TOTAL]).toBeCloseTo(counted!.yes / counted!.n, 10);
    // Weighted by default for an audience survey: both bases.
    const weighted = await download(`banner=gender&includeSimulated=true`);
    expect(weighted.statusCode).toBe(200);
    const weightedClub = (await readBack(weighted.rawPayload)).table(`Q1. ${club.title}`);
    expect(weightedClub.labelled('Unweighted base')![TOTAL]).toBe(counted!.n);
    expect(typeof weightedClub.labelled('Weighted base')![TOTAL]).toBe('number');
    // No shown base is under 5.
    for (const line of clubTable.lines.filter((l) => l[0] === 'Unweighted base'))
      for (const cell of line.slice(1))
        if (typeof cell === 'number' && cell > 0) expect(cell).toBeGreaterThanOrEqual(5);
  });

  it('refuses bad banners and open-text filters, and hides the survey from another organisation', async () => {
    const none = await download('banner=');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('Choose at least one banner column.');
    const many = await download(
      `banner=age,gender,region,q:${club.id},q:${job.id},q:${mood.id},q:${recommend.id},q:x,q:y`,
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain('Choose at most 8 banner columns.');
    const open = await download(`banner=q:${story.id}`);
    expect(open.statusCode).toBe(400);
    expect(open.json().data.fields.banner).toHaveLength(1);
    const filter = await download(`banner=gender&answer=${story.id}:great`);
    expect(filter.statusCode).toBe(400);
    const alex = await signIn(t.app, 'alex@brightpath.test');
    expect((await download('banner=gender', alex.header)).statusCode).toBe(404);
  });
});
