import {
  CLOSED_ON_SCHEDULE,
  conditionGroupOf,
  countQuestions,
  editableStatuses,
  estimateAudience,
  hasBlockers,
  isAnswerable,
  type LastReview,
  notEditableMessages,
  OPENED_ON_SCHEDULE,
  type PlatformPermission,
  type PrecheckFlag,
  PULSE_CHECK_MAX_QUESTIONS,
  platformRolePermissions,
  precheckSurvey,
  pruneTranslations,
  type Question,
  questionProblems,
  quotaProblems,
  type ReviewedSurvey,
  type SaveSurvey,
  SKIP_TO_END,
  SURVEY_NAME_MAX,
  type Survey,
  type SurveyAction,
  type SurveyStatus,
  type SurveySummary,
  type SurveyType,
  surveyDefaults,
  surveyStatusLabels,
  surveyStatusPhrases,
  surveyTransitions,
  surveyTypes,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { HttpError } from '../../plugins/errors';
import { findUserByEmail, findUserById, listUsersWithPlatformRoles, type Viewer } from '../identity/service';
import type { MailService } from '../mail/service';
import { findMembership, findOrganization } from '../organizations/service';
import { assertProjectOfOrganization } from '../projects/service';
import * as repo from './repository';
import { pulseCheckTemplate } from './templates';

// ── What other modules use of surveys: they import this file, never the module's others ────────────

export type { SurveyRow } from './repository';

/** A survey row by id (null when there is none); `db` may be the caller's transaction. */
export const findSurvey = (db: Db, id: string) => repo.findSurvey(db, id);

/** The survey's questions in order. */
export const listQuestions = (db: Db, surveyId: string) => repo.listQuestions(db, surveyId);
/** The questions that take answers: what results, exports and cross-tabs count (no text blocks or page breaks). */
export const listAnswerableQuestions = async (db: Db, surveyId: string) =>
  (await repo.listQuestions(db, surveyId)).filter(isAnswerable);

/**
 * The sample is reached: a live survey completes by itself, in the caller's transaction, with a
 * history entry that no one acted (responses calls this when the last place is taken).
 */
export async function completeOnSampleReached(tx: Db, surveyId: string, completed: number) {
  await repo.setSurveyStatus(tx, surveyId, 'complete');
  await repo.insertHistory(tx, {
    surveyId,
    fromStatus: 'live',
    toStatus: 'complete',
    action: 'close',
    actorId: null,
    reason: `Sample size of ${completed} reached.`,
  });
}

/** Adds completed responses written without taking sample places (the demo's history) to the count. */
export const addCompleted = (db: Db, surveyId: string, count: number) =>
  repo.addCompleted(db, surveyId, count);

export interface SurveysDeps {
  db: Db;
  mail: MailService;
  config: Pick<Config, 'publicUrl'>;
  /** This app's events: a survey closed early is announced (responses judges its speeders again). */
  events: EventBus;
}

/** What the owner of a personal draft (no organisation yet) may do with it. */
const ownerPermissions = new Set(['surveys~view', 'surveys~update', 'surveys~delete', 'surveys~archive']);
/**
 * What a survey-level role adds, on that one survey, to a member of its organisation. A Map: a role
 * name read from a row must never find what Object.prototype holds (`constructor`, `toString`).
 */
const surveyRolePermissions = new Map<string, Set<string>>([
  ['Editor', new Set(['surveys~view', 'surveys~update', 'surveys~submit', 'surveys~view_results'])],
  ['Viewer', new Set(['surveys~view', 'surveys~view_results'])],
]);

const typeLabels: Record<SurveyType, string> = {
  long_form: 'Survey',
  pulse_check: 'Pulse check',
  custom: 'Custom survey',
};

const displayName = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || 'Someone';

export const notFound = () => new HttpError(404, 'We could not find that survey.', 'SURVEY_NOT_FOUND');
const forbidden = () =>
  new HttpError(403, "You don't have permission to do that with this survey.", 'FORBIDDEN');

export function can(
  viewer: Viewer,
  survey: repo.SurveyRow & { viewerSurveyRole?: string | null },
  permission: string,
  platformOnly = false,
): boolean {
  if (viewer.platformPermissions.includes(permission as PlatformPermission)) return true;
  if (platformOnly) return false;
  if (survey.organizationId) {
    const membership = viewer.memberships.find((m) => m.organizationId === survey.organizationId);
    if (membership?.permissions.includes(permission as never)) return true;
    const surveyRole = survey.viewerSurveyRole
      ? surveyRolePermissions.get(survey.viewerSurveyRole)
      : undefined;
    return Boolean(membership && surveyRole?.has(permission));
  }
  return survey.ownerId === viewer.user.id && ownerPermissions.has(permission);
}

const rolesWith = (permission: PlatformPermission) =>
  Object.entries(platformRolePermissions)
    .filter(([, permissions]) => permissions.includes(permission))
    .map(([role]) => role);

const reviewedSnapshot = (survey: Survey): ReviewedSurvey => ({
  version: survey.version,
  name: survey.name,
  description: survey.description,
  questions: survey.questions,
  audience: survey.audience,
});

export function createSurveysService(deps: SurveysDeps) {
  const { db } = deps;
  const surveyUrl = (id: string) => `${deps.config.publicUrl}/research/builder/survey/${id}`;
  const resultsUrl = (id: string) => `${deps.config.publicUrl}/research/builder/survey/summary/${id}`;

  /** Counted responses, or with `flagged` those the quality checks flagged. */
  async function countResponses(database: Db, surveyId: string, flagged: boolean) {
    const [row] = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from survey_responses where survey_id = ${surveyId} and status = 'completed' and not excluded ${
        flagged ? sql`and cardinality(quality_flags) > 0` : sql``
      }`,
    );
    return row?.n ?? 0;
  }

  /** The survey when the viewer holds the permission on it: 404 when they may not see it, else 403. */
  async function authorize(viewer: Viewer, id: string, permission: string, platformOnly = false) {
    const row = await loadVisible(viewer, id);
    if (!can(viewer, row, permission, platformOnly)) throw forbidden();
    return row;
  }

  async function toSurvey(row: repo.SurveyRow, database: Db = db): Promise<Survey> {
    const [questions, rejection, organization] = await Promise.all([
      repo.listQuestions(database, row.id),
      row.status === 'rejected' ? repo.latestRejection(database, row.id) : Promise.resolve(null),
      row.organizationId ? findOrganization(database, row.organizationId) : Promise.resolve(null),
    ]);
    return {
      id: row.id,
      organizationId: row.organizationId,
      organizationName: organization?.name ?? null,
      projectId: row.projectId,
      type: row.type,
      name: row.name,
      description: row.description,
      status: row.status as SurveyStatus,
      version: row.version,
      questions,
      audience: row.audience ?? null,
      tags: row.tags,
      translations: pruneTranslations({ ...row, questions }, row.translations),
      rejection: rejection
        ? {
            reasons: rejection.details?.reasons ?? [],
            note: rejection.reason,
            moderatorName: [rejection.firstName, rejection.lastName].filter(Boolean).join(' ') || null,
            at: rejection.at.toISOString(),
          }
        : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The survey if the viewer may see it; 404 otherwise, so its existence is not given away. */
  async function loadVisible(viewer: Viewer, id: string, database: Db = db) {
    const found = await repo.findSurvey(database, id);
    if (!found) throw notFound();
    const row = { ...found, viewerSurveyRole: await repo.findSurveyRole(database, id, viewer.user.id) };
    if (!can(viewer, row, 'surveys~view')) throw notFound();
    return row;
  }

  async function create(
    viewer: Viewer,
    organizationId: string | null,
    type: SurveyType,
    projectId: string | null,
  ) {
    if (!surveyTypes.includes(type)) throw new HttpError(400, 'Choose a survey type.');
    const defaults = surveyDefaults(type, viewer.isAnonymous);
    await assertProjectOfOrganization(db, projectId, organizationId);
    const { row, mailIds } = await db.transaction(async (tx) => {
      const row = await repo.insertSurvey(tx, {
        organizationId,
        projectId,
        ownerId: viewer.user.id,
        type,
        name: defaults.name,
        description: defaults.description,
      });
      if (type === 'pulse_check') await repo.replaceQuestions(tx, row.id, pulseCheckTemplate());
      const mailIds: string[] = [];
      if (viewer.user.email && !viewer.isAnonymous) {
        const organization = organizationId ? await findOrganization(tx, organizationId) : null;
        mailIds.push(
          await deps.mail.enqueue(tx, emailTemplates.newSurveyCreated, viewer.user.email, {
            firstName: viewer.user.firstName,
            surveyName: row.name,
            organizationName: organization?.name ?? null,
            surveyUrl: surveyUrl(row.id),
            typeLabel: typeLabels[type],
          }),
        );
      }
      return { row, mailIds };
    });
    await deps.mail.dispatch(mailIds);
    return toSurvey(row);
  }

  /**
   * A new draft with the survey's questions, audience, tags and project, owned by the caller, in the same
   * organization: for whoever may see the survey and create surveys there (issue 13). Nothing of its
   * fieldwork, moderation or results comes along.
   */
  async function duplicate(viewer: Viewer, id: string) {
    const source = await loadVisible(viewer, id);
    if (!can(viewer, source, 'surveys~create')) throw forbidden();
    const list = await repo.listQuestions(db, source.id);
    const name = [...`Copy of ${source.name}`].slice(0, SURVEY_NAME_MAX).join('');
    const row = await db.transaction(async (tx) => {
      const row = await repo.insertSurvey(tx, {
        organizationId: source.organizationId,
        projectId: source.projectId,
        ownerId: viewer.user.id,
        type: source.type,
        name,
        description: source.description,
        audience: source.audience,
        tags: source.tags,
        translations: source.translations,
      });
      await repo.replaceQuestions(tx, row.id, list);
      return row;
    });
    return toSurvey(row);
  }

  async function get(viewer: Viewer, id: string) {
    return toSurvey(await loadVisible(viewer, id));
  }

  function validateDraft(type: SurveyType, questions: Question[]) {
    const problems = questionProblems(questions);
    if (problems.length > 0) {
      const fields: Record<string, string[]> = {};
      for (const p of problems) {
        const key = `questions.${p.index}.${p.field}`;
        fields[key] = [...(fields[key] ?? []), p.message];
      }
      throw new HttpError(400, problems[0]!.message, 'QUESTION_INVALID', { fields });
    }
    const ids = new Set<string>();
    for (const [index, question] of questions.entries()) {
      if (ids.has(question.id)) {
        throw new HttpError(
          400,
          `Question ${index + 1} has the same id as another question.`,
          'DUPLICATE_QUESTION',
        );
      }
      const logicProblem = savedLogicProblem(question, ids, questions);
      if (logicProblem) {
        throw new HttpError(400, `Question ${index + 1}: ${logicProblem.message}`, 'INVALID_LOGIC', {
          fields: { [`questions.${index}.${logicProblem.field}`]: [logicProblem.short] },
        });
      }
      ids.add(question.id);
    }
    if (type === 'pulse_check' && countQuestions(questions) > PULSE_CHECK_MAX_QUESTIONS) {
      throw new HttpError(
        400,
        `A pulse check has at most ${PULSE_CHECK_MAX_QUESTIONS} questions.`,
        'PULSE_CHECK_TOO_LONG',
      );
    }
  }

  /**
   * Autosave. The draft carries the version it was based on; if someone saved in between, nothing is
   * overwritten: the answer is 409 with the saved version, so the editor can show both.
   */
  async function save(viewer: Viewer, id: string, input: SaveSurvey) {
    return db.transaction(async (tx) => {
      const row = await loadVisible(viewer, id, tx);
      if (!can(viewer, row, 'surveys~update')) throw forbidden();
      if (!editableStatuses.includes(row.status as SurveyStatus)) {
        throw new HttpError(409, notEditableMessages[row.status as SurveyStatus], 'NOT_EDITABLE');
      }
      validateDraft(row.type, input.questions);
      if (input.projectId !== row.projectId)
        await assertProjectOfOrganization(tx, input.projectId, row.organizationId);
      const quotaIssues = input.audience ? quotaProblems(input.audience) : [];
      if (quotaIssues.length > 0) {
        throw new HttpError(400, quotaIssues[0]!, 'QUOTAS_INVALID', {
          fields: { 'audience.quotas': quotaIssues },
        });
      }
      const updated = await repo.updateSurveyIfVersion(tx, id, input.version, {
        name: input.name,
        description: input.description,
        audience: input.audience,
        estimate: input.audience ? estimateAudience(input.audience, input.questions.length) : null,
        tags: [...new Set(input.tags)],
        projectId: input.projectId,
        // The Spanish version (decision 033) is saved with the draft and its version; only texts of the
        // saved questions are kept. Left out of the save, the stored texts stay.
        translations: pruneTranslations(input, input.translations ?? row.translations),
      });
      if (!updated) {
        throw new HttpError(
          409,
          'Someone else saved this survey while you were editing. Both versions are kept: choose which to keep.',
          'VERSION_CONFLICT',
          { current: await toSurvey(row, tx) },
        );
      }
      await repo.replaceQuestions(tx, id, input.questions);
      return toSurvey(updated, tx);
    });
  }

  async function precheck(viewer: Viewer, id: string): Promise<PrecheckFlag[]> {
    const survey = await get(viewer, id);
    return precheckSurvey(survey);
  }

  async function transition(
    viewer: Viewer,
    id: string,
    action: SurveyAction,
    details: { reasons?: string[]; note?: string; checklist?: Record<string, boolean> } = {},
  ) {
    const rule = surveyTransitions[action];
    const { survey, mailIds } = await db.transaction(async (tx) => {
      const visible = await loadVisible(viewer, id, tx);
      const row = {
        ...(await repo.findSurveyForUpdate(tx, visible.id))!,
        viewerSurveyRole: visible.viewerSurveyRole,
      };
      if (!can(viewer, row, rule.permission, rule.platformOnly)) throw forbidden();
      const from = row.status as SurveyStatus;
      if (!rule.from.includes(from)) {
        throw new HttpError(
          409,
          `This survey ${surveyStatusPhrases[from]}, so "${rule.label}" is not possible now.`,
          'INVALID_TRANSITION',
          { status: from },
        );
      }
      if (action === 'submit') {
        if (!row.organizationId) {
          throw new HttpError(
            409,
            'Move this survey into your organization before submitting it.',
            'NO_ORGANIZATION',
          );
        }
        const flags = precheckSurvey(await toSurvey(row, tx));
        if (hasBlockers(flags.filter((f) => f.category === 'structure'))) {
          throw new HttpError(
            409,
            'The survey is not complete yet. Fix the items in the pre-check first.',
            'INCOMPLETE',
            { flags },
          );
        }
      }
      if (action === 'reject' && !(details.reasons && details.reasons.length > 0)) {
        throw new HttpError(
          400,
          'Give at least one reason so the author knows what to change.',
          'REASONS_REQUIRED',
          {
            fields: { reasons: ['Give at least one reason'] },
          },
        );
      }
      // A moderator's decision keeps the survey as they saw it, so the next review can show what changed.
      const snapshot =
        action === 'approve' || action === 'reject' ? reviewedSnapshot(await toSurvey(row, tx)) : undefined;
      const historyDetails: repo.ReviewDetails | null =
        details.reasons || details.checklist || snapshot
          ? { reasons: details.reasons, checklist: details.checklist, ...(snapshot ? { snapshot } : {}) }
          : null;
      if ((action === 'publish' || action === 'resume') && row.closesAt && row.closesAt <= new Date()) {
        throw new HttpError(
          409,
          'The schedule closed this survey already. Change or clear its closing time first.',
          'SCHEDULE_CLOSED',
        );
      }
      await repo.setSurveyStatus(tx, id, rule.to);
      return recordTransition(tx, id, from, action, viewer.user.id, details, historyDetails);
    });
    await deps.mail.dispatch(mailIds);
    return survey;
  }

  /**
   * What every status change does after the status itself moved: the history entry (no actor for
   * the system), the survey as it is now and the mail a staff change sends (a close also judges
   * speeders against the final median). Staff transitions and the schedule (decision 032) share it.
   */
  async function recordTransition(
    tx: Db,
    id: string,
    from: SurveyStatus,
    action: SurveyAction,
    actorId: string | null,
    details: { reasons?: string[]; note?: string },
    historyDetails: repo.ReviewDetails | null = null,
  ) {
    await repo.insertHistory(tx, {
      surveyId: id,
      fromStatus: from,
      toStatus: surveyTransitions[action].to,
      action,
      actorId,
      reason: details.note ?? null,
      details: historyDetails,
    });
    const updated = (await repo.findSurvey(tx, id))!;
    const survey = await toSurvey(updated, tx);
    const mailIds = await queueTransitionMail(tx, action, survey, updated.ownerId, details);
    return { survey, mailIds };
  }

  /**
   * Publishes or closes a survey because its schedule says so (decision 032). The row is locked and
   * moved by a conditional UPDATE that still requires the status and the time that made it due, so a
   * second run, or another server running the same sweep, finds nothing to do. True when it moved.
   */
  async function transitionOnSchedule(id: string, action: 'publish' | 'close'): Promise<boolean> {
    const rule = surveyTransitions[action];
    const result = await db.transaction(async (tx) => {
      const row = await repo.findSurveyForUpdate(tx, id);
      if (!row || !rule.from.includes(row.status as SurveyStatus)) return null;
      const moved = await repo.setSurveyStatusIfDue(tx, id, row.status as SurveyStatus, rule.to, action);
      if (!moved) return null;
      const note = action === 'publish' ? OPENED_ON_SCHEDULE : CLOSED_ON_SCHEDULE;
      return recordTransition(tx, id, row.status as SurveyStatus, action, null, { note });
    });
    if (!result) return false;
    await deps.mail.dispatch(result.mailIds);
    return true;
  }

  async function queueTransitionMail(
    tx: Db,
    action: SurveyAction,
    survey: Survey,
    ownerId: string | null,
    details: { reasons?: string[]; note?: string },
  ): Promise<string[]> {
    const owner = ownerId ? await findUserById(tx, ownerId) : null;
    const base = {
      surveyName: survey.name,
      organizationName: survey.organizationName,
      surveyUrl: surveyUrl(survey.id),
    };
    const ids: string[] = [];
    const toOwner = async <P>(template: import('@tv/emails').EmailTemplate<P>, props: P) => {
      if (owner?.email) ids.push(await deps.mail.enqueue(tx, template, owner.email, props));
    };
    const statusDetail: Partial<Record<SurveyAction, string>> = {
      publish: 'teens in your audience can answer it now. We will email you when the first responses arrive.',
      pause: 'no new responses are collected until it is resumed.',
      resume: 'it is collecting responses again.',
      close: 'fieldwork has ended. Our team will review response quality before releasing results.',
    };
    switch (action) {
      case 'submit': {
        await toOwner(emailTemplates.surveySubmitted, { firstName: owner?.firstName ?? null, ...base });
        const flagCount = precheckSurvey(survey).length;
        for (const moderator of await listUsersWithPlatformRoles(tx, rolesWith('surveys~moderate'))) {
          if (!moderator.email) continue;
          ids.push(
            await deps.mail.enqueue(tx, emailTemplates.surveyReadyForModeration, moderator.email, {
              firstName: moderator.firstName,
              ...base,
              flagCount,
              moderationUrl: `${deps.config.publicUrl}/research/builder/admin/survey/moderation/${survey.id}`,
            }),
          );
        }
        break;
      }
      case 'approve': {
        await toOwner(emailTemplates.surveyApproved, { firstName: owner?.firstName ?? null, ...base });
        for (const publisher of await listUsersWithPlatformRoles(tx, rolesWith('surveys~publish'))) {
          if (!publisher.email) continue;
          ids.push(
            await deps.mail.enqueue(tx, emailTemplates.surveyReadyToPublish, publisher.email, {
              firstName: publisher.firstName,
              ...base,
              surveyUrl: `${deps.config.publicUrl}/research/builder/admin/survey/moderation/${survey.id}`,
            }),
          );
        }
        break;
      }
      case 'reject':
        await toOwner(emailTemplates.surveyRejected, {
          firstName: owner?.firstName ?? null,
          ...base,
          reasons: details.reasons ?? [],
          note: details.note ?? null,
        });
        break;
      case 'close': {
        // Closed before the sample was reached: speeders are judged against the final median, and staff
        // are told a review is due, as when the sample completes it (counts only, no respondent data).
        await deps.events.emit('surveys.closed', { tx, surveyId: survey.id });
        const responses = await countResponses(tx, survey.id, false);
        await toOwner(emailTemplates.surveyComplete, {
          firstName: owner?.firstName ?? null,
          surveyName: survey.name,
          surveyUrl: resultsUrl(survey.id),
          responses,
        });
        const flagged = await countResponses(tx, survey.id, true);
        for (const staff of await listUsersWithPlatformRoles(tx, rolesWith('surveys~moderate'))) {
          if (!staff.email) continue;
          ids.push(
            await deps.mail.enqueue(tx, emailTemplates.fieldworkCompleteReviewDue, staff.email, {
              firstName: staff.firstName,
              surveyName: survey.name,
              responses,
              flagged,
              reviewUrl: `${resultsUrl(survey.id)}#review`,
            }),
          );
        }
        break;
      }
      case 'start_review': {
        await toOwner(emailTemplates.reviewResults, {
          firstName: owner?.firstName ?? null,
          surveyName: survey.name,
          surveyUrl: resultsUrl(survey.id),
        });
        const flagged = await countResponses(tx, survey.id, true);
        for (const reviewer of await listUsersWithPlatformRoles(tx, rolesWith('surveys~view_results'))) {
          if (!reviewer.email) continue;
          ids.push(
            await deps.mail.enqueue(tx, emailTemplates.reviewResponses, reviewer.email, {
              firstName: reviewer.firstName,
              surveyName: survey.name,
              surveyUrl: resultsUrl(survey.id),
              flagged,
              reviewUrl: `${resultsUrl(survey.id)}#review`,
            }),
          );
        }
        break;
      }
      case 'release_results':
        await toOwner(emailTemplates.surveyResults, {
          firstName: owner?.firstName ?? null,
          surveyName: survey.name,
          surveyUrl: resultsUrl(survey.id),
          responses: await countResponses(tx, survey.id, false),
        });
        break;
      case 'publish':
      case 'pause':
      case 'resume':
        await toOwner(emailTemplates.statusUpdates, {
          firstName: owner?.firstName ?? null,
          ...base,
          statusLabel: surveyStatusLabels[survey.status],
          detail: statusDetail[action] ?? '',
        });
        break;
      default:
        break;
    }
    return ids;
  }

  async function history(viewer: Viewer, id: string) {
    await loadVisible(viewer, id);
    const rows = await repo.listHistory(db, id);
    return rows.map((row) => ({
      from: row.from as SurveyStatus | null,
      to: row.to as SurveyStatus,
      action: row.action,
      actorName: [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ') || null,
      reason: row.reason,
      reasons: row.action === 'reject' ? (row.details?.reasons ?? []) : [],
      at: row.at.toISOString(),
    }));
  }

  /** The last approval or rejection with the survey as it was then (null before the first review). */
  async function lastReview(viewer: Viewer, id: string): Promise<LastReview | null> {
    await loadVisible(viewer, id);
    const review = await repo.latestReview(db, id);
    const snapshot = review?.details?.snapshot;
    if (!review || !snapshot) return null;
    return {
      decision: review.action === 'approve' ? 'approve' : 'reject',
      moderatorName: [review.firstName, review.lastName].filter(Boolean).join(' ') || null,
      reasons: review.details?.reasons ?? [],
      note: review.reason,
      at: review.at.toISOString(),
      // Snapshots taken before AND / OR kept a single condition: read it as a group of one.
      survey: {
        ...snapshot,
        questions: snapshot.questions.map((q) => ({ ...q, displayLogic: conditionGroupOf(q.displayLogic) })),
      },
    };
  }

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

  /** Moves a personal draft (made before the author had an organisation) into one of theirs. */
  async function moveToOrganization(viewer: Viewer, id: string, organizationId: string) {
    const row = await loadVisible(viewer, id);
    if (row.organizationId)
      throw new HttpError(409, 'This survey already belongs to an organization.', 'ALREADY_IN_ORGANIZATION');
    if (row.ownerId !== viewer.user.id) throw forbidden();
    const membership = viewer.memberships.find((m) => m.organizationId === organizationId);
    if (!membership?.permissions.includes('surveys~create')) throw forbidden();
    await db.transaction(async (tx) => {
      const updated = await repo.updateSurveyIfVersion(tx, id, row.version, { organizationId });
      if (!updated) throw new HttpError(409, 'The survey changed meanwhile; try again.', 'VERSION_CONFLICT');
    });
    return get(viewer, id);
  }

  async function surveyUsers(viewer: Viewer, id: string) {
    const row = await loadVisible(viewer, id);
    if (!can(viewer, row, 'survey_users~view')) throw forbidden();
    const rows = await repo.listSurveyUsers(db, id);
    return rows.map((u) => ({
      id: u.id,
      name: [u.firstName, u.lastName].filter(Boolean).join(' ') || (u.email ?? ''),
      email: u.email,
      roleName: u.roleName as 'Editor' | 'Viewer',
    }));
  }

  /** Gives a member of the survey's organisation a role on this one survey. */
  async function addSurveyUser(viewer: Viewer, id: string, email: string, roleName: 'Editor' | 'Viewer') {
    const row = await loadVisible(viewer, id);
    if (!can(viewer, row, 'survey_users~manage')) throw forbidden();
    if (!row.organizationId)
      throw new HttpError(
        409,
        'Move this survey into your organization before sharing it.',
        'NO_ORGANIZATION',
      );
    const user = await findUserByEmail(db, email);
    const membership = user ? await findMembership(db, row.organizationId, user.id) : null;
    if (!user || !membership) {
      throw new HttpError(
        400,
        'Only members of the organization can be added. Invite them to the organization first.',
        'NOT_A_MEMBER',
        {
          fields: { email: ['Only members of the organization can be added.'] },
        },
      );
    }
    const previous = await repo.findSurveyRole(db, id, user.id);
    if (previous === roleName) return surveyUsers(viewer, id);
    const owner = row.ownerId ? await findUserById(db, row.ownerId) : null;
    const base = { surveyName: row.name, organizationName: null, surveyUrl: surveyUrl(row.id) };
    const mailIds = await db.transaction(async (tx) => {
      await repo.upsertSurveyUser(tx, id, user.id, roleName);
      const ids: string[] = [];
      if (!user.email) return ids;
      if (previous) {
        ids.push(
          await deps.mail.enqueue(tx, emailTemplates.userPermissionChangedInSurvey, user.email, {
            firstName: user.firstName,
            ...base,
            oldRoleName: previous,
            newRoleName: roleName,
            changedBy: displayName(viewer.user),
          }),
        );
      } else {
        ids.push(
          await deps.mail.enqueue(tx, emailTemplates.surveyUserAdded, user.email, {
            firstName: user.firstName,
            ...base,
            addedBy: displayName(viewer.user),
            roleName,
          }),
        );
        if (owner?.email && owner.id !== viewer.user.id) {
          ids.push(
            await deps.mail.enqueue(tx, emailTemplates.newSurveyUsersAdded, owner.email, {
              firstName: owner.firstName,
              ...base,
              names: [displayName(user)],
            }),
          );
        }
      }
      return ids;
    });
    await deps.mail.dispatch(mailIds);
    return surveyUsers(viewer, id);
  }

  async function removeSurveyUser(viewer: Viewer, id: string, userId: string) {
    const row = await loadVisible(viewer, id);
    if (!can(viewer, row, 'survey_users~manage')) throw forbidden();
    await repo.deleteSurveyUser(db, id, userId);
    return surveyUsers(viewer, id);
  }

  return {
    authorize,
    toSurvey,
    /** The autosave's question checks, for other writes of questions (reuse, decision 030). */
    validateDraft,
    create,
    get,
    duplicate,
    save,
    precheck,
    transition,
    transitionOnSchedule,
    history,
    lastReview,
    list,
    moveToOrganization,
    surveyUsers,
    addSurveyUser,
    removeSurveyUser,
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;

/**
 * What a save refuses in a question's logic (the pre-check finds the rest): conditions must name
 * earlier questions (a skip or screen-out rule may also name the question itself), and a skip goes
 * forward to an item of the survey or to the end, so no saved survey can loop.
 */
function savedLogicProblem(
  question: Question,
  earlier: ReadonlySet<string>,
  all: readonly Question[],
): { field: string; message: string; short: string } | null {
  const group = conditionGroupOf(question.displayLogic);
  if (group?.conditions.some((c) => !earlier.has(c.questionId)))
    return {
      field: 'displayLogic',
      message: 'its display logic must refer to an earlier question.',
      short: 'Choose an earlier question',
    };
  const selfOrEarlier = (id: string) => id === question.id || earlier.has(id);
  if (question.screenOut?.conditions.some((c) => !selfOrEarlier(c.questionId)))
    return {
      field: 'screenOut',
      message: 'its screen-out rule must refer to this or an earlier question.',
      short: 'Choose this or an earlier question',
    };
  const position = all.findIndex((q) => q.id === question.id);
  for (const rule of question.skipLogic ?? []) {
    if (rule.when.conditions.some((c) => !selfOrEarlier(c.questionId)))
      return {
        field: 'skipLogic',
        message: 'its skip rules must refer to this or an earlier question.',
        short: 'Choose this or an earlier question',
      };
    if (rule.to !== SKIP_TO_END && all.findIndex((q) => q.id === rule.to) <= position)
      return {
        field: 'skipLogic',
        message: 'a skip rule must go to a later item or to the end of the survey.',
        short: 'Choose a later item',
      };
  }
  return null;
}

// ── For the demo seed and test fixtures, which write what the product's own screens would ─────────
export { insertHistory, replaceQuestions } from './repository';
