import { SimpleMessage } from '../layout';
import { defineTemplate } from '../registry';

/**
 * To platform moderators and admins when a survey's fieldwork completes (its sample is reached): the
 * quality review is due. Counts only, never a respondent's answer or screener.
 */
export const fieldworkCompleteReviewDue = defineTemplate<{
  firstName: string | null;
  surveyName: string;
  responses: number;
  flagged: number;
  reviewUrl: string;
}>({
  name: 'fieldwork/complete-review-due',
  description: 'Sent to platform staff when fieldwork completes and the quality review is due.',
  subject: () => 'Fieldwork complete, review due',
  component: ({ firstName, surveyName, responses, flagged, reviewUrl }) => (
    <SimpleMessage
      preview={`${responses.toLocaleString('en-US')} responses; ${flagged.toLocaleString('en-US')} flagged.`}
      heading="Fieldwork is complete: a review is due"
      paragraphs={[
        `Hi ${firstName ?? 'there'},`,
        `"${surveyName}" has stopped collecting answers with ${responses.toLocaleString('en-US')} completed ${responses === 1 ? 'response' : 'responses'}. ${flagged.toLocaleString('en-US')} ${flagged === 1 ? 'response was' : 'responses were'} flagged as a possible speeder, straight-liner or duplicate.`,
        'Start the quality review, exclude what should not count (with a reason), then release the results to the organization.',
      ]}
      action={{ label: 'Open the review', href: reviewUrl }}
    />
  ),
  sample: {
    firstName: 'Hana',
    surveyName: 'After-school activities 2026',
    responses: 300,
    flagged: 12,
    reviewUrl:
      'http://localhost:3000/research/builder/survey/summary/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b#review',
  },
});

/**
 * To platform moderators and admins, once, when a live survey sees a burst of answers held for review
 * or refused by the respondent limits (issue 23): a script may be filling it. Counts only.
 */
export const respondentBurst = defineTemplate<{
  firstName: string | null;
  surveyName: string;
  held: number;
  minutes: number;
  reviewUrl: string;
}>({
  name: 'fieldwork/respondent-burst',
  description: 'Sent to platform staff when a live survey sees a burst of held or refused answers.',
  subject: () => 'A live survey is receiving suspect answers',
  component: ({ firstName, surveyName, held, minutes, reviewUrl }) => (
    <SimpleMessage
      preview={`${held.toLocaleString('en-US')} answers held or refused in ${minutes} minutes.`}
      heading="A live survey is receiving suspect answers"
      paragraphs={[
        `Hi ${firstName ?? 'there'},`,
        `In the last ${minutes} minutes, "${surveyName}" received ${held.toLocaleString('en-US')} answers that were held for review or refused: sent too fast, without the start its page issues, as duplicates, or too many from one network. None of them counts toward the sample or its quotas until someone reviews it, so the survey stays open.`,
        'Look at the held responses in the quality review. If it continues, pause the survey.',
      ]}
      action={{ label: 'Open the review', href: reviewUrl }}
    />
  ),
  sample: {
    firstName: 'Hana',
    surveyName: 'After-school activities 2026',
    held: 20,
    minutes: 10,
    reviewUrl:
      'http://localhost:3000/research/builder/survey/summary/6f1c2a9e-3b1d-4d8e-9a51-0c8f1e2d3a4b#review',
  },
});
