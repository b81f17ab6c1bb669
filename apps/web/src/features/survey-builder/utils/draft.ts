import { questionProblems, type SaveSurvey, type Survey, saveSurveySchema } from '@tv/contract';
import { logicOrderProblem } from './questions';

/** What the author edits: everything the autosave sends except the version it was based on. */
export type SurveyDraft = Omit<SaveSurvey, 'version'>;

export const draftFromSurvey = (survey: Survey): SurveyDraft => ({
  name: survey.name,
  description: survey.description,
  questions: survey.questions,
  audience: survey.audience,
  tags: survey.tags,
  projectId: survey.projectId,
  // The Spanish version is saved with the draft and its version (decision 033).
  translations: survey.translations ?? {},
  // What English each Spanish text was translated from (decision 045), for its 'English changed' flag.
  translationSources: survey.translationSources ?? {},
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
    const out = logicOrderProblem(parsed.data.questions);
    if (out !== null)
      return {
        ok: false,
        problem: `Question ${out + 1}: its logic must look back at earlier questions, and its skips go forward.`,
      };
    return { ok: true, payload: parsed.data };
  }
  const issue = parsed.error.issues[0];
  if (!issue) return { ok: false, problem: 'Some details need another look.' };
  const where = fieldName(issue.path);
  return { ok: false, problem: where ? `${where}: ${issue.message}` : issue.message };
}
