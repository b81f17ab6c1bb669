import { Group, Stack, Text } from '@mantine/core';
import type { QuestionResult } from '@tv/contract';
import { formatPercent } from '../utils/chart-data';
import { DistributionChart } from './distribution-chart';
import classes from './results.module.css';

const groups = [
  { key: 'detractors', label: 'Detractors (0–6)', color: 'var(--mantine-color-red-6)' },
  { key: 'passives', label: 'Passives (7–8)', color: 'var(--mantine-color-gray-5)' },
  { key: 'promoters', label: 'Promoters (9–10)', color: 'var(--mantine-color-green-6)' },
] as const;

/** Net Promoter Score: the score, the three groups, and how many chose each point from 0 to 10. */
export function NpsResult({ result }: { result: QuestionResult }) {
  const nps = result.nps;
  return (
    <Stack gap="md">
      {nps ? (
        <>
          <Group gap="lg" align="flex-end" wrap="wrap">
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.5}>
                NPS
              </Text>
              <Text
                className={classes.bigNumber}
                c={nps.score > 0 ? 'green.8' : nps.score < 0 ? 'red.8' : undefined}
                data-testid="nps-score"
              >
                {nps.score > 0 ? `+${nps.score}` : nps.score}
              </Text>
            </div>
            <Text size="sm" c="dimmed" maw={320}>
              Promoters minus detractors, from −100 to +100.
            </Text>
          </Group>
          <div
            className={classes.stack}
            role="img"
            aria-label={groups.map((g) => `${g.label} ${formatPercent(nps[g.key])}`).join(', ')}
          >
            {groups.map((group) => (
              <div
                key={group.key}
                className={classes.segment}
                style={{ width: `${nps[group.key]}%`, background: group.color }}
                title={`${group.label}: ${formatPercent(nps[group.key])}`}
              />
            ))}
          </div>
          <Group gap="lg" wrap="wrap">
            {groups.map((group) => (
              <Text key={group.key} size="sm">
                <span className={classes.swatch} style={{ background: group.color }} aria-hidden />
                {group.label}: <strong>{formatPercent(nps[group.key])}</strong>
              </Text>
            ))}
          </Group>
        </>
      ) : null}
      <DistributionChart
        distribution={result.distribution}
        nps
        minLabel="Not at all likely"
        maxLabel="Extremely likely"
      />
    </Stack>
  );
}
