import {
  type AnswerValue,
  type Incident,
  incidentCategories,
  incidentCategoryLabels,
  platformRolePermissions,
  type Question,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { answerReviews, incidents, surveyResponses } from '../../db/schema/responses';
import { questions, surveys } from '../../db/schema/surveys';
import { workInBatches } from '../../lib/batch-worker';
import { HttpError } from '../../plugins/errors';
import { listUsersWithPlatformRoles, type Viewer } from '../identity/service';
import type { MailService } from '../mail/service';
import { redactPersonalData } from '../results/service';
import {
  answerLanguage,
  assessRisk,
  classifyRisk,
  excerptOf,
  type IncidentCategory,
} from './classifier';

// ── What other modules use of safeguarding: they import this file, never the module's others ───────

/** The risk signals an open answer raises (none: an empty list); results hide risky answers with it. */
export { assessRisk, classifyRisk, type RiskAssessment } from './classifier';

/**
 * Whether an open answer is kept from the organisation until a moderator decides: it raised a
 * concern, or scored in the grey band just below (a 'possible concern').
 */
export function isWithheldText(text: string): boolean {
  const { raised, concerns } = assessRisk(text);
  return raised.length > 0 || concerns.length > 0;
}

export const SCAN_QUEUE = 'safeguarding-scan';

const openTextTypes = new Set(['short_text', 'long_text']);
const moderatorRoles = Object.entries(platformRolePermissions)
  .filter(([, permissions]) => permissions.includes('surveys~moderate'))
  .map(([role]) => role);

/**
 * Which help applies after a submission: the categories its open answers raised (never their text)
 * and the language of the riskiest answer, or null when nothing was raised.
 */
export function supportFor(
  questionList: Question[],
  answers: Record<string, AnswerValue>,
): { categories: IncidentCategory[]; language: 'en' | 'es' } | null {
  const categories = new Set<IncidentCategory>();
  let language: 'en' | 'es' | null = null;
  for (const q of questionList) {
    const text = answers[q.id];
    if (!openTextTypes.has(q.type) || typeof text !== 'string') continue;
    const signals = classifyRisk(text);
    if (signals.length === 0) continue;
    for (const signal of signals) categories.add(signal.category);
    if (language !== 'es') language = answerLanguage(text);
  }
  if (categories.size === 0) return null;
  return {
    categories: incidentCategories.filter((c) => categories.has(c)),
    language: language ?? 'en',
  };
}

export interface SafeguardingDeps {
  db: Db;
  mail: MailService;
  config: Pick<Config, 'publicUrl'>;
  boss: () => PgBoss | null;
}

export function createSafeguardingService(deps: SafeguardingDeps) {
  const { db } = deps;
  const incidentsUrl = `${deps.config.publicUrl}/research/builder/admin/incidents`;

  /** Scans a response's open answers and raises one incident per risk found; runs as a job. */
  async function scanResponse(responseId: string) {
    const [response] = await db.select().from(surveyResponses).where(eq(surveyResponses.id, responseId));
    if (!response) return;
    const [survey] = await db.select().from(surveys).where(eq(surveys.id, response.surveyId));
    const openQuestions = (
      await db.select().from(questions).where(eq(questions.surveyId, response.surveyId))
    ).filter((q) => openTextTypes.has(q.type));
    const mailIds = await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const question of openQuestions) {
        const text = response.answers[question.id];
        if (typeof text !== 'string') continue;
        for (const signal of classifyRisk(text)) {
          const inserted = await tx
            .insert(incidents)
            .values({
              surveyId: response.surveyId,
              responseId,
              questionId: question.id,
              // The column is plain text; its TypeScript enum in db/schema still lists the first four.
              category: signal.category,
              severity: signal.severity,
              excerpt: excerptOf(text),
            })
            .onConflictDoNothing()
            .returning({ id: incidents.id });
          if (inserted.length === 0) continue;
          for (const moderator of await listUsersWithPlatformRoles(tx, moderatorRoles)) {
            if (!moderator.email) continue;
            ids.push(
              await deps.mail.enqueue(tx, emailTemplates.incidentNotification, moderator.email, {
                firstName: moderator.firstName,
                surveyName: survey?.name ?? 'a survey',
                categoryLabel: incidentCategoryLabels[signal.category],
                severity: signal.severity,
                incidentsUrl,
              }),
            );
          }
        }
      }
      return ids;
    });
    await deps.mail.dispatch(mailIds);
  }

  /** Queues the scan; without a queue (tests, scripts) it runs at once. */
  async function requestScan(responseId: string) {
    const boss = deps.boss();
    if (boss)
      await boss.send(SCAN_QUEUE, { responseId }, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
    else await scanResponse(responseId);
  }

  async function startWorkers(boss: PgBoss) {
    await boss.createQueue(SCAN_QUEUE);
    // Responses arrive by the hundred a second at peak: each fetch takes a batch, so the scan keeps up.
    await workInBatches<{ responseId: string }>(
      boss,
      SCAN_QUEUE,
      { batchSize: 50, pollingIntervalSeconds: 1 },
      (data) => scanResponse(data.responseId),
    );
  }

  async function toIncidents(rows: (typeof incidents.$inferSelect)[]): Promise<Incident[]> {
    if (rows.length === 0) return [];
    const surveyRows = await db
      .select({ id: surveys.id, name: surveys.name, organizationName: organizations.name })
      .from(surveys)
      .leftJoin(organizations, eq(organizations.id, surveys.organizationId))
      .where(inArray(surveys.id, [...new Set(rows.map((r) => r.surveyId))]));
    const questionRows = await db
      .select({ surveyId: questions.surveyId, id: questions.id, title: questions.title })
      .from(questions)
      .where(inArray(questions.surveyId, [...new Set(rows.map((r) => r.surveyId))]));
    const responseIds = [...new Set(rows.map((r) => r.responseId).filter((id): id is string => !!id))];
    const [answerRows, reviewRows] = responseIds.length
      ? await Promise.all([
          db
            .select({ id: surveyResponses.id, answers: surveyResponses.answers })
            .from(surveyResponses)
            .where(inArray(surveyResponses.id, responseIds)),
          db.select().from(answerReviews).where(inArray(answerReviews.responseId, responseIds)),
        ])
      : [[], []];
    const answerOf = (row: typeof incidents.$inferSelect): Incident['answer'] => {
      const raw = answerRows.find((a) => a.id === row.responseId)?.answers[row.questionId ?? ''];
      if (typeof raw !== 'string') return null;
      const review = reviewRows.find(
        (r) => r.responseId === row.responseId && r.questionId === row.questionId,
      );
      return {
        text: raw,
        suggestedRedaction: redactPersonalData(raw),
        decision: review?.decision ?? 'pending',
        releasedText: review?.decision === 'redacted' ? redactPersonalData(review.releasedText ?? '') : null,
        history: review?.history ?? [],
      };
    };
    return rows.map((row) => {
      const survey = surveyRows.find((s) => s.id === row.surveyId);
      return {
        id: row.id,
        surveyId: row.surveyId,
        surveyName: survey?.name ?? '',
        organizationName: survey?.organizationName ?? null,
        questionTitle:
          questionRows.find((q) => q.surveyId === row.surveyId && q.id === row.questionId)?.title ?? null,
        category: row.category,
        severity: row.severity,
        status: row.status,
        excerpt: row.excerpt,
        notes: row.notes,
        resolution: row.resolution,
        createdAt: row.createdAt.toISOString(),
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
        answer: answerOf(row),
      };
    });
  }

  async function list(status: string | undefined, page: number, pageSize: number) {
    const where = status ? eq(incidents.status, status as 'open') : undefined;
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(incidents)
        .where(where)
        .orderBy(desc(incidents.createdAt))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(incidents).where(where),
    ]);
    return { data: await toIncidents(rows), meta: { page, pageSize, total: totals[0]?.total ?? 0 } };
  }

  const nameOf = async (viewer: Viewer) =>
    [viewer.user.firstName, viewer.user.lastName].filter(Boolean).join(' ') ||
    viewer.user.email ||
    'A moderator';

  async function triage(viewer: Viewer, id: string, severity: 'high' | 'medium' | 'low', note: string) {
    const by = await nameOf(viewer);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(incidents).where(eq(incidents.id, id)).for('update');
      if (!row) throw new HttpError(404, 'That incident does not exist.', 'INCIDENT_NOT_FOUND');
      if (row.status === 'resolved')
        throw new HttpError(409, 'This incident is already resolved.', 'INCIDENT_RESOLVED');
      const [next] = await tx
        .update(incidents)
        .set({
          status: 'triaged',
          severity,
          notes: [...row.notes, { at: new Date().toISOString(), by, text: note }],
        })
        .where(eq(incidents.id, id))
        .returning();
      return next!;
    });
    return (await toIncidents([updated]))[0]!;
  }

  async function resolve(viewer: Viewer, id: string, resolution: string) {
    const by = await nameOf(viewer);
    const { updated, mailIds } = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(incidents).where(eq(incidents.id, id)).for('update');
      if (!row) throw new HttpError(404, 'That incident does not exist.', 'INCIDENT_NOT_FOUND');
      if (row.status === 'resolved')
        throw new HttpError(409, 'This incident is already resolved.', 'INCIDENT_RESOLVED');
      const [updated] = await tx
        .update(incidents)
        .set({
          status: 'resolved',
          resolution,
          resolvedAt: new Date(),
          notes: [...row.notes, { at: new Date().toISOString(), by, text: `Resolved: ${resolution}` }],
        })
        .where(eq(incidents.id, id))
        .returning();
      const [survey] = await tx
        .select({ name: surveys.name })
        .from(surveys)
        .where(eq(surveys.id, row.surveyId));
      const mailIds: string[] = [];
      for (const moderator of await listUsersWithPlatformRoles(tx, moderatorRoles)) {
        if (!moderator.email) continue;
        mailIds.push(
          await deps.mail.enqueue(tx, emailTemplates.incidentResolution, moderator.email, {
            firstName: moderator.firstName,
            surveyName: survey?.name ?? 'a survey',
            categoryLabel: incidentCategoryLabels[row.category],
            resolvedBy: by,
            resolution,
            incidentsUrl,
          }),
        );
      }
      return { updated: updated!, mailIds };
    });
    await deps.mail.dispatch(mailIds);
    return (await toIncidents([updated]))[0]!;
  }

  /**
   * The moderator's decision on the answer behind an incident: release it as written (still
   * redacted of obvious personal data), release a redacted text, or keep it withheld. Recorded with
   * who and when, in the answer's history and in the incident's notes; it can be changed later.
   */
  async function decideAnswer(
    viewer: Viewer,
    id: string,
    decision: 'released' | 'redacted' | 'withheld',
    text: string | undefined,
  ) {
    const by = await nameOf(viewer);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(incidents).where(eq(incidents.id, id)).for('update');
      if (!row) throw new HttpError(404, 'That incident does not exist.', 'INCIDENT_NOT_FOUND');
      if (!row.responseId || !row.questionId)
        throw new HttpError(409, 'The answer behind this incident no longer exists.', 'ANSWER_GONE');
      const [response] = await tx
        .select({ answers: surveyResponses.answers })
        .from(surveyResponses)
        .where(eq(surveyResponses.id, row.responseId));
      if (!response || typeof response.answers[row.questionId] !== 'string')
        throw new HttpError(409, 'The answer behind this incident no longer exists.', 'ANSWER_GONE');
      const releasedText = decision === 'redacted' ? redactPersonalData(text ?? '') : null;
      const at = new Date();
      const entry = { at: at.toISOString(), by, decision, text: releasedText };
      const [existing] = await tx
        .select()
        .from(answerReviews)
        .where(
          and(eq(answerReviews.responseId, row.responseId), eq(answerReviews.questionId, row.questionId)),
        );
      if (existing) {
        await tx
          .update(answerReviews)
          .set({
            decision,
            releasedText,
            decidedBy: viewer.user.id,
            decidedAt: at,
            history: [...existing.history, entry],
          })
          .where(eq(answerReviews.id, existing.id));
      } else {
        await tx.insert(answerReviews).values({
          surveyId: row.surveyId,
          responseId: row.responseId,
          questionId: row.questionId,
          decision,
          releasedText,
          decidedBy: viewer.user.id,
          decidedAt: at,
          history: [entry],
        });
      }
      const said =
        decision === 'withheld'
          ? 'Kept the answer withheld from the organisation.'
          : decision === 'released'
            ? 'Released the answer to the organisation as written (personal data still redacted).'
            : 'Released a redacted answer to the organisation.';
      const [next] = await tx
        .update(incidents)
        .set({ notes: [...row.notes, { at: at.toISOString(), by, text: said }] })
        .where(eq(incidents.id, id))
        .returning();
      return next!;
    });
    return (await toIncidents([updated]))[0]!;
  }

  return { scanResponse, requestScan, startWorkers, list, triage, resolve, decideAnswer };
}

export type SafeguardingService = ReturnType<typeof createSafeguardingService>;
