import { randomUUID } from 'node:crypto';
import type { AnswerValue, Question, ResultsFilter, ResultsSummary } from '@tv/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultAggregates, surveyResponses } from '../../db/schema/responses';
import { createTestApp, type TestApp } from '../../test/app';
import { liveSurvey, question } from '../../test/surveys';
import { foldSurvey, setResponseExcluded } from './aggregates';
import { summarize, summarizeRaw } from './summary';

/**
 * Maintained aggregates stay exact (decisions 020, 051): after any sequence of submissions, folds
 * (whole or partial, two at once), exclusions and inclusions, and at every fold boundary, the summary
 * read from the aggregates and the unfolded tail equals the summary counted from raw rows, for any
 * filter.
 */

const pick = question('Which club would you join?', {
  required: false,
  options: [
    { id: 'a', label: 'Art' },
    { id: 'b', label: 'Band' },
    { id: 'c', label: 'Coding' },
  ],
});
const sports = question('Which sports do you play?', {
  type: 'multiple_choice',
  required: false,
  options: [
    { id: 'run', label: 'Running' },
    { id: 'swim', label: 'Swimming' },
    { id: 'chess', label: 'Chess' },
  ],
});
const happy = question('How happy are you?', {
  type: 'rating',
  required: false,
  options: [],
  scale: { min: 1, max: 5, minLabel: null, maxLabel: null },
});
const agree = question('How much do you agree?', {
  type: 'likert_matrix',
  required: false,
  options: [
    { id: 'y', label: 'Agree' },
    { id: 'n', label: 'Disagree' },
  ],
  rows: [
    { id: 'safe', label: 'I feel safe' },
    { id: 'heard', label: 'I feel heard' },
  ],
});
const rank = question('Rank these', {
  type: 'ranking',
  required: false,
  options: [
    { id: 'music', label: 'Music' },
    { id: 'art', label: 'Art' },
  ],
});
const idea = question('One idea?', { type: 'short_text', options: [], required: false });
const questions: Question[] = [pick, sports, happy, agree, rank, idea];

const respondent = fc.record({
  status: fc.constantFrom('completed', 'completed', 'completed', 'completed', 'screened_out', 'quota_full'),
  simulated: fc.boolean(),
  age: fc.integer({ min: 13, max: 15 }),
  gender: fc.constantFrom('female', 'male'),
  region: fc.constantFrom('West', 'South'),
  duration: fc.option(fc.integer({ min: 5, max: 12 }), { freq: 5 }),
  pick: fc.option(fc.constantFrom('a', 'b', 'c'), { freq: 5 }),
  sports: fc.option(fc.subarray(['run', 'swim', 'chess'], { minLength: 1 }), { freq: 5 }),
  happy: fc.option(fc.integer({ min: 1, max: 5 }), { freq: 4 }),
  agree: fc.option(fc.record({ safe: fc.constantFrom('y', 'n'), heard: fc.constantFrom('y', 'n') }), {
    freq: 4,
  }),
  rank: fc.option(fc.constantFrom(['music', 'art'], ['art', 'music']), { freq: 4 }),
  idea: fc.option(fc.constantFrom('More buses', 'A skate park'), { freq: 3 }),
});
type Respondent = typeof respondent extends fc.Arbitrary<infer T> ? T : never;

const action = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      rows: fc.array(respondent, { minLength: 1, maxLength: 12 }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('fold' as const),
      limit: fc.integer({ min: 1, max: 20 }),
      page: fc.integer({ min: 1, max: 6 }),
      twice: fc.boolean(),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('exclude' as const), pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('include' as const), pick: fc.nat() }), weight: 2 },
);

const filterArb: fc.Arbitrary<ResultsFilter> = fc
  .record(
    {
      includeSimulated: fc.boolean(),
      gender: fc.constantFrom('female', 'male'),
      region: fc.constantFrom('West', 'South'),
      ageMin: fc.integer({ min: 13, max: 14 }),
      ageMax: fc.integer({ min: 14, max: 15 }),
      answer: fc.constantFrom(`${pick.id}:a`, `${pick.id}:b`, `${sports.id}:swim`, `${sports.id}:chess`),
    },
    { requiredKeys: [] },
  )
  .map((f) => f as ResultsFilter);

let t: TestApp;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const answersOf = (r: Respondent): Record<string, AnswerValue> => ({
  ...(r.pick ? { [pick.id]: r.pick } : {}),
  ...(r.sports ? { [sports.id]: r.sports } : {}),
  ...(r.happy !== null ? { [happy.id]: r.happy } : {}),
  ...(r.agree ? { [agree.id]: r.agree } : {}),
  ...(r.rank ? { [rank.id]: [...r.rank] } : {}),
  ...(r.idea ? { [idea.id]: r.idea } : {}),
});

const withoutTime = ({ generatedAt: _, ...summary }: ResultsSummary) => summary;

describe('maintained result aggregates', () => {
  it('equal a recount from raw rows after any submit, fold, exclude and include sequence', async () => {
    const db = t.app.database.db;
    const target = { id: survey.id, status: 'live', sampleSize: null };
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 1, maxLength: 10 }),
        fc.array(filterArb, { minLength: 2, maxLength: 4 }),
        async (actions, filters) => {
          await db.delete(surveyResponses).where(eq(surveyResponses.surveyId, survey.id));
          await db.delete(resultAggregates).where(eq(resultAggregates.surveyId, survey.id));
          for (const step of actions) {
            if (step.kind === 'submit') {
              await db.insert(surveyResponses).values(
                step.rows.map((r) => ({
                  surveyId: survey.id,
                  clientResponseId: randomUUID(),
                  status: r.status as 'completed',
                  simulated: r.simulated,
                  age: r.age,
                  gender: r.gender,
                  state: r.region === 'West' ? 'CA' : 'TX',
                  region: r.region,
                  answers: r.status === 'completed' ? answersOf(r) : {},
                  durationSeconds: r.status === 'completed' ? r.duration : null,
                })),
              );
            } else if (step.kind === 'fold') {
              await Promise.all(
                (step.twice ? [1, 2] : [1]).map(() => foldSurvey(db, survey.id, step.limit, step.page)),
              );
              // Exact at every fold boundary, not only at the end.
              for (const filter of [{}, filters[0]!]) {
                expect(withoutTime(await summarize(db, target, questions, filter))).toEqual(
                  withoutTime(await summarizeRaw(db, target, questions, filter)),
                );
              }
            } else {
              const excluded = step.kind === 'include';
              const candidates = await db
                .select({ id: surveyResponses.id, excluded: surveyResponses.excluded })
                .from(surveyResponses)
                .where(eq(surveyResponses.surveyId, survey.id))
                .orderBy(surveyResponses.id);
              // Mostly a response whose flag changes; sometimes one set to what it already is.
              const pool = candidates.filter((c) => c.excluded === excluded);
              const chosen = (pool.length && step.pick % 4 !== 0 ? pool : candidates)[
                step.pick % Math.max(1, (pool.length && step.pick % 4 !== 0 ? pool : candidates).length)
              ];
              if (!chosen) continue;
              await setResponseExcluded(
                db,
                { surveyId: survey.id, responseId: chosen.id, completedOnly: false },
                step.kind === 'exclude'
                  ? { excluded: true, excludedReason: 'Speeder', excludedBy: null }
                  : { excluded: false, excludedReason: null, excludedBy: null },
              );
            }
          }
          for (const filter of [{}, { includeSimulated: true }, ...filters]) {
            const fromAggregates = await summarize(db, target, questions, filter);
            const recount = await summarizeRaw(db, target, questions, filter);
            expect(withoutTime(fromAggregates), JSON.stringify(filter)).toEqual(withoutTime(recount));
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
