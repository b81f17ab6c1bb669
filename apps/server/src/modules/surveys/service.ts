import { isAnswerable, type SurveyStatus, type SurveySummary } from '@tv/contract';
import type { Db } from '../../db/client';
import { createSurveyEditing } from './editing';
import { createSurveyLifecycle } from './lifecycle';
import * as repo from './repository';
import { createSurveyAccess, type SurveysDeps } from './survey-access';
import { createSurveyUsers } from './survey-users';

// The surveys service is put together here from its parts: survey-access.ts (who may see what, the
// survey as the API shows it), editing.ts (drafts and their questions), audience.ts (audience, quotas,
// sample), lifecycle.ts (status changes and their mail) and survey-users.ts (roles on one survey).

// ── What other modules use of surveys: they import this file, never the module's others ────────────

export { addCompleted, completeOnSampleReached } from './audience';
export type { SurveyRow } from './repository';
export { can, notFound, type SurveysDeps } from './survey-access';

/** A survey row by id (null when there is none); `db` may be the caller's transaction. */
export const findSurvey = (db: Db, id: string) => repo.findSurvey(db, id);

/** The survey's questions in order. */
export const listQuestions = (db: Db, surveyId: string) => repo.listQuestions(db, surveyId);
/** The questions that take answers: what results, exports and cross-tabs count (no text blocks or page breaks). */
export const listAnswerableQuestions = async (db: Db, surveyId: string) =>
  (await repo.listQuestions(db, surveyId)).filter(isAnswerable);

export function createSurveysService(deps: SurveysDeps) {
  const { db } = deps;
  const access = createSurveyAccess(deps);
  const editing = createSurveyEditing(deps, access);
  const lifecycle = createSurveyLifecycle(deps, access);
  const users = createSurveyUsers(deps, access);

  const toSummary = (row: Awaited<ReturnType<typeof repo.pageSurveys>>['rows'][number]): SurveySummary => ({
    ...row,
    status: row.status as SurveyStatus,
    questionCount: Number(row.questionCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  async function list(filter: repo.SurveyListFilter, page: number, pageSize: number) {
    const { rows, total } = await repo.pageSurveys(db, filter, page, pageSize);
    return { data: rows.map(toSummary), meta: { page, pageSize, total } };
  }

  return {
    authorize: access.authorize,
    toSurvey: access.toSurvey,
    /** The autosave's question checks, for other writes of questions (reuse, decision 030). */
    validateDraft: editing.validateDraft,
    create: editing.create,
    get: access.get,
    duplicate: editing.duplicate,
    save: editing.save,
    precheck: lifecycle.precheck,
    transition: lifecycle.transition,
    transitionOnSchedule: lifecycle.transitionOnSchedule,
    history: lifecycle.history,
    lastReview: lifecycle.lastReview,
    list,
    moveToOrganization: editing.moveToOrganization,
    surveyUsers: users.surveyUsers,
    addSurveyUser: users.addSurveyUser,
    removeSurveyUser: users.removeSurveyUser,
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;

// ── For the demo seed and test fixtures, which write what the product's own screens would ─────────
export { insertHistory, replaceQuestions } from './repository';
