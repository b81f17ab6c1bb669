import {
  type PlatformPermission,
  pruneTranslations,
  type Survey,
  type SurveyStatus,
  sourcesOf,
} from '@tv/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import { HttpError } from '../../plugins/errors';
import type { Viewer } from '../identity/service';
import type { MailService } from '../mail/service';
import { findOrganization } from '../organizations/service';
import * as repo from './repository';

// Who may see and do what with a survey, and the survey as the API shows it: what the editing, the
// lifecycle and the survey's users (service.ts puts them together) all start from.

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

export const notFound = () => new HttpError(404, 'We could not find that survey.', 'SURVEY_NOT_FOUND');
export const forbidden = () =>
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

/** Loading a survey for a viewer, and the links mails point to: shared by every part of the service. */
export function createSurveyAccess(deps: SurveysDeps) {
  const { db } = deps;
  const surveyUrl = (id: string) => `${deps.config.publicUrl}/research/builder/survey/${id}`;
  const resultsUrl = (id: string) => `${deps.config.publicUrl}/research/builder/survey/summary/${id}`;

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
      translationSources: { es: sourcesOf(row.translationSources) },
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

  async function get(viewer: Viewer, id: string) {
    return toSurvey(await loadVisible(viewer, id));
  }

  return { surveyUrl, resultsUrl, authorize, toSurvey, loadVisible, get };
}

export type SurveyAccess = ReturnType<typeof createSurveyAccess>;
