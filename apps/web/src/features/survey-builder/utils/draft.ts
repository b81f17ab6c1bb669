import { questionProblems, type SaveSurvey, type Survey, saveSurveySchema } from '@tv/contract';

/** What the author edits: everything the autosave sends except the version it was based on. */
export type SurveyDraft = Omit<SaveSurvey, 'version'>;

export const draftFromSurvey = (survey: Survey): SurveyDraft => ({
  name: survey.name,
  description: survey.description,
  questions: survey.questions,
  audience: survey.audience,
  tags: survey.tags,
  projectId: survey.projectId,
});

export const draftsEqual = (a: SurveyDraft, b: SurveyDraft) => JSON.stringify(a) === JSON.stringify(b);

const fieldName = (path: readonly PropertyKey[]): string => {
  const [head, index, field] = path;
  if (head === 'questions' && typeof index === 'number') {
    const where = `Question ${index + 1}`;
    return field === 'options'
      ? `${where}, answer options`
      : field === 'rows'
        ? `${where}, statements`
        : where;
  }
  if (head === 'audience') return 'Audience';
  if (head === 'tags') return 'Tags';
  return '';
};

/**
 * The draft as the server will take it (trimmed, checked by the same schema), or the first problem
 * in words the author understands, so an incomplete edit waits on this device instead of failing.
 */
export function toSavePayload(
  draft: SurveyDraft,
  version: number,
): { ok: true; payload: SaveSurvey } | { ok: false; problem: string } {
  const parsed = saveSurveySchema.safeParse({ ...draft, version });
  if (parsed.success) {
    // The same structural rules as the server and the pre-check, in the same words.
    const problem = questionProblems(parsed.data.questions)[0];
    if (problem) return { ok: false, problem: problem.message };
    const seen = new Set<string>();
    for (const [index, question] of parsed.data.questions.entries()) {
      if (question.displayLogic && !seen.has(question.displayLogic.questionId)) {
        return {
          ok: false,
          problem: `Question ${index + 1}: its display logic must refer to an earlier question.`,
        };
      }
      seen.add(question.id);
    }
    return { ok: true, payload: parsed.data };
  }
  const issue = parsed.error.issues[0];
  if (!issue) return { ok: false, problem: 'Some details need another look.' };
  const where = fieldName(issue.path);
  return { ok: false, problem: where ? `${where}: ${issue.message}` : issue.message };
}
