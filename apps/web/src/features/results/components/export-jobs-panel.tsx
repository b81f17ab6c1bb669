import { Alert, Button, Group, Paper, Progress, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import type { ExportJob, ExportJobFormat } from '@tv/contract';
import { serverMessage } from '../../../lib/backend-client';
import { downloadMessageTexts } from '../../../stores/download-messages-store';
import { exportJobFileUrl, isPreparing, useExportJobs } from '../api/export-jobs';

export const exportFormatLabels: Record<ExportJobFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel',
  sav: 'SPSS (.sav)',
  'coded-csv': 'Coded CSV',
  codebook: 'Codebook',
};

const count = (n: number) => n.toLocaleString('en-US');
const when = (iso: string) => {
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  return date.toLocaleString(
    'en-US',
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  );
};
const size = (bytes: number | null) => {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

/** The words of a job in progress, shown and given to the progress bar for screen readers. */
export const preparingLabel = (percent: number) => `Preparing your export… ${percent}%`;

function ExportJobRow({ surveyId, job }: { surveyId: string; job: ExportJob }) {
  const format = exportFormatLabels[job.format];
  return (
    <Stack component="li" gap={6} data-testid="export-job" data-status={job.status}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {format}
        </Text>
        <Text size="xs" c="dimmed">
          Started {when(job.createdAt)}
        </Text>
      </Group>
      {isPreparing(job) ? (
        <>
          <Progress.Root size="lg" radius="xl">
            <Progress.Section value={job.percent} aria-label={preparingLabel(job.percent)} animated />
          </Progress.Root>
          <Group justify="space-between" gap="xs">
            <Text size="sm" aria-hidden>
              {preparingLabel(job.percent)}
            </Text>
            {job.total !== null ? (
              <Text size="xs" c="dimmed">
                {count(job.rowsWritten)} of {count(job.total)} responses
              </Text>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            You can leave this page: the export keeps going, and we email you when it is ready.
          </Text>
        </>
      ) : null}
      {job.status === 'ready' ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="var(--mantine-color-green-text)">
            {downloadMessageTexts.success}
            {job.total !== null ? ` · ${count(job.total)} responses` : ''}
            {job.bytes !== null ? ` · ${size(job.bytes)}` : ''}
          </Text>
          <Button
            component="a"
            href={exportJobFileUrl(surveyId, job.id)}
            download={job.fileName ?? true}
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={`Download ${job.fileName ?? `the ${format} file`}`}
          >
            Download
          </Button>
        </Group>
      ) : null}
      {job.status === 'failed' ? (
        <Text size="sm" c="var(--mantine-color-error)">
          <IconAlertCircle size={14} aria-hidden style={{ marginRight: 6, verticalAlign: -2 }} />
          {downloadMessageTexts.error}. {job.error}
        </Text>
      ) : null}
      {job.status === 'expired' ? (
        <Text size="sm" c="dimmed">
          Deleted 24 hours after it was ready. Prepare it again from More formats.
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The caller's recent export jobs of this survey (decision 050): a progress bar while each is prepared,
 * then a Download button, so a person can leave the page and come back. Nothing when there are none.
 */
export function ExportJobsPanel({ surveyId }: { surveyId: string }) {
  const jobs = useExportJobs(surveyId);
  if (jobs.isPending) {
    return <Skeleton h={72} w="100%" maw={420} radius="md" data-testid="export-jobs-loading" />;
  }
  if (jobs.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        w="100%"
        maw={420}
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="Your exports could not be loaded"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverMessage(jobs.error, 'Please try again in a moment.')}</Text>
          <Button size="xs" variant="default" onClick={() => void jobs.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (jobs.data.length === 0) return null;
  const preparing = jobs.data.some(isPreparing);
  // Said once to a screen reader when the state changes, not at every percent.
  const announced = preparing
    ? downloadMessageTexts.preparing
    : jobs.data[0]?.status === 'ready'
      ? downloadMessageTexts.success
      : '';
  return (
    <Paper
      component="section"
      aria-labelledby="export-jobs-title"
      withBorder
      radius="md"
      p="sm"
      w="100%"
      maw={420}
    >
      <Stack gap="sm">
        <Text id="export-jobs-title" size="sm" fw={700}>
          Your exports
        </Text>
        {/* Each job shows its state; this says it once to a screen reader when it changes. */}
        <VisuallyHidden role="status">{announced}</VisuallyHidden>
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {jobs.data.map((job) => (
            <ExportJobRow key={job.id} surveyId={surveyId} job={job} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
