import {
  type CopyQuestions,
  countQuestions,
  editableStatuses,
  estimateAudience,
  forQuestionBank,
  freshCopies,
  notEditableMessages,
  PULSE_CHECK_MAX_QUESTIONS,
  parseQuestionnaire,
  QUESTION_BANK_MAX_ITEMS,
  type Question,
  type QuestionBankItem,
  type QuestionnaireDocument,
  questionProblems,
  questionSchema,
  SURVEY_NAME_MAX,
  type SurveyStatus,
  type SurveyType,
  toQuestionnaire,
} from '@tv/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/identity';
import { questionBankItems } from '../../db/schema/surveys';
import { HttpError } from '../../plugins/errors';
import type { Viewer } from '../identity/service';
import { findOrganization } from '../organizations/service';
import { assertProjectOfOrganization } from '../projects/service';
import * as repo from './repository';
import type { SurveysService } from './service';
import { instantiateTemplate } from './template-gallery';

/**
 * Reuse (issue 13, decision 030): drafts from the template gallery, the organisation's question bank,
 * copying questions to another draft, and the questionnaire as a JSON document. Every write goes
 * through the survey service's permission checks and the same question rules as the autosave.
 */

const MAX_QUESTIONS = 200;
/** How many bank items one list answer holds (newest first); search narrows the rest. */
export const QUESTION_BANK_PAGE = 200;

const itemNotFound = () =>
  new HttpError(404, 'We could not find that question in your question bank.', 'BANK_ITEM_NOT_FOUND');
const forbidden = () => new HttpError(403, "You don't have permission to do that.", 'FORBIDDEN');

export function createReuseService(db: Db, surveys: SurveysService) {
  /** Refuses a question list the autosave would refuse, with the same checks and words. */
  function assertQuestions(type: SurveyType, list: Question[]) {
    if (list.length > MAX_QUESTIONS) {
      throw new HttpError(
        400,
        `A survey has at most ${MAX_QUESTIONS} questions, and this would make it ${countQuestions(list)}.`,
        'TOO_MANY_QUESTIONS',
      );
    }
    if (type === 'pulse_check' && countQuestions(list) > PULSE_CHECK_MAX_QUESTIONS) {
      throw new HttpError(
        400,
        `A pulse check has at most ${PULSE_CHECK_MAX_QUESTIONS} questions, and this would make it ${countQuestions(list)}.`,
        'PULSE_CHECK_TOO_LONG',
      );
    }
    surveys.validateDraft(type, list);
  }

  /** A draft the viewer may edit, at the version they saw: 404, 403, 409 NOT_EDITABLE otherwise. */
  async function editableTarget(viewer: Viewer, id: string) {
    const row = await surveys.authorize(viewer, id, 'surveys~update');
    if (!editableStatuses.includes(row.status as SurveyStatus)) {
      throw new HttpError(409, notEditableMessages[row.status as SurveyStatus], 'NOT_EDITABLE');
    }
    return row;
  }

  /** Writes the questions if nobody saved since `version`; 409 VERSION_CONFLICT with the saved survey otherwise. */
  async function writeQuestions(row: repo.SurveyRow, version: number, list: Question[]) {
    assertQuestions(row.type, list);
    return db.transaction(async (tx) => {
      const updated = await repo.updateSurveyIfVersion(tx, row.id, version, {
        estimate: row.audience ? estimateAudience(row.audience, list.length) : null,
      });
      if (!updated) {
        const current = await repo.findSurvey(tx, row.id);
        throw new HttpError(
          409,
          'This survey was saved by someone else meanwhile. Open it again and retry.',
          'VERSION_CONFLICT',
          current ? { current: await surveys.toSurvey(current, tx) } : undefined,
        );
      }
      await repo.replaceQuestions(tx, row.id, list);
      return updated;
    });
  }

  // ---- template gallery ------------------------------------------------------------------------

  /** A new draft from a template, owned by the caller, in the organisation (or as a personal draft). */
  async function createFromTemplate(
    viewer: Viewer,
    input: { templateId: string; organizationId?: string | null; projectId?: string | null },
  ) {
    const template = instantiateTemplate(input.templateId);
    if (!template) throw new HttpError(404, 'We could not find that template.', 'TEMPLATE_NOT_FOUND');
    const organizationId = input.organizationId ?? null;
    if (organizationId) {
      const membership = viewer.memberships.find((m) => m.organizationId === organizationId);
      const allowed =
        membership?.permissions.includes('surveys~create') ||
        viewer.platformPermissions.includes('surveys~create');
      if (!allowed) throw forbidden();
      if (!membership && !(await findOrganization(db, organizationId))) {
        throw new HttpError(404, 'That organization does not exist.', 'ORGANIZATION_NOT_FOUND');
      }
    }
    await assertProjectOfOrganization(db, input.projectId ?? null, organizationId);
    assertQuestions(template.type, template.questions);
    const row = await db.transaction(async (tx) => {
      const row = await repo.insertSurvey(tx, {
        organizationId,
        projectId: input.projectId ?? null,
        ownerId: viewer.user.id,
        type: template.type,
        name: [...template.name].slice(0, SURVEY_NAME_MAX).join(''),
        description: template.description,
      });
      await repo.replaceQuestions(tx, row.id, template.questions);
      return row;
    });
    return surveys.toSurvey(row);
  }

  // ---- copying questions -----------------------------------------------------------------------

  async function copyQuestions(viewer: Viewer, sourceId: string, input: CopyQuestions) {
    const source = await surveys.authorize(viewer, sourceId, 'surveys~view');
    const target = await editableTarget(viewer, input.targetSurveyId);
    if (target.id === source.id) {
      throw new HttpError(
        400,
        'Choose another survey to copy to. To repeat a question here, use Duplicate.',
        'SAME_SURVEY',
      );
    }
    if (target.organizationId !== source.organizationId) {
      throw new HttpError(
        400,
        'Questions can only be copied between surveys of the same organization.',
        'OTHER_ORGANIZATION',
      );
    }
    if (!source.organizationId && source.ownerId !== viewer.user.id) throw forbidden();
    const sourceQuestions = await repo.listQuestions(db, source.id);
    const wanted = new Set(input.questionIds);
    const known = new Set(sourceQuestions.map((q) => q.id));
    const unknown = input.questionIds.find((id) => !known.has(id));
    if (unknown !== undefined) {
      throw new HttpError(
        400,
        'Some of the chosen questions are no longer in this survey. Reload it and choose again.',
        'QUESTION_NOT_FOUND',
      );
    }
    // In the source's order, so logic between copied questions still points to an earlier one.
    const chosen = sourceQuestions.filter((q) => wanted.has(q.id));
    const { questions: copies, droppedLogic } = freshCopies(chosen);
    const existing = await repo.listQuestions(db, target.id);
    const updated = await writeQuestions(target, input.targetVersion, [...existing, ...copies]);
    return {
      targetSurveyId: updated.id,
      targetVersion: updated.version,
      copied: copies.length,
      droppedLogic,
    };
  }

  // ---- questionnaire document ------------------------------------------------------------------

  async function exportQuestionnaire(viewer: Viewer, id: string): Promise<QuestionnaireDocument> {
    const survey = await surveys.get(viewer, id);
    return toQuestionnaire(survey);
  }

  async function importQuestionnaire(
    viewer: Viewer,
    id: string,
    input: { version: number; mode: 'replace' | 'append'; document: unknown },
  ) {
    const target = await editableTarget(viewer, id);
    const parsed = parseQuestionnaire(input.document);
    if (!parsed.ok) throw new HttpError(400, parsed.problem, 'QUESTIONNAIRE_INVALID');
    // Checked on its own first, so a problem names the question by its number in the file.
    surveys.validateDraft(target.type, parsed.document.questions);
    const { questions: imported } = freshCopies(parsed.document.questions);
    const list =
      input.mode === 'replace' ? imported : [...(await repo.listQuestions(db, target.id)), ...imported];
    const updated = await writeQuestions(target, input.version, list);
    return surveys.toSurvey(updated);
  }

  // ---- question bank ---------------------------------------------------------------------------

  const createdByName = sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

  function toItem(row: {
    id: string;
    question: unknown;
    tags: string[];
    createdByName: string | null;
    createdAt: Date;
  }): QuestionBankItem | null {
    const parsed = questionSchema.safeParse(row.question);
    if (!parsed.success) return null;
    return {
      id: row.id,
      question: parsed.data,
      tags: row.tags,
      createdByName: row.createdByName,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function listBank(organizationId: string, search?: string) {
    const conditions: SQL[] = [eq(questionBankItems.organizationId, organizationId)];
    if (search) {
      const pattern = `%${search.replace(/[%_\\]/g, '\\$&')}%`;
      conditions.push(
        sql`(${questionBankItems.question} ->> 'title' ilike ${pattern} or array_to_string(${questionBankItems.tags}, ' ') ilike ${pattern})`,
      );
    }
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      db
        .select({
          id: questionBankItems.id,
          question: questionBankItems.question,
          tags: questionBankItems.tags,
          createdAt: questionBankItems.createdAt,
          createdByName,
        })
        .from(questionBankItems)
        .leftJoin(users, eq(users.id, questionBankItems.createdBy))
        .where(where)
        .orderBy(desc(questionBankItems.createdAt), desc(questionBankItems.id))
        .limit(QUESTION_BANK_PAGE),
      db.select({ n: count() }).from(questionBankItems).where(where),
    ]);
    return {
      data: rows.map(toItem).filter((item): item is QuestionBankItem => item !== null),
      meta: { total: Number(totals[0]?.n ?? 0), limit: QUESTION_BANK_PAGE },
    };
  }

  /** Keeps a question for the organisation, without display logic (it would name another survey's question). */
  async function saveToBank(viewer: Viewer, organizationId: string, question: Question, tags: string[]) {
    const kept = forQuestionBank(question);
    const problem = questionProblems([kept])[0];
    if (problem) {
      throw new HttpError(
        400,
        problem.message.replace(/^Question 1\b/, 'This question').replace(/\bquestion 1\b/, 'this question'),
        'QUESTION_INVALID',
      );
    }
    const row = await db.transaction(async (tx) => {
      // One bank per organisation: the count is taken under the organisation's lock so it cannot overshoot.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`question-bank:${organizationId}`}))`);
      const [total] = await tx
        .select({ n: count() })
        .from(questionBankItems)
        .where(eq(questionBankItems.organizationId, organizationId));
      if (Number(total?.n ?? 0) >= QUESTION_BANK_MAX_ITEMS) {
        throw new HttpError(
          409,
          `Your question bank is full (${QUESTION_BANK_MAX_ITEMS} questions). Delete questions you no longer use, then save this one.`,
          'BANK_FULL',
        );
      }
      const [inserted] = await tx
        .insert(questionBankItems)
        .values({
          organizationId,
          question: kept as unknown as Record<string, unknown>,
          tags: [...new Set(tags)],
          createdBy: viewer.user.id,
        })
        .returning();
      return inserted!;
    });
    const name = [viewer.user.firstName, viewer.user.lastName].filter(Boolean).join(' ') || null;
    return toItem({ ...row, createdByName: name })!;
  }

  async function deleteFromBank(organizationId: string, itemId: string) {
    const deleted = await db
      .delete(questionBankItems)
      .where(and(eq(questionBankItems.id, itemId), eq(questionBankItems.organizationId, organizationId)))
      .returning({ id: questionBankItems.id });
    if (deleted.length === 0) throw itemNotFound();
  }

  return {
    createFromTemplate,
    copyQuestions,
    exportQuestionnaire,
    importQuestionnaire,
    listBank,
    saveToBank,
    deleteFromBank,
  };
}

export type ReuseService = ReturnType<typeof createReuseService>;
