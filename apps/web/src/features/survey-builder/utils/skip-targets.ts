import { type Question, SKIP_TO_END } from '@tv/contract';
import { questionLabel } from './questions';

export interface SkipTarget {
  value: string;
  label: string;
}

/**
 * Where a skip rule on the question at `position` can go. The very next question is not offered: a
 * respondent reaches it anyway, so a skip to it does nothing. What is left is every question after
 * that one, and the end of the survey.
 */
export function skipTargets(questions: readonly Question[], position: number): SkipTarget[] {
  return [
    ...questions
      .slice(position + 2)
      .map((q, offset) => ({ value: q.id, label: questionLabel(q, position + 2 + offset) })),
    { value: SKIP_TO_END, label: 'End of the survey' },
  ];
}

/** A new rule skips the next question: it goes to the one after it, or to the end when there is none. */
export function defaultSkipTarget(questions: readonly Question[], position: number): string {
  return skipTargets(questions, position)[0]!.value;
}

/** Why a rule's target cannot stay, in the author's words; null when it is one of the targets. */
export function skipTargetProblem(
  questions: readonly Question[],
  position: number,
  to: string,
): string | null {
  if (skipTargets(questions, position).some((target) => target.value === to)) return null;
  if (questions[position + 1]?.id === to)
    return `Question ${position + 2} comes next anyway, so this skips nothing. Choose a later question or the end.`;
  return 'Choose a later question or the end';
}
