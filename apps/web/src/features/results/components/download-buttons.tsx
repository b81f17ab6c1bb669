import { Button, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconLoader2,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useDownloadMessagesStore } from '../../../stores/download-messages-store';
import { downloadKey, useDownloadResults } from '../api/download-results';
import type { ExportFormat } from '../utils/download-name';

const icons = {
  preparing: <IconLoader2 size={14} aria-hidden />,
  success: <IconCircleCheck size={14} aria-hidden />,
  error: <IconAlertCircle size={14} aria-hidden />,
};
const tones = { preparing: 'dimmed', success: 'green.8', error: 'red.8' } as const;

/** CSV and Excel downloads of every counted response, with the spec's download messages. */
export function DownloadButtons({ surveyId, surveyName }: { surveyId: string; surveyName: string }) {
  const download = useDownloadResults();
  const messages = useDownloadMessagesStore((state) => state.messages);
  const [lastFormat, setLastFormat] = useState<ExportFormat | null>(null);
  const pending = download.isPending ? download.variables?.format : undefined;
  const message = lastFormat ? messages[downloadKey(surveyId, lastFormat)] : undefined;

  const start = (format: ExportFormat) => {
    setLastFormat(format);
    download.mutate({ surveyId, surveyName, format });
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
