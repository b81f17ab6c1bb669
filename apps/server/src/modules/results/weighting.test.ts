import type { Question, ResultsSummary, WeightingTargetsInfo } from '@tv/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/session';
import { liveSurvey, question } from '../../test/surveys';
import { type AudienceCell, setResponseExcluded } from './aggregates';
import { rake } from './statistics';
import { summarize, summarizeRaw } from './summary';
import {
  appliedTargetsText,
  cellWeights,
  censusLabel,
  clearWeightCache,
  responseWeights,
  weightCacheStats,
  weightsFromCells,
} from './weighting';

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
const happy = question('How happy are you with weekends?', {
  type: 'rating',
  options: [],
  scale: { min: 1, max: 5, minLabel: 'Not at all', maxLabel: 'Very' },
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
const questions: Question[] = [club, sports, happy, statements];

const url = (suffix: string) => `/v2/surveys/${survey.id}${suffix}`;
const call = async (
  method: 'GET' | 'PUT' | 'DELETE',
  suffix: string,
  payload?: object,
  jar = survey.author,
) =>
  t.app.inject({
    method,
    url: url(suffix),
    headers: { cookie: jar.header },
    ...(payload ? { payload } : {}),
  });
const summaryOf = async (query = '') => {
  const res = await call('GET', `/results/summary?includeSimulated=true${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ResultsSummary;
};
/** Changes responses in place, then lets the summaries count them all from the tail again. */
const rewrite = async (change: ReturnType<typeof sql>) => {
  const db = t.app.database.db;
  await db.execute(change);
  await db.execute(sql`delete from result_aggregates where survey_id = ${survey.id}`);
  await db.execute(sql`insert into unfolded_responses (survey_id, response_id)
      select survey_id, id from survey_responses where survey_id = ${survey.id} on conflict do nothing`);
};
/** Equal within the rounding of a figure shown with `decimals` decimals. */
const near = (shown: number | null | undefined, exact: number, decimals = 1) =>
  expect(Math.abs((shown ?? Number.NaN) - exact)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
const storedTargets = async () => {
  const [row] = await queryRows<{ targets: unknown }>(
    t.app.database.db,
    sql`select weighting_targets as targets from surveys where id = ${survey.id}`,
  );
  return row?.targets ?? null;
};
const surveyRow = async () => {
  const [row] = await queryRows<{ audience: never; weighting_targets: never }>(
    t.app.database.db,
    sql`select audience, weighting_targets from surveys where id = ${survey.id}`,
  );
  return { id: survey.id, audience: row!.audience, weightingTargets: row!.weighting_targets };
};

const customCsv = [
  'attribute,value,percent',
  'gender,female,70',
  'gender,male,30',
  'region,northeast,10',
  'region,midwest,10',
  'region,south,40',
  'region,west,40',
].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
  const simulated = await t.app.inject({
    method: 'POST',
    url: url('/simulate'),
    headers: { cookie: survey.publisher.header },
    payload: { count: 300 },
  });
  expect(simulated.statusCode, simulated.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('raking from audience cells', () => {
  it('gives the same weights as raking every respondent', () => {
    const cells = [
      { age: '13', gender: 'female', region: 'west', n: 7 },
      { age: '14', gender: 'male', region: 'west', n: 3 },
      { age: '13', gender: 'male', region: 'south', n: 12 },
      { age: '14', gender: 'female', region: 'south', n: 5 },
    ];
    const targets = { age: { '13': 0.4, '14': 0.6 }, gender: { female: 0.5, male: 0.5 } };
    const records = cells.map(({ n: _n, ...c }) => c);
    const byCell = rake(records, targets, { frequencies: cells.map((c) => c.n), trim: { min: 0.2, max: 5 } });
    const people = cells.flatMap(({ n, ...c }) => Array.from({ length: n }, () => c));
    const byPerson = rake(people, targets, { trim: { min: 0.2, max: 5 } });
    let at = 0;
    for (const [i, c] of cells.entries()) {
      for (let k = 0; k < c.n; k++) expect(byPerson.weights[at++]).toBeCloseTo(byCell.weights[i]!, 9);
    }
    expect(byCell.raked).toBe(27);
    expect(byCell.converged).toBe(byPerson.converged);
  });

  it('converges to a researcher’s own targets, non-binary teens included', () => {
    const cells: AudienceCell[] = [];
    const genders = ['female', 'male', 'non_binary'];
    const regions = ['northeast', 'midwest', 'south', 'west'];
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let age = 13; age <= 19; age++)
      for (const gender of genders)
        for (const region of regions) cells.push({ age, gender, region, n: 1 + Math.floor(next() * 20) });
    const targets = {
      gender: { female: 0.45, male: 0.45, non_binary: 0.1 },
      region: { northeast: 0.1, midwest: 0.2, south: 0.3, west: 0.4 },
    };
    const weights = weightsFromCells(cells, { audience: null, weightingTargets: targets });
    expect(weights.source).toBe('custom');
    expect(weights.converged).toBe(true);
    for (const [attribute, shares] of Object.entries(targets)) {
      const total = cells.reduce((sum, c) => sum + c.n * weights.of(c), 0);
      for (const [value, share] of Object.entries(shares)) {
        const got = cells
          .filter((c) => c[attribute as 'gender' | 'region'] === value)
          .reduce((sum, c) => sum + c.n * weights.of(c), 0);
        expect(got / total).toBeCloseTo(share, 5);
      }
    }
    // Age is not among the targets, so it is not raked.
    expect(weights.label).toBe('targets set for this survey by gender and US region');
  });
});

describe('the weighting note names the audience’s own ages and targets (issue 26)', () => {
  const cells: AudienceCell[] = [14, 15, 16, 17, 18].flatMap((age) =>
    ['female', 'male'].flatMap((gender) =>
      ['northeast', 'midwest', 'south', 'west'].map((region) => ({ age, gender, region, n: 6 })),
    ),
  );
  const audience = { ageMin: 14, ageMax: 18, genders: [], regions: [] };

  it('says 14–18 for a 14–18 audience, never 13 or 19', () => {
    const weights = weightsFromCells(cells, { audience, weightingTargets: null });
    expect(weights.label).toBe(
      'US teens 14–18 by age, gender and census region (Census Bureau SC-EST2019-AGESEX-CIV, 2019)',
    );
    expect(weights.applied).toMatch(/^age 14 \d+\.\d%, 15 \d+\.\d%, 16 \d+\.\d%, 17 \d+\.\d%, 18 \d+\.\d%; /);
    expect(weights.applied).not.toMatch(/\b1[39] /);
    expect(weights.applied).toContain('gender: Girls');
    // The shares stated are the targets cut to the audience: each attribute adds up to 100%.
    const ages = [...weights.applied!.split(';')[0]!.matchAll(/(\d+\.\d)%/g)].map((m) => Number(m[1]));
    expect(Math.abs(ages.reduce((a, b) => a + b, 0) - 100)).toBeLessThan(0.3);
  });

  it('keeps the whole range for an audience without limits', () => {
    expect(censusLabel(null)).toMatch(/^US teens 13–19 by age/);
    expect(censusLabel({ ageMin: 15, ageMax: 15, genders: [], regions: [] })).toMatch(/^US teens aged 15 by/);
    expect(appliedTargetsText({})).toBeNull();
  });
});

describe('weighting targets', () => {
  it('uses the Census margins until a researcher sets targets', async () => {
    const res = await call('GET', '/weighting-targets?includeSimulated=true');
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data as WeightingTargetsInfo;
    expect(info.source).toBe('census');
    expect(info.custom).toBeNull();
    expect(info.label).toContain('Census Bureau');
    expect(info.census.gender).toEqual({ female: 49.05, male: 50.95 });
    // What is raked for this audience, stated in the dialog (issue 26).
    expect(info.applied).toMatch(/^age 13 \d+\.\d%, .*; gender: Girls \d+\.\d%, Boys \d+\.\d%/);
    const [counted] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from survey_responses where survey_id = ${survey.id} and status = 'completed' and not excluded`,
    );
    expect(info.respondents).toBe(counted!.n);
    expect(info.respondents).toBeGreaterThan(100);
    expect(info.efficiency).toBeGreaterThan(0);
  });

  it('refuses bad targets in words, and changes nothing', async () => {
    const bad: [object, RegExp][] = [
      [{ csv: 'gender,female,60\ngender,male,30' }, /Gender adds up to 90%/],
      [{ csv: 'gender,female,50.6\ngender,male,50' }, /Gender adds up to 100\.6%/],
      [
        { csv: 'age,22,50\nage,13,50' },
        /Line 1: “22” is not an age we survey\. Use a whole age from 13 to 19\./,
      ],
      [{ csv: 'income,high,100' }, /not something results can be weighted by/],
      [{ csv: 'gender,female,-10\ngender,male,110' }, /can’t be negative/],
      [{ csv: 'gender,female,1e308\ngender,male,0' }, /can’t be more than 100%/],
      [{ csv: 'gender,female,half\ngender,male,50' }, /is not a percentage/],
      [{ csv: 'gender,female,50\ngender,female,50' }, /given twice/],
      [{ csv: 'gender,female,100\ngender,male,0' }, /at least two values/],
      [{ csv: 'gender;female' }, /three values separated by commas/],
      [{ csv: '' }, /Add at least one target/],
      [{ rows: [] }, /Add at least one target/],
      [{ rows: [{ attribute: 'region', value: 'mars', percent: 100 }] }, /“mars” is not a US region/],
      [{ csv: 'a,b,c', rows: [] }, /.+/],
      [{ rows: [{ attribute: 'gender', value: 'female', percent: '1e400' }] }, /is not a percentage/],
    ];
    for (const [payload, message] of bad) {
      const res = await call('PUT', '/weighting-targets', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(message);
    }
    // A NUL byte is refused at the door, a file with one by the targets' own check.
    const nul = await call('PUT', '/weighting-targets', { csv: 'gender,female,50\u0000\ngender,male,50' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/NUL/);
    expect(await storedTargets()).toBeNull();
  });

  it('reports every problem of a file, with its line', async () => {
    const res = await call('PUT', '/weighting-targets', {
      csv: 'attribute,value,percent\ngender,girls,40\ngender,boys,40\nregion,west,abc\n',
    });
    expect(res.statusCode).toBe(400);
    const problems: string[] = res.json().data.fields.targets;
    expect(problems).toContain('Line 4: “abc” is not a percentage. Write a number from 0 to 100, like 14.5.');
    expect(problems.some((p) => p.startsWith('Gender adds up to 80%'))).toBe(true);
  });

  it('saves uploaded targets, weights the results to them, and names them', async () => {
    clearWeightCache();
    const before = await summaryOf();
    expect(before.weighting!.source).toBe('census');
    const res = await call('PUT', '/weighting-targets?includeSimulated=true', { csv: customCsv });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data as WeightingTargetsInfo;
    expect(info.source).toBe('custom');
    expect(info.custom!.gender).toEqual({ female: 70, male: 30 });
    expect(await storedTargets()).toMatchObject({ gender: { female: 0.7, male: 0.3 } });

    const after = await summaryOf();
    expect(after.weighting!.source).toBe('custom');
    expect(after.weighting!.targets).toBe('targets set for this survey by gender and US region');
    // The girls' share of those who answered the club question now follows the targets.
    const weights = await cellWeights(t.app.database.db, await surveyRow(), true);
    const people = await queryRows<{ age: number; gender: string; region: string }>(
      t.app.database.db,
      sql`select age, gender, region from survey_responses where survey_id = ${survey.id} and status = 'completed' and not excluded`,
    );
    const raked = people.filter((p) => p.gender === 'female' || p.gender === 'male');
    const total = raked.reduce((sum, p) => sum + weights.of(p), 0);
    const girls = raked.filter((p) => p.gender === 'female').reduce((sum, p) => sum + weights.of(p), 0);
    expect(girls / total).toBeCloseTo(0.7, 3);

    const tab = await call('GET', '/results/crosstab?row=gender&column=region&includeSimulated=true');
    expect(tab.json().data.weighting.targets).toBe('targets set for this survey by gender and US region');
    const sav = await call('GET', '/results/codebook.csv?includeSimulated=true');
    expect(sav.statusCode).toBe(200);
    expect(sav.body).toContain('Weight (raked to targets set for this survey by gender and US region)');
  });

  it('reports a target nobody in the sample is in', async () => {
    const [{ n: ages } = { n: 0 }] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from survey_responses where survey_id = ${survey.id} and age = 19`,
    );
    // Move every 19-year-old to 18 so age 19 has a target and no respondent.
    if (ages > 0)
      await rewrite(sql`update survey_responses set age = 18 where survey_id = ${survey.id} and age = 19`);
    const res = await call('PUT', '/weighting-targets?includeSimulated=true', {
      rows: [
        { attribute: 'age', value: '13', percent: 15 },
        { attribute: 'age', value: '14', percent: 15 },
        { attribute: 'age', value: '15', percent: 15 },
        { attribute: 'age', value: '16', percent: 15 },
        { attribute: 'age', value: '17', percent: 15 },
        { attribute: 'age', value: '18', percent: 15 },
        { attribute: 'age', value: '19', percent: 10 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().data as WeightingTargetsInfo;
    const nineteen = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from survey_responses where survey_id = ${survey.id} and age = 19 and status = 'completed'`,
    );
    expect(nineteen[0]!.n).toBe(0);
    expect(info.warnings).toContain(
      'Age 19 has a target of 10.0%, but no counted respondent is in it. It is left out, and the other values of age are scaled up to 100%.',
    );
    expect(info.converged).toBe(true);
  });

  it('resets to the Census margins', async () => {
    const res = await call('DELETE', '/weighting-targets?includeSimulated=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.source).toBe('census');
    expect(await storedTargets()).toBeNull();
    expect((await summaryOf()).weighting!.source).toBe('census');
  });

  it('is refused to those who may not change it, and hidden from other organisations', async () => {
    const alex = await signIn(t.app, 'alex@brightpath.test');
    expect((await call('GET', '/weighting-targets', undefined, alex)).statusCode).toBe(404);
    expect((await call('PUT', '/weighting-targets', { csv: customCsv }, alex)).statusCode).toBe(404);
    const moderator = await call('PUT', '/weighting-targets', { csv: customCsv }, survey.moderator);
    expect(moderator.statusCode).toBe(403);
    expect(await storedTargets()).toBeNull();
  });
});

describe('weighted summary', () => {
  const db = () => t.app.database.db;
  const meta = () => ({ id: survey.id, status: 'live', sampleSize: null });

  it('is weighted by default for an audience survey, and unweighted on request exactly as before', async () => {
    const weighted = await summaryOf();
    expect(weighted.weighted).toBe(true);
    expect(weighted.weighting!.efficiency).toBeGreaterThan(0);
    expect(weighted.weighting!.effectiveBase).toBeLessThanOrEqual(weighted.totals.responses);
    const unweighted = await summaryOf('&weighted=false');
    expect(unweighted.weighted).toBe(false);
    expect(unweighted.weighting).toBeNull();
    // Unweighted equals the summary counted from raw rows, as it was before weighting.
    const raw = await summarizeRaw(db(), meta(), questions, { includeSimulated: true });
    const strip = (s: ResultsSummary) => ({
      ...s,
      generatedAt: '',
      status: '',
      totals: { ...s.totals, sampleSize: null },
    });
    expect(strip(unweighted)).toEqual(strip({ ...raw, weighted: false, weighting: null }));
    // Counts are unweighted respondents in both.
    const clubOf = (s: ResultsSummary) => s.questions.find((q) => q.questionId === club.id)!;
    expect(clubOf(weighted).options.map((o) => o.count)).toEqual(
      clubOf(unweighted).options.map((o) => o.count),
    );
  });

  it('equals a recount from raw rows with each response’s weight', async () => {
    const summary = await summaryOf();
    const { byId } = await responseWeights(db(), await surveyRow(), true);
    const rows = await queryRows<{ id: string; answers: Record<string, unknown> }>(
      db(),
      sql`select id, answers from survey_responses where survey_id = ${survey.id} and status = 'completed' and not excluded`,
    );
    const weightOf = (id: string) => byId.get(id)!;
    const share = (answered: typeof rows, test: (row: (typeof rows)[number]) => boolean) => {
      const base = answered.reduce((sum, row) => sum + weightOf(row.id), 0);
      const part = answered.filter(test).reduce((sum, row) => sum + weightOf(row.id), 0);
      return (part / base) * 100;
    };
    const result = (id: string) => summary.questions.find((q) => q.questionId === id)!;

    const clubAnswered = rows.filter((row) => typeof row.answers[club.id] === 'string');
    for (const option of result(club.id).options) {
      near(
        option.percent,
        share(clubAnswered, (row) => row.answers[club.id] === option.id),
      );
      expect(option.count).toBe(clubAnswered.filter((row) => row.answers[club.id] === option.id).length);
    }
    // The margin of error uses Kish's effective base of those who answered.
    const w = clubAnswered.map((row) => weightOf(row.id));
    const effective = w.reduce((a, b) => a + b, 0) ** 2 / w.reduce((a, b) => a + b * b, 0);
    const p = share(clubAnswered, (row) => row.answers[club.id] === 'yes') / 100;
    near(result(club.id).options[0]!.marginOfError, 1.959964 * Math.sqrt((p * (1 - p)) / effective) * 100);
    expect(effective).toBeLessThan(clubAnswered.length);

    const sportsAnswered = rows.filter((row) => Array.isArray(row.answers[sports.id]));
    for (const option of result(sports.id).options) {
      near(
        option.percent,
        share(sportsAnswered, (row) => (row.answers[sports.id] as string[]).includes(option.id)),
      );
    }
    const happyAnswered = rows.filter((row) => typeof row.answers[happy.id] === 'number');
    for (const bar of result(happy.id).distribution) {
      near(
        bar.percent,
        share(happyAnswered, (row) => row.answers[happy.id] === Number(bar.id)),
      );
    }
    const mean =
      happyAnswered.reduce((sum, row) => sum + (row.answers[happy.id] as number) * weightOf(row.id), 0) /
      happyAnswered.reduce((sum, row) => sum + weightOf(row.id), 0);
    near(result(happy.id).mean, mean, 2);
    for (const line of result(statements.id).matrix) {
      const answered = rows.filter(
        (row) =>
          typeof (row.answers[statements.id] as Record<string, string> | undefined)?.[line.id] === 'string',
      );
      for (const column of line.columns) {
        near(
          column.percent,
          share(
            answered,
            (row) => (row.answers[statements.id] as Record<string, string>)[line.id] === column.id,
          ),
        );
      }
    }
    // Counted from the aggregates or from raw rows, the weighted summary is the same.
    const weights = await cellWeights(db(), await surveyRow(), true);
    const fromRaw = await summarizeRaw(
      db(),
      meta(),
      questions,
      { includeSimulated: true },
      undefined,
      weights,
    );
    const fromAggregates = await summarize(
      db(),
      meta(),
      questions,
      { includeSimulated: true },
      undefined,
      false,
      weights,
    );
    const strip = (s: ResultsSummary) => ({ ...s, generatedAt: '' });
    expect(strip(fromAggregates)).toEqual(strip(fromRaw));
  });

  it('hides a weighted group under 5 just as the unweighted one', async () => {
    const [smallest] = await queryRows<{ age: number; n: number }>(
      db(),
      sql`select age, count(*)::int as n from survey_responses where survey_id = ${survey.id} and status = 'completed' group by 1 order by 2 limit 1`,
    );
    // Down to 3 respondents of that age, then filter to them.
    await rewrite(
      sql`update survey_responses set age = ${smallest!.age === 13 ? 14 : 13} where id in (
        select id from survey_responses where survey_id = ${survey.id} and age = ${smallest!.age} offset 3)`,
    );
    const weighted = await summaryOf(`&ageMin=${smallest!.age}&ageMax=${smallest!.age}`);
    const unweighted = await summaryOf(`&ageMin=${smallest!.age}&ageMax=${smallest!.age}&weighted=false`);
    expect(unweighted.suppressed).toBe(true);
    expect(weighted.suppressed).toBe(true);
    expect(weighted.questions).toEqual([]);
    // The switch says 'Weighted', so the note must too (issue 26): targets named, no figures.
    expect(weighted.weighted).toBe(true);
    expect(weighted.weighting).toMatchObject({ source: 'census', efficiency: null, effectiveBase: null });
    expect(weighted.weighting!.targets).toMatch(/^US teens /);
    expect(unweighted.weighting).toBeNull();
  });
});

describe('the weights cache', () => {
  it('answers again until the targets change or a response is excluded', async () => {
    const db = t.app.database.db;
    clearWeightCache();
    const start = { ...weightCacheStats };
    const first = await cellWeights(db, await surveyRow(), true);
    await cellWeights(db, await surveyRow(), true);
    expect(weightCacheStats.misses - start.misses).toBe(1);
    expect(weightCacheStats.hits - start.hits).toBe(1);

    // New targets: raked again (by the save, which reports the new weights), then answered from the cache.
    await call('PUT', '/weighting-targets?includeSimulated=true', { csv: customCsv });
    expect(weightCacheStats.misses - start.misses).toBe(2);
    const custom = await cellWeights(db, await surveyRow(), true);
    expect(weightCacheStats.misses - start.misses).toBe(2);
    expect(weightCacheStats.hits - start.hits).toBe(2);
    expect(custom.source).toBe('custom');
    expect(custom).not.toBe(first);

    // A response excluded: raked again, from one respondent fewer.
    const [one] = await queryRows<{ id: string }>(
      db,
      sql`select id from survey_responses where survey_id = ${survey.id} and status = 'completed' and not excluded limit 1`,
    );
    await setResponseExcluded(
      db,
      { surveyId: survey.id, responseId: one!.id, completedOnly: true },
      { excluded: true, excludedReason: 'Test', excludedBy: null },
    );
    const fewer = await cellWeights(db, await surveyRow(), true);
    expect(weightCacheStats.misses - start.misses).toBe(3);
    expect(fewer.respondents).toBe(custom.respondents - 1);
    // And counted again: raked again.
    await setResponseExcluded(
      db,
      { surveyId: survey.id, responseId: one!.id, completedOnly: true },
      { excluded: false, excludedReason: null, excludedBy: null },
    );
    const back = await cellWeights(db, await surveyRow(), true);
    expect(back.respondents).toBe(custom.respondents);
    expect(weightCacheStats.misses - start.misses).toBe(4);
    await call('DELETE', '/weighting-targets');
  });
});
