import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChartBar, IconEyeOff, IconFilterOff, IconReport, IconTable } from '@tabler/icons-react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { codedQuestionOf, disclosureRule, type Survey } from '@tv/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useSurvey } from '../../../lib/api/get-survey';
import { serverMessage } from '../../../lib/backend-client';
import { useUserStore } from '../../../stores/user-store';
import { isFieldworkOpen, LIVE_REFRESH_MS, useResultsSummary } from '../api/get-results-summary';
import {
  filterLabels,
  filtersFromSearch,
  isRefusedFilter,
  narrowsGroup,
  type ResultsFilters,
  resultsSearch,
  searchFromFilters,
} from '../utils/filters';
import { type SurveyPermissions, surveyPermissions } from '../utils/permissions';
import { tintText } from '../utils/tint-text';
import { CrossTabPanel } from './crosstab-panel';
import { DownloadButtons } from './download-buttons';
import { QuestionResultCard } from './question-result-card';
import classes from './results.module.css';
import { ResultsFiltersPanel } from './results-filters';
import { ShareResultsButton } from './share-dialog';
import { TotalsOverview } from './totals-overview';
import { WeightingBar } from './weighting-bar';

export interface SummaryContext {
  survey: Survey;
  permissions: SurveyPermissions;
}

/** A part of the summary page that another feature provides (the quality review, the action plan). */
export interface SummarySection {
  /** The element id, so a link (e.g. in the action plan mail) can jump to it. */
  id: string;
  label: string;
  visible: (context: SummaryContext) => boolean;
  render: (context: SummaryContext) => ReactNode;
}

const typeLabels = { long_form: 'Survey', pulse_check: 'Pulse check', custom: 'Custom survey' } as const;
const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { timeStyle: 'medium' });

function jumpTo(id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/** The results of one survey: totals, a chart per question, filters and cross-tabs, downloads. */
export function SurveySummaryScreen({ sections = [] }: { sections?: readonly SummarySection[] }) {
  const { surveyId = '' } = useParams({ strict: false });
  const surveyQuery = useSurvey(surveyId);
  // The filters live in the URL (validated by the route), so Back, Forward and a shared link
  // reproduce the view; the text search replaces the current entry instead of adding one per key.
  const navigate = useNavigate();
  const urlSearch = resultsSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const filters = filtersFromSearch(urlSearch);
  const [search, setSearch] = useState(urlSearch.q ?? '');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const setFilters = (next: ResultsFilters) =>
    void navigate({ to: '.', search: searchFromFilters({ ...next, textSearch: debouncedSearch }) });
  useEffect(() => {
    if ((urlSearch.q ?? '') === debouncedSearch.trim()) return;
    void navigate({
      to: '.',
      search: searchFromFilters({ ...filtersFromSearch(urlSearch), textSearch: debouncedSearch.trim() }),
      replace: true,
    });
  }, [debouncedSearch, urlSearch, navigate]);
  // Back or Forward to a different search puts it in the box.
  const urlText = urlSearch.q ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the URL's search counts.
  useEffect(() => {
    if (urlText !== search.trim() && urlText !== debouncedSearch.trim()) setSearch(urlText);
  }, [urlText]);
  // Weighted or not (undefined: the server's default, weighted for audience surveys), as in cross-tabs.
  const [weighted, setWeighted] = useState<boolean | undefined>(undefined);
  const summaryQuery = useResultsSummary(surveyId, { ...filters, textSearch: debouncedSearch }, weighted);
  const user = useUserStore((state) => state.user);
  const selectedOrganization = useUserStore((state) => state.selectedOrganization);

  const survey = surveyQuery.data;
  const permissions = surveyPermissions(user, selectedOrganization, survey?.organizationId ?? null);
  const context = survey ? { survey, permissions } : null;
  const shownSections = context ? sections.filter((section) => section.visible(context)) : [];

  // A link to a section (e.g. #action-plan in a mail) can only scroll once the section exists.
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  const hashReady = shownSections.some((section) => section.id === hash);
  useEffect(() => {
    if (hashReady) document.getElementById(hash)?.scrollIntoView({ block: 'start' });
  }, [hashReady, hash]);

  if (surveyQuery.isError) throw surveyQuery.error;
  if (!survey) return <Skeleton h={320} radius="lg" />;

  const summary = summaryQuery.data;
  const questionsById = new Map(survey.questions.map((q) => [q.id, q]));
  const answerLabel = (answer: { questionId: string; optionId: string }) => {
    // 'Coded as' a code of an open-text question (decision 046).
    const coded = codedQuestionOf(answer.questionId);
    if (coded !== null) {
      const at = survey.questions.findIndex((q) => q.id === coded);
      const code = summary?.questions
        .find((q) => q.questionId === coded)
        ?.codes?.find((c) => c.id === answer.optionId);
      return `coded “${code?.label ?? 'a code'}” in Q${at + 1}`;
    }
    const index = survey.questions.findIndex((q) => q.id === answer.questionId);
    const option = survey.questions[index]?.options.find((o) => o.id === answer.optionId);
    return `“${option?.label ?? answer.optionId}” to Q${index + 1}`;
  };
  const groupLabels = filterLabels(filters, answerLabel);
  const live = isFieldworkOpen(summary?.status ?? survey.status);

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start" gap="lg">
        <Stack gap={6} maw={760}>
          <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
            Results
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {survey.name}
          </Title>
          <Group gap="sm">
            <StatusBadge status={survey.status} size="lg" />
            <Text size="sm" c="dimmed">
              {[survey.organizationName, typeLabels[survey.type]].filter(Boolean).join(' · ')}
            </Text>
          </Group>
          {live && summary ? (
            <Group gap={8} data-testid="live-indicator">
              <span className={classes.liveDot} aria-hidden />
              <Text size="sm" c="dimmed">
                Updating every {LIVE_REFRESH_MS / 1000} seconds while fieldwork runs · last updated{' '}
                {time(summary.generatedAt)}
              </Text>
            </Group>
          ) : null}
        </Stack>
        <Stack gap={6} align="flex-end">
          <Group gap="xs" justify="flex-end">
            <ButtonLink
              to="/research/builder/survey/report/$surveyId"
              params={{ surveyId: survey.id }}
              search={searchFromFilters({ ...filters, textSearch: undefined })}
              variant="default"
              leftSection={<IconReport size={18} aria-hidden />}
            >
              Report
            </ButtonLink>
            {survey.organizationId ? (
              <ShareResultsButton
                surveyId={survey.id}
                resultsReleased={survey.status === 'results_ready'}
                canManage={permissions.has('surveys~download_results')}
              />
            ) : null}
          </Group>
          {permissions.has('surveys~download_results') ? (
            <DownloadButtons
              surveyId={survey.id}
              surveyName={survey.name}
              filters={filters}
              responses={summary?.totals.responses}
            />
          ) : null}
        </Stack>
      </Group>

      <nav aria-label="On this page" className={classes.sectionNav}>
        <Group gap="xs">
          {[
            { id: 'results', label: 'Results' },
            { id: 'crosstab', label: 'Cross-tab' },
            ...shownSections,
          ].map((section) => (
            <Button
              key={section.id}
              component="a"
              href={`#${section.id}`}
              variant="subtle"
              size="compact-sm"
              onClick={(event) => {
                event.preventDefault();
                jumpTo(section.id);
              }}
            >
              {section.label}
            </Button>
          ))}
          <AnchorLink
            to="/research/builder/survey/summary-old/$surveyId"
            params={{ surveyId: survey.id }}
            size="sm"
            ml="auto"
          >
            <IconTable size={14} aria-hidden style={{ marginRight: 4, verticalAlign: -2 }} />
            Classic table view
          </AnchorLink>
        </Group>
      </nav>

      <Stack gap="lg" id="results" className={classes.anchorSection} component="section" aria-label="Results">
        {summaryQuery.isError && isRefusedFilter(summaryQuery.error) ? (
          // A link with an answer filter the server refuses (open text, decision 034): say why, offer the way out.
          <Alert
            color="yellow"
            variant="light"
            title="This filter can’t be used"
            styles={{ title: { color: tintText('yellow') } }}
            icon={<IconFilterOff size={18} aria-hidden />}
            data-testid="refused-filter"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{serverMessage(summaryQuery.error, 'This filter can’t be used.')}</Text>
              <Button size="xs" variant="light" onClick={() => setFilters({ ...filters, answer: undefined })}>
                Remove this filter
              </Button>
            </Group>
          </Alert>
        ) : summaryQuery.isError ? (
          <Alert
            color="red"
            variant="light"
            title="We couldn’t load the results"
            styles={{ title: { color: tintText('red') } }}
          >
            <Group justify="space-between">
              <Text size="sm">{serverMessage(summaryQuery.error, 'Please try again in a moment.')}</Text>
              <Button size="xs" variant="light" onClick={() => void summaryQuery.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : !summary ? (
          <Stack gap="md" aria-busy="true" aria-label="Loading the results">
            <Skeleton h={110} radius="lg" />
            <Skeleton h={260} radius="lg" />
          </Stack>
        ) : (
          <>
            <TotalsOverview summary={summary} />
            {summary.totals.responses > 0 ? (
              <WeightingBar
                surveyId={survey.id}
                summary={summary}
                onWeightedChange={setWeighted}
                canEdit={permissions.has('surveys~update')}
                includeSimulated={filters.includeSimulated}
              />
            ) : null}
            {summary.totals.responses === 0 ? (
              <Paper withBorder radius="lg" p="xl">
                <EmptyState
                  icon={<IconChartBar size={26} />}
                  withIndicatorBackground
                  title="No responses yet"
                  description={
                    live
                      ? 'Charts appear here as soon as the first teens answer. This page updates by itself.'
                      : 'This survey has no counted responses.'
                  }
                />
              </Paper>
            ) : (
              <>
                <ResultsFiltersPanel
                  filters={filters}
                  onChange={setFilters}
                  answerLabel={filters.answer ? answerLabel(filters.answer) : null}
                />
                <Text size="xs" c="dimmed" data-testid="disclosure-rule">
                  {disclosureRule} Written answers are shown without names, emails, phone numbers, handles,
                  street addresses or schools; an answer that raised a safeguarding concern stays withheld
                  until a moderator has reviewed it.
                </Text>
                {narrowsGroup(filters) ? (
                  <Text size="sm" aria-live="polite" data-testid="filtered-count">
                    {summary.suppressed || summary.filteredResponses === null
                      ? `Results for ${groupLabels.join(', ')} can’t be shown`
                      : `Showing ${summary.filteredResponses.toLocaleString('en-US')} of ${summary.totals.responses.toLocaleString('en-US')} responses: ${groupLabels.join(', ')}`}
                  </Text>
                ) : null}
                {summary.suppressed ? (
                  <Alert
                    color="yellow"
                    variant="light"
                    styles={{ title: { color: tintText('yellow') } }}
                    icon={<IconEyeOff size={18} aria-hidden />}
                    title="This group can’t be shown"
                    data-testid="suppressed-group"
                  >
                    {summary.suppressedReason} Widen or change the filters to see results for a larger group.
                  </Alert>
                ) : (
                  <div className={classes.grid}>
                    {summary.questions.map((result, index) => (
                      <QuestionResultCard
                        key={result.questionId}
                        result={result}
                        question={questionsById.get(result.questionId)}
                        number={index + 1}
                        activeAnswer={filters.answer}
                        onFilterAnswer={(questionId, optionId) =>
                          setFilters({ ...filters, answer: { questionId, optionId } })
                        }
                        onClearAnswer={() => setFilters({ ...filters, answer: undefined })}
                        textSearch={search}
                        appliedTextSearch={debouncedSearch}
                        searching={search.trim() !== debouncedSearch.trim() || summaryQuery.isPlaceholderData}
                        onTextSearch={setSearch}
                        surveyName={survey.name}
                        surveyId={survey.id}
                        includeSimulated={filters.includeSimulated}
                      />
                    ))}
                  </div>
                )}
                {summary.suppressed ? null : (
                  <div id="crosstab" className={classes.anchorSection}>
                    <CrossTabPanel
                      surveyId={survey.id}
                      questions={survey.questions}
                      filters={filters}
                      canDownload={permissions.has('surveys~download_results')}
                    />
                  </div>
                )}
              </>
            )}
          </>
        )}
      </Stack>

      {context
        ? shownSections.map((section) => (
            <section key={section.id} id={section.id} className={classes.anchorSection}>
              {section.render(context)}
            </section>
          ))
        : null}
    </Stack>
  );
}
