import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconChevronDown,
  IconCircleCheck,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconLoader2,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useDownloadMessagesStore } from '../../../stores/download-messages-store';
import { downloadKey, useDownloadResults } from '../api/download-results';
import type { ExportFormat } from '../utils/download-name';
import type { ResultsFilters } from '../utils/filters';

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

/**
 * Downloads of every counted response in the group the page shows (its filters), weighted to US teens
 * for audience surveys, with the spec's download messages: CSV and Excel, and SPSS, coded CSV and the
 * codebook in a menu.
 */
export function DownloadButtons({
  surveyId,
  surveyName,
  filters = {},
}: {
  surveyId: string;
  surveyName: string;
  filters?: ResultsFilters;
}) {
  const download = useDownloadResults();
  const messages = useDownloadMessagesStore((state) => state.messages);
  const [lastFormat, setLastFormat] = useState<ExportFormat | null>(null);
  const pending = download.isPending ? download.variables?.format : undefined;
  const message = lastFormat ? messages[downloadKey(surveyId, lastFormat)] : undefined;

  const start = (format: ExportFormat) => {
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
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Text
        size="sm"
        c={message ? tones[message.state] : 'dimmed'}
        role="status"
        data-testid="download-message"
        mih={20}
      >
        {message ? (
          <>
            <span style={{ marginRight: 6, verticalAlign: -2 }}>{icons[message.state]}</span>
            {message.text}
          </>
        ) : null}
      </Text>
    </Stack>
  );
}
