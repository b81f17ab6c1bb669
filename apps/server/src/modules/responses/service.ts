import { createHash } from 'node:crypto';
import {
  type Audience,
  answerProblem,
  helpResources,
  isQuestionVisible,
  type PublicSurvey,
  type Question,
  type ResponseOutcome,
  regionOf,
  responseMessages,
  type ScreenerAnswers,
  type SubmitOutcome,
  type SubmitResponse,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { HttpError } from '../../plugins/errors';
import { findUserById } from '../identity/repository';
import type { MailService } from '../mail/service';
import { answersNeedSupport, type SafeguardingService } from '../safeguarding/service';
import * as surveysRepo from '../surveys/repository';

export interface ResponsesDeps {
  db: Db;
  mail: MailService;
  safeguarding: SafeguardingService;
  config: Pick<Config, 'publicUrl'>;
}

const publicStatus = (status: string): PublicSurvey['status'] | null => {
  if (status === 'live') return 'live';
  if (status === 'paused') return 'paused';
  if (['complete', 'in_review', 'results_ready', 'archived'].includes(status)) return 'closed';
  return null;
};

const notFound = () =>
  new HttpError(404, 'We could not find this survey. Check the link you were given.', 'SURVEY_NOT_FOUND');

export function screenOutcome(
  audience: Audience | null,
  screener: ScreenerAnswers,
): 'eligible' | 'screened_out' {
  if (!audience) return 'eligible';
  const region = regionOf(screener.state);
  if (!region) return 'screened_out';
  if (screener.age < audience.ageMin || screener.age > audience.ageMax) return 'screened_out';
  if (audience.genders.length > 0 && !audience.genders.includes(screener.gender)) return 'screened_out';
  if (audience.states.length > 0 && !audience.states.includes(screener.state.toUpperCase()))
    return 'screened_out';
  if (audience.regions.length > 0 && !audience.regions.includes(region)) return 'screened_out';
  return 'eligible';
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

const ageBand = (age: number) => (age <= 15 ? '13-15' : age <= 17 ? '16-17' : '18-19');

/** Quality flags computed when a response arrives; staff decide what to exclude. */
export function qualityFlagsOf(
  questionList: Question[],
  answers: SubmitResponse['answers'],
  durationSeconds: number | null,
) {
  const flags: string[] = [];
  if (durationSeconds !== null && durationSeconds < Math.max(10, questionList.length * 2))
    flags.push('speeder');
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
      estimatedMinutes: Math.max(1, Math.round(questionList.length * 0.4)),
      questions: questionList,
      screener: {
        ageMin: audience?.ageMin ?? 13,
        ageMax: audience?.ageMax ?? 19,
        genders: audience?.genders ?? [],
        states: audience?.states ?? [],
        regions: audience?.regions ?? [],
      },
    };
  }

  const outcome = (kind: ResponseOutcome, showSupport = false): SubmitOutcome => ({
    outcome: kind,
    message: responseMessages[kind],
    showSupport,
    helpResources: showSupport ? helpResources : [],
  });

  async function quotaFull(tx: Db, surveyId: string, audience: Audience, screener: ScreenerAnswers) {
    if (audience.quotas.length === 0) return false;
    const region = regionOf(screener.state);
    for (const quota of audience.quotas) {
      const value =
        quota.attribute === 'gender'
          ? screener.gender
          : quota.attribute === 'region'
            ? region
            : ageBand(screener.age);
      if (value !== quota.value) continue;
      const limit = Math.ceil((audience.sampleSize * quota.percent) / 100);
      const column =
        quota.attribute === 'gender'
          ? sql`${surveyResponses.gender} = ${quota.value}`
          : quota.attribute === 'region'
            ? sql`${surveyResponses.region} = ${quota.value}`
            : sql`(case when ${surveyResponses.age} <= 15 then '13-15' when ${surveyResponses.age} <= 17 then '16-17' else '18-19' end) = ${quota.value}`;
      const [row] = await tx
        .select({ total: count() })
        .from(surveyResponses)
        .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.status, 'completed'), column));
      if ((row?.total ?? 0) >= limit) return true;
    }
    return false;
  }

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
  ): Promise<SubmitOutcome> {
    return db.transaction(async (tx) => {
      const survey = await surveysRepo.findSurvey(tx, surveyId);
      if (!survey || !publicStatus(survey.status)) throw notFound();
      const previous = await existingOutcome(tx, surveyId, clientResponseId);
      if (previous) return outcome(previous.status);
      if (survey.status !== 'live') return outcome('closed');
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

    const started = Date.parse(input.startedAt);
    const durationSeconds = Number.isFinite(started)
      ? Math.max(0, Math.round((Date.now() - started) / 1000))
      : null;
    const flags = qualityFlagsOf(questionList, answers, durationSeconds);
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
            startedAt: Number.isFinite(started) ? new Date(started) : null,
            durationSeconds,
            qualityFlags: flags,
          })
          .onConflictDoNothing()
          .returning({ id: surveyResponses.id });
        // The same client id arrived twice at once: the other request stored it.
        if (!inserted) return { kind: 'repeat' as const };
        const counted = await surveysRepo.incrementCompleted(tx, surveyId);
        // Fieldwork ended between the checks and now: roll the insert back.
        if (!counted) throw new FieldworkEnded();
        const mailIds = await afterCompletion(
          tx,
          { ...survey, status: counted.status },
          counted.completedCount,
        );
        return { kind: 'completed' as const, id: inserted.id, mailIds };
      })
      .catch((error: unknown) => {
        if (error instanceof FieldworkEnded) return { kind: 'closed' as const };
        throw error;
      });

    if (result.kind === 'repeat') {
      const previous = await existingOutcome(db, surveyId, input.clientResponseId);
      return outcome(
        previous?.status ?? 'completed',
        answersNeedSupport(questionList, previous?.answers ?? answers),
      );
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
    const needsSupport = answersNeedSupport(questionList, answers);
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
    if (reached) {
      await surveysRepo.setSurveyStatus(tx, survey.id, 'complete');
      await surveysRepo.insertHistory(tx, {
        surveyId: survey.id,
        fromStatus: 'live',
        toStatus: 'complete',
        action: 'close',
        actorId: null,
        reason: `Sample size of ${sampleSize ?? completed} reached.`,
      });
      if (owner?.email) {
        ids.push(
          await deps.mail.enqueue(tx, emailTemplates.surveyComplete, owner.email, {
            ...base,
            responses: completed,
          }),
        );
      }
    }
    return ids;
  }

  return { publicSurvey, screen, submit };
}

export type ResponsesService = ReturnType<typeof createResponsesService>;
