import { createHash } from 'node:crypto';
import {
  type Audience,
  answerProblem,
  isQuestionVisible,
  type PublicSurvey,
  type Question,
  type ResponseOutcome,
  regionOf,
  respondentMinutes,
  responseMessages,
  type ScreenerAnswers,
  type SubmitOutcome,
  type SubmitResponse,
  screenerOutcome,
  supportServicesFor,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { loadSessionSecret } from '../../lib/secrets';
import { HttpError } from '../../plugins/errors';
import { findUserById } from '../identity/repository';
import type { MailService } from '../mail/service';
import { type SafeguardingService, supportFor } from '../safeguarding/service';
import * as surveysRepo from '../surveys/repository';
import {
  completeFieldwork,
  deviceAlreadyAnswered,
  deviceHashOf,
  isSpeeder,
  medianSeconds,
  quotaFull,
  signStartToken,
  takeSlots,
  verifyStartToken,
} from './fieldwork';

export interface ResponsesDeps {
  db: Db;
  mail: MailService;
  safeguarding: SafeguardingService;
  config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'dataDir' | 'nodeEnv'>;
}

const publicStatus = (status: string): PublicSurvey['status'] | null => {
  if (status === 'live') return 'live';
  if (status === 'paused') return 'paused';
  if (['complete', 'in_review', 'results_ready', 'archived'].includes(status)) return 'closed';
  return null;
};

const notFound = () =>
  new HttpError(404, 'We could not find this survey. Check the link you were given.', 'SURVEY_NOT_FOUND');

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

class FieldworkEnded extends Error {}
class QuotaFilled extends Error {}

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

export function createResponsesService(deps: ResponsesDeps) {
  const { db } = deps;
  const secret = loadSessionSecret(deps.config);
  const summaryUrl = (id: string) => `${deps.config.publicUrl}/research/builder/survey/summary/${id}`;

  async function publicSurvey(id: string): Promise<PublicSurvey> {
    const row = await surveysRepo.findSurvey(db, id);
    const status = row ? publicStatus(row.status) : null;
    if (!row || !status) throw notFound();
    const questionList = status === 'live' ? await surveysRepo.listQuestions(db, id) : [];
    const audience = row.audience;
    return {
      id: row.id,
      type: row.type,
      name: row.name,
      description: row.description,
      status,
      questionCount: questionList.length,
      estimatedMinutes: respondentMinutes(questionList.length),
      questions: questionList,
      ...(status === 'live' ? { startToken: signStartToken(secret, row.id) } : {}),
      screener: {
        ageMin: audience?.ageMin ?? 13,
        ageMax: audience?.ageMax ?? 19,
        genders: audience?.genders ?? [],
        states: audience?.states ?? [],
        regions: audience?.regions ?? [],
      },
    };
  }

  /** With support: the help screen names the services for the categories raised, in the answer's language. */
  const outcome = (kind: ResponseOutcome, support: ReturnType<typeof supportFor> = null): SubmitOutcome => ({
    outcome: kind,
    message: responseMessages[kind],
    showSupport: support !== null,
    helpResources: support ? supportServicesFor(support.categories, support.language) : [],
    helpCategories: support?.categories ?? [],
    helpLanguage: support?.language ?? 'en',
  });

  async function storeNonCompletion(
    tx: Db,
    surveyId: string,
    clientResponseId: string,
    screener: ScreenerAnswers,
    status: 'screened_out' | 'quota_full',
  ) {
    await tx
      .insert(surveyResponses)
      .values({
        surveyId,
        clientResponseId,
        status,
        age: screener.age,
        gender: screener.gender,
        state: screener.state.toUpperCase(),
        region: regionOf(screener.state) ?? 'unknown',
      })
      .onConflictDoNothing();
  }

  async function existingOutcome(tx: Db, surveyId: string, clientResponseId: string) {
    const [existing] = await tx
      .select({ status: surveyResponses.status, answers: surveyResponses.answers })
      .from(surveyResponses)
      .where(
        and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.clientResponseId, clientResponseId)),
      );
    return existing ?? null;
  }

  /** The screener step: tells the respondent at once whether the survey is for them. */
  async function screen(
    surveyId: string,
    clientResponseId: string,
    screener: ScreenerAnswers,
    deviceToken?: string,
  ): Promise<SubmitOutcome> {
    return db.transaction(async (tx) => {
      const survey = await surveysRepo.findSurvey(tx, surveyId);
      if (!survey || !publicStatus(survey.status)) throw notFound();
      const previous = await existingOutcome(tx, surveyId, clientResponseId);
      if (previous) return outcome(previous.status);
      if (survey.status !== 'live') return outcome('closed');
      if (
        deviceToken &&
        !survey.audience?.allowRepeatResponses &&
        (await deviceAlreadyAnswered(tx, surveyId, deviceHashOf(deviceToken)))
      ) {
        return outcome('already_taken');
      }
      if (screenOutcome(survey.audience, screener) === 'screened_out') {
        await storeNonCompletion(tx, surveyId, clientResponseId, screener, 'screened_out');
        return outcome('screened_out');
      }
      if (survey.audience && (await quotaFull(tx, surveyId, survey.audience, screener))) {
        await storeNonCompletion(tx, surveyId, clientResponseId, screener, 'quota_full');
        return outcome('quota_full');
      }
      return outcome('eligible');
    });
  }

  /**
   * The survey row, read at most once a second per survey on the hot path. A stale status is harmless:
   * the counter update inside the transaction only counts while the survey is really live.
   */
  const surveyCache = new Map<string, { row: surveysRepo.SurveyRow | null; at: number }>();
  async function recentSurvey(id: string) {
    const hit = surveyCache.get(id);
    if (hit && Date.now() - hit.at < 1_000) return hit.row;
    const row = await surveysRepo.findSurvey(db, id);
    if (surveyCache.size > 1_000) surveyCache.clear();
    surveyCache.set(id, { row, at: Date.now() });
    return row;
  }

  /** Questions of a survey version; a live survey cannot be edited, so they are cached by version. */
  const questionCache = new Map<string, Question[]>();
  async function questionsOf(survey: surveysRepo.SurveyRow) {
    const key = `${survey.id}:${survey.version}`;
    let list = questionCache.get(key);
    if (!list) {
      list = await surveysRepo.listQuestions(db, survey.id);
      if (questionCache.size > 500) questionCache.clear();
      questionCache.set(key, list);
    }
    return list;
  }

  /**
   * Stores a completed response exactly once per client id: a retry or a double click gets the first
   * answer back. Everything is checked before the transaction; inside it, the survey's counter is
   * incremented under its row lock, so the sample size is reached exactly and completes the survey.
   */
  async function submit(surveyId: string, input: SubmitResponse): Promise<SubmitOutcome> {
    const survey = await recentSurvey(surveyId);
    if (!survey || !publicStatus(survey.status)) throw notFound();
    const questionList = await questionsOf(survey);
    if (survey.status !== 'live') return outcome('closed');
    const deviceHash =
      input.deviceToken && !survey.audience?.allowRepeatResponses ? deviceHashOf(input.deviceToken) : null;
    if (deviceHash && (await deviceAlreadyAnswered(db, surveyId, deviceHash))) {
      const previous = await existingOutcome(db, surveyId, input.clientResponseId);
      // The same attempt sent again (a retry) gets its first answer back, help screen included.
      return previous
        ? outcome(previous.status, supportFor(questionList, previous.answers))
        : outcome('already_taken');
    }
    if (screenOutcome(survey.audience, input.screener) === 'screened_out') {
      await storeNonCompletion(db, surveyId, input.clientResponseId, input.screener, 'screened_out');
      return outcome('screened_out');
    }
    if (survey.audience && (await quotaFull(db, surveyId, survey.audience, input.screener))) {
      await storeNonCompletion(db, surveyId, input.clientResponseId, input.screener, 'quota_full');
      return outcome('quota_full');
    }

    const fields: Record<string, string[]> = {};
    const answers: SubmitResponse['answers'] = {};
    for (const question of questionList) {
      if (!isQuestionVisible(question, answers)) continue;
      const answer = input.answers[question.id];
      const problem = answerProblem(question, answer);
      if (problem) fields[question.id] = [problem];
      else if (answer !== undefined && answer !== '') answers[question.id] = answer;
    }
    if (Object.keys(fields).length > 0) {
      throw new HttpError(400, 'Some answers need another look before you send them.', 'ANSWERS_INVALID', {
        fields,
      });
    }

    // Time is measured by the server from its own signed start token; a client-sent startedAt is
    // ignored, and without a valid token the duration is unknown (null), never 0.
    const started = verifyStartToken(secret, surveyId, input.startToken);
    const durationSeconds = started === null ? null : Math.max(0, Math.round((Date.now() - started) / 1000));
    const flags = qualityFlagsOf(
      questionList,
      answers,
      durationSeconds,
      durationSeconds === null ? null : await medianSeconds(db, surveyId),
    );
    const answersHash = hashAnswers(input.screener, answers);
    if (Object.keys(answers).length >= 3) {
      const [duplicate] = await db
        .select({ id: surveyResponses.id })
        .from(surveyResponses)
        .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.answersHash, answersHash)))
        .limit(1);
      if (duplicate) flags.push('duplicate');
    }

    const result = await db
      .transaction(async (tx) => {
        const [inserted] = await tx
          .insert(surveyResponses)
          .values({
            surveyId,
            clientResponseId: input.clientResponseId,
            status: 'completed',
            age: input.screener.age,
            gender: input.screener.gender,
            state: input.screener.state.toUpperCase(),
            region: regionOf(input.screener.state) ?? 'unknown',
            answers,
            answersHash,
            startedAt: started === null ? null : new Date(started),
            durationSeconds,
            qualityFlags: flags,
            deviceHash,
          })
          .onConflictDoNothing()
          .returning({ id: surveyResponses.id });
        // The same client id (or device) arrived twice at once: the other request stored it.
        if (!inserted) return { kind: 'repeat' as const };
        // One place in the sample, under the survey row's lock (the simulator takes places the same way).
        const slot = await takeSlots(tx, surveyId, 1);
        // Fieldwork ended between the checks and now: roll the insert back.
        if (slot.granted === 0) throw new FieldworkEnded();
        // Quotas are checked again under the same lock, so concurrent answers cannot overfill a group.
        if (survey.audience && (await quotaFull(tx, surveyId, survey.audience, input.screener, 1))) {
          throw new QuotaFilled();
        }
        const mailIds = await afterCompletion(tx, survey, slot.completedCount);
        return { kind: 'completed' as const, id: inserted.id, mailIds };
      })
      .catch((error: unknown) => {
        if (error instanceof FieldworkEnded) return { kind: 'closed' as const };
        if (error instanceof QuotaFilled) return { kind: 'quota_full' as const };
        throw error;
      });

    if (result.kind === 'quota_full') {
      await storeNonCompletion(db, surveyId, input.clientResponseId, input.screener, 'quota_full');
      return outcome('quota_full');
    }
    if (result.kind === 'repeat') {
      const previous = await existingOutcome(db, surveyId, input.clientResponseId);
      if (!previous) return outcome('already_taken');
      return outcome(previous?.status ?? 'completed', supportFor(questionList, previous?.answers ?? answers));
    }
    if (result.kind === 'closed') {
      await db
        .delete(surveyResponses)
        .where(
          and(
            eq(surveyResponses.surveyId, surveyId),
            eq(surveyResponses.clientResponseId, input.clientResponseId),
          ),
        );
      return outcome('closed');
    }
    await deps.mail.dispatch(result.mailIds);
    const needsSupport = supportFor(questionList, answers);
    if (needsSupport) await deps.safeguarding.requestScan(result.id);
    return outcome('completed', needsSupport);
  }

  /** First response → 'preview responses'; sample size reached → the survey completes by itself. */
  async function afterCompletion(
    tx: Db,
    survey: surveysRepo.SurveyRow,
    completed: number,
  ): Promise<string[]> {
    const sampleSize = survey.audience?.sampleSize;
    const reached = Boolean(sampleSize && completed >= sampleSize);
    if (completed !== 1 && !reached) return [];
    const owner = survey.ownerId ? await findUserById(tx, survey.ownerId) : null;
    const ids: string[] = [];
    const base = {
      firstName: owner?.firstName ?? null,
      surveyName: survey.name,
      surveyUrl: summaryUrl(survey.id),
    };
    if (completed === 1 && owner?.email) {
      ids.push(await deps.mail.enqueue(tx, emailTemplates.previewResponses, owner.email, base));
    }
    if (reached) ids.push(...(await completeFieldwork(tx, survey, completed, deps.config.publicUrl)));
    return ids;
  }

  return { publicSurvey, screen, submit };
}

export type ResponsesService = ReturnType<typeof createResponsesService>;
