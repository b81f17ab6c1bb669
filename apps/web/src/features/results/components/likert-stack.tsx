import { parseThemeColor, Stack, Text, useMantineTheme } from '@mantine/core';
import type { QuestionResult } from '@tv/contract';
import { formatPercent, readableTextOn, scaleColors, stackOf } from '../utils/chart-data';
import classes from './results.module.css';

const hiddenPattern =
  'repeating-linear-gradient(-45deg, var(--mantine-color-gray-2), var(--mantine-color-gray-2) 4px, var(--mantine-color-gray-4) 4px, var(--mantine-color-gray-4) 8px)';

/** A Likert matrix: one 100% stacked bar per statement, coloured from agree to disagree. */
export function LikertStack({ result }: { result: QuestionResult }) {
  const theme = useMantineTheme();
  const columns = result.matrix[0]?.columns ?? [];
  const colors = scaleColors(columns.length);
  const colorOf = (id: string) => {
    const index = columns.findIndex((c) => c.id === id);
    const parsed = parseThemeColor({ color: colors[index] ?? 'gray.5', theme });
    return { background: parsed.value, text: readableTextOn(parsed.value) };
  };

  return (
    <Stack gap="md">
      <ul className={classes.legend} aria-label="Answer scale">
        {columns.map((column) => (
          <li key={column.id}>
            <span
              className={classes.swatch}
              style={{ background: colorOf(column.id).background }}
              aria-hidden
            />
            {column.label}
          </li>
        ))}
      </ul>
      {result.matrix.map((row) => {
        const segments = stackOf(row.columns);
        const description = row.columns
          .map((c) => `${c.label} ${c.count === null ? 'hidden' : formatPercent(c.percent)}`)
          .join(', ');
        return (
          <div key={row.id}>
            <Text size="sm" fw={500} mb={4}>
              {row.label}
            </Text>
            <div className={classes.stack} role="img" aria-label={`${row.label}: ${description}`}>
              {segments.map((segment) => {
                const color = segment.hidden ? null : colorOf(segment.id);
                return (
                  <div
                    key={segment.id}
                    className={classes.segment}
                    title={`${segment.label}: ${segment.hidden ? 'Hidden' : `${formatPercent(segment.percent)} (${segment.count})`}`}
                    style={{
                      width: `${segment.percent}%`,
                      background: color ? color.background : hiddenPattern,
                      color: color ? color.text : '#0f172a',
                    }}
                  >
                    {segment.percent >= 8
                      ? segment.hidden
                        ? 'Hidden'
                        : formatPercent(Math.round(segment.percent))
                      : ''}
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </Stack>
  );
}
