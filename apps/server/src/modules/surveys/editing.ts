import {
  conditionGroupOf,
  conditionsIn,
  countQuestions,
  editableStatuses,
  notEditableMessages,
  PULSE_CHECK_MAX_QUESTIONS,
  pruneTranslations,
  type Question,
  questionProblems,
  reconcileTranslationSources,
  type SaveSurvey,
  SKIP_TO_END,
  SURVEY_NAME_MAX,
  type SurveyStatus,
  type SurveyType,
  surveyDefaults,
  surveyTypes,
} from '@tv/contract';
import { emailTemplates } from '@tv/emails';
import { HttpError } from '../../plugins/errors';
import type { Viewer } from '../identity/service';
import { findOrganization } from '../organizations/service';
import { assertProjectOfOrganization } from '../projects/service';
import { assertQuotasValid, audienceEstimate } from './audience';
import * as repo from './repository';
import { can, forbidden, type SurveyAccess, type SurveysDeps } from './survey-access';
import { pulseCheckTemplate } from './templates';

// Writing a survey while it is a draft: creating and duplicating one, the autosave of its questions,
// audience and texts with the checks a save makes, and moving a personal draft into an organisation.

const typeLabels: Record<SurveyType, string> = {
  long_form: 'Survey',
  pulse_check: 'Pulse check',
  custom: 'Custom survey',
};

export function createSurveyEditing(deps: SurveysDeps, access: SurveyAccess) {
  const { db } = deps;
  const { surveyUrl, toSurvey, loadVisible, get } = access;

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
        translationSources: source.translationSources,
      });
      await repo.replaceQuestions(tx, row.id, list);
      return row;
    });
    return toSurvey(row);
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
      assertQuotasValid(input.audience);
      const updated = await repo.updateSurveyIfVersion(tx, id, input.version, {
        name: input.name,
        description: input.description,
        audience: input.audience,
        estimate: audienceEstimate(input.audience, input.questions.length),
        tags: [...new Set(input.tags)],
        projectId: input.projectId,
        // The Spanish version (decision 033) is saved with the draft and its version; only texts of the
        // saved questions are kept. Left out of the save, the stored texts stay.
        translations: pruneTranslations(input, input.translations ?? row.translations),
        // What English each Spanish text was translated from (decision 045): an edited Spanish text
        // records its current English; the builder's 'Still right' is taken only as that same hash.
        translationSources: reconcileTranslationSources({
          survey: input,
          previous: row.translations,
          next: input.translations ?? row.translations,
          recorded: row.translationSources,
          proposed: input.translationSources,
        }),
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

  return { validateDraft, create, duplicate, save, moveToOrganization };
}

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
  if (conditionsIn(group).some((c) => !earlier.has(c.questionId)))
    return {
      field: 'displayLogic',
      message: 'its display logic must refer to an earlier question.',
      short: 'Choose an earlier question',
    };
  const selfOrEarlier = (id: string) => id === question.id || earlier.has(id);
  if (conditionsIn(question.screenOut).some((c) => !selfOrEarlier(c.questionId)))
    return {
      field: 'screenOut',
      message: 'its screen-out rule must refer to this or an earlier question.',
      short: 'Choose this or an earlier question',
    };
  const position = all.findIndex((q) => q.id === question.id);
  for (const rule of question.skipLogic ?? []) {
    if (conditionsIn(rule.when).some((c) => !selfOrEarlier(c.questionId)))
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
