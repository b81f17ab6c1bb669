import { randomUUID } from 'node:crypto';
import {
  type AnswerValue,
  type Audience,
  answerProblem,
  defaultAudience,
  type genders,
  isAnswerable,
  isQuestionVisible,
  otherTextKey,
  type Question,
  regionOf,
  respondentPath,
  usStates,
} from '@tv/contract';
import { and, eq, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { surveyStatusHistory, surveys } from '../../db/schema/surveys';
import { addCompleted } from '../surveys/service';
import { completeFieldwork, groupOf, quotaCounts, quotaLimit, takeSlots } from './fieldwork';
import { hashAnswers, qualityFlagsOf, screenOutcome } from './quality';
import { insertResponseRows } from './row-insert';
import { simulatedNewTypeAnswer } from './simulated-new-types';

/** A small seeded generator, so the demo data is the same on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const openAnswers = [
  'More clubs after school that are actually fun, like coding or music production.',
  'Honestly the bus times. I miss most things because the last bus leaves at 4.',
  'I like it when adults ask us instead of guessing what we want.',
  'Cheaper tickets for teens at the weekend.',
  'Somewhere to hang out that is not a shop and not outside in the rain.',
  'Less homework on weekends so I can do sports.',
  'Mental health days that are taken seriously.',
  'Better wifi at the library lol',
  'Teachers who explain why we learn things.',
  'More sports for people who are not already good at sports.',
  'Quiet places to study with friends.',
  'I think it is mostly fine, maybe more trips.',
];

/**
 * Realistic synthetic answers: skewed choices, clustered ratings, a few speeders and
 * straight-liners, so charts, filters and the quality review have something true to show.
 */
export function simulateAnswers(questions: Question[], random: () => number): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = {};
  const pickWeighted = <T>(items: readonly T[]) => {
    const weights = items.map((_, i) => 1 / (i + 1.3) + random() * 0.25);
    let roll = random() * weights.reduce((a, b) => a + b, 0);
    for (const [i, w] of weights.entries()) {
      roll -= w;
      if (roll <= 0) return items[i]!;
    }
    return items.at(-1)!;
  };
  for (const q of questions) {
    if (!isAnswerable(q) || !isQuestionVisible(q, answers)) continue;
    if (!q.required && random() < 0.12) continue;
    const scale = q.scale ?? { min: q.type === 'nps' ? 0 : 1, max: q.type === 'nps' ? 10 : 5 };
    switch (q.type) {
      case 'single_choice':
      case 'dropdown':
        if (q.options.length) answers[q.id] = pickWeighted(q.options).id;
        break;
      case 'multiple_choice': {
        const picked = q.options.filter((_, i) => random() < 0.6 / (1 + i * 0.35));
        // An exclusive option ('None of these') stands alone, as the respondent page makes it.
        const alone = picked.find((o) => o.exclusive);
        const chosen = (
          alone && (picked.length === 1 || random() < 0.5) ? [alone] : picked.filter((o) => !o.exclusive)
        ).map((o) => o.id);
        const first = q.options.find((o) => !o.exclusive) ?? q.options[0];
        if (chosen.length === 0 && first) chosen.push(first.id);
        // Within the question's minimum and maximum, unless an exclusive option stands alone.
        if (!alone || chosen.length > 1) {
          for (const o of q.options)
            if (chosen.length < (q.minSelections ?? 0) && !o.exclusive && !chosen.includes(o.id))
              chosen.push(o.id);
          if (q.maxSelections) chosen.splice(q.maxSelections);
        }
        answers[q.id] = chosen;
        break;
      }
      case 'ranking': {
        const order = [...q.options].map((o, i) => ({
          id: o.id,
          key: i + random() * q.options.length * 0.8,
        }));
        answers[q.id] = order.sort((a, b) => a.key - b.key).map((o) => o.id);
        break;
      }
      case 'likert_matrix': {
        const row: Record<string, string> = {};
        for (const [i, statement] of q.rows.entries()) {
          const bias = Math.min(
            q.options.length - 1,
            Math.max(0, Math.round((q.options.length - 1) * (0.65 - i * 0.1) + (random() - 0.5) * 2.2)),
          );
          row[statement.id] = q.options[bias]!.id;
        }
        answers[q.id] = row;
        break;
      }
      case 'rating':
      case 'nps':
      case 'number': {
        const centre = scale.min + (scale.max - scale.min) * (q.type === 'nps' ? 0.72 : 0.66);
        const spread = (scale.max - scale.min) * 0.28;
        const value = Math.round(centre + (random() + random() + random() - 1.5) * spread * 1.4);
        answers[q.id] = Math.min(scale.max, Math.max(scale.min, value));
        break;
      }
      case 'yes_no':
        answers[q.id] = random() < 0.62 ? 'yes' : 'no';
        break;
      case 'short_text':
      case 'long_text':
        if (random() < 0.7) answers[q.id] = openAnswers[Math.floor(random() * openAnswers.length)]!;
        break;
      default: {
        // Slider, date, image choice, constant sum and MaxDiff (decision 048).
        const answer = simulatedNewTypeAnswer(q, random);
        if (answer !== undefined) answers[q.id] = answer;
      }
    }
    const other = q.options.find((o) => o.other);
    const answer = answers[q.id];
    if (other && (answer === other.id || (Array.isArray(answer) && answer.includes(other.id))))
      answers[otherTextKey(q.id)] = otherAnswers[Math.floor(random() * otherAnswers.length)]!;
  }
  // Only what this respondent's path shows is kept (skips and screen-outs, decision 029).
  const path = respondentPath(questions, answers, { accept: (q, a) => answerProblem(q, a) === null });
  const kept: Record<string, AnswerValue> = {};
  for (const q of path.shown) {
    if (answers[q.id] !== undefined) kept[q.id] = answers[q.id]!;
    const key = otherTextKey(q.id);
    if (answers[key] !== undefined) kept[key] = answers[key]!;
  }
  return kept;
}

const otherAnswers = ['Drawing comics', 'My grandparents', 'Volunteering at the food bank', 'Robotics club'];

function simulateScreener(audience: Audience, random: () => number) {
  const age = audience.ageMin + Math.floor(random() * (audience.ageMax - audience.ageMin + 1));
  const genderPool = audience.genders.length
    ? audience.genders
    : (['female', 'male', 'female', 'male', 'non_binary'] as const);
  const statePool = audience.states.length
    ? audience.states
    : audience.regions.length
      ? usStates.filter((s) => audience.regions.includes(regionOf(s)!))
      : usStates;
  return {
    age,
    gender: genderPool[Math.floor(random() * genderPool.length)] as (typeof genders)[number],
    state: statePool[Math.floor(random() * statePool.length)]!,
  };
}

/**
 * Adds up to `count` completed synthetic responses (marked simulated) to a live survey, through the
 * same sample places as real respondents: in one transaction holding the survey row's lock, never
 * beyond the sample size, keeping quota groups within their share, and completing the survey (with
 * its mails) the moment the sample is reached. Returns how many were added.
 */
export async function simulateResponses(
  db: Db,
  survey: { id: string; name: string; ownerId: string | null; audience: Audience | null },
  questions: Question[],
  count: number,
  seed?: number,
  publicUrl?: string,
): Promise<number>;
/** @deprecated The demo seed's history of finished surveys: use `fillHistoricResponses`. */
export async function simulateResponses(
  db: Db,
  survey: { id: string; audience: Audience | null },
  questions: Question[],
  count: number,
  seed?: number,
): Promise<number>;
export async function simulateResponses(
  db: Db,
  survey: { id: string; name?: string; ownerId?: string | null; audience: Audience | null },
  questions: Question[],
  count: number,
  seed = Date.now(),
  publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, ''),
): Promise<number> {
  if (survey.name === undefined) return fillHistoricResponses(db, survey, questions, count, seed);
  const live = { id: survey.id, name: survey.name, ownerId: survey.ownerId ?? null };
  const audience = survey.audience ?? defaultAudience;
  return db.transaction(async (tx) => {
    const slots = await takeSlots(tx, survey.id, count);
    if (slots.granted === 0) return 0;
    const fill = await quotaCounts(tx, survey.id, audience);
    // Dated within fieldwork: after the survey was published, never in the future (issue 26).
    const window = await fieldworkWindow(tx, survey.id);
    const rows = generateRows(survey.id, audience, questions, slots.granted, seed, fill, window);
    for (let i = 0; i < rows.length; i += 500)
      await tx.insert(surveyResponses).values(rows.slice(i, i + 500));
    // Places the quotas left unused are given back.
    const unused = slots.granted - rows.length;
    if (unused > 0) {
      await tx
        .update(surveys)
        .set({ completedCount: sql`${surveys.completedCount} - ${unused}` })
        .where(eq(surveys.id, survey.id));
    }
    // The mails wait in the outbox; its sweep delivers them.
    if (unused === 0 && slots.reached) await completeFieldwork(tx, live, slots.completedCount, publicUrl);
    return rows.length;
  });
}

/**
 * Completed synthetic responses for a survey whose fieldwork is already over (the demo seed's
 * history): no sample places are taken; the survey's count is raised by the number added.
 */
export async function fillHistoricResponses(
  db: Db,
  survey: { id: string; audience: Audience | null },
  questions: Question[],
  count: number,
  seed = Date.now(),
) {
  const audience = survey.audience ?? defaultAudience;
  // The demo's history stands in for real fieldwork, so it counts in results like real responses
  // (simulated responses are left out of results by default).
  const rows = generateRows(
    survey.id,
    audience,
    questions,
    count,
    seed,
    audience.quotas.map(() => 0),
  ).map((row) => ({ ...row, simulated: false }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(surveyResponses).values(rows.slice(i, i + 500));
  await addCompleted(db, survey.id, rows.length);
  return rows.length;
}

/**
 * Many synthetic responses at once, for benchmarks: built here and written `batch` rows per INSERT
 * statement (`insertResponseRows`), not through the
 * API, and without taking sample places. Rows are not folded: the result folder adds them to the
 * aggregates. Returns how many were inserted.
 */
export async function insertSimulatedBulk(
  db: Db,
  survey: { id: string; audience: Audience | null },
  questions: Question[],
  count: number,
  {
    seed = Date.now(),
    batch = 5000,
    simulated = true,
  }: { seed?: number; batch?: number; simulated?: boolean } = {},
) {
  const audience = survey.audience ?? defaultAudience;
  const fill = audience.quotas.map(() => 0);
  const window = await fieldworkWindow(db, survey.id);
  let inserted = 0;
  for (let chunk = 0; inserted < count; chunk++) {
    const rows = generateRows(
      survey.id,
      audience,
      questions,
      Math.min(batch, count - inserted),
      seed + chunk,
      fill,
      window,
    );
    if (rows.length === 0) break;
    await insertResponseRows(
      db,
      rows.map((row) => ({ ...row, simulated })),
    );
    inserted += rows.length;
  }
  return inserted;
}

/** Simulated responses are spread over at most the last six days of fieldwork. */
const SIMULATED_SPREAD_MS = 6 * 86_400_000;

/** When simulated responses may be dated: from `from` (ms) to `to` (ms), both inside fieldwork. */
export interface FieldworkWindow {
  from: number;
  to: number;
}

/**
 * The window simulated responses are dated in (issue 26): from when the survey first went live (its
 * publication, in the status history) to now, at most the last six days. A survey that never went live
 * (a benchmark's bulk rows) keeps the last six days.
 */
export async function fieldworkWindow(db: Db, surveyId: string, now = Date.now()): Promise<FieldworkWindow> {
  const [row] = await db
    .select({ published: min(surveyStatusHistory.createdAt) })
    .from(surveyStatusHistory)
    .where(and(eq(surveyStatusHistory.surveyId, surveyId), eq(surveyStatusHistory.toStatus, 'live')));
  const published = row?.published ? new Date(row.published).getTime() : null;
  const from = Math.max(now - SIMULATED_SPREAD_MS, Math.min(published ?? 0, now));
  return { from, to: now };
}

/**
 * When a simulated response was completed and started: completed inside the window and, where the
 * window is longer than the response took, started inside it too, so no response predates publication
 * or lies in the future.
 */
export function simulatedTimes(window: FieldworkWindow, durationSeconds: number, random: () => number) {
  const duration = durationSeconds * 1000;
  const earliest = window.to - window.from > duration ? window.from + duration : window.from;
  const completedAt = new Date(window.to - Math.floor(random() * (window.to - earliest)));
  return { startedAt: new Date(completedAt.getTime() - duration), completedAt };
}

/** Up to `wanted` eligible synthetic responses, keeping each quota group within its share. */
function generateRows(
  surveyId: string,
  audience: Audience,
  questions: Question[],
  wanted: number,
  seed: number,
  fill: number[],
  window: FieldworkWindow = { from: Date.now() - SIMULATED_SPREAD_MS, to: Date.now() },
) {
  const random = seededRandom(seed);
  const limits = audience.quotas.map((quota) => quotaLimit(audience.sampleSize, quota));
  const rows: (typeof surveyResponses.$inferInsert)[] = [];
  // Screened-out and quota-full candidates are skipped; give up after a generous number of tries.
  for (let attempt = 0; rows.length < wanted && attempt < wanted * 50; attempt++) {
    const screener = simulateScreener(audience, random);
    if (screenOutcome(audience, screener) !== 'eligible') continue;
    const groups = audience.quotas.map((quota) => groupOf(quota.attribute, screener) === quota.value);
    if (groups.some((inGroup, i) => inGroup && (fill[i] ?? 0) >= (limits[i] ?? 0))) continue;
    groups.forEach((inGroup, i) => {
      if (inGroup) fill[i] = (fill[i] ?? 0) + 1;
    });
    const speeder = random() < 0.03;
    const durationSeconds = speeder ? 4 + Math.floor(random() * 8) : 90 + Math.floor(random() * 420);
    const answers = simulateAnswers(questions, random);
    const { startedAt, completedAt } = simulatedTimes(window, durationSeconds, random);
    rows.push({
      surveyId,
      clientResponseId: randomUUID(),
      status: 'completed',
      age: screener.age,
      gender: screener.gender,
      state: screener.state,
      region: regionOf(screener.state) ?? 'unknown',
      answers,
      answersHash: hashAnswers(screener, answers),
      startedAt,
      completedAt,
      durationSeconds,
      qualityFlags: qualityFlagsOf(questions, answers, durationSeconds),
      simulated: true,
    });
  }
  return rows;
}
