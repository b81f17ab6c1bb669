import { Alert, Group, List, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { marginText, type TrackerComparison, type TrackerWaveComparison } from '@tv/contract';
import { useState } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { useComparison } from '../api/get-comparison';
import { changeMarker, chartSeries, formatP } from '../utils/comparison';

const palette = [
  'blue',
  'orange',
  'teal',
  'grape',
  'red',
  'lime',
  'cyan',
  'pink',
  'yellow',
  'indigo',
  'green',
];
const colorOf = (index: number) => `var(--mantine-color-${palette[index % palette.length]}-6)`;

/** A question across the waves: a line chart and a table, with ▲▼ where a change is significant. */
export function ComparisonPanel({ trackerId, questionId }: { trackerId: string; questionId: string }) {
  // Undefined: each wave as its results page shows it (weighted for an audience survey).
  const [weighted, setWeighted] = useState<boolean | undefined>(undefined);
  const comparison = useComparison(trackerId, questionId, weighted);
  if (comparison.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the comparison">
        <Skeleton h={220} />
        <Skeleton h={120} />
      </Stack>
    );
  }
  if (comparison.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="The comparison could not be loaded">
        {serverMessage(comparison.error, 'Please try again in a moment.')}
      </Alert>
    );
  }
  const data = comparison.data;
  const compared = data.waves.filter((w) => w.state === 'compared');
  return (
    <Stack gap="lg" data-testid="tracker-comparison">
      <WeightingNote comparison={data} onWeightedChange={setWeighted} />
      {compared.length === 0 ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Nothing to compare yet">
          None of the waves has released results for this question that you may see. Results show here once
          they are released.
        </Alert>
      ) : (
        <TrendChart comparison={data} />
      )}
      <ComparisonTable comparison={data} />
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          How changes are tested
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            ▲▼ {data.tests.option}. Waves are tested only with at least {data.tests.minBase} answers each.
          </List.Item>
          {data.tests.distribution ? <List.Item>{data.tests.distribution}.</List.Item> : null}
          <List.Item>Shares are shown with their 95% margin of error.</List.Item>
          <List.Item>{data.matchRule}</List.Item>
          <List.Item>{data.disclosureRule}</List.Item>
        </List>
      </Stack>
    </Stack>
  );
}

/** Whether the figures are weighted, as on the results pages, with a switch (issue 26). */
export function WeightingNote({
  comparison,
  onWeightedChange,
}: {
  comparison: TrackerComparison;
  onWeightedChange: (weighted: boolean) => void;
}) {
  return (
    <Stack gap={4}>
      <Switch
        label="Weighted results"
        description="As on each wave’s results page"
        checked={comparison.weighting.weighted}
        onChange={(event) => onWeightedChange(event.currentTarget.checked)}
        data-testid="tracker-weighted-switch"
      />
      <Text size="xs" c="dimmed" data-testid="tracker-weighting-note" aria-live="polite">
        {comparison.weighting.note}
      </Text>
    </Stack>
  );
}

function TrendChart({ comparison }: { comparison: TrackerComparison }) {
  const { waves, series } = chartSeries(comparison);
  const width = 640;
  const height = 240;
  const pad = { left: 40, right: 16, top: 16, bottom: 36 };
  const x = (index: number) =>
    waves.length <= 1
      ? (pad.left + width - pad.right) / 2
      : pad.left + (index * (width - pad.left - pad.right)) / (waves.length - 1);
  const y = (percent: number) => pad.top + ((100 - percent) * (height - pad.top - pad.bottom)) / 100;
  const summary = series
    .map(
      (s) =>
        `${s.label}: ${s.points.map((p) => `${waves[p.wave]} ${p.percent}%${changeMarker(p.direction)}`).join(', ')}`,
    )
    .join('; ');

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {comparison.question.title}
      </Title>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={`Share choosing each answer by wave. ${summary}`}
        style={{ maxWidth: width, overflow: 'visible' }}
      >
        {[0, 25, 50, 75, 100].map((tick) => (
          <g key={tick}>
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray={tick === 0 ? undefined : '3 4'}
            />
            <text
              x={pad.left - 8}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize={11}
              fill="var(--mantine-color-dimmed)"
            >
              {tick}%
            </text>
          </g>
        ))}
        {waves.map((label, index) => (
          <text
            key={label}
            x={x(index)}
            y={height - pad.bottom + 20}
            textAnchor="middle"
            fontSize={12}
            fill="var(--mantine-color-text)"
          >
            {label}
          </text>
        ))}
        {series.map((s, index) => (
          <g key={s.key}>
            <polyline
              points={s.points.map((p) => `${x(p.wave)},${y(p.percent)}`).join(' ')}
              fill="none"
              stroke={colorOf(index)}
              strokeWidth={2.5}
            />
            {s.points.map((p) => (
              <g key={p.wave}>
                <circle cx={x(p.wave)} cy={y(p.percent)} r={4} fill={colorOf(index)} />
                {p.direction ? (
                  <text
                    x={x(p.wave) + 8}
                    y={y(p.percent) - 6}
                    fontSize={13}
                    fontWeight={700}
                    fill={
                      p.direction === 'up' ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-red-7)'
                    }
                  >
                    {changeMarker(p.direction)}
                  </text>
                ) : null}
              </g>
            ))}
          </g>
        ))}
      </svg>
      <Group gap="md" wrap="wrap" aria-hidden>
        {series.map((s, index) => (
          <Group key={s.key} gap={6} wrap="nowrap">
            <span
              style={{
                width: 12,
                height: 12,
                borderRadius: 3,
                background: colorOf(index),
                display: 'inline-block',
              }}
            />
            <Text size="sm">{s.label}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

function ComparisonTable({ comparison }: { comparison: TrackerComparison }) {
  const waves = comparison.waves;
  return (
    <Table.ScrollContainer minWidth={Math.max(360, 160 + waves.length * 150)}>
      <Table withTableBorder withColumnBorders striped verticalSpacing="xs" fz="sm">
        <Table.Caption>
          Share of those who answered, by wave. ▲▼ mark a significant change from the previous wave shown.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Answer</Table.Th>
            {waves.map((wave) => (
              <Table.Th key={wave.surveyId} scope="col">
                {wave.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Answered (base)</Table.Th>
            {waves.map((wave) => (
              <Table.Td key={wave.surveyId}>
                {wave.state === 'compared' ? wave.base?.toLocaleString('en-US') : <WaveNote wave={wave} />}
              </Table.Td>
            ))}
          </Table.Tr>
          {comparison.options.map((option) => (
            <Table.Tr key={option.key}>
              <Table.Th scope="row">{option.label}</Table.Th>
              {waves.map((wave) => {
                if (wave.state !== 'compared')
                  return <Table.Td key={wave.surveyId} aria-label="No figures" />;
                const cell = wave.options.find((o) => o.key === option.key);
                if (!cell?.asked) return <Table.Td key={wave.surveyId}>Not asked</Table.Td>;
                if (cell.percent === null) return <Table.Td key={wave.surveyId}>Hidden</Table.Td>;
                const change = cell.change;
                return (
                  <Table.Td key={wave.surveyId}>
                    <Text span fw={600} size="sm">
                      {cell.percent}%
                    </Text>
                    {cell.marginOfError !== null ? (
                      <Text span c="dimmed" size="xs">
                        {' '}
                        {marginText(cell.percent, cell.marginOfError)}
                      </Text>
                    ) : null}
                    {change?.significant ? (
                      <Text
                        span
                        fw={700}
                        size="sm"
                        c={change.direction === 'up' ? 'green.8' : 'red.8'}
                        title={`${change.difference > 0 ? '+' : ''}${change.difference} points since ${change.versusLabel}, ${formatP(change.pValue)}`}
                      >
                        {' '}
                        {changeMarker(change.direction)}
                        <span style={srOnly}>
                          {` significantly ${change.direction === 'up' ? 'higher' : 'lower'} than ${change.versusLabel} (${formatP(change.pValue)})`}
                        </span>
                      </Text>
                    ) : change ? (
                      <Text span c="dimmed" size="xs">
                        {' '}
                        ({formatP(change.pValue)})
                      </Text>
                    ) : null}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
          {comparison.tests.distribution ? (
            <Table.Tr>
              <Table.Th scope="row">Chi-square vs previous wave</Table.Th>
              {waves.map((wave) => (
                <Table.Td key={wave.surveyId}>
                  {wave.distributionTest ? (
                    <Stack gap={2}>
                      <Text size="sm" fw={wave.distributionTest.significant ? 700 : 400}>
                        χ² = {wave.distributionTest.statistic.toFixed(2)}, df {wave.distributionTest.df},{' '}
                        {formatP(wave.distributionTest.pValue)}
                        {wave.distributionTest.significant ? ' · significant' : ' · not significant'}
                      </Text>
                      {wave.distributionTest.warning ? (
                        <Text size="xs" c="orange.8">
                          {wave.distributionTest.warning}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : wave.notTestedReason ? (
                    <Text size="xs" c="dimmed">
                      {wave.notTestedReason}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function WaveNote({ wave }: { wave: TrackerWaveComparison }) {
  return (
    <Text size="xs" c="dimmed">
      {wave.note}
    </Text>
  );
}
