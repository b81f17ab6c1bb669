import { loadSessionSecret } from '../../lib/secrets';
import { createCommitPipeline } from './commit-batch';
import type { ResponsesDeps } from './deps';
import { rejudgeSpeeders } from './fieldwork';
import { createRespondentAlerts } from './holds';
import { createRespondentSurvey } from './respondent-survey';
import { createSubmission } from './submission';
import { createSurveyCache } from './survey-cache';

// The responses service is put together here from its parts: respondent-survey.ts (the public survey,
// the screener, answer checks), submission.ts (a completed response checked) and commit-batch.ts (the
// batches written under the survey's lock), with survey-cache.ts reading the survey on the hot path.

// ── What other modules use of responses: they import this file, never the module's others ──────────

export type { ResponsesDeps } from './deps';
/** What the fieldwork review (in results) reads of quotas and speed. */
export { isSpeeder, medianSeconds, quotaCounts, quotaLimit, SPEEDER_SHARE_OF_MEDIAN } from './fieldwork';
/** The panel simulator: synthetic completed responses through the real sample places. */
export { hashAnswers, qualityFlagsOf, screenOutcome } from './quality';
export { insertSimulatedBulk, simulateResponses } from './simulator';

/**
 * How many answer checks (decision 035) one address may ask for a minute. A class answering on one
 * school address, each teen leaving an open answer every few seconds, stays well under it.
 */
export const ANSWER_CHECK_RATE_LIMIT = 300;

export function createResponsesService(deps: ResponsesDeps) {
  const { db } = deps;
  const secret = loadSessionSecret(deps.config);
  // A survey closed before its sample was reached: its speeders are judged against the final median,
  // in the closing transaction (decision 039: surveys announces it, the judgement is ours).
  deps.events.on('surveys.closed', ({ tx, surveyId }) => rejudgeSpeeders(tx, surveyId));
  // Staff hear once when a survey sees a burst of held or refused answers (issue 23).
  const alerts = createRespondentAlerts({
    db,
    mail: deps.mail,
    redis: deps.redis,
    threshold: deps.config.respond.alertThreshold,
    publicUrl: deps.config.publicUrl,
  });
  const cache = createSurveyCache(db);
  const { publicSurvey, screen, checkAnswer } = createRespondentSurvey(deps, secret, cache);
  const { submit } = createSubmission(deps, secret, cache, createCommitPipeline(deps), alerts);

  /** An answer refused by the respondent rate limit counts toward the survey's burst alert. */
  const refused = async (surveyId: string) => {
    const survey = await cache.recentSurvey(surveyId);
    if (survey) alerts.held(survey, 1);
  };

  return { publicSurvey, screen, submit, checkAnswer, refused };
}

export type ResponsesService = ReturnType<typeof createResponsesService>;
