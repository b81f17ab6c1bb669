import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconChevronDown,
  IconCircleCheck,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconHourglass,
  IconLoader2,
} from '@tabler/icons-react';
import type { ExportJobFormat } from '@tv/contract';
import { useState } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { useDownloadMessagesStore } from '../../../stores/download-messages-store';
import { downloadKey, useDownloadResults } from '../api/download-results';
import { LARGE_EXPORT, useStartExportJob } from '../api/export-jobs';
import type { ExportFormat } from '../utils/download-name';
import type { ResultsFilters } from '../utils/filters';
import { ExportJobsPanel } from './export-jobs-panel';

const icons = {
  preparing: <IconLoader2 size={14} aria-hidden />,
  success: <IconCircleCheck size={14} aria-hidden />,
  error: <IconAlertCircle size={14} aria-hidden />,
};
const tones = { preparing: 'dimmed', success: 'green.8', error: 'red.8' } as const;

const moreFormats: { format: ExportFormat; label: string; hint: string }[] = [
  {
    format: 'sav',
    label: 'SPSS (.sav)',
    hint: 'Variable and value labels, measurement levels, -99 for no answer',
  },
  { format: 'coded-csv', label: 'Coded CSV', hint: 'Numbers instead of labels, for R, Stata or Python' },
  { format: 'codebook', label: 'Codebook', hint: 'What every variable and code in the coded files means' },
];

/** The files the menu prepares in the background for any size of group (decision 050). */
const backgroundFormats: { format: ExportJobFormat; label: string }[] = [
  { format: 'csv', label: 'Prepare a CSV file' },
  { format: 'xlsx', label: 'Prepare an Excel file' },
  { format: 'sav', label: 'Prepare an SPSS file' },
  { format: 'coded-csv', label: 'Prepare a coded CSV file' },
];

/**
 * Downloads of every counted response in the group the page shows (its filters), weighted to US teens
 * for audience surveys, with the spec's download messages: CSV and Excel, and SPSS, coded CSV and the
 * codebook in a menu. A group of LARGE_EXPORT responses or more is prepared as an export job instead
 * (a progress bar, then a Download button, decision 050), and the menu prepares one for any size.
 */
export function DownloadButtons({
  surveyId,
  surveyName,
  filters = {},
  responses,
}: {
  surveyId: string;
  surveyName: string;
  filters?: ResultsFilters;
  /** Responses in the group the page shows, when known: a large group is exported in the background. */
  responses?: number;
}) {
  const download = useDownloadResults();
  const startJob = useStartExportJob(surveyId);
  const messages = useDownloadMessagesStore((state) => state.messages);
  const [lastFormat, setLastFormat] = useState<ExportFormat | null>(null);
  const pending = download.isPending ? download.variables?.format : undefined;
  const message = lastFormat ? messages[downloadKey(surveyId, lastFormat)] : undefined;

  const prepare = (format: ExportJobFormat) => {
    setLastFormat(null);
    startJob.mutate({ format, filters });
  };
  const start = (format: ExportFormat) => {
    // The codebook describes variables, not responses: it is small whatever the group.
    if (responses !== undefined && responses >= LARGE_EXPORT && format !== 'codebook') {
      prepare(format);
      return;
    }
    startJob.reset();
    setLastFormat(format);
    download.mutate({ surveyId, surveyName, format, filters });
  };

  return (
    <Stack gap={6} align="flex-end">
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          onClick={() => start('csv')}
          loading={pending === 'csv'}
          disabled={Boolean(pending) && pending !== 'csv'}
        >
          Download CSV
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={() => start('xlsx')}
          loading={pending === 'xlsx'}
          disabled={Boolean(pending) && pending !== 'xlsx'}
        >
          Download Excel
        </Button>
        <Menu position="bottom-end" withinPortal width={300}>
          <Menu.Target>
            <Button
              variant="default"
              rightSection={<IconChevronDown size={16} aria-hidden />}
              loading={pending !== undefined && pending !== 'csv' && pending !== 'xlsx'}
              disabled={Boolean(pending)}
            >
              More formats
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {moreFormats.map((item) => (
              <Menu.Item key={item.format} onClick={() => start(item.format)}>
                <Text size="sm" fw={600}>
                  {item.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.hint}
                </Text>
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Label>Prepare in the background</Menu.Label>
            {backgroundFormats.map((item) => (
              <Menu.Item
                key={item.format}
                leftSection={<IconHourglass size={16} aria-hidden />}
                onClick={() => prepare(item.format)}
                disabled={startJob.isPending}
              >
                <Text size="sm">{item.label}</Text>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Text
        size="sm"
        c={message ? tones[message.state] : startJob.isError ? tones.error : 'dimmed'}
        role="status"
        data-testid="download-message"
        mih={20}
      >
        {message ? (
          <>
            <span style={{ marginRight: 6, verticalAlign: -2 }}>{icons[message.state]}</span>
            {message.text}
          </>
        ) : startJob.isError ? (
          <>
            <span style={{ marginRight: 6, verticalAlign: -2 }}>{icons.error}</span>
            {serverMessage(startJob.error, 'The export could not be started. Please try again.')}
          </>
        ) : null}
      </Text>
      <ExportJobsPanel surveyId={surveyId} />
    </Stack>
  );
}
