import { Box, Table, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import classes from './commerce-admin.module.css';

export interface BarDatum {
  /** Under the bar, short: 'Mar'. */
  label: string;
  /** Under the label where it changes (the first bar, and January): '2026'. */
  sublabel?: string;
  /** In the figures table and the bar's tooltip: 'March 2026'. */
  longLabel: string;
  value: number;
  /** Extra columns of the figures table, e.g. the orders of the month. */
  details?: Record<string, string>;
}

interface BarChartProps {
  data: BarDatum[];
  /** What the chart shows, e.g. 'Revenue by month, last 12 months'. */
  title: string;
  /** Names the label column of the figures table. */
  labelName?: string;
  /** Names the values column of the figures table. */
  valueName: string;
  formatValue: (value: number) => string;
  /** Axis labels, shorter: whole dollars. */
  formatAxis?: (value: number) => string;
  height?: number;
}

/** A 'nice' top for the axis: 1, 2, 2.5 or 5 times a power of ten, at least the largest value. */
export function niceMaximum(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** The screen-reader summary: total, best and latest, in a sentence. */
export function describeBars(title: string, data: BarDatum[], format: (value: number) => string): string {
  if (data.length === 0) return `${title}: no figures yet.`;
  const total = data.reduce((sum, item) => sum + item.value, 0);
  const best = data.reduce((top, item) => (item.value > top.value ? item : top), data[0]!);
  const last = data.at(-1)!;
  if (total === 0) return `${title}: nothing in any month yet.`;
  return `${title}: ${format(total)} in total. Highest in ${best.longLabel} with ${format(best.value)}; ${last.longLabel}: ${format(last.value)}. The figures follow in a table.`;
}

const AXIS_WIDTH = 64;
const LABEL_HEIGHT = 44;
const TOP_PADDING = 12;
/** Room for the last month's name, centered under its bar. */
const RIGHT_PADDING = 12;

/**
 * A small bar chart in SVG: one image for sighted people (named by a summary sentence), the same
 * figures as a table for screen readers. Colors come from the theme, so dark mode works.
 */
export function BarChart({
  data,
  title,
  labelName = 'Month',
  valueName,
  formatValue,
  formatAxis = formatValue,
  height = 240,
}: BarChartProps) {
  const { ref, width: measured } = useElementSize();
  const width = Math.max(measured || 640, 280);
  const plotWidth = width - AXIS_WIDTH - RIGHT_PADDING;
  const plotHeight = height - LABEL_HEIGHT - TOP_PADDING;
  const maximum = niceMaximum(Math.max(0, ...data.map((item) => item.value)));
  const slot = data.length > 0 ? plotWidth / data.length : plotWidth;
  const barWidth = Math.max(4, Math.min(48, slot * 0.64));
  // On a phone the month names do not all fit: every other one is shown.
  const labelEvery = slot < 34 ? 2 : 1;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * maximum);
  const shown = data.map((_, index) => index % labelEvery === (data.length - 1) % labelEvery);
  // The year goes under the first label shown and under each label that starts a new one.
  let lastYear: string | undefined;
  const sublabels = data.map((item, index) => {
    if (!shown[index] || !item.sublabel || item.sublabel === lastYear) return null;
    lastYear = item.sublabel;
    return item.sublabel;
  });
  const y = (value: number) => TOP_PADDING + plotHeight - (value / maximum) * plotHeight;

  return (
    <Box ref={ref} w="100%">
      <svg
        role="img"
        aria-label={describeBars(title, data, formatValue)}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        style={{ display: 'block', maxWidth: '100%' }}
        data-testid="bar-chart"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={AXIS_WIDTH}
              x2={width}
              y1={y(tick)}
              y2={y(tick)}
              className={classes.gridLine}
              strokeDasharray={tick === 0 ? undefined : '3 4'}
            />
            <text x={AXIS_WIDTH - 8} y={y(tick)} dy="0.32em" textAnchor="end" className={classes.axisText}>
              {formatAxis(tick)}
            </text>
          </g>
        ))}
        {data.map((item, index) => {
          const x = AXIS_WIDTH + index * slot + (slot - barWidth) / 2;
          const top = y(item.value);
          const barHeight = Math.max(0, TOP_PADDING + plotHeight - top);
          return (
            <g key={item.longLabel}>
              <rect
                x={x}
                y={item.value > 0 ? Math.min(top, TOP_PADDING + plotHeight - 2) : top}
                width={barWidth}
                height={item.value > 0 ? Math.max(2, barHeight) : 0}
                rx={3}
                className={classes.bar}
              >
                <title>{`${item.longLabel}: ${formatValue(item.value)}`}</title>
              </rect>
              {shown[index] ? (
                <text
                  x={x + barWidth / 2}
                  y={height - LABEL_HEIGHT + 18}
                  textAnchor="middle"
                  className={classes.axisText}
                >
                  {item.label}
                </text>
              ) : null}
              {sublabels[index] ? (
                <text
                  x={x + barWidth / 2}
                  y={height - LABEL_HEIGHT + 36}
                  textAnchor="middle"
                  className={classes.axisText}
                >
                  {sublabels[index]}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{labelName}</Table.Th>
              <Table.Th scope="col">{valueName}</Table.Th>
              {Object.keys(data[0]?.details ?? {}).map((name) => (
                <Table.Th key={name} scope="col">
                  {name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((item) => (
              <Table.Tr key={item.longLabel}>
                <Table.Th scope="row">{item.longLabel}</Table.Th>
                <Table.Td>{formatValue(item.value)}</Table.Td>
                {Object.entries(item.details ?? {}).map(([name, value]) => (
                  <Table.Td key={name}>{value}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
