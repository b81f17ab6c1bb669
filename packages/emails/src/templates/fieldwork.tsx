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
  subject: ({ surveyName }) => `Fieldwork complete, review due: "${surveyName}"`,
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
