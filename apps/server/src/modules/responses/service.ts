import {
  answerProblem,
  type CheckAnswerResult,
  isAnswerable,
  offeredLanguages,
  orderForHelp,
  otherTextKey,
  otherTextProblem,
  type PublicSurvey,
  pruneTranslations,
  type Question,
  type ResponseOutcome,
  regionOf,
  respondentMinutes,
  respondentPath,
  responseMessages,
  type ScreenerAnswers,
  type SubmitOutcome,
  type SubmitResponse,
  supportServicesFor,
  validPresentation,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { surveys } from '../../db/schema/surveys';
import type { EventBus } from '../../lib/events';
import { loadSessionSecret } from '../../lib/secrets';
import { HttpError } from '../../plugins/errors';
import { findUserById } from '../identity/service';
import type { MailService } from '../mail/service';
import type { SafeguardingService, supportFor } from '../safeguarding/service';
import { findSurvey, listQuestions, type SurveyRow } from '../surveys/service';
import {
  completeFieldwork,
  deviceAlreadyAnswered,
  deviceHashOf,
  groupOf,
  isIssuedDeviceToken,
  issueDeviceToken,
  medianStats,
  quotaCounts,
  quotaFull,
  quotaLimit,
  rejudgeSpeeders,
  signStartToken,
  verifyStartToken,
} from './fieldwork';
import { createGroupCommit } from './group-commit';
import { createRespondentAlerts, heldReason, plausibleSeconds } from './holds';
import { hashAnswers, qualityFlagsOf, screenOutcome } from './quality';
import { insertCountedResponses, insertResponseRows } from './row-insert';

// ── What other modules use of responses: they import this file, never the module's others ──────────

/** What the fieldwork review (in results) reads of quotas and speed. */
export { isSpeeder, medianSeconds, quotaCounts, quotaLimit, SPEEDER_SHARE_OF_MEDIAN } from './fieldwork';
/** The panel simulator: synthetic completed responses through the real sample places. */
export { hashAnswers, qualityFlagsOf, screenOutcome } from './quality';
export { insertSimulatedBulk, simulateResponses } from './simulator';

export interface ResponsesDeps {
  db: Db;
  mail: MailService;
  safeguarding: SafeguardingService;
  config: Pick<Config, 'publicUrl' | 'sessionSecret' | 'dataDir' | 'nodeEnv' | 'respond'>;
  /** Shared counters for bursts of held answers when REDIS_URL is set (lib/redis.ts). */
  redis?: Redis | undefined;
  /** This app's events: stored answers are announced (results folds them), closed surveys heard. */
  events: EventBus;
}

const publicStatus = (status: string): PublicSurvey['status'] | null => {
  if (status === 'live') return 'live';
  if (status === 'paused') return 'paused';
  if (['complete', 'in_review', 'results_ready', 'archived'].includes(status)) return 'closed';
  return null;
};

const notFound = () =>
  new HttpError(404, 'We could not find this survey. Check the link you were given.', 'SURVEY_NOT_FOUND');

/** The questions whose answers are written text: the ones safeguarding reads (short and long text). */
const openTextTypes = new Set(['short_text', 'long_text']);

/**
 * How many answer checks (decision 035) one address may ask for a minute. A class answering on one
 * school address, each teen leaving an open answer every few seconds, stays well under it.
 */
export const ANSWER_CHECK_RATE_LIMIT = 300;

/** A completed response checked and ready to be written with the next batch for its survey. */
interface PendingCompletion {
  clientResponseId: string;
  screener: ScreenerAnswers;
  questionList: Question[];
  /** Whether an identical earlier response flags this one as a duplicate (three answers or more). */
  checkDuplicate: boolean;
  /**
   * Whether being a duplicate holds it for review: with a written answer or six answers or more. A
   * short closed survey is answered alike by chance in a class of 40, so there it is only a flag.
   */
  holdDuplicate: boolean;
  /** Flags known on arrival (`too_fast`, `unverified`); a response with one is held for review. */
  arrivalFlags: string[];
  /** The row to insert; its quality flags are set in the batch. */
  values: Omit<typeof surveyResponses.$inferInsert, 'qualityFlags'> & {
    answers: SubmitResponse['answers'];
    answersHash: string;
  };
}

type CommitResult =
  | { kind: 'completed'; id: string; held: boolean }
  | { kind: 'repeat' }
  | { kind: 'closed' }
  | { kind: 'quota_full' };

/**
 * PostgreSQL refused a value (SQLSTATE class 22, e.g. a NUL character in an open answer, which jsonb
 * cannot hold): the respondent is asked to look at the answers again instead of seeing a server error.
 */
function answersTheDatabaseRefuses(error: unknown): never {
  const codeOf = (e: unknown): string | undefined =>
    e && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
  const code = codeOf(error) ?? codeOf((error as { cause?: unknown } | null)?.cause);
  if (code?.startsWith('22')) {
    throw new HttpError(400, 'Some answers need another look before you send them.', 'ANSWERS_INVALID');
  }
  throw error;
}

export function createResponsesService(deps: ResponsesDeps) {
  const { db } = deps;
  const secret = loadSessionSecret(deps.config);
  const summaryUrl = (id: string) => `${deps.config.publicUrl}/research/builder/survey/summary/${id}`;
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

  async function publicSurvey(id: string): Promise<PublicSurvey> {
    const row = await findSurvey(db, id);
    const status = row ? publicStatus(row.status) : null;
    if (!row || !status) throw notFound();
    const questionList = status === 'live' ? await listQuestions(db, id) : [];
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
      // A single-use start and a device identity, both the server's (issue 23); the page keeps the
      // first device it is given.
      ...(status === 'live'
        ? { startToken: signStartToken(secret, row.id), deviceToken: issueDeviceToken(secret) }
        : {}),
      // The Spanish version only when every text is translated (decision 033).
      ...spanishVersion(row, questionList),
      screener: {
        ageMin: audience?.ageMin ?? 13,
        ageMax: audience?.ageMax ?? 19,
        genders: audience?.genders ?? [],
        states: audience?.states ?? [],
        regions: audience?.regions ?? [],
      },
    };
  }

  /** The languages offered and, with Spanish, its texts (decision 033); English only when incomplete. */
  function spanishVersion(row: SurveyRow, questionList: Question[]) {
    const survey = { name: row.name, description: row.description, questions: questionList };
    const languages = offeredLanguages(survey, row.translations);
    const es = languages.includes('es') ? pruneTranslations(survey, row.translations).es : undefined;
    return { languages, ...(es ? { translations: { es } } : {}) };
  }

  /**
   * With support: the help screen names the services for the categories raised, gravest first, in
   * the answer's language (Spanish only, on a Spanish screen).
   */
  const outcome = (
    kind: ResponseOutcome,
    support: ReturnType<typeof supportFor> = null,
    screen: 'en' | 'es' = 'en',
  ): SubmitOutcome => ({
    outcome: kind,
    message: responseMessages[kind],
    showSupport: support !== null,
    helpResources: support ? supportServicesFor(support.categories, support.language, screen) : [],
    helpCategories: support ? orderForHelp(support.categories) : [],
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
      const survey = await findSurvey(tx, surveyId);
      if (!survey || !publicStatus(survey.status)) throw notFound();
      const previous = await existingOutcome(tx, surveyId, clientResponseId);
      if (previous) return outcome(previous.status);
      if (survey.status !== 'live') return outcome('closed');
      if (
        isIssuedDeviceToken(secret, deviceToken) &&
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
  const surveyCache = new Map<string, { row: SurveyRow | null; at: number }>();
  async function recentSurvey(id: string) {
    const hit = surveyCache.get(id);
    if (hit && Date.now() - hit.at < 1_000) return hit.row;
    const row = await findSurvey(db, id);
    if (surveyCache.size > 1_000) surveyCache.clear();
    surveyCache.set(id, { row, at: Date.now() });
    return row;
  }

  /** Questions of a survey version; a live survey cannot be edited, so they are cached by version. */
  const questionCache = new Map<string, Question[]>();
  async function questionsOf(survey: SurveyRow) {
    const key = `${survey.id}:${survey.version}`;
    let list = questionCache.get(key);
    if (!list) {
      list = await listQuestions(db, survey.id);
      if (questionCache.size > 500) questionCache.clear();
      questionCache.set(key, list);
    }
    return list;
  }

  /**
   * The median time of a survey's timed responses, for speeders. Once a hundred or more are timed it
   * moves little, so it is read at most every 5 s (it is a provisional flag: every response is judged
   * again against the final median when fieldwork completes); below that it is read every time.
   */
  const medianCache = new Map<string, { median: number | null; at: number }>();
  async function recentMedian(surveyId: string) {
    const hit = medianCache.get(surveyId);
    if (hit && Date.now() - hit.at < 5_000) return hit.median;
    const { median, timed } = await medianStats(db, surveyId);
    if (medianCache.size > 1_000) medianCache.clear();
    if (timed >= 100) medianCache.set(surveyId, { median, at: Date.now() });
    else medianCache.delete(surveyId);
    return median;
  }

  /**
   * Writes a batch of completed responses to one survey (see group-commit.ts and decision 021). Most
   * batches are one statement (insertCountedResponses: live, no quotas, not the first response, more
   * places left than the batch holds); the rest take one transaction. Under the survey row's lock: the
   * sample places left and the quota counts are read once, all rows are inserted with one statement (a client id or device stored before is skipped),
   * each new row takes a place in arrival order, rows beyond the sample or over a full quota are taken
   * out again, and the counter moves once by the number kept. So the sample and the quotas stay exact
   * however many batches, or server copies, write at once.
   */
  async function commitBatch(survey: SurveyRow, items: PendingCompletion[]) {
    const timed = items.some((item) => item.values.durationSeconds != null);
    const median = timed ? await recentMedian(survey.id) : null;
    const flagged = items.map((item) => {
      const { answers, durationSeconds } = item.values;
      return {
        ...item.values,
        qualityFlags: [
          ...item.arrivalFlags,
          ...qualityFlagsOf(item.questionList, answers, durationSeconds ?? null, median),
        ],
      };
    });

    // Most batches: one statement, no transaction around it (see insertCountedResponses).
    const stored = await insertCountedResponses(
      db,
      survey.id,
      flagged.map((row, i) => ({
        ...row,
        checkDuplicate: items[i]!.checkDuplicate,
        holdDuplicate: items[i]!.holdDuplicate,
      })),
    );
    if (stored) {
      // A client id, device or start token stored before is answered as a repeat.
      const results = items.map((item): CommitResult => {
        const row = stored.get(item.clientResponseId);
        return row ? { kind: 'completed', id: row.id, held: row.held } : { kind: 'repeat' };
      });
      if (stored.size > 0) await deps.events.emit('responses.stored', { surveyId: survey.id });
      return results;
    }

    // Identical answers stored before, or earlier in this batch, flag a response as a duplicate. Read
    // before the lock, to keep it short.
    const hashes = items.filter((item) => item.checkDuplicate).map((item) => item.values.answersHash);
    const seen = new Set(
      hashes.length === 0
        ? []
        : (
            await db
              .selectDistinct({ hash: surveyResponses.answersHash })
              .from(surveyResponses)
              .where(
                and(eq(surveyResponses.surveyId, survey.id), inArray(surveyResponses.answersHash, hashes)),
              )
          ).map((r) => r.hash),
    );
    const rows = flagged.map((row, i) => {
      const item = items[i]!;
      const qualityFlags = [...row.qualityFlags];
      let { excluded, excludedReason } = row;
      if (item.checkDuplicate) {
        if (seen.has(row.answersHash)) {
          qualityFlags.push('duplicate');
          if (item.holdDuplicate && !excluded) {
            excluded = true;
            excludedReason = heldReason('duplicate');
          }
        }
        seen.add(row.answersHash);
      }
      return { ...row, qualityFlags, excluded, excludedReason };
    });
    const { results, mailIds } = await db.transaction(async (tx) => {
      // The rows first, before the lock, so the lock is held only for the counting. A client id, a
      // device or a start token stored before is skipped here, and answered as a repeat.
      const inserted = await insertResponseRows(tx, rows, { skipConflicts: true });
      const idOf = new Map(inserted.map((r) => [r.clientResponseId, r.id]));
      // The new rows in arrival order: they take the places in that order; held ones take none.
      const fresh: { item: PendingCompletion; id: string; index: number }[] = [];
      const results = items.map((item, index): CommitResult => {
        const id = idOf.get(item.clientResponseId);
        if (!id) return { kind: 'repeat' };
        idOf.delete(item.clientResponseId);
        const held = rows[index]!.excluded === true;
        if (!held) fresh.push({ item, id, index });
        return { kind: 'completed', id, held };
      });
      const heldIds = results.flatMap((result) =>
        result.kind === 'completed' && result.held ? [result.id] : [],
      );

      // One statement locks the survey row and, when the survey has no quotas, takes up to k places.
      const [slot] = await queryRows<{
        before: number;
        after: number | null;
        status: string;
        quotas: boolean;
        sampleSize: number | null;
      }>(
        tx,
        sql`with old as (
              select completed_count, status, audience from surveys where id = ${survey.id} for no key update
            ), taken as (
              update surveys s set completed_count = least(
                old.completed_count + ${fresh.length}::int,
                coalesce((old.audience->>'sampleSize')::int, old.completed_count + ${fresh.length}::int))
              from old
              where s.id = ${survey.id} and old.status = 'live'
                and coalesce(jsonb_array_length(old.audience->'quotas'), 0) = 0
              returning s.completed_count
            )
            select old.completed_count as "before", (select completed_count from taken) as "after",
              old.status, coalesce(jsonb_array_length(old.audience->'quotas'), 0) > 0 as "quotas",
              (old.audience->>'sampleSize')::int as "sampleSize"
            from old`,
      );
      const before = slot ? Number(slot.before) : 0;
      const takenOut: string[] = [];
      const turnAway = (entry: { id: string; index: number }, kind: 'closed' | 'quota_full') => {
        takenOut.push(entry.id);
        results[entry.index] = { kind };
      };

      let after = before;
      if (slot?.status !== 'live') {
        for (const entry of fresh) turnAway(entry, 'closed');
        // A held response is not kept for a survey that is no longer live either.
        for (const [index, result] of results.entries()) {
          if (result.kind === 'completed' && heldIds.includes(result.id))
            turnAway({ id: result.id, index }, 'closed');
        }
      } else if (!slot.quotas) {
        after = Number(slot.after);
        for (const entry of fresh.slice(after - before)) turnAway(entry, 'closed');
      } else {
        // Quotas: the row is locked; count each group once and give places in arrival order.
        const [row] = await tx
          .select({ audience: surveys.audience })
          .from(surveys)
          .where(eq(surveys.id, survey.id));
        const audience = row!.audience!;
        const { sampleSize, quotas } = audience;
        const counts = await quotaCounts(tx, survey.id, audience);
        const groupsOf = (item: PendingCompletion) =>
          quotas.flatMap((quota, i) => (groupOf(quota.attribute, item.screener) === quota.value ? [i] : []));
        // The counts include this batch's own counted rows (inserted above, in this transaction): take
        // them out. Held rows are not in them.
        for (const entry of fresh) for (const i of groupsOf(entry.item)) counts[i] = (counts[i] ?? 0) - 1;
        const quotaTurnedAway: PendingCompletion[] = [];
        for (const entry of fresh) {
          const groups = groupsOf(entry.item);
          if (after >= sampleSize) turnAway(entry, 'closed');
          else if (groups.some((i) => (counts[i] ?? 0) >= quotaLimit(sampleSize, quotas[i]!))) {
            turnAway(entry, 'quota_full');
            quotaTurnedAway.push(entry.item);
          } else {
            for (const i of groups) counts[i] = (counts[i] ?? 0) + 1;
            after++;
          }
        }
        if (takenOut.length > 0) {
          await tx.delete(surveyResponses).where(inArray(surveyResponses.id, takenOut));
          takenOut.length = 0;
        }
        // A respondent turned away by a full quota is counted as such, like one at the screener.
        for (const item of quotaTurnedAway) {
          await storeNonCompletion(tx, survey.id, item.clientResponseId, item.screener, 'quota_full');
        }
        if (after > before) {
          await tx.update(surveys).set({ completedCount: after }).where(eq(surveys.id, survey.id));
        }
      }
      // Rows that got no place are taken out again; the rest of the batch stands.
      if (takenOut.length > 0) {
        await tx.delete(surveyResponses).where(inArray(surveyResponses.id, takenOut));
      }
      if (after === before) return { results, mailIds: [] };
      return {
        results,
        mailIds: await afterCompletion(tx, survey, before, after, slot?.sampleSize ?? null),
      };
    });
    // Only now, after the commit, is anything sent.
    if (mailIds.length > 0) await deps.mail.dispatch(mailIds);
    // The new rows are added to the result aggregates a moment later (decision 020), by results.
    if (results.some((result) => result.kind === 'completed')) {
      await deps.events.emit('responses.stored', { surveyId: survey.id });
    }
    return results;
  }

  const completions = createGroupCommit<PendingCompletion & { survey: SurveyRow }, CommitResult>({
    commit: (_surveyId, items) => commitBatch(items[0]!.survey, items).catch(answersTheDatabaseRefuses),
  });

  /**
   * The same attempt sent twice while the first is still being written shares the first one's result,
   * so a double click in one batch is stored once and both get the same answer.
   */
  const pending = new Map<string, Promise<CommitResult>>();
  function commitOnce(survey: SurveyRow, item: PendingCompletion) {
    const key = `${survey.id}:${item.clientResponseId}`;
    const running = pending.get(key);
    if (running) return running;
    const promise = completions.submit(survey.id, { ...item, survey }).finally(() => pending.delete(key));
    pending.set(key, promise);
    return promise;
  }

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
    const presentation = validPresentation(questionList, input.presentation);
    const fields: Record<string, string[]> = {};
    const answers: SubmitResponse['answers'] = {};
    const path = respondentPath(questionList, input.answers, {
      presentation,
      accept: (question, answer) => answerProblem(question, answer) === null,
    });
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

  /**
   * One open answer checked as the respondent leaves it (decision 035): what it raises, gravest
   * first, and its language, so the page can offer help before the next question. Nothing is
   * written, and nothing of the text is kept or logged: it is classified and forgotten.
   */
  async function checkAnswer(surveyId: string, questionId: string, text: string): Promise<CheckAnswerResult> {
    const survey = await recentSurvey(surveyId);
    const status = survey ? publicStatus(survey.status) : null;
    if (!survey || !status) throw notFound();
    if (status !== 'live') throw new HttpError(409, responseMessages.closed, 'SURVEY_NOT_LIVE');
    const question = (await questionsOf(survey)).find((q) => q.id === questionId);
    if (!question || !openTextTypes.has(question.type)) {
      const message = 'This question of the survey does not take a written answer.';
      throw new HttpError(
        400,
        `Some of the details you sent need another look: questionId (${message}).`,
        'VALIDATION_FAILED',
        {
          fields: { questionId: [message] },
        },
      );
    }
    // The same assessment as a submission's (the safeguarding service's classifier), for one answer.
    const { support } = deps.safeguarding.screen([question], { [question.id]: text });
    return support
      ? { categories: orderForHelp(support.categories), language: support.language }
      : { categories: [], language: 'en' };
  }

  /** First response → 'preview responses'; sample size reached → the survey completes by itself. */
  async function afterCompletion(
    tx: Db,
    survey: SurveyRow,
    before: number,
    completed: number,
    sampleSize: number | null,
  ): Promise<string[]> {
    const reached = Boolean(sampleSize && completed >= sampleSize);
    const first = before === 0 && completed > 0;
    if (!first && !reached) return [];
    const owner = survey.ownerId ? await findUserById(tx, survey.ownerId) : null;
    const ids: string[] = [];
    const base = {
      firstName: owner?.firstName ?? null,
      surveyName: survey.name,
      surveyUrl: summaryUrl(survey.id),
    };
    if (first && owner?.email) {
      ids.push(await deps.mail.enqueue(tx, emailTemplates.previewResponses, owner.email, base));
    }
    if (reached) ids.push(...(await completeFieldwork(tx, survey, completed, deps.config.publicUrl)));
    return ids;
  }

  /** An answer refused by the respondent rate limit counts toward the survey's burst alert. */
  const refused = async (surveyId: string) => {
    const survey = await recentSurvey(surveyId);
    if (survey) alerts.held(survey, 1);
  };

  return { publicSurvey, screen, submit, checkAnswer, refused };
}

export type ResponsesService = ReturnType<typeof createResponsesService>;
