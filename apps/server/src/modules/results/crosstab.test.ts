import type { CrossTab, Question } from '@tv/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { rakingRows, settledTargets, targetsFor } from './crosstab';
import { columnProportionTests, rake, usTeenTargets } from './statistics';

let t: TestApp;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
const club = question('Do you take part in a club?');
const sports = question('Which sports do you play?', {
  type: 'multiple_choice',
  options: [
    { id: 'football', label: 'Football' },
    { id: 'swim', label: 'Swimming' },
    { id: 'chess', label: 'Chess' },
  ],
});
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
const agree = question('How much do you agree?', {
  type: 'likert_matrix',
  options: [
    { id: 'disagree', label: 'Disagree' },
    { id: 'neutral', label: 'Neither' },
    { id: 'agree', label: 'Agree' },
  ],
  rows: [
    { id: 'safe', label: 'I feel safe at school' },
    { id: 'heard', label: 'Adults listen to me' },
  ],
});
const questions: Question[] = [club, sports, job, mood, recommend, agree];

const table = async (query: string, jar = survey.author) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v2/surveys/${survey.id}/results/crosstab?${query}`,
    headers: { cookie: jar.header },
  });
  return res;
};
const data = async (query: string) => {
  const res = await table(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CrossTab;
};

beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
  const simulated = await t.app.inject({
    method: 'POST',
    url: `/v2/surveys/${survey.id}/simulate`,
    headers: { cookie: survey.publisher.header },
    payload: { count: 400 },
  });
  expect(simulated.statusCode, simulated.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('cross-tabs', () => {
  it('counts one question by an audience attribute, exactly as the rows say', async () => {
    const tab = await data(`row=q:${club.id}&column=gender&weighted=false&includeSimulated=true`);
    expect(tab.weighted).toBe(false);
    expect(tab.weighting).toBeNull();
    const counted = await queryRows<{ gender: string; answer: string; n: number }>(
      t.app.database.db,
      sql`select gender, answers ->> ${club.id} as answer, count(*)::int as n from survey_responses
          where survey_id = ${survey.id} and status = 'completed' and excluded = false and answers ? ${club.id}
          group by 1, 2`,
    );
    for (const [c, column] of tab.columns.entries()) {
      if (column.suppressed) {
        expect(tab.cells.every((line) => line[c]!.count === null)).toBe(true);
        continue;
      }
      const inColumn = counted.filter((row) => row.gender === column.key);
      expect(column.base).toBe(inColumn.reduce((sum, row) => sum + row.n, 0));
      for (const [rowNumber, category] of tab.rows.entries()) {
        const cell = tab.cells[rowNumber]![c]!;
        const n = inColumn.find((row) => row.answer === category.key)?.n ?? 0;
        expect(cell.count).toBe(n);
        const p = n / column.base!;
        // Rounded to one decimal: within half a tenth of the exact share (63.75 may round either way
        // in floating point, depending on whether it is computed as p × 100 or p × 1000 / 10).
        expect(Math.abs(cell.percent! - p * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
        const base = column.base!;
        if (n >= 5 && base - n >= 5) {
          // The 95% margin of error: 1.96 √(p(1 − p) / n), in points.
          expect(cell.marginOfError).toBeCloseTo(
            Math.round(1959.96 * Math.sqrt((p * (1 - p)) / base)) / 10,
            5,
          );
        } else {
          // Fewer than 5 on one side: the Wilson interval's wider side, never ±0 (at 0%: z²/(n + z²)).
          expect(cell.marginOfError!).toBeGreaterThan(0);
          if (n === 0)
            expect(cell.marginOfError).toBeCloseTo(
              Math.round((1000 * 1.96 ** 2) / (base + 1.96 ** 2)) / 10,
              5,
            );
        }
      }
    }
    // One answer per respondent: the table gets a chi-square test.
    expect(tab.chiSquare).not.toBeNull();
    expect(tab.chiSquare!.df).toBe(
      (tab.rows.length - 1) * (tab.columns.filter((c) => !c.suppressed).length - 1),
    );
    expect(tab.significance).toEqual({ alpha: 0.05, correction: 'Bonferroni', minBase: 30 });
  });

  it('gives the letters the column-proportion tests give for the visible columns', async () => {
    const tab = await data(`row=q:${sports.id}&column=region&weighted=false&includeSimulated=true`);
    const visible = tab.columns.map((c, i) => ({ c, i })).filter(({ c }) => !c.suppressed);
    const expected = columnProportionTests(
      tab.cells.map((line) => visible.map(({ i }) => line[i]!.count!)),
      { bases: visible.map(({ c }) => c.base!), minBase: 30 },
    );
    for (const [rowNumber] of tab.rows.entries())
      for (const [v, { i }] of visible.entries())
        expect(tab.cells[rowNumber]![i]!.letters).toEqual(expected.letters[rowNumber]![v]);
    expect(visible.map(({ c }) => c.letter)).toEqual(expected.columnLetters);
    // Several answers per respondent: no chi-square (its cells would not be independent).
    expect(tab.chiSquare).toBeNull();
  });

  it('weights to the US teen margins by default, and reports the efficiency and the effective base', async () => {
    const tab = await data('row=age&column=gender&includeSimulated=true');
    expect(tab.weighted).toBe(true);
    expect(tab.weighting!.converged).toBe(true);
    expect(tab.weighting!.efficiency).toBeGreaterThan(0);
    expect(tab.weighting!.efficiency).toBeLessThanOrEqual(100);
    expect(tab.weighting!.effectiveBase).toBeLessThanOrEqual(tab.base!);
    expect(tab.weighting!.targets).toContain('Census Bureau');
    // The weighted age shares come out at the targets (girls and boys are raked; others keep weight 1).
    const raked = tab.columns.flatMap((c, i) => (c.key === 'female' || c.key === 'male' ? [i] : []));
    const byAge = tab.rows.map((_, r) => raked.reduce((sum, i) => sum + (tab.cells[r]![i]!.count ?? 0), 0));
    const total = byAge.reduce((a, b) => a + b, 0);
    const present = new Set(tab.rows.filter((_, r) => byAge[r]! > 0).map((row) => row.key));
    const targets = targetsFor(null, {
      age: present,
      gender: new Set(['female', 'male']),
      region: new Set(),
    });
    for (const [r, row] of tab.rows.entries()) {
      if (!present.has(row.key)) continue;
      expect(Math.abs(byAge[r]! / total - targets.age![row.key]!)).toBeLessThan(0.02);
    }
  });

  it('cuts the targets to the audience and to the groups that answered', () => {
    const targets = targetsFor(
      { ageMin: 13, ageMax: 15, genders: ['female'], regions: [] },
      {
        age: new Set(['13', '14', '15', '16']),
        gender: new Set(['female']),
        region: new Set(['west', 'south']),
      },
    );
    expect(Object.keys(targets).sort()).toEqual(['age', 'region']);
    expect(Object.keys(targets.age!)).toEqual(['13', '14', '15']);
    const sum = Object.values(targets.age!).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 10);
    expect(targets.region!.west! / targets.region!.south!).toBeCloseTo(
      usTeenTargets.region!.west! / usTeenTargets.region!.south!,
      10,
    );
  });

  it('rakes only to groups that raked respondents are in', () => {
    // The only Northeast respondent is non-binary: not raked, so the Northeast is no target.
    const records = [
      { age: '15', gender: 'female', region: 'west' },
      { age: '16', gender: 'male', region: 'south' },
      { age: '15', gender: 'male', region: 'west' },
      { age: '16', gender: 'female', region: 'south' },
      { age: '15', gender: undefined, region: 'northeast' },
      { age: '15', gender: 'female', region: 'south' },
      { age: '16', gender: 'male', region: 'west' },
      { age: '15', gender: 'male', region: 'south' },
      { age: '16', gender: 'female', region: 'west' },
    ];
    const targets = settledTargets(records, null);
    expect(Object.keys(targets.region!).sort()).toEqual(['south', 'west']);
    const raked = rake(rakingRows(records, targets), targets);
    expect(raked.weights[4]).toBe(1);
    expect(raked.converged).toBe(true);
  });

  it('hides columns under 5 and a filtered group under 5, as the summary does', async () => {
    const tab = await data(`row=q:${club.id}&column=age&weighted=false&includeSimulated=true`);
    for (const column of tab.columns) {
      if (column.base === null) expect(column.suppressed).toBe(true);
      else expect(column.base).toBeGreaterThanOrEqual(5);
    }
    const counts = await queryRows<{ age: number; n: number }>(
      t.app.database.db,
      sql`select age, count(*)::int as n from survey_responses where survey_id = ${survey.id} and status = 'completed' group by 1 order by 2`,
    );
    const smallest = counts[0]!;
    if (smallest.n < 5) {
      const narrow = await data(
        `row=q:${club.id}&column=gender&ageMin=${smallest.age}&ageMax=${smallest.age}&includeSimulated=true`,
      );
      expect(narrow.suppressed).toBe(true);
      expect(narrow.cells).toEqual([]);
    }
  });

  it('exports under the same filters, with the weight the table uses', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/surveys/${survey.id}/results/export-coded.csv?gender=female&includeSimulated=true`,
      headers: { cookie: survey.author.header },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const [count] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from survey_responses where survey_id = ${survey.id} and status = 'completed' and gender = 'female'`,
    );
    expect(rows).toHaveLength(count!.n);
    const columns = header!.split(',');
    const gender = columns.indexOf('gender');
    expect(new Set(rows.map((row) => row.split(',')[gender]))).toEqual(new Set(['1']));
    expect(columns).toContain('weight');
    const weights = rows.map((row) => Number(row.split(',')[columns.indexOf('weight')]));
    expect(weights.every((w) => w > 0)).toBe(true);
  });

  it('takes yes/no, rating, NPS (in its bands) and each Likert statement as rows and columns', async () => {
    const keys = (await data('row=gender&column=region')).variables.map((v) => v.key);
    expect(keys).toEqual([
      'age',
      'gender',
      'region',
      `q:${club.id}`,
      `q:${sports.id}`,
      `q:${job.id}`,
      `q:${mood.id}`,
      `q:${recommend.id}`,
      `q:${agree.id}:safe`,
      `q:${agree.id}:heard`,
    ]);
    type Counted = { r: string; c: string; n: number };
    const db = t.app.database.db;
    const check = async (tab: CrossTab, counted: Counted[]) => {
      expect(tab.suppressed).toBe(false);
      for (const [c, column] of tab.columns.entries()) {
        if (column.suppressed) continue;
        const inColumn = counted.filter((row) => row.c === column.key);
        expect(column.base, column.key).toBe(inColumn.reduce((sum, row) => sum + row.n, 0));
        for (const [rowNumber, category] of tab.rows.entries())
          expect(tab.cells[rowNumber]![c]!.count, `${category.key} × ${column.key}`).toBe(
            inColumn.find((row) => row.r === category.key)?.n ?? 0,
          );
      }
      expect(tab.columns.filter((c) => !c.suppressed).length).toBeGreaterThanOrEqual(2);
    };
    // A rating's points by yes/no.
    const moodByJob = await data(`row=q:${mood.id}&column=q:${job.id}&weighted=false&includeSimulated=true`);
    expect(moodByJob.rows.map((r) => r.label)).toEqual(['1 (Awful)', '2', '3', '4', '5 (Great)']);
    expect(moodByJob.columns.map((c) => c.key)).toEqual(['yes', 'no']);
    await check(
      moodByJob,
      await queryRows<Counted>(
        db,
        sql`select answers ->> ${mood.id} as r, answers ->> ${job.id} as c, count(*)::int as n
            from survey_responses where survey_id = ${survey.id} and status = 'completed' and excluded = false
            and answers ? ${mood.id} and answers ? ${job.id} group by 1, 2`,
      ),
    );
    // NPS bands by a Likert statement.
    const npsBySafe = await data(
      `row=q:${recommend.id}&column=q:${agree.id}:safe&weighted=false&includeSimulated=true`,
    );
    expect(npsBySafe.rows.map((r) => r.key)).toEqual(['detractors', 'passives', 'promoters']);
    await check(
      npsBySafe,
      await queryRows<Counted>(
        db,
        sql`select case when (answers ->> ${recommend.id})::int <= 6 then 'detractors'
                        when (answers ->> ${recommend.id})::int <= 8 then 'passives' else 'promoters' end as r,
                   answers -> ${agree.id} ->> 'safe' as c, count(*)::int as n
            from survey_responses where survey_id = ${survey.id} and status = 'completed' and excluded = false
            and answers ? ${recommend.id} and answers -> ${agree.id} ? 'safe' group by 1, 2`,
      ),
    );
    // Yes/no as rows, with a chi-square test, against an audience attribute.
    const jobByGender = await data(`row=q:${job.id}&column=gender&includeSimulated=true`);
    expect(jobByGender.rows.map((r) => r.label)).toEqual(['Yes', 'No']);
    expect(jobByGender.chiSquare).not.toBeNull();
  });

  it('refuses what cannot be a table, in words', async () => {
    const unknown = await table('row=q:nope&column=gender');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields.row).toEqual([
      'Choose an audience attribute or a closed question of this survey.',
    ]);
    const multiple = await table(`row=gender&column=q:${sports.id}`);
    expect(multiple.statusCode).toBe(400);
    expect(multiple.json().data.fields.column).toEqual([
      'Columns take a question with one answer, or an audience attribute.',
    ]);
    const same = await table('row=gender&column=gender');
    expect(same.statusCode).toBe(400);
    const hostile = await table('row=q:%00&column=gender');
    expect(hostile.statusCode).toBe(400);
    // Another organisation's member does not learn the survey exists.
    const alex = await signIn(t.app, 'alex@brightpath.test');
    expect((await table('row=gender&column=region', alex)).statusCode).toBe(404);
  });
});
