import { Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { percentTicks, type QuestionResult } from '@tv/contract';
import { axisLabelEvery, columnsOf, formatPercent, type NpsGroup, npsGroupOf } from '../utils/chart-data';
import classes from './results.module.css';

const npsColors: Record<NpsGroup, string> = {
  detractor: 'var(--mantine-color-red-6)',
  passive: 'var(--mantine-color-gray-5)',
  promoter: 'var(--mantine-color-green-6)',
};

interface DistributionChartProps {
  distribution: QuestionResult['distribution'];
  /** Colours each score by promoter, passive or detractor. */
  nps?: boolean;
  minLabel?: string | null;
  maxLabel?: string | null;
}

/** Answers per score as columns; a hidden cell is drawn as a hatched stub and named in the caption. */
export function DistributionChart({ distribution, nps = false, minLabel, maxLabel }: DistributionChartProps) {
  const { ref, width } = useElementSize();
  const columns = columnsOf(distribution);
  const every = axisLabelEvery(columns.length, width || 320);
  const description = columns
    .map((c) => `${c.label}: ${c.hidden ? 'hidden' : `${formatPercent(c.percent)} (${c.count})`}`)
    .join(', ');

  return (
    <div className={classes.columnsPlot}>
      <div className={classes.percentScale} aria-hidden data-testid="percent-axis">
        {[...percentTicks].reverse().map((tick) => (
          <span key={tick} style={{ bottom: `${tick}%` }} data-tick={tick}>
            {tick}%
          </span>
        ))}
      </div>
      <div ref={ref}>
        <div
          className={classes.columns}
          role="img"
          aria-label={`Answers by score, as shares from 0 to 100%. ${description}`}
        >
          {columns.map((column) => (
            <div
              key={column.id}
              className={`${classes.column} ${column.hidden ? classes.hiddenColumn : ''}`}
              title={`${column.label}: ${column.hidden ? 'Hidden' : `${formatPercent(column.percent)} (${column.count})`}`}
              style={{
                height: column.hidden ? '12%' : `${Math.max(column.height, column.count ? 2 : 0)}%`,
                ...(column.hidden
                  ? {}
                  : nps
                    ? { background: npsColors[npsGroupOf(Number(column.label))] }
                    : {}),
              }}
            />
          ))}
        </div>
        <div className={classes.axis} aria-hidden>
          {columns.map((column, index) => (
            <span key={column.id}>
              {index % every === 0 || index === columns.length - 1 ? column.label : ''}
            </span>
          ))}
        </div>
        {minLabel || maxLabel ? (
          <Group justify="space-between" mt={2} gap="xs">
            <Text size="xs" c="dimmed">
              {minLabel}
            </Text>
            <Text size="xs" c="dimmed">
              {maxLabel}
            </Text>
          </Group>
        ) : null}
      </div>
    </div>
  );
}
