import { conditionGroupOf, type Question, type ReviewedSurvey, type SurveyStatus } from '@tv/contract';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { organizations } from '../../db/schema/organizations';
import { questions, surveyStatusHistory, surveys, surveyUsers } from '../../db/schema/surveys';

export type SurveyRow = typeof surveys.$inferSelect;

export const findSurvey = async (db: Db, id: string) =>
  (await db.select().from(surveys).where(eq(surveys.id, id)).limit(1))[0] ?? null;

/** Locks the row for a status change, so two transitions cannot both start from the same status. */
export const findSurveyForUpdate = async (db: Db, id: string) =>
  (await db.select().from(surveys).where(eq(surveys.id, id)).for('update').limit(1))[0] ?? null;

export async function listQuestions(db: Db, surveyId: string): Promise<Question[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.surveyId, surveyId))
    .orderBy(asc(questions.position));
  return rows.map((row) => ({
    id: row.id,
    type: row.type as Question['type'],
    title: row.title,
    description: row.description,
    required: row.required,
    randomizeOptions: row.randomizeOptions,
    options: row.options,
    rows: row.rows,
    scale: row.scale ?? null,
    displayLogic: conditionGroupOf(row.displayLogic),
    ...designOf(row.design),
  }));
}

/** The design fields a question keeps in its `design` column (decision 029). */
type Design = Pick<Question, (typeof designKeys)[number]>;
const designKeys = [
  'skipLogic',
  'screenOut',
  'minSelections',
  'maxSelections',
  'randomizeQuestions',
  // The question types of decision 048.
  'step',
  'dateMin',
  'dateMax',
  'multiple',
  'sumTotal',
  'maxDiffSetSize',
] as const;

function designOf(stored: Record<string, unknown> | null): Design {
  const design: Record<string, unknown> = {};
  for (const key of designKeys) {
    const value = stored?.[key];
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0))
      design[key] = value;
  }
  return design as Design;
}

function designToStore(question: Question): Record<string, unknown> {
  return designOf(question as unknown as Record<string, unknown>) as Record<string, unknown>;
}

export async function replaceQuestions(db: Db, surveyId: string, list: Question[]) {
  await db.delete(questions).where(eq(questions.surveyId, surveyId));
  if (list.length === 0) return;
  await db.insert(questions).values(
    list.map((q, position) => ({
      surveyId,
      id: q.id,
      position,
      type: q.type,
      title: q.title,
      description: q.description,
      required: q.required,
      randomizeOptions: q.randomizeOptions,
      options: q.options,
      rows: q.rows,
      scale: q.scale,
      displayLogic: q.displayLogic,
      design: designToStore(q),
    })),
  );
}

export async function insertSurvey(db: Db, values: typeof surveys.$inferInsert) {
  const [row] = await db.insert(surveys).values(values).returning();
  return row!;
}

/** Saves only if nobody saved since `version`; null when someone did. */
export async function updateSurveyIfVersion(
  db: Db,
  id: string,
  version: number,
  values: Partial<typeof surveys.$inferInsert>,
) {
  const rows = await db
    .update(surveys)
    .set({ ...values, version: version + 1, updatedAt: new Date() })
    .where(and(eq(surveys.id, id), eq(surveys.version, version)))
    .returning();
  return rows[0] ?? null;
}

export async function setSurveyStatus(db: Db, id: string, status: SurveyStatus) {
  await db
    .update(surveys)
    .set({ status, updatedAt: new Date(), version: sql`${surveys.version} + 1` })
    .where(eq(surveys.id, id));
}

/**
 * The schedule's move (decision 032): only while the survey is still in `from` and its time has come
 * (opens_at passed, and not already past closes_at, for a publish; closes_at passed for a close).
 * False when nothing was due: run twice, or on two servers, it moves a survey once.
 */
export async function setSurveyStatusIfDue(
  db: Db,
  id: string,
  from: SurveyStatus,
  to: SurveyStatus,
  action: 'publish' | 'close',
) {
  const due =
    action === 'publish'
      ? sql`${surveys.opensAt} <= now() and (${surveys.closesAt} is null or ${surveys.closesAt} > now())`
      : sql`${surveys.closesAt} <= now()`;
  const rows = await db
    .update(surveys)
    .set({ status: to, updatedAt: new Date(), version: sql`${surveys.version} + 1` })
    .where(and(eq(surveys.id, id), eq(surveys.status, from), due))
    .returning({ id: surveys.id });
  return rows.length > 0;
}

/** Surveys the schedule should move now: approved ones whose opening time passed, open ones past closing. */
export async function listDueOnSchedule(db: Db, limit: number) {
  const [opening, closing] = await Promise.all([
    db
      .select({ id: surveys.id })
      .from(surveys)
      .where(
        and(
          eq(surveys.status, 'approved'),
          sql`${surveys.opensAt} <= now() and (${surveys.closesAt} is null or ${surveys.closesAt} > now())`,
        ),
      )
      .orderBy(asc(surveys.opensAt))
      .limit(limit),
    db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(inArray(surveys.status, ['live', 'paused']), sql`${surveys.closesAt} <= now()`))
      .orderBy(asc(surveys.closesAt))
      .limit(limit),
  ]);
  return { opening: opening.map((r) => r.id), closing: closing.map((r) => r.id) };
}

/** Sets when a survey opens and closes by itself; the draft's version is left alone (autosave). */
export async function setSchedule(db: Db, id: string, opensAt: Date | null, closesAt: Date | null) {
  const rows = await db
    .update(surveys)
    .set({ opensAt, closesAt, updatedAt: new Date() })
    .where(eq(surveys.id, id))
    .returning();
  return rows[0] ?? null;
}

export async function insertHistory(db: Db, values: typeof surveyStatusHistory.$inferInsert) {
  await db.insert(surveyStatusHistory).values(values);
}

export async function listHistory(db: Db, surveyId: string) {
  return db
    .select({
      from: surveyStatusHistory.fromStatus,
      to: surveyStatusHistory.toStatus,
      action: surveyStatusHistory.action,
      reason: surveyStatusHistory.reason,
      details: surveyStatusHistory.details,
      at: surveyStatusHistory.createdAt,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(surveyStatusHistory)
    .leftJoin(users, eq(users.id, surveyStatusHistory.actorId))
    .where(eq(surveyStatusHistory.surveyId, surveyId))
    .orderBy(asc(surveyStatusHistory.createdAt));
}

export type ReviewDetails = {
  reasons?: string[];
  checklist?: Record<string, boolean>;
  /** The survey as the moderator saw it when deciding (kept in the history row; decision 016). */
  snapshot?: ReviewedSurvey;
};

/** The newest approval or rejection that kept the reviewed survey, for the next review's diff. */
export async function latestReview(db: Db, surveyId: string) {
  const rows = await db
    .select({
      action: surveyStatusHistory.action,
      reason: surveyStatusHistory.reason,
      details: surveyStatusHistory.details,
      at: surveyStatusHistory.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(surveyStatusHistory)
    .leftJoin(users, eq(users.id, surveyStatusHistory.actorId))
    .where(
      and(
        eq(surveyStatusHistory.surveyId, surveyId),
        inArray(surveyStatusHistory.action, ['approve', 'reject']),
        sql`${surveyStatusHistory.details} -> 'snapshot' is not null`,
      ),
    )
    .orderBy(desc(surveyStatusHistory.createdAt))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, details: row.details as ReviewDetails | null } : null;
}

export async function latestRejection(db: Db, surveyId: string) {
  const rows = await db
    .select({
      reason: surveyStatusHistory.reason,
      details: surveyStatusHistory.details,
      at: surveyStatusHistory.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(surveyStatusHistory)
    .leftJoin(users, eq(users.id, surveyStatusHistory.actorId))
    .where(and(eq(surveyStatusHistory.surveyId, surveyId), eq(surveyStatusHistory.action, 'reject')))
    .orderBy(desc(surveyStatusHistory.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export interface SurveyListFilter {
  organizationId?: string;
  personalOwnerId?: string;
  statuses?: SurveyStatus[];
  tag?: string;
  search?: string;
}

export async function pageSurveys(db: Db, filter: SurveyListFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (filter.organizationId) conditions.push(eq(surveys.organizationId, filter.organizationId));
  if (filter.personalOwnerId)
    conditions.push(and(eq(surveys.ownerId, filter.personalOwnerId), isNull(surveys.organizationId))!);
  if (filter.statuses?.length) conditions.push(inArray(surveys.status, filter.statuses));
  if (filter.tag) conditions.push(sql`${filter.tag} = any(${surveys.tags})`);
  if (filter.search)
    conditions.push(sql`${surveys.name} ilike ${`%${filter.search.replace(/[%_\\]/g, '\\$&')}%`}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const questionCount = sql<number>`(select count(*)::int from ${questions} where ${questions.surveyId} = ${surveys.id})`;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: surveys.id,
        organizationId: surveys.organizationId,
        organizationName: organizations.name,
        projectId: surveys.projectId,
        type: surveys.type,
        name: surveys.name,
        status: surveys.status,
        tags: surveys.tags,
        createdAt: surveys.createdAt,
        updatedAt: surveys.updatedAt,
        questionCount,
      })
      .from(surveys)
      .leftJoin(organizations, eq(organizations.id, surveys.organizationId))
      .where(where)
      .orderBy(desc(surveys.updatedAt), desc(surveys.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(surveys).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Moves an anonymous visitor's drafts to the account they signed in to. */
export async function moveSurveysToOwner(db: Db, fromUserId: string, toUserId: string) {
  await db.update(surveys).set({ ownerId: toUserId }).where(eq(surveys.ownerId, fromUserId));
}

export async function findSurveyRole(db: Db, surveyId: string, userId: string) {
  const rows = await db
    .select({ roleName: surveyUsers.roleName })
    .from(surveyUsers)
    .where(and(eq(surveyUsers.surveyId, surveyId), eq(surveyUsers.userId, userId)))
    .limit(1);
  return rows[0]?.roleName ?? null;
}

export async function listSurveyUsers(db: Db, surveyId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleName: surveyUsers.roleName,
    })
    .from(surveyUsers)
    .innerJoin(users, eq(users.id, surveyUsers.userId))
    .where(eq(surveyUsers.surveyId, surveyId))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function upsertSurveyUser(db: Db, surveyId: string, userId: string, roleName: string) {
  await db
    .insert(surveyUsers)
    .values({ surveyId, userId, roleName })
    .onConflictDoUpdate({ target: [surveyUsers.surveyId, surveyUsers.userId], set: { roleName } });
}

export const deleteSurveyUser = (db: Db, surveyId: string, userId: string) =>
  db.delete(surveyUsers).where(and(eq(surveyUsers.surveyId, surveyId), eq(surveyUsers.userId, userId)));

/** Counts one more completed response while the survey is live; null once it no longer is. */
export async function incrementCompleted(db: Db, id: string) {
  const rows = await db
    .update(surveys)
    .set({ completedCount: sql`${surveys.completedCount} + 1` })
    .where(and(eq(surveys.id, id), eq(surveys.status, 'live')))
    .returning({ completedCount: surveys.completedCount, status: surveys.status });
  return rows[0] ?? null;
}

export async function addCompleted(db: Db, id: string, count: number) {
  await db
    .update(surveys)
    .set({ completedCount: sql`greatest(0, ${surveys.completedCount} + ${count})` })
    .where(eq(surveys.id, id));
}
