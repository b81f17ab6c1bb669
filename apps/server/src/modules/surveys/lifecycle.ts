import {
  CLOSED_ON_SCHEDULE,
  conditionGroupOf,
  hasBlockers,
  type LastReview,
  OPENED_ON_SCHEDULE,
  type PlatformPermission,
  type PrecheckFlag,
  platformRolePermissions,
  precheckSurvey,
  type ReviewedSurvey,
  type Survey,
  type SurveyAction,
  type SurveyStatus,
  surveyStatusLabels,
  surveyStatusPhrases,
  surveyTransitions,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { findUserById, listUsersWithPlatformRoles, type Viewer } from '../identity/service';
import * as repo from './repository';
import { can, forbidden, type SurveyAccess, type SurveysDeps } from './survey-access';

// A survey's lifecycle: the moves between statuses (submit, approve or reject, publish, pause, close,
// review, release) by staff or by the schedule, the history they leave, and the mail each one sends.

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
  // The Spanish version too, so a Spanish-only fix shows in the next review's changes.
  ...(survey.translations ? { translations: survey.translations } : {}),
});

export function createSurveyLifecycle(deps: SurveysDeps, access: SurveyAccess) {
  const { db } = deps;
  const { surveyUrl, resultsUrl, toSurvey, loadVisible, get } = access;

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

  return { precheck, transition, transitionOnSchedule, history, lastReview };
}
