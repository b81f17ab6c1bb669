import {
  type AnswerValue,
  type Incident,
  type IncidentKind,
  type IncidentsQuery,
  incidentCategories,
  incidentCategoryLabels,
  pipingInWords,
  platformRolePermissions,
  type Question,
} from '@tv/contract';
import { type EmailTemplate, emailTemplates } from '@tv/emails';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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
import {
  answerLanguage,
  assessRisk,
  excerptOf,
  type IncidentCategory,
  type RiskAssessment,
  redactPersonalData,
} from '../privacy/service';

// ── What other modules use of safeguarding: they import this file, never the module's others ───────

/** The classifier lives in privacy, which results use too; re-exported for safeguarding's callers. */
export { assessRisk, classifyRisk, isWithheldText, type RiskAssessment } from '../privacy/service';

export const SCAN_QUEUE = 'safeguarding-scan';

const openTextTypes = new Set(['short_text', 'long_text']);
const moderatorRoles = Object.entries(platformRolePermissions)
  .filter(([, permissions]) => permissions.includes('surveys~moderate'))
  .map(([role]) => role);

/** What the safeguarding layer makes of an open answer (the classifier's `assessRisk`). */
export type AssessRisk = (text: string) => RiskAssessment;

/**
 * Which help applies after a submission: the categories its open answers raised (never their text)
 * and the language of the riskiest answer, or null when nothing was raised. The grey band
 * (`concerns`) shows no help.
 */
export function supportFor(
  questionList: Question[],
  answers: Record<string, AnswerValue>,
  assess: AssessRisk = assessRisk,
): { categories: IncidentCategory[]; language: 'en' | 'es' } | null {
  const categories = new Set<IncidentCategory>();
  let language: 'en' | 'es' | null = null;
  for (const q of questionList) {
    const text = answers[q.id];
    if (!openTextTypes.has(q.type) || typeof text !== 'string') continue;
    const signals = assess(text).raised;
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
  /** The classifier; the real `assessRisk` unless a test gives another (e.g. one with a grey band). */
  assess?: AssessRisk;
}

export function createSafeguardingService(deps: SafeguardingDeps) {
  const { db } = deps;
  const assess = deps.assess ?? assessRisk;
  const incidentsUrl = `${deps.config.publicUrl}/research/builder/admin/incidents`;

  /**
   * What a submission needs from safeguarding: the help to show (raised risks only) and whether a
   * scan must look at it (anything raised or in the grey band).
   */
  function screen(questionList: Question[], answers: Record<string, AnswerValue>) {
    // Each open answer is assessed once: this runs on every submission, where CPU is the limit (issue 11).
    const assessed = new Map<string, RiskAssessment>();
    const once = (text: string) => {
      const found = assessed.get(text) ?? assess(text);
      assessed.set(text, found);
      return found;
    };
    const review = questionList.some((q) => {
      const text = answers[q.id];
      if (!openTextTypes.has(q.type) || typeof text !== 'string') return false;
      const { raised, concerns } = once(text);
      return raised.length > 0 || concerns.length > 0;
    });
    return { support: review ? supportFor(questionList, answers, once) : null, review };
  }

  /** The moderators' addresses to mail about a safeguarding item, each with the template's props. */
  async function mailModerators<Props>(
    tx: Db,
    template: EmailTemplate<Props>,
    props: (firstName: string | null) => Props,
  ) {
    const ids: string[] = [];
    for (const moderator of await listUsersWithPlatformRoles(tx, moderatorRoles)) {
      if (!moderator.email) continue;
      ids.push(await deps.mail.enqueue(tx, template, moderator.email, props(moderator.firstName)));
    }
    return ids;
  }

  /**
   * Scans a response's open answers; runs as a job. Each raised risk opens an incident and mails the
   * moderators; each grey-band category records a possible concern (no mail) in its own queue. A
   * later scan that raises what was a possible concern turns it into an incident, and mails then.
   */
  async function scanResponse(responseId: string) {
    const [response] = await db.select().from(surveyResponses).where(eq(surveyResponses.id, responseId));
    if (!response) return;
    const surveyName = await surveyNameOf(db, response.surveyId);
    const openQuestions = (
      await db.select().from(questions).where(eq(questions.surveyId, response.surveyId))
    ).filter((q) => openTextTypes.has(q.type));
    const mailIds = await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const question of openQuestions) {
        const text = response.answers[question.id];
        if (typeof text !== 'string') continue;
        const { raised, concerns } = assess(text);
        const row = (kind: IncidentKind, signal: (typeof raised)[number]) => ({
          kind,
          surveyId: response.surveyId,
          responseId,
          questionId: question.id,
          category: signal.category,
          severity: signal.severity,
          excerpt: excerptOf(text),
        });
        for (const signal of raised) {
          const inserted = await tx
            .insert(incidents)
            .values(row('incident', signal))
            .onConflictDoUpdate({
              target: [incidents.responseId, incidents.questionId, incidents.category],
              set: {
                kind: 'incident',
                severity: signal.severity,
                notes: sql`${incidents.notes} || ${JSON.stringify([
                  {
                    at: new Date().toISOString(),
                    by: null,
                    text: 'Raised by the safeguarding scan: this possible concern is now an incident.',
                  },
                ])}::jsonb`,
              },
              setWhere: eq(incidents.kind, 'concern'),
            })
            .returning({ id: incidents.id });
          if (inserted.length === 0) continue;
          ids.push(
            ...(await mailModerators(tx, emailTemplates.incidentNotification, (firstName) => ({
              firstName,
              surveyName,
              categoryLabel: incidentCategoryLabels[signal.category],
              severity: signal.severity,
              incidentsUrl,
            }))),
          );
        }
        const raisedCategories = new Set(raised.map((r) => r.category));
        for (const signal of concerns) {
          if (raisedCategories.has(signal.category)) continue;
          await tx.insert(incidents).values(row('concern', signal)).onConflictDoNothing();
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
      .where(inArray(questions.surveyId, [...new Set(rows.map((r) => r.surveyId))]))
      .orderBy(questions.surveyId, questions.position);
    /** A question's text with piped answers in words ('[answer to Q2]'), numbered as the builder does. */
    const questionTitle = (surveyId: string, questionId: string | null) => {
      const items = questionRows.filter((q) => q.surveyId === surveyId);
      const title = items.find((q) => q.id === questionId)?.title;
      return title === undefined ? null : pipingInWords(title, items);
    };
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
        kind: row.kind,
        surveyId: row.surveyId,
        surveyName: survey?.name ?? '',
        organizationName: survey?.organizationName ?? null,
        questionTitle: questionTitle(row.surveyId, row.questionId),
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

  /**
   * One queue (incidents or possible concerns, or both without `kind`), newest first, filtered by
   * status, survey, category and severity; with how many of each kind match the other filters (the
   * screen's tabs) and the surveys that have anything in either queue (its survey filter).
   */
  async function list(query: IncidentsQuery) {
    const { kind, status, surveyId, category, severity, page, pageSize } = query;
    const others: SQL[] = [];
    if (status) others.push(eq(incidents.status, status));
    if (surveyId) others.push(eq(incidents.surveyId, surveyId));
    if (category) others.push(eq(incidents.category, category));
    if (severity) others.push(eq(incidents.severity, severity));
    const where = and(...others, ...(kind ? [eq(incidents.kind, kind)] : []));
    const [rows, perKind, surveyRows] = await Promise.all([
      db
        .select()
        .from(incidents)
        .where(where)
        .orderBy(desc(incidents.createdAt), asc(incidents.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db
        .select({ kind: incidents.kind, total: count() })
        .from(incidents)
        .where(and(...others))
        .groupBy(incidents.kind),
      db
        .selectDistinct({ id: surveys.id, name: surveys.name, organizationName: organizations.name })
        .from(incidents)
        .innerJoin(surveys, eq(surveys.id, incidents.surveyId))
        .leftJoin(organizations, eq(organizations.id, surveys.organizationId))
        .orderBy(asc(surveys.name), asc(surveys.id)),
    ]);
    const counts = { incident: 0, concern: 0 };
    for (const row of perKind) counts[row.kind] = row.total;
    return {
      data: await toIncidents(rows),
      meta: {
        page,
        pageSize,
        total: kind ? counts[kind] : counts.incident + counts.concern,
        counts,
        surveys: surveyRows,
      },
    };
  }

  /** The incident, locked for this transaction's change; a 404 when there is none. */
  async function lockIncident(tx: Db, id: string) {
    const [row] = await tx.select().from(incidents).where(eq(incidents.id, id)).for('update');
    if (!row) throw new HttpError(404, 'That incident does not exist.', 'INCIDENT_NOT_FOUND');
    return row;
  }

  /** A survey's name for a moderators' mail. */
  async function surveyNameOf(tx: Db, surveyId: string) {
    const [survey] = await tx.select({ name: surveys.name }).from(surveys).where(eq(surveys.id, surveyId));
    return survey?.name ?? 'a survey';
  }

  const nameOf = async (viewer: Viewer) =>
    [viewer.user.firstName, viewer.user.lastName].filter(Boolean).join(' ') ||
    viewer.user.email ||
    'A moderator';

  async function triage(viewer: Viewer, id: string, severity: 'high' | 'medium' | 'low', note: string) {
    const by = await nameOf(viewer);
    const updated = await db.transaction(async (tx) => {
      const row = await lockIncident(tx, id);
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
      const row = await lockIncident(tx, id);
      if (row.status === 'resolved')
        throw new HttpError(409, 'This incident is already resolved.', 'INCIDENT_RESOLVED');
      const [updated] = await tx
        .update(incidents)
        .set({
          status: 'resolved',
          resolution,
          resolvedAt: new Date(),
          notes: [
            ...row.notes,
            {
              at: new Date().toISOString(),
              by,
              text: `${row.kind === 'concern' ? 'Closed' : 'Resolved'}: ${resolution}`,
            },
          ],
        })
        .where(eq(incidents.id, id))
        .returning();
      const surveyName = await surveyNameOf(tx, row.surveyId);
      // A possible concern was never announced, so closing it tells nobody either.
      const mailIds =
        row.kind === 'concern'
          ? []
          : await mailModerators(tx, emailTemplates.incidentResolution, (firstName) => ({
              firstName,
              surveyName,
              categoryLabel: incidentCategoryLabels[row.category],
              resolvedBy: by,
              resolution,
              incidentsUrl,
            }));
      return { updated: updated!, mailIds };
    });
    await deps.mail.dispatch(mailIds);
    return (await toIncidents([updated]))[0]!;
  }

  /**
   * A possible concern a moderator judges to be an incident: it moves to the incidents queue (open
   * again if it was triaged, with its severity) and the moderators are mailed, as for a raised one.
   */
  async function escalate(
    viewer: Viewer,
    id: string,
    severity: 'high' | 'medium' | 'low' | undefined,
    note: string,
  ) {
    const by = await nameOf(viewer);
    const { updated, mailIds } = await db.transaction(async (tx) => {
      const row = await lockIncident(tx, id);
      if (row.kind === 'incident')
        throw new HttpError(409, 'This is already an incident.', 'INCIDENT_ALREADY_ESCALATED');
      if (row.status === 'resolved')
        throw new HttpError(409, 'This possible concern is already closed.', 'INCIDENT_RESOLVED');
      const [updated] = await tx
        .update(incidents)
        .set({
          kind: 'incident',
          status: 'open',
          severity: severity ?? row.severity,
          notes: [
            ...row.notes,
            { at: new Date().toISOString(), by, text: `Escalated to an incident: ${note}` },
          ],
        })
        .where(eq(incidents.id, id))
        .returning();
      const surveyName = await surveyNameOf(tx, row.surveyId);
      const mailIds = await mailModerators(tx, emailTemplates.incidentEscalation, (firstName) => ({
        firstName,
        surveyName,
        categoryLabel: incidentCategoryLabels[row.category],
        severity: updated!.severity,
        escalatedBy: by,
        incidentsUrl,
      }));
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
      const row = await lockIncident(tx, id);
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
          ? 'Kept the answer withheld from the organization.'
          : decision === 'released'
            ? 'Released the answer to the organization as written (personal data still redacted).'
            : 'Released a redacted answer to the organization.';
      const [next] = await tx
        .update(incidents)
        .set({ notes: [...row.notes, { at: at.toISOString(), by, text: said }] })
        .where(eq(incidents.id, id))
        .returning();
      return next!;
    });
    return (await toIncidents([updated]))[0]!;
  }

  return {
    screen,
    scanResponse,
    requestScan,
    startWorkers,
    list,
    triage,
    resolve,
    escalate,
    decideAnswer,
  };
}

export type SafeguardingService = ReturnType<typeof createSafeguardingService>;
