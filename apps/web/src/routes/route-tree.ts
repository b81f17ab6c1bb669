import { accountRoutes } from './account-routes';
import { adminRoutes } from './admin-routes';
import { adminSafeguardingRoutes } from './admin-safeguarding-routes';
import {
  adminOrganizationSurveyQuestionRoute,
  adminOrganizationSurveyRoute,
  adminSurveysRoute,
  builderRoute,
  newAudienceRoute,
  surveyAudienceRoute,
  surveyEditorRoute,
  surveyFlowRoute,
  surveyModerationRoute,
  surveyPreviewRoute,
  surveyPublishRoute,
  surveyQuestionnaireRoute,
  surveyQuestionRoute,
  surveyQuestionsRoute,
  surveyReportRoute,
  surveySpanishRoute,
  surveySummaryOldRoute,
  surveySummaryRoute,
  templateGalleryRoute,
} from './builder-routes';
import { commerceAdminRoutes } from './commerce-admin-routes';
import { contentAdminRoutes } from './content-admin-routes';
import { growthAdminRoutes } from './growth-admin-routes';
import { marketingRoutes } from './marketing-routes';
import { respondRoutes } from './respond-routes';
import { rootRoute } from './root';
import { sharingRoutes } from './sharing-routes';
import { trackerRoutes } from './tracker-routes';

/** The one route tree of the app (spec §2); each route names its layout in staticData. */
export const routeTree = rootRoute.addChildren([
  ...marketingRoutes,
  ...accountRoutes,
  builderRoute,
  ...adminRoutes,
  ...adminSafeguardingRoutes,
  ...growthAdminRoutes,
  ...contentAdminRoutes,
  ...commerceAdminRoutes,
  ...trackerRoutes,
  ...respondRoutes,
  ...sharingRoutes,
  adminSurveysRoute,
  adminOrganizationSurveyRoute.addChildren([adminOrganizationSurveyQuestionRoute]),
  surveyModerationRoute,
  newAudienceRoute,
  surveyPreviewRoute,
  templateGalleryRoute,
  surveyQuestionnaireRoute,
  surveySummaryRoute,
  surveyReportRoute,
  surveySummaryOldRoute,
  surveyEditorRoute.addChildren([
    surveyQuestionsRoute,
    surveyPublishRoute,
    surveyAudienceRoute,
    surveyQuestionRoute,
    surveySpanishRoute,
    surveyFlowRoute,
  ]),
]);
