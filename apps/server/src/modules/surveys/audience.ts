import { estimateAudience, quotaProblems, type SaveSurvey } from '@tv/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import * as repo from './repository';

// A survey's audience: who it is for, its quotas, the estimate a saved audience gets, and the sample
// that completes a live survey once it is reached.

/** A save refuses quotas that cannot be met together (400, with the problems under `audience.quotas`). */
export function assertQuotasValid(audience: SaveSurvey['audience']) {
  const quotaIssues = audience ? quotaProblems(audience) : [];
  if (quotaIssues.length > 0) {
    throw new HttpError(400, quotaIssues[0]!, 'QUOTAS_INVALID', {
      fields: { 'audience.quotas': quotaIssues },
    });
  }
}

/** The feasibility and price estimate saved with an audience (null without one). */
export const audienceEstimate = (audience: SaveSurvey['audience'], questionCount: number) =>
  audience ? estimateAudience(audience, questionCount) : null;

/**
 * The sample is reached: a live survey completes by itself, in the caller's transaction, with a
 * history entry that no one acted (responses calls this when the last place is taken).
 */
export async function completeOnSampleReached(tx: Db, surveyId: string, completed: number) {
  await repo.setSurveyStatus(tx, surveyId, 'complete');
  await repo.insertHistory(tx, {
    surveyId,
    fromStatus: 'live',
    toStatus: 'complete',
    action: 'close',
    actorId: null,
    reason: `Sample size of ${completed} reached.`,
  });
}

/** Adds completed responses written without taking sample places (the demo's history) to the count. */
export const addCompleted = (db: Db, surveyId: string, count: number) =>
  repo.addCompleted(db, surveyId, count);
