import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useParams, useSearch } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/ui/links';
import { serverMessage } from '../../../lib/backend-client';
import { isHttpError } from '../../../lib/http-error';
import { useDownloadReportPdf, useResultsReport } from '../api/get-report';
import { filtersFromSearch, isRefusedFilter, resultsSearch, searchFromFilters } from '../utils/filters';
import { tintText } from '../utils/tint-text';
import { ReportView } from './report-view';

/** The printable results report of a survey, under the results page's filters, with its PDF. */
export function ReportScreen() {
  const { surveyId = '' } = useParams({ strict: false });
  const filters = filtersFromSearch(resultsSearch(useSearch({ strict: false }) as Record<string, unknown>));
  const reportQuery = useResultsReport(surveyId, filters);
  const pdf = useDownloadReportPdf();
  const { textSearch: _text, ...group } = filters;

  const back = (
    <ButtonLink
      to="/research/builder/survey/summary/$surveyId"
      params={{ surveyId }}
      search={searchFromFilters(group)}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      className="no-print"
    >
      Back to results
    </ButtonLink>
  );

  if (reportQuery.isError && isRefusedFilter(reportQuery.error)) {
    // A link with an answer filter the server refuses (open text, decision 034).
    return (
      <Stack gap="md" maw={720} mx="auto">
        {back}
        <Alert
          color="yellow"
          variant="light"
          title="This filter can’t be used"
          styles={{ title: { color: tintText('yellow') } }}
          data-testid="refused-filter"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{serverMessage(reportQuery.error, 'This filter can’t be used.')}</Text>
            <ButtonLink
              to="/research/builder/survey/report/$surveyId"
              params={{ surveyId }}
              search={searchFromFilters({ ...group, answer: undefined })}
              size="xs"
              variant="light"
            >
              Remove this filter
            </ButtonLink>
          </Group>
        </Alert>
      </Stack>
    );
  }
  if (reportQuery.isError) {
    return (
      <Stack gap="md" maw={720} mx="auto">
        {back}
        <Alert
          color={isHttpError(reportQuery.error) && reportQuery.error.status === 403 ? 'yellow' : 'red'}
          variant="light"
          title="We couldn’t prepare the report"
          styles={{ title: { color: tintText('yellow') } }}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{serverMessage(reportQuery.error, 'Please try again in a moment.')}</Text>
            <Button size="xs" variant="light" onClick={() => void reportQuery.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }
  if (!reportQuery.data) {
    return (
      <Stack gap="md" maw={960} mx="auto" aria-busy="true" aria-label="Loading the report">
        <Skeleton h={90} radius="lg" />
        <Skeleton h={90} radius="lg" />
        <Skeleton h={260} radius="lg" />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" className="no-print" maw={960} mx="auto" w="100%">
        {back}
      </Group>
      <ReportView
        report={reportQuery.data}
        actions={
          <Stack gap={6} align="flex-end" className="no-print">
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconPrinter size={18} aria-hidden />}
                onClick={() => window.print()}
              >
                Print
              </Button>
              <Button
                leftSection={<IconFileTypePdf size={18} aria-hidden />}
                loading={pdf.isPending}
                onClick={() => pdf.mutate({ surveyId, filters: group })}
              >
                Download PDF
              </Button>
            </Group>
            <Text size="sm" c={pdf.isError ? 'red.8' : 'dimmed'} role="status" mih={20}>
              {pdf.isPending
                ? 'Preparing the PDF…'
                : pdf.isError
                  ? serverMessage(pdf.error, 'The PDF could not be prepared. Please try again.')
                  : pdf.isSuccess
                    ? 'Your PDF is downloaded.'
                    : ''}
            </Text>
          </Stack>
        }
      />
    </Stack>
  );
}
