import type { Question, ScreenerAnswers, SubmitResponse } from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { surveyResponses } from '../../db/schema/responses';
import { surveys } from '../../db/schema/surveys';
import { HttpError } from '../../plugins/errors';
import { findUserById } from '../identity/service';
import type { SurveyRow } from '../surveys/service';
import type { ResponsesDeps } from './deps';
import { completeFieldwork, groupOf, medianStats, quotaCounts, quotaLimit } from './fieldwork';
import { createGroupCommit } from './group-commit';
import { heldReason } from './holds';
import { qualityFlagsOf } from './quality';
import { storeNonCompletion } from './respondent-survey';
import { insertCountedResponses, insertResponseRows } from './row-insert';

// The commit pipeline: completed responses checked by submission.ts are written in batches per survey
// (decision 021), taking the sample places and quota counts under the survey's lock, and the first
// response and the reached sample tell the owner (and complete fieldwork).

/** A completed response checked and ready to be written with the next batch for its survey. */
export interface PendingCompletion {
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

export type CommitResult =
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

/** From this many completed responses, a batch never waits for its survey's median (3.8–7.5 s at a million). */
const LARGE_FOR_MEDIAN = 10_000;

/**
 * How long a survey's median time is used before it is read again: 5 s up to 100,000 timed
 * responses, then a twentieth of a millisecond a response, at most 5 minutes. Even a flood of 2,000
 * responses a second adds at most a tenth to the count before the median is read again.
 */
export const medianAge = (timed: number) => Math.min(300_000, Math.max(5_000, timed / 20));

export function createCommitPipeline(deps: Pick<ResponsesDeps, 'db' | 'mail' | 'config' | 'events'>) {
  const { db } = deps;
  const summaryUrl = (id: string) => `${deps.config.publicUrl}/research/builder/survey/summary/${id}`;

  /**
   * The median time of a survey's timed responses, for speeders. It is a provisional flag: every
   * response is judged again against the final median when fieldwork completes.
   * - A small survey (under a hundred timed responses) reads it every time.
   * - Above that it is read again after `medianAge(timed)`, and a batch never waits for that: it takes
   *   the median it has while the new one is read beside it.
   * - A survey of 10,000 completed responses or more does not wait for its first read either (after
   *   a restart): until it is back, its batches are judged against the floor a survey without a
   *   median has (isSpeeder: 10 s, or 2 s a question).
   * The median is a sort of the survey's timed responses: at a million, reading it every 5 s with the
   * batch waiting stalled every respondent of the survey for about 4 s (docs/benchmarks.md).
   */
  const medianCache = new Map<string, { median: number | null; at: number; age: number; reading: boolean }>();
  async function readMedian(surveyId: string, completed: number) {
    const { median, timed } = await medianStats(db, surveyId);
    if (medianCache.size > 1_000) medianCache.clear();
    // A large survey with few timed responses keeps its (empty) median too, or every batch would
    // start another read.
    if (timed >= 100 || completed >= LARGE_FOR_MEDIAN)
      medianCache.set(surveyId, { median, at: Date.now(), age: medianAge(timed), reading: false });
    else medianCache.delete(surveyId);
    return median;
  }
  async function recentMedian(surveyId: string, completed: number) {
    let hit = medianCache.get(surveyId);
    if (!hit) {
      // A survey read for the first time since the server started: a small one waits for its median
      // (it is quick and the flags are exact); a large one is judged against the floor until its
      // median, read beside the batch, is back.
      if (completed < LARGE_FOR_MEDIAN) return readMedian(surveyId, completed);
      hit = { median: null, at: 0, age: 0, reading: false };
      medianCache.set(surveyId, hit);
    }
    if (Date.now() - hit.at >= hit.age && !hit.reading) {
      const stale = hit;
      stale.reading = true;
      readMedian(surveyId, completed).catch(() => {
        stale.reading = false;
      });
    }
    return hit.median;
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
    const median = timed ? await recentMedian(survey.id, survey.completedCount) : null;
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

  return { commitOnce };
}
