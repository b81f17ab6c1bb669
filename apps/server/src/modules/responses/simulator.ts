import { randomUUID } from 'node:crypto';
import {
  type AnswerValue,
  type Audience,
  defaultAudience,
  type genders,
  isQuestionVisible,
  type Question,
  regionOf,
  usStates,
} from '@tv/contract';
import type { Db } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { addCompleted } from '../surveys/repository';
import { hashAnswers, qualityFlagsOf, screenOutcome } from './service';

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
    if (!isQuestionVisible(q, answers)) continue;
    if (!q.required && random() < 0.12) continue;
    const scale = q.scale ?? { min: q.type === 'nps' ? 0 : 1, max: q.type === 'nps' ? 10 : 5 };
    switch (q.type) {
      case 'single_choice':
      case 'dropdown':
        if (q.options.length) answers[q.id] = pickWeighted(q.options).id;
        break;
      case 'multiple_choice': {
        const chosen = q.options.filter((_, i) => random() < 0.6 / (1 + i * 0.35)).map((o) => o.id);
        if (chosen.length === 0 && q.options[0]) chosen.push(q.options[0].id);
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
      default:
        break;
    }
  }
  return answers;
}

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

/** Inserts `count` completed synthetic responses (marked simulated) in batches. */
export async function simulateResponses(
  db: Db,
  survey: { id: string; audience: Audience | null },
  questions: Question[],
  count: number,
  seed = Date.now(),
) {
  const random = seededRandom(seed);
  const audience = survey.audience ?? defaultAudience;
  const batch: (typeof surveyResponses.$inferInsert)[] = [];
  const now = Date.now();
  let inserted = 0;
  for (let i = 0; i < count; i++) {
    const screener = simulateScreener(audience, random);
    if (screenOutcome(audience, screener) !== 'eligible') continue;
    const speeder = random() < 0.03;
    const durationSeconds = speeder ? 4 + Math.floor(random() * 8) : 90 + Math.floor(random() * 420);
    const answers = simulateAnswers(questions, random);
    const completedAt = new Date(now - Math.floor(random() * 6 * 86_400_000));
    batch.push({
      surveyId: survey.id,
      clientResponseId: randomUUID(),
      status: 'completed',
      age: screener.age,
      gender: screener.gender,
      state: screener.state,
      region: regionOf(screener.state) ?? 'unknown',
      answers,
      answersHash: hashAnswers(screener, answers),
      startedAt: new Date(completedAt.getTime() - durationSeconds * 1000),
      completedAt,
      durationSeconds,
      qualityFlags: qualityFlagsOf(questions, answers, durationSeconds),
      simulated: true,
    });
    if (batch.length === 500) {
      await db.insert(surveyResponses).values(batch);
      inserted += batch.length;
      batch.length = 0;
    }
  }
  if (batch.length) {
    await db.insert(surveyResponses).values(batch);
    inserted += batch.length;
  }
  await addCompleted(db, survey.id, inserted);
  return inserted;
}
