import { createHash } from 'node:crypto';
import {
  type Audience,
  type Question,
  type ScreenerAnswers,
  type SubmitResponse,
  screenerOutcome,
} from '@tv/contract';
import { isSpeeder } from './fieldwork';

/**
 * What a response's arrival is judged by, apart from storing it: whether the screener fits, the
 * hash that finds identical responses, and the quality flags. The live path (submission.ts, commit-batch.ts) and the
 * panel simulator (simulator.ts) both use them.
 */

/** Whether the screener answers fit the audience: the same rule as the builder's preview. */
export function screenOutcome(
  audience: Audience | null,
  screener: ScreenerAnswers,
): 'eligible' | 'screened_out' {
  return screenerOutcome(audience, screener);
}

/** Screener and answers, with keys sorted, hashed: equal hashes mean an identical response. */
export function hashAnswers(screener: ScreenerAnswers, answers: SubmitResponse['answers']) {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, canonical(v)]),
        )
      : value;
  return createHash('sha256')
    .update(
      JSON.stringify(canonical({ screener: { ...screener, state: screener.state.toUpperCase() }, answers })),
    )
    .digest('hex');
}

/** Quality flags computed when a response arrives; staff decide what to exclude. */
export function qualityFlagsOf(
  questionList: Question[],
  answers: SubmitResponse['answers'],
  durationSeconds: number | null,
  medianDurationSeconds: number | null = null,
) {
  const flags: string[] = [];
  if (isSpeeder(durationSeconds, medianDurationSeconds, questionList.length)) flags.push('speeder');
  const matrixStraight = questionList.some((q) => {
    if (q.type !== 'likert_matrix' || q.rows.length < 3) return false;
    const answer = answers[q.id];
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return false;
    const values = Object.values(answer);
    return values.length >= 3 && new Set(values).size === 1;
  });
  const ratings = questionList.filter((q) => q.type === 'rating').map((q) => answers[q.id]);
  const ratingStraight = ratings.length >= 4 && ratings.every((r) => r !== undefined && r === ratings[0]);
  if (matrixStraight || ratingStraight) flags.push('straight_liner');
  return flags;
}
