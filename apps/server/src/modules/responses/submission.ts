import {
  answerProblem,
  isAnswerable,
  otherTextKey,
  otherTextProblem,
  regionOf,
  type SubmitOutcome,
  type SubmitResponse,
  validPresentation,
} from '@tv/contract';
import { submissionPath } from '@tv/contract/respondent-path';
import { HttpError } from '../../plugins/errors';
import type { createCommitPipeline } from './commit-batch';
import type { ResponsesDeps } from './deps';
import { deviceHashOf, isIssuedDeviceToken, verifyStartToken } from './fieldwork';
import { type createRespondentAlerts, heldReason, plausibleSeconds } from './holds';
import { hashAnswers, screenOutcome } from './quality';
import {
  existingOutcome,
  notFound,
  openTextTypes,
  outcome,
  publicStatus,
  spanishVersion,
  storeNonCompletion,
} from './respondent-survey';
import type { SurveyCache } from './survey-cache';

// Sending a completed response: the answers checked against the respondent's path, the time and
// device judged, held responses marked, then the row handed to the commit pipeline (commit-batch.ts)
// and the respondent told the outcome, with help when an answer raises a risk.

export function createSubmission(
  deps: Pick<ResponsesDeps, 'db' | 'config' | 'safeguarding'>,
  secret: Uint8Array,
  cache: SurveyCache,
  pipeline: ReturnType<typeof createCommitPipeline>,
  alerts: ReturnType<typeof createRespondentAlerts>,
) {
  const { db } = deps;
  const { recentSurvey, questionsOf } = cache;
  const { commitOnce } = pipeline;

  /**
   * Stores a completed response exactly once per client id: a retry or a double click gets the first
   * answer back. Everything is checked before the write; the response is then written with the other
   * submissions to the survey that arrived meanwhile (`commitBatch`), and answered after the commit.
   */
  async function submit(surveyId: string, input: SubmitResponse): Promise<SubmitOutcome> {
    const survey = await recentSurvey(surveyId);
    if (!survey || !publicStatus(survey.status)) throw notFound();
    const questionList = await questionsOf(survey);
    if (survey.status !== 'live') return outcome('closed');
    const language = input.language ?? 'en';
    if (language !== 'en' && !spanishVersion(survey, questionList).languages.includes(language)) {
      throw new HttpError(
        400,
        'This survey has no Spanish version. Answer it in English.',
        'LANGUAGE_UNAVAILABLE',
        {
          fields: { language: ['This survey has no Spanish version.'] },
        },
      );
    }
    if (screenOutcome(survey.audience, input.screener) === 'screened_out') {
      await storeNonCompletion(db, surveyId, input.clientResponseId, input.screener, 'screened_out');
      return outcome('screened_out');
    }

    // The respondent's path, decided as their page decided it (decision 029): only questions on it
    // count; a required one on it must be answered; an answer that steers the path must be valid.
    // The page decides its path with the same call (submissionPath, decision 047).
    const presentation = validPresentation(questionList, input.presentation);
    const fields: Record<string, string[]> = {};
    const answers: SubmitResponse['answers'] = {};
    const path = submissionPath(questionList, input.answers, presentation);
    for (const question of path.shown) {
      if (!isAnswerable(question)) continue;
      const answer = input.answers[question.id];
      const problem = answerProblem(question, answer);
      const otherKey = otherTextKey(question.id);
      const otherProblem = problem ? null : otherTextProblem(question, answer, input.answers[otherKey]);
      if (problem) fields[question.id] = [problem];
      else if (otherProblem) fields[otherKey] = [otherProblem];
      else if (answer !== undefined && answer !== '') {
        answers[question.id] = answer;
        const other = input.answers[otherKey];
        if (typeof other === 'string' && other.trim() !== '') answers[otherKey] = other.trim();
      }
    }
    if (Object.keys(fields).length > 0) {
      throw new HttpError(400, 'Some answers need another look before you send them.', 'ANSWERS_INVALID', {
        fields,
      });
    }
    if (path.ending === 'screened_out') {
      // A screen-out question (decision 029): thanked like a screener screen-out, nothing kept but the fact.
      await storeNonCompletion(db, surveyId, input.clientResponseId, input.screener, 'screened_out');
      return outcome('screened_out');
    }

    // Time is measured by the server from its own signed start token; a client-sent startedAt is
    // ignored, and without a valid token the duration is unknown (null), never 0.
    const started = verifyStartToken(secret, surveyId, input.startToken);
    const durationSeconds =
      started === null ? null : Math.max(0, Math.round((Date.now() - started.issuedAt) / 1000));
    const device = isIssuedDeviceToken(secret, input.deviceToken) ? input.deviceToken : null;
    // Held for review, taking no place in the sample or the quotas (issue 23): a response without the
    // start and device the survey's page issues, or sent sooner than its questions can be read.
    const answerable = path.shown.filter(isAnswerable).length;
    const minimum = plausibleSeconds(answerable, deps.config.respond.secondsPerQuestion);
    const arrivalFlags = [
      ...(started === null || device === null ? ['unverified'] : []),
      ...(durationSeconds !== null && durationSeconds < minimum ? ['too_fast'] : []),
    ];
    const written = path.shown.some(
      (q) => openTextTypes.has(q.type) && typeof answers[q.id] === 'string' && answers[q.id] !== '',
    );
    const answered = Object.keys(answers).length;
    // The device, quota and duplicate checks and the speeder's median are read once per batch, under
    // the survey's lock (commitBatch), not once per submission.
    const result = await commitOnce(survey, {
      clientResponseId: input.clientResponseId,
      screener: input.screener,
      questionList,
      checkDuplicate: answered >= 3,
      holdDuplicate: answered >= 6 || (answered >= 3 && written),
      arrivalFlags,
      values: {
        surveyId,
        clientResponseId: input.clientResponseId,
        status: 'completed',
        age: input.screener.age,
        gender: input.screener.gender,
        state: input.screener.state.toUpperCase(),
        region: regionOf(input.screener.state) ?? 'unknown',
        answers,
        answersHash: hashAnswers(input.screener, answers),
        presentation,
        language,
        startedAt: started === null ? null : new Date(started.issuedAt),
        durationSeconds,
        deviceHash: device && !survey.audience?.allowRepeatResponses ? deviceHashOf(device) : null,
        startNonce: started?.nonce ?? null,
        excluded: arrivalFlags.length > 0,
        excludedReason:
          arrivalFlags.length > 0
            ? heldReason(arrivalFlags[0] as 'unverified' | 'too_fast', {
                durationSeconds,
                minimum,
                answerable,
              })
            : null,
      },
    });
    if (result.kind === 'completed' && result.held) alerts.held(survey, 1);

    if (result.kind === 'quota_full') return outcome('quota_full');
    if (result.kind === 'closed') return outcome('closed');
    if (result.kind === 'repeat') {
      // The same client id (or device) was stored before, by another request or server copy.
      const previous = await existingOutcome(db, surveyId, input.clientResponseId);
      if (!previous) return outcome('already_taken');
      return outcome(previous.status, deps.safeguarding.screen(questionList, previous.answers).support);
    }
    // A raised risk shows help; it or a grey-band answer (a possible concern) is scanned for moderators.
    const { support: needsSupport, review } = deps.safeguarding.screen(questionList, answers);
    if (review) await deps.safeguarding.requestScan(result.id);
    // Help in the language the respondent chose, whatever language the answer was written in.
    return outcome(
      'completed',
      needsSupport && language === 'es' ? { ...needsSupport, language } : needsSupport,
      language,
    );
  }

  return { submit };
}
