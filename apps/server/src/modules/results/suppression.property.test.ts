import { randomUUID } from 'node:crypto';
import { MIN_CELL_SIZE, type Question, type ResultsFilter, type ResultsSummary } from '@tv/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses } from '../../db/schema/responses';
import { createTestApp, type TestApp } from '../../test/app';
import { liveSurvey, question } from '../../test/surveys';
import { summarize } from './summary';

/**
 * Disclosure control holds against subtraction (decision 014). For random answer sets, the real
 * summary is asked for many filtered views; an attacker who knows what each filter means then
 * combines what was shown — group sizes, option counts, percentages and NPS — by subtraction:
 * - within a view: the base minus the shown counts, percentages times the base, the NPS score;
 * - pairs of views, one nested in the other (e.g. "all" minus "West");
 * - a parent view minus its shown sibling values ("all" minus "female" minus "male");
 * - inclusion–exclusion of two conditions (all − A − B + A∧B).
 * None of these may yield a group of 1–4 respondents, nor exactly a hidden view.
 */

const pick = question('Which club would you join?', {
  required: false,
  options: [
    { id: 'a', label: 'Art' },
    { id: 'b', label: 'Band' },
    { id: 'c', label: 'Coding' },
  ],
});
const recommend = question('Would you recommend the club?', {
  type: 'nps',
  required: false,
  options: [],
  scale: { min: 0, max: 10, minLabel: null, maxLabel: null },
});
const questions: Question[] = [pick, recommend];

interface Respondent {
  age: number;
  gender: string;
  region: string;
  pick: string | null;
  nps: number | null;
}
const genders = ['female', 'male', 'non_binary'];
const regionsUsed = ['West', 'South'];
const respondent = fc.record({
  age: fc.integer({ min: 13, max: 16 }),
  gender: fc.constantFrom(...genders),
  region: fc.constantFrom(...regionsUsed),
  pick: fc.option(fc.constantFrom('a', 'b', 'c'), { freq: 5 }),
  nps: fc.option(fc.integer({ min: 0, max: 10 }), { freq: 4 }),
});

const ageRanges: [number, number][] = [
  [13, 13],
  [13, 14],
  [13, 15],
  [14, 16],
  [15, 16],
  [16, 16],
];
const single: ResultsFilter[] = [
  ...genders.map((gender) => ({ gender })),
  ...regionsUsed.map((region) => ({ region })),
  ...['a', 'b', 'c'].map((o) => ({ answer: `${pick.id}:${o}` })),
  ...ageRanges.map(([ageMin, ageMax]) => ({ ageMin, ageMax })),
];
const dimOf = (f: ResultsFilter) =>
  f.gender ? 'gender' : f.region ? 'region' : f.answer ? 'answer' : f.ageMin !== undefined ? 'age' : 'none';
const views: ResultsFilter[] = [{}, ...single];
for (let i = 0; i < single.length; i++)
  for (let j = i + 1; j < single.length; j++)
    if (dimOf(single[i]!) !== dimOf(single[j]!)) views.push({ ...single[i], ...single[j] });

const member = (r: Respondent, f: ResultsFilter) =>
  (f.ageMin === undefined || r.age >= f.ageMin) &&
  (f.ageMax === undefined || r.age <= f.ageMax) &&
  (!f.gender || r.gender === f.gender) &&
  (!f.region || r.region === f.region) &&
  (!f.answer || r.pick === f.answer.split(':')[1]);

const popcount = (x: bigint) => {
  let n = 0;
  for (let v = x; v > 0n; v >>= 1n) n += Number(v & 1n);
  return n;
};

let t: TestApp;
let survey: Awaited<ReturnType<typeof liveSurvey>>;
beforeAll(async () => {
  t = await createTestApp();
  survey = await liveSurvey(t.app, questions);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Shown {
  filter: ResultsFilter;
  set: bigint;
  summary: ResultsSummary;
}

async function runViews(data: Respondent[]) {
  const db = t.app.database.db;
  await db.delete(surveyResponses).where(eq(surveyResponses.surveyId, survey.id));
  if (data.length)
    await db.insert(surveyResponses).values(
      data.map((r) => ({
        surveyId: survey.id,
        clientResponseId: randomUUID(),
        status: 'completed' as const,
        age: r.age,
        gender: r.gender,
        state: r.region === 'West' ? 'CA' : 'TX',
        region: r.region,
        answers: {
          ...(r.pick ? { [pick.id]: r.pick } : {}),
          ...(r.nps !== null ? { [recommend.id]: r.nps } : {}),
        },
        durationSeconds: 200,
      })),
    );
  const setOf = (f: ResultsFilter) =>
    data.reduce((acc, r, i) => (member(r, f) ? acc | (1n << BigInt(i)) : acc), 0n);
  const answeredSet = (q: Question) =>
    data.reduce(
      (acc, r, i) => ((q.id === pick.id ? r.pick !== null : r.nps !== null) ? acc | (1n << BigInt(i)) : acc),
      0n,
    );
  const out: Shown[] = [];
  for (const filter of views) {
    const summary = await summarize(
      db,
      { id: survey.id, status: 'live', sampleSize: 200 },
      questions,
      filter,
    );
    out.push({ filter, set: setOf(filter), summary });
  }
  return { out, answered: new Map(questions.map((q) => [q.id, answeredSet(q)])) };
}

describe('disclosure control (property)', () => {
  it('never lets a hidden group be worked out from shown views', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(respondent, { minLength: 0, maxLength: 40 }), async (data) => {
        const { out, answered } = await runViews(data);
        const isShown = (v: Shown) => !v.summary.suppressed;
        const shown = out.filter(isShown);
        const hidden = out.filter((v) => !isShown(v) && v.set !== 0n);
        const shownSets = new Set(shown.map((v) => v.set));

        // Within a view: no hidden cell inside a shown question; nothing shown in a hidden view.
        for (const v of out) {
          if (!isShown(v)) {
            expect(v.summary.questions).toEqual([]);
            expect(v.summary.filteredResponses).toBeNull();
            continue;
          }
          const size =
            v.filter && Object.keys(v.filter).length
              ? v.summary.filteredResponses
              : v.summary.totals.responses;
          expect(size).toBe(popcount(v.set));
          expect(size === 0 || (size ?? 0) >= MIN_CELL_SIZE, JSON.stringify(v.filter)).toBe(true);
          for (const q of v.summary.questions) {
            if (q.suppressed) {
              expect(q.options.every((o) => o.count === null)).toBe(true);
              expect(q.nps).toBeNull();
              expect(q.mean).toBeNull();
              continue;
            }
            // Shown: every count shown, so the base minus the counts hides nothing.
            expect(
              [...q.options, ...q.distribution].every((o) => o.count !== null),
              `${JSON.stringify(v.filter)} ${q.title}`,
            ).toBe(true);
            expect(
              q.answered === 0 || (q.answered ?? 0) >= MIN_CELL_SIZE,
              `${JSON.stringify(v.filter)} ${q.title} ${q.answered}`,
            ).toBe(true);
          }
        }

        // What subtraction of shown views yields: (set, views used).
        const derived: { set: bigint; from: Shown[] }[] = [];
        for (const a of shown)
          for (const b of shown)
            if (a !== b && (a.set & b.set) === b.set) derived.push({ set: a.set & ~b.set, from: [a, b] });
        for (const parent of shown) {
          for (const dim of ['gender', 'region', 'answer'] as const) {
            if (parent.filter[dim]) continue;
            const siblings = shown.filter(
              (s) =>
                s.filter[dim] &&
                Object.keys(s.filter).length === Object.keys(parent.filter).length + 1 &&
                Object.entries(parent.filter).every(([k, val]) => s.filter[k as keyof ResultsFilter] === val),
            );
            const union = siblings.reduce((acc, s) => acc | s.set, 0n);
            derived.push({ set: parent.set & ~union, from: [parent, ...siblings] });
          }
        }
        const all = out[0]!;
        for (const ab of shown) {
          const keys = Object.keys(ab.filter) as (keyof ResultsFilter)[];
          const dims = new Set(keys.map((k) => (k === 'ageMin' || k === 'ageMax' ? 'age' : k)));
          if (dims.size !== 2 || !isShown(all)) continue;
          const [d1] = [...dims];
          const part = (inFirst: boolean) =>
            shown.find(
              (v) =>
                Object.keys(v.filter).length > 0 &&
                (Object.keys(v.filter) as (keyof ResultsFilter)[]).every(
                  (k) =>
                    ab.filter[k] === v.filter[k] &&
                    ((k === 'ageMin' || k === 'ageMax' ? 'age' : k) === d1) === inFirst,
                ) &&
                (Object.keys(v.filter) as (keyof ResultsFilter)[]).length ===
                  keys.filter((k) => ((k === 'ageMin' || k === 'ageMax' ? 'age' : k) === d1) === inFirst)
                    .length,
            );
          const a = part(true);
          const b = part(false);
          if (a && b) derived.push({ set: all.set & ~(a.set | b.set), from: [all, a, b, ab] });
        }

        for (const d of derived) {
          if (d.set === 0n) continue;
          // Group sizes: a group of 1–4, or exactly a hidden view nobody shows directly.
          const leaksGroup =
            popcount(d.set) < MIN_CELL_SIZE || hidden.some((h) => h.set === d.set && !shownSets.has(d.set));
          if (leaksGroup) {
            throw new Error(
              `Recovered a hidden group of ${popcount(d.set)} from ${d.from.map((v) => JSON.stringify(v.filter)).join(' and ')}`,
            );
          }
          // Per question: the answerers the subtraction isolates, when every view used shows it.
          for (const q of questions) {
            const usable = d.from.every(
              (v) => v.summary.questions.find((r) => r.questionId === q.id)?.suppressed === false,
            );
            const base = popcount(d.set & answered.get(q.id)!);
            if (usable && base > 0 && base < MIN_CELL_SIZE)
              throw new Error(
                `Recovered how ${base} respondents answered "${q.title}" from ${d.from.map((v) => JSON.stringify(v.filter)).join(' and ')}`,
              );
          }
        }
      }),
      { numRuns: 25, seed: 20261123, endOnFailure: true },
    );
  }, 600_000);
});
