import { ActionPlanSection } from '../features/action-plans/components/action-plan-section';
import { ReviewResponsesSection } from '../features/quality-review/components/review-responses-section';
import {
  type SummarySection,
  SurveySummaryScreen,
} from '../features/results/components/survey-summary-screen';

/** Statuses whose responses staff may still exclude or include (the server's rule). */
const reviewStatuses = new Set(['complete', 'in_review']);

/**
 * The summary page composed here, so the features stay independent: the results, then the staff
 * quality review and the action plan as sections of the same page.
 */
const sections: SummarySection[] = [
  {
    id: 'review',
    label: 'Review responses',
    visible: ({ survey, permissions }) => permissions.isPlatform && reviewStatuses.has(survey.status),
    render: ({ survey, permissions }) => (
      <ReviewResponsesSection
        surveyId={survey.id}
        status={survey.status}
        canStartReview={permissions.has('surveys~view_results')}
        canRelease={permissions.has('surveys~publish')}
      />
    ),
  },
  {
    id: 'action-plan',
    label: 'Action plan',
    visible: () => true,
    render: ({ survey, permissions }) => (
      <ActionPlanSection
        surveyId={survey.id}
        surveyName={survey.name}
        questions={survey.questions}
        canEdit={permissions.has('surveys~update')}
      />
    ),
  },
];

export function SurveyResultsScreen() {
  return <SurveySummaryScreen sections={sections} />;
}
