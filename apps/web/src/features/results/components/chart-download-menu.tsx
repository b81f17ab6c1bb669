import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconDownload, IconFileTypePng, IconFileTypeSvg } from '@tabler/icons-react';
import type { QuestionResult } from '@tv/contract';
import { useState } from 'react';
import { saveBlob } from '../../../lib/file-download';
import { svgBlob, svgToPng } from '../utils/chart-image';
import { chartFileName, chartGroupsOf, chartNotesOf, chartSvg } from '../utils/chart-svg';

type ChartResult = Pick<
  QuestionResult,
  | 'type'
  | 'title'
  | 'answered'
  | 'effectiveBase'
  | 'options'
  | 'matrix'
  | 'distribution'
  | 'mean'
  | 'nps'
  | 'suppressed'
>;

/** Whether a result has a chart to download (bars, shown). */
export const hasDownloadableChart = (result: ChartResult) =>
  !result.suppressed && (result.answered ?? 0) > 0 && chartGroupsOf(result) !== null;

/** 'Download chart' → SVG or PNG (the SVG drawn at 2x), built from the chart's data in the browser. */
export function ChartDownloadMenu({
  result,
  number,
  surveyName,
}: {
  result: ChartResult;
  number: number;
  surveyName: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const groups = chartGroupsOf(result);
  if (!groups || !hasDownloadableChart(result)) return null;
  const svg = () =>
    chartSvg({
      title: result.title,
      number,
      groups,
      base: result.answered,
      effectiveBase: result.effectiveBase,
      notes: chartNotesOf(result),
    });
  const save = async (format: 'svg' | 'png') => {
    setError(null);
    try {
      const document = svg();
      saveBlob(
        format === 'svg' ? svgBlob(document) : await svgToPng(document),
        chartFileName(surveyName, number, format),
      );
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The chart could not be saved.');
    }
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={200}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Download chart of Q${number}`}
            data-testid="chart-download"
            className="no-print"
          >
            <IconDownload size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Download chart</Menu.Label>
          <Menu.Item leftSection={<IconFileTypeSvg size={16} aria-hidden />} onClick={() => void save('svg')}>
            SVG (scalable)
          </Menu.Item>
          <Menu.Item leftSection={<IconFileTypePng size={16} aria-hidden />} onClick={() => void save('png')}>
            PNG (image)
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {error ? (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
}
