import { randomUUID } from 'node:crypto';
import type { Question } from '@tv/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { createTestApp, type TestApp } from '../../test/app';
import { liveSurvey, question } from '../../test/surveys';
import { expansionSql, FILTERABLE_TYPES, foldDelta, pgNumberText } from './aggregates';

/**
 * The fold counts in memory (decision 051) what the summary's tail expands in SQL. For any stored
 * answers, whatever their JSON (numbers with exponents, nested lists and grids, Unicode, nulls,
 * 'Other' texts, keys of no question), the two make the same aggregate rows, to the text of each key.
 */

const pick = question('Pick one', {
  options: [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
  ],
});
const many = question('Pick any', {
  type: 'multiple_choice',
  options: [
    { id: 'x', label: 'X' },
    { id: 'y', label: 'Y' },
  ],
});
const count = question('How many?', { type: 'number', options: [] });
const grid = question('Grid', {
  type: 'likert_matrix',
  options: [
    { id: 'y', label: 'Yes' },
    { id: 'n', label: 'No' },
  ],
  rows: [
    { id: 'r1', label: 'Row' },
    { id: 'r2', label: 'Row two' },
  ],
});
const idea = question('Idea', { type: 'short_text', options: [] });
const questions: Question[] = [pick, many, count, grid, idea];

/** Text PostgreSQL can store: no NUL, no lone surrogate. */
const text = fc.string({ unit: 'grapheme', maxLength: 6 }).filter((s) => !s.includes('\0'));
const scalar = fc.oneof(
  text,
  fc.constantFrom('a', 'b', 'x', 'y'),
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  fc.constantFrom(1e-7, 1.5e21, -2.5e-9, 0.1, 123.456, 5e-324, 1.7976931348623157e308),
);
const value = fc.letrec((tie) => ({
  value: fc.oneof(
    { arbitrary: scalar, weight: 4 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }), weight: 1 },
    { arbitrary: fc.dictionary(text, tie('value'), { maxKeys: 3, noNullPrototype: true }), weight: 1 },
  ),
})).value;
const key = fc.constantFrom(
  pick.id,
  many.id,
  count.id,
  grid.id,
  idea.id,
  `${pick.id}.other`,
  'not-a-question',
);
const respondent = fc.record({
  status: fc.constantFrom('completed', 'completed', 'screened_out'),
  excluded: fc.boolean(),
  simulated: fc.boolean(),
  age: fc.integer({ min: 13, max: 19 }),
  gender: fc.constantFrom('female', 'male'),
  region: fc.constantFrom('West', 'South'),
  duration: fc.option(fc.integer({ min: 0, max: 5000 })),
  answers: fc.dictionary(key, value, { maxKeys: 6, noNullPrototype: true }),
});

let t: TestApp;
let surveyId: string;
beforeAll(async () => {
  t = await createTestApp();
  surveyId = (await liveSurvey(t.app, questions)).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Row = {
  fq: string;
  fv: string;
  simulated: boolean;
  kind: string;
  qid: string;
  k1: string;
  k2: string;
  age: number;
  gender: string;
  region: string;
  n: number;
};
const canonical = (rows: Row[]) =>
  rows
    .filter((r) => Number(r.n) !== 0)
    .map((r) =>
      JSON.stringify([
        r.fq,
        r.fv,
        r.simulated,
        r.kind,
        r.qid,
        r.k1,
        r.k2,
        r.age,
        r.gender,
        r.region,
        Number(r.n),
      ]),
    )
    .sort();

describe('the in-memory fold', () => {
  it('writes numbers as PostgreSQL writes jsonb numbers', () => {
    expect(pgNumberText(1e-7)).toBe('0.0000001');
    expect(pgNumberText(-2.5e-9)).toBe('-0.0000000025');
    expect(pgNumberText(1.5e21)).toBe('1500000000000000000000');
    expect(pgNumberText(123.456)).toBe('123.456');
  });

  it('makes the rows the SQL expansion makes, for any stored answers', async () => {
    const db = t.app.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(respondent, { minLength: 1, maxLength: 8 }), async (rows) => {
        await db.delete(surveyResponses).where(eq(surveyResponses.surveyId, surveyId));
        await db.insert(surveyResponses).values(
          rows.map((r) => ({
            surveyId,
            clientResponseId: randomUUID(),
            status: r.status as 'completed',
            excluded: r.excluded,
            simulated: r.simulated,
            age: r.age,
            gender: r.gender,
            state: 'CA',
            region: r.region,
            answers: r.answers as never,
            durationSeconds: r.duration,
          })),
        );
        const fromSql = await queryRows<Row>(
          db,
          sql`with src as (
              select id, survey_id, simulated, age, gender, region, status, excluded, duration_seconds, answers,
                  1 as sign from survey_responses where survey_id = ${surveyId}
            ), ${expansionSql()}
            select fq, fv, simulated, kind, qid, k1, k2, age, gender, region, n::float8 as n from delta`,
        );
        const stored = await queryRows<Parameters<typeof foldDelta>[0][number]>(
          db,
          sql`select simulated, age, gender, region, status, excluded, duration_seconds, answers
              from survey_responses where survey_id = ${surveyId}`,
        );
        const d = foldDelta(stored, {
          filterable: new Set(
            questions
              .filter((q) => (FILTERABLE_TYPES as readonly string[]).includes(q.type))
              .map((q) => q.id),
          ),
          text: new Set([idea.id]),
        });
        const inMemory: Row[] = d.n.map((n, i) => ({
          fq: d.fq[i]!,
          fv: d.fv[i]!,
          simulated: d.simulated[i]!,
          kind: d.kind[i]!,
          qid: d.qid[i]!,
          k1: d.k1[i]!,
          k2: d.k2[i]!,
          age: d.age[i]!,
          gender: d.gender[i]!,
          region: d.region[i]!,
          n,
        }));
        expect(canonical(inMemory)).toEqual(canonical(fromSql));
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
