/**
 * The platform-sized database of bench/platform.ts (issue 27): a deterministic plan of 1,000 surveys
 * (one of them large) with question sets taken from the demo surveys and every answerable question
 * type of the contract, and their responses as rows of `COPY survey_responses (...) FROM STDIN`
 * (text format). The same plan and seeds give the same surveys, ids and answers on every run, so a
 * kept database (BENCH_DB) is read with the plan that built it.
 *
 * Answers come from the simulator (`simulateAnswers`, the panel's realistic answers, skips and
 * screen-outs applied): each survey draws its rows from a pool of up to 500 simulated answer sets,
 * each row with its own screener, times, duration, quality flags and hash (as `hashAnswers` makes
 * it), so generating ten million rows costs a few microseconds each instead of the simulator's tens.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  type AnswerValue,
  type Audience,
  defaultAudience,
  type Question,
  regionOf,
  usStates,
} from '@tv/contract';
import { demoSurveys } from '../../apps/server/src/db/seed/demo-surveys';
import { qualityFlagsOf } from '../../apps/server/src/modules/responses/quality';
import { seededRandom, simulateAnswers } from '../../apps/server/src/modules/responses/simulator';

/** The columns each COPY row fills, in order. */
export const COPY_COLUMNS = [
  'id',
  'survey_id',
  'client_response_id',
  'status',
  'age',
  'gender',
  'state',
  'region',
  'answers',
  'answers_hash',
  'started_at',
  'completed_at',
  'duration_seconds',
  'quality_flags',
  'simulated',
] as const;

const base = {
  description: null,
  required: true,
  randomizeOptions: false,
  options: [],
  rows: [],
  scale: null,
  displayLogic: null,
};
const opts = (...ids: string[]) => ids.map((id) => ({ id, label: id }));

/** The question types the demo surveys leave out (decision 048), as the simulator's test has them. */
const newTypes = [
  {
    ...base,
    id: 'ready',
    type: 'slider',
    title: 'How ready do you feel?',
    scale: { min: -50, max: 50, minLabel: null, maxLabel: null },
    step: 10,
  },
  {
    ...base,
    id: 'trip',
    type: 'date',
    title: 'When is your next trip?',
    dateMin: '2026-09-01',
    dateMax: '2026-12-31',
  },
  {
    ...base,
    id: 'lunch',
    type: 'image_choice',
    title: 'Which lunch?',
    options: ['a', 'b', 'c'].map((id) => ({
      id,
      label: id,
      image: { url: `/cms/uploads/${id}.png`, alt: id },
    })),
  },
  {
    ...base,
    id: 'lunches',
    type: 'image_choice',
    title: 'Which lunches?',
    multiple: true,
    minSelections: 2,
    maxSelections: 2,
    options: ['a', 'b', 'c', 'd'].map((id) => ({
      id,
      label: id,
      image: { url: `/cms/uploads/${id}.png`, alt: id },
    })),
  },
  {
    ...base,
    id: 'points',
    type: 'constant_sum',
    title: 'Share 50 points',
    sumTotal: 50,
    options: opts('a', 'b', 'c'),
  },
  {
    ...base,
    id: 'matters',
    type: 'maxdiff',
    title: 'What matters most?',
    maxDiffSetSize: 4,
    options: opts('a', 'b', 'c', 'd', 'e', 'f', 'g'),
  },
] as unknown as Question[];

const lifeAfterSchool = demoSurveys[0]!.questions;
const pulse = demoSurveys[1]!.questions;
/** Questions of the long demo survey no other question's logic depends on, nor theirs on another. */
const standalone = lifeAfterSchool.filter(
  (q) =>
    q.displayLogic === null &&
    !lifeAfterSchool.some((other) => JSON.stringify(other.displayLogic ?? null).includes(`"${q.id}"`)),
);

export interface PlannedSurvey {
  index: number;
  id: string;
  name: string;
  type: 'long_form' | 'pulse_check';
  questions: Question[];
  audience: Audience;
  responses: number;
}

/** A survey id that says what it is: 00000027-0000-4000-8000-<index>. */
export const planSurveyId = (index: number) => `00000027-0000-4000-8000-${String(index).padStart(12, '0')}`;

/**
 * 1,000 surveys (BENCH_SURVEYS), `total` responses in all, the first with `large` of them. The others'
 * sizes are spread log-normally (a few thousand typically, some tens of thousands), and their question
 * sets rotate: the long demo survey, the pulse check, the new types with a few demo questions, and a
 * random selection of both.
 */
export function platformPlan(total: number, large: number, count = 1000): PlannedSurvey[] {
  const random = seededRandom(27);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const weights = Array.from({ length: count - 1 }, () => Math.exp(1.1 * normal()));
  const sum = weights.reduce((a, b) => a + b, 0);
  const rest = total - large;
  const sizes = weights.map((w) => Math.max(1, Math.floor((w / sum) * rest)));
  sizes[sizes.length - 1]! += rest - sizes.reduce((a, b) => a + b, 0);
  const pick = <T>(list: readonly T[], n: number) =>
    [...list]
      .map((item) => ({ item, key: random() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, n)
      .map((x) => x.item);
  const plan: PlannedSurvey[] = [
    {
      index: 0,
      id: planSurveyId(0),
      name: 'Platform bench: national tracker',
      type: 'long_form',
      questions: lifeAfterSchool,
      audience: { ...defaultAudience, sampleSize: large },
      responses: large,
    },
  ];
  sizes.forEach((responses, i) => {
    const index = i + 1;
    let questions: Question[];
    switch (index % 4) {
      case 0:
        questions = lifeAfterSchool;
        break;
      case 1:
        questions = pulse;
        break;
      case 2:
        questions = [...pick(standalone, 3), ...newTypes];
        break;
      default:
        questions = [
          ...pick(standalone, 2 + Math.floor(random() * 6)),
          ...pick(newTypes, 1 + Math.floor(random() * 4)),
        ];
    }
    plan.push({
      index,
      id: planSurveyId(index),
      name: `Platform bench survey ${index}`,
      type: index % 4 === 1 ? 'pulse_check' : 'long_form',
      questions,
      audience: { ...defaultAudience, sampleSize: responses },
      responses,
    });
  });
  return plan;
}

/** The filter a "filtered summary" uses: girls of 14–16, and where there is one, a closed answer. */
export function filterFor(survey: PlannedSurvey) {
  const closed = survey.questions.find(
    (q) => ['single_choice', 'multiple_choice', 'dropdown'].includes(q.type) && q.options.length > 0,
  );
  return {
    gender: 'female' as const,
    ageMin: 14,
    ageMax: 16,
    ...(closed ? { answer: `${closed.id}:${closed.options[0]!.id}` } : {}),
  };
}

/** Keys sorted as `hashAnswers` sorts them (localeCompare), all the way down. */
function canonical(value: unknown): unknown {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, canonical(v)]),
      )
    : value;
}

interface PoolEntry {
  /** The answers as COPY text (backslashes doubled). */
  copyJson: string;
  /** `{"answers":<canonical answers>,"screener":` — the start of what `hashAnswers` hashes. */
  hashHead: string;
  flags: string;
  speederFlags: string;
}

/** Answer sets simulated per survey: the rows draw from them. */
export const POOL = 500;

const flagsText = (flags: string[]) => `{${flags.join(',')}}`;

/**
 * COPY text rows of one survey, `chunkRows` at a time (each chunk one string). Deterministic but for
 * the uuids, which are random as the respondent's browser makes them.
 */
export function* surveyRows(
  survey: PlannedSurvey,
  count = survey.responses,
  chunkRows = 2000,
  now = Date.now(),
): Generator<{ text: string; rows: number }> {
  const random = seededRandom(100_000 + survey.index);
  const poolSize = Math.min(POOL, Math.max(1, count));
  const pool: PoolEntry[] = [];
  for (let i = 0; i < poolSize; i++) {
    const answers: Record<string, AnswerValue> = simulateAnswers(survey.questions, random);
    pool.push({
      copyJson: JSON.stringify(answers).replaceAll('\\', '\\\\'),
      hashHead: `{"answers":${JSON.stringify(canonical(answers))},"screener":`,
      flags: flagsText(qualityFlagsOf(survey.questions, answers, 300)),
      speederFlags: flagsText(qualityFlagsOf(survey.questions, answers, 6)),
    });
  }
  const { ageMin, ageMax } = survey.audience;
  const genders = ['female', 'male', 'female', 'male', 'non_binary'];
  const spread = 6 * 86_400_000;
  let lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const entry = pool[Math.floor(random() * poolSize)]!;
    const age = ageMin + Math.floor(random() * (ageMax - ageMin + 1));
    const gender = genders[Math.floor(random() * genders.length)]!;
    const state = usStates[Math.floor(random() * usStates.length)]!;
    const speeder = random() < 0.03;
    const duration = speeder ? 4 + Math.floor(random() * 8) : 90 + Math.floor(random() * 420);
    const completed = now - Math.floor(random() * (spread - duration * 1000));
    const hash = createHash('sha256')
      .update(`${entry.hashHead}{"age":${age},"gender":"${gender}","state":"${state.toUpperCase()}"}}`)
      .digest('hex');
    lines.push(
      `${randomUUID()}\t${survey.id}\t${randomUUID()}\tcompleted\t${age}\t${gender}\t${state}\t${regionOf(state) ?? 'unknown'}\t${entry.copyJson}\t${hash}\t${new Date(completed - duration * 1000).toISOString()}\t${new Date(completed).toISOString()}\t${duration}\t${speeder ? entry.speederFlags : entry.flags}\tf\n`,
    );
    if (lines.length === chunkRows) {
      yield { text: lines.join(''), rows: lines.length };
      lines = [];
    }
  }
  if (lines.length) yield { text: lines.join(''), rows: lines.length };
}
