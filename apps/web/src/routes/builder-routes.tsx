import { createRoute } from '@tanstack/react-router';
import { type ComponentType, createElement, type ReactNode } from 'react';
import { type LazyScreen, lazyScreen } from '../app/lazy-screen';
import {
  type BuilderCopy,
  builderCopyQueryOptions,
  useBuilderCopy,
} from '../features/builder-copy/api/get-builder-copy';
import { resultsSearch } from '../features/results/utils/filters';
import { isUuid } from '../lib/uuid';
import { rootRoute } from './root';

/** Route validity check: every named id parameter must look like a uuid. */
const uuidParams =
  (...names: string[]) =>
  (params: Record<string, string>) =>
    names.every((name) => isUuid(params[name]));

interface BuilderScreenProps {
  copy: BuilderCopy;
  proTip?: ReactNode;
}

/**
 * A builder screen composed here, so features stay independent: it gets the builder copy (loaded by
 * the route before it shows) and, where the builder shows one, the pro-tip card.
 */
function builderScreen<TModule>(
  importer: () => Promise<TModule>,
  exportName: {
    [K in keyof TModule]: TModule[K] extends ComponentType<BuilderScreenProps> ? K : never;
  }[keyof TModule],
  options: { proTip?: boolean } = {},
): LazyScreen {
  return lazyScreen(async () => {
    const [screens, tips] = await Promise.all([
      importer(),
      options.proTip ? import('../features/pro-tips/components/pro-tip-card') : Promise.resolve(null),
    ]);
    const Screen = screens[exportName] as ComponentType<BuilderScreenProps>;
    const ProTipCard = tips?.ProTipCard;
    // A component made inside a factory on purpose: one per code-split screen, made once when its chunk loads.
    function ComposedBuilderScreen() {
      const copy = useBuilderCopy();
      return createElement(Screen, {
        copy,
        proTip: ProTipCard ? createElement(ProTipCard, { copy }) : undefined,
      });
    }
    return { ComposedBuilderScreen };
  }, 'ComposedBuilderScreen');
}

/** Builder screens read their texts from the copy; it is fetched (or taken from memory) before they show. */
const loadBuilderCopy = ({
  context,
}: {
  context: { queryClient: import('@tanstack/react-query').QueryClient };
}) => context.queryClient.ensureQueryData(builderCopyQueryOptions());

export const builderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder',
  staticData: {
    layout: 'default-scrollable',
    title: 'Your surveys',
    middleware: ['softregister', 'selected-organization'],
  },
  loader: loadBuilderCopy,
  component: builderScreen(
    () => import('../features/survey-builder/components/builder-home-screen'),
    'BuilderHomeScreen',
    { proTip: true },
  ),
});

export const adminSurveysRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/surveys',
  staticData: { layout: 'default', title: 'All surveys', middleware: ['auth', 'admin'] },
  component: lazyScreen(
    () => import('../features/survey-admin/components/admin-surveys-screen'),
    'AdminSurveysScreen',
  ),
});

export const adminOrganizationSurveyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/$orgId/survey/$surveyId',
  staticData: {
    layout: 'default',
    title: 'Organization survey',
    middleware: ['auth', 'admin', 'selected-admin-organization', 'survey'],
    isValid: uuidParams('orgId', 'surveyId'),
  },
  component: lazyScreen(
    () => import('../features/survey-admin/components/admin-organization-survey-screen'),
    'AdminOrganizationSurveyScreen',
  ),
});

export const adminOrganizationSurveyQuestionRoute = createRoute({
  getParentRoute: () => adminOrganizationSurveyRoute,
  path: 'question/$questionId',
  staticData: { title: 'Question', isValid: uuidParams('questionId') },
  component: lazyScreen(
    () => import('../features/survey-admin/components/admin-survey-question-panel'),
    'AdminSurveyQuestionPanel',
  ),
});

export const surveyModerationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/admin/survey/moderation/$surveyId',
  staticData: {
    layout: 'default',
    title: 'Survey moderation',
    middleware: ['auth', 'admin', 'survey'],
    isValid: uuidParams('surveyId'),
  },
  component: lazyScreen(
    () => import('../features/moderation/components/survey-moderation-screen'),
    'SurveyModerationScreen',
  ),
});

export const newAudienceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/survey/new-audience',
  staticData: {
    layout: 'default',
    title: 'New audience',
    middleware: ['softregister', 'selected-organization'],
  },
  loader: loadBuilderCopy,
  component: builderScreen(
    () => import('../features/survey-builder/components/new-audience-screen'),
    'NewAudienceScreen',
  ),
});

export const templateGalleryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/templates',
  staticData: {
    layout: 'default-scrollable',
    title: 'Survey templates',
    middleware: ['softregister', 'selected-organization'],
  },
  component: lazyScreen(
    () => import('../features/survey-builder/components/template-gallery-screen'),
    'TemplateGalleryScreen',
  ),
});

/** The questionnaire as a document to print or attach to an ethics application (decision 030). */
export const surveyQuestionnaireRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/survey/questionnaire/$surveyId',
  staticData: {
    layout: 'default-scrollable',
    title: 'Printable questionnaire',
    middleware: ['softregister', 'survey'],
    isValid: uuidParams('surveyId'),
  },
  component: lazyScreen(
    () => import('../features/survey-builder/components/questionnaire-document-screen'),
    'QuestionnaireDocumentScreen',
  ),
});

export const surveyPreviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/survey/preview/$surveyId',
  staticData: {
    layout: 'default',
    title: 'Survey preview',
    middleware: ['softregister', 'survey'],
    isValid: uuidParams('surveyId'),
    // Respondents see surveys in light mode, so the preview shows exactly that.
    colorMode: 'light',
  },
  component: lazyScreen(
    () => import('../features/survey-builder/components/survey-preview-screen'),
    'SurveyPreviewScreen',
  ),
});

export const surveySummaryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/survey/summary/$surveyId',
  staticData: {
    layout: 'default',
    title: 'Survey summary',
    middleware: ['softregister', 'selected-organization', 'survey'],
    isValid: uuidParams('surveyId'),
  },
  // The results filters live in the URL, so Back, Forward and a shared link show the same view.
  validateSearch: resultsSearch,
  component: lazyScreen(() => import('./survey-results-screen'), 'SurveyResultsScreen'),
});

/** The printable results report, under the results page's filters, with its PDF (decision 031). */
export const surveyReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/survey/report/$surveyId',
  staticData: {
    layout: 'default',
    title: 'Results report',
    middleware: ['softregister', 'selected-organization', 'survey'],
    isValid: uuidParams('surveyId'),
  },
  validateSearch: resultsSearch,
  component: lazyScreen(() => import('../features/results/components/report-screen'), 'ReportScreen'),
});

export const surveySummaryOldRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/survey/summary-old/$surveyId',
  staticData: {
    layout: 'default',
    title: 'Survey summary (classic view)',
    middleware: ['softregister', 'selected-organization', 'survey'],
    isValid: uuidParams('surveyId'),
  },
  component: lazyScreen(
    () => import('../features/results/components/survey-summary-old-screen'),
    'SurveySummaryOldScreen',
  ),
});

export const surveyEditorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'research/builder/survey/$surveyId',
  staticData: {
    layout: 'mobile-scrollable',
    title: 'Survey editor',
    middleware: ['softregister', 'selected-organization', 'survey'],
    isValid: uuidParams('surveyId'),
  },
  loader: loadBuilderCopy,
  component: builderScreen(
    () => import('../features/survey-builder/components/survey-editor-screen'),
    'SurveyEditorScreen',
    { proTip: true },
  ),
});

export const surveyQuestionsRoute = createRoute({
  getParentRoute: () => surveyEditorRoute,
  path: '/',
  component: lazyScreen(
    () => import('../features/survey-builder/components/survey-questions-panel'),
    'SurveyQuestionsPanel',
  ),
});

export const surveyPublishRoute = createRoute({
  getParentRoute: () => surveyEditorRoute,
  path: 'publish',
  staticData: { title: 'Publish survey' },
  component: lazyScreen(
    () => import('../features/survey-builder/components/survey-publish-panel'),
    'SurveyPublishPanel',
  ),
});

export const surveyAudienceRoute = createRoute({
  getParentRoute: () => surveyEditorRoute,
  path: 'audience',
  staticData: { title: 'Survey audience' },
  component: lazyScreen(
    () => import('../features/survey-builder/components/survey-audience-panel'),
    'SurveyAudiencePanel',
  ),
});

export const surveySpanishRoute = createRoute({
  getParentRoute: () => surveyEditorRoute,
  path: 'spanish',
  staticData: { title: 'Spanish version' },
  component: lazyScreen(
    () => import('../features/survey-builder/components/survey-spanish-panel'),
    'SurveySpanishPanel',
  ),
});

export const surveyFlowRoute = createRoute({
  getParentRoute: () => surveyEditorRoute,
  path: 'flow',
  staticData: { title: 'Survey flow' },
  component: lazyScreen(
    () => import('../features/survey-builder/components/survey-flow-panel'),
    'SurveyFlowPanel',
  ),
});

export const surveyQuestionRoute = createRoute({
  getParentRoute: () => surveyEditorRoute,
  path: 'question/$questionId',
  staticData: { title: 'Edit question', isValid: uuidParams('questionId') },
  component: lazyScreen(
    () => import('../features/survey-builder/components/survey-question-panel'),
    'SurveyQuestionPanel',
  ),
});
