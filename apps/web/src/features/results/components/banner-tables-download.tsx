import { Alert, Button, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { MAX_BANNER_VARIABLES } from '@tv/contract';
import { useState } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { useDownloadBannerTables } from '../api/download-banner-tables';
import type { ResultsFilters } from '../utils/filters';
import { tintText } from '../utils/tint-text';

/**
 * Banner tables: every closed question against the banner columns the researcher picks (audience
 * attributes and one-answer questions) and Total, in one Excel workbook with bases and significance
 * letters, under the page's filters and the cross-tab's weighting.
 */
export function BannerTablesDownload({
  surveyId,
  variables,
  initialBanner,
  weighted,
  filters,
}: {
  surveyId: string;
  /** What can be a banner column: variables with one answer per respondent. */
  variables: { value: string; label: string }[];
  initialBanner: string[];
  weighted: boolean | undefined;
  filters: ResultsFilters;
}) {
  const [banner, setBanner] = useState<string[]>(() =>
    initialBanner.filter((key) => variables.some((v) => v.value === key)),
  );
  const download = useDownloadBannerTables();
  const empty = banner.length === 0;

  return (
    <Stack gap="xs" component="section" aria-labelledby="banner-tables-heading" data-testid="banner-tables">
      <div>
        <Title order={3} fz="md" id="banner-tables-heading">
          Banner tables
        </Title>
        <Text size="sm" c="dimmed">
          Every closed question against the banner columns you choose and Total, in one Excel workbook: column
          percentages, unweighted and weighted bases, and significance letters. The filters above and this
          table’s weighting apply.
        </Text>
      </div>
      <Group gap="md" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Banner columns"
          description={`Audience attributes and one-answer questions, up to ${MAX_BANNER_VARIABLES}`}
          placeholder={empty ? 'Choose at least one' : undefined}
          data={variables}
          value={banner}
          onChange={(value) => {
            setBanner(value);
            download.reset();
          }}
          maxValues={MAX_BANNER_VARIABLES}
          searchable
          clearable
          w={{ base: '100%', sm: 420 }}
          error={empty ? 'Choose at least one banner column to download the tables.' : undefined}
        />
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={() => download.mutate({ surveyId, banner, weighted, filters })}
          loading={download.isPending}
          disabled={empty}
        >
          Download banner tables
        </Button>
      </Group>
      <Text size="sm" c="green.8" role="status" mih={20} data-testid="banner-tables-status">
        {download.isSuccess ? (
          <>
            <IconCircleCheck size={14} aria-hidden style={{ marginRight: 6, verticalAlign: -2 }} />
            Banner tables downloaded: {download.data}
          </>
        ) : null}
      </Text>
      {download.isError ? (
        <Alert
          color="red"
          variant="light"
          title="We couldn’t make the banner tables"
          styles={{ title: { color: tintText('red') } }}
        >
          {serverMessage(download.error, 'Please try again in a moment.')}
        </Alert>
      ) : null}
    </Stack>
  );
}
