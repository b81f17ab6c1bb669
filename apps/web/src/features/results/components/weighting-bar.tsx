import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import type { ResultsSummary } from '@tv/contract';
import { useState } from 'react';
import { WeightingDialog } from './weighting-dialog';

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** What the summary's percentages are: weighted to what, how efficiently, and what the counts are. */
export function weightingNote(
  summary: Pick<ResultsSummary, 'weighted' | 'weighting' | 'totals' | 'filteredResponses'> &
    Partial<Pick<ResultsSummary, 'suppressed'>>,
) {
  const group = summary.filteredResponses ?? summary.totals.responses;
  if (!summary.weighted) {
    return 'Unweighted: each percentage is the share of the teens who answered, and the number after it is how many teens that is.';
  }
  // The note follows the switch: a weighted view says so even when its group is hidden (issue 26).
  const hidden = summary.suppressed ? ' This group is hidden, so there are no weighted figures to show.' : '';
  if (!summary.weighting) {
    return `Weighted results.${hidden} Percentages and margins of error are weighted; the number after each percentage is the unweighted count of teens.`;
  }
  const w = summary.weighting;
  const applied = w.applied ? ` Targets for this audience: ${w.applied}.` : '';
  const figures =
    w.efficiency !== null && w.effectiveBase !== null
      ? ` Weighting efficiency ${number(w.efficiency)}%, effective base ${number(w.effectiveBase)} of ${number(group)} respondents.`
      : '';
  const caveat = w.converged
    ? ''
    : ' The weights can’t meet every target with these respondents; see the weighting targets.';
  return `Weighted to ${w.targets}.${applied}${figures}${caveat}${hidden} Percentages and margins of error are weighted; the number after each percentage is the unweighted count of teens.`;
}

/**
 * The summary's weighting: a switch between weighted and unweighted results (weighted by default for
 * audience surveys, as in cross-tabs), what they are weighted to, and the targets dialog.
 */
export function WeightingBar({
  surveyId,
  summary,
  onWeightedChange,
  canEdit,
  includeSimulated,
}: {
  surveyId: string;
  summary: ResultsSummary;
  onWeightedChange: (weighted: boolean) => void;
  canEdit: boolean;
  includeSimulated: boolean | undefined;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="weighting-bar">
      <Stack gap={8}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Switch
            label="Weighted results"
            description={
              summary.weighting?.source === 'custom' ? 'To your targets' : 'To US teen Census margins'
            }
            checked={summary.weighted}
            onChange={(event) => onWeightedChange(event.currentTarget.checked)}
            data-testid="summary-weighted-switch"
          />
          <Button
            variant="light"
            size="xs"
            leftSection={<IconScale size={16} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            {canEdit ? 'Weighting targets' : 'See weighting targets'}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" data-testid="weighting-note" aria-live="polite">
          {weightingNote(summary)}
        </Text>
      </Stack>
      <WeightingDialog
        surveyId={surveyId}
        includeSimulated={includeSimulated}
        canEdit={canEdit}
        opened={open}
        onClose={() => setOpen(false)}
      />
    </Paper>
  );
}
