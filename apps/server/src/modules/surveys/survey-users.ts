import { emailTemplates } from '@tv/emails';
import { HttpError } from '../../plugins/errors';
import { findUserByEmail, findUserById, type Viewer } from '../identity/service';
import { findMembership } from '../organizations/service';
import * as repo from './repository';
import { can, forbidden, type SurveyAccess, type SurveysDeps } from './survey-access';

// The survey's users: members of its organisation given a role (Editor, Viewer) on this one survey,
// and the mail that tells them and the owner.

const displayName = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email || 'Someone';

export function createSurveyUsers(deps: SurveysDeps, access: SurveyAccess) {
  const { db } = deps;
  const { surveyUrl, loadVisible } = access;

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

  return { surveyUsers, addSurveyUser, removeSurveyUser };
}
