import type { moderationChecklist } from '@tv/contract';

type ChecklistId = (typeof moderationChecklist)[number]['id'];

/** A reason the author can act on, for each checklist item a survey can fail. */
export const reasonForChecklistItem: Record<ChecklistId, string> = {
  no_personal_data:
    'Remove the questions that ask for personal data (names, contact details, school, social handles or photos).',
  sensitive_handled: 'Make the sensitive questions optional and word them more gently.',
  age_appropriate: 'Reword the questions so they suit 13–19 year-olds.',
  neutral_wording: 'Rephrase the leading questions so they are neutral.',
  purpose_clear: 'Make the purpose clear in the title and description.',
};

/** The reasons sent with a request for changes: the chosen standard ones, then the moderator's own, without repeats. */
export function rejectionReasons(chosen: readonly string[], own: readonly string[]): string[] {
  return [...new Set([...chosen, ...own].map((reason) => reason.trim()).filter(Boolean))];
}
