import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff, IconPrinter } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { SHARED_REPORT_UNAVAILABLE } from '@tv/contract';
import { serverMessage } from '../../../lib/backend-client';
import { isHttpError } from '../../../lib/http-error';
import { useSharedReport } from '../api/get-report';
import { ReportView } from './report-view';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * A report shared by a read-only link: no sign-in, nothing but the released results (decision 031).
 * Kept out of search engines by a robots meta tag here and X-Robots-Tag from the server.
 */
export function SharedReportScreen() {
  const { token = '' } = useParams({ strict: false });
  const reportQuery = useSharedReport(token);
  const robots = <meta name="robots" content="noindex, nofollow" />;

  if (reportQuery.isError) {
    const unavailable = isHttpError(reportQuery.error) && reportQuery.error.status === 404;
    return (
      <Paper
        withBorder
        radius="lg"
        p="xl"
        maw={560}
        mx="auto"
        mt="xl"
        data-testid="shared-report-unavailable"
      >
        {robots}
        <Stack gap="sm" align="center" ta="center">
          <IconLinkOff size={32} aria-hidden />
          <Title order={1} fz="xl">
            {unavailable ? 'This report is not available' : 'We couldn’t load this report'}
          </Title>
          <Text c="dimmed">
            {unavailable
              ? SHARED_REPORT_UNAVAILABLE
              : serverMessage(reportQuery.error, 'Please try again in a moment.')}
          </Text>
          {unavailable ? null : (
            <Button variant="light" onClick={() => void reportQuery.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  if (!reportQuery.data) {
    return (
      <Stack gap="md" maw={960} mx="auto" aria-busy="true" aria-label="Loading the report">
        {robots}
        <Skeleton h={90} radius="lg" />
        <Skeleton h={260} radius="lg" />
      </Stack>
    );
  }
  const report = reportQuery.data;
  return (
    <>
      {robots}
      <ReportView
        report={report}
        actions={
          <Stack gap={4} align="flex-end" className="no-print">
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => window.print()}
            >
              Print
            </Button>
            <Text size="xs" c="dimmed">
              Shared read-only · link works until {longDate.format(new Date(report.expiresAt))}
            </Text>
          </Stack>
        }
      />
    </>
  );
}
