import type { Question } from '@tv/contract';
import type { SurveyDraft } from './draft';

export type QuestionDifference = 'same' | 'changed' | 'only-here';

/** How each question of one version differs from the other version, for the conflict dialog. */
export function questionDifferences(
  version: SurveyDraft,
  other: SurveyDraft,
): Map<string, QuestionDifference> {
  const others = new Map<string, Question>(other.questions.map((q) => [q.id, q]));
  return new Map(
    version.questions.map((question) => {
      const counterpart = others.get(question.id);
      if (!counterpart) return [question.id, 'only-here'];
      return [question.id, JSON.stringify(counterpart) === JSON.stringify(question) ? 'same' : 'changed'];
    }),
  );
}

/** The parts of the survey besides its questions that differ, named for people. */
export function otherDifferences(a: SurveyDraft, b: SurveyDraft): string[] {
  const differences: string[] = [];
  if (a.name.trim() !== b.name.trim()) differences.push('name');
  if ((a.description ?? '') !== (b.description ?? '')) differences.push('description');
  if (JSON.stringify(a.audience) !== JSON.stringify(b.audience)) differences.push('audience');
  if (JSON.stringify(a.tags) !== JSON.stringify(b.tags)) differences.push('tags');
  if (a.questions.map((q) => q.id).join() !== b.questions.map((q) => q.id).join())
    differences.push('question order');
  return differences;
}
