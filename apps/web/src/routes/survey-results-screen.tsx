import { ActionPlanSection } from '../features/action-plans/components/action-plan-section';
import { ReviewResponsesSection } from '../features/quality-review/components/review-responses-section';
import { FieldworkSection } from '../features/quota-dashboard/components/fieldwork-section';
import {
  type SummarySection,
  SurveySummaryScreen,
} from '../features/results/components/survey-summary-screen';

/** Statuses whose responses may still be excluded or included: until results are released (the server's rule). */
const reviewStatuses = new Set(['live', 'paused', 'complete', 'in_review']);
/** Statuses with fieldwork to show: the sample and each quota's fill. */
const fieldworkStatuses = new Set(['live', 'paused', 'complete', 'in_review']);

/**
 * The summary page composed here, so the features stay independent: the results, then the staff
 * quality review and the action plan as sections of the same page.
 */
const sections: SummarySection[] = [
  {
    id: 'fieldwork',
    label: 'Fieldwork',
    visible: ({ survey }) => fieldworkStatuses.has(survey.status),
    render: ({ survey, permissions }) => (
      <FieldworkSection
        surveyId={survey.id}
        status={survey.status}
        canSimulate={permissions.isPlatform && permissions.has('surveys~publish')}
      />
    ),
  },
  {
    id: 'review',
    label: 'Review responses',
    visible: ({ survey, permissions }) =>
      (permissions.isPlatform || permissions.has('surveys~update')) && reviewStatuses.has(survey.status),
    render: ({ survey, permissions }) => (
      <ReviewResponsesSection
        surveyId={survey.id}
        status={survey.status}
        canStartReview={permissions.isPlatform && permissions.has('surveys~view_results')}
        canRelease={permissions.isPlatform && permissions.has('surveys~publish')}
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
        organizationId={survey.organizationId}
        questions={survey.questions}
        canEdit={permissions.has('surveys~update')}
      />
    ),
  },
];

export function SurveyResultsScreen() {
  return <SurveySummaryScreen sections={sections} />;
}
