import { Alert, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import {
  chartBaseText,
  MIN_CELL_SIZE,
  questionTypeLabels,
  type ReportQuestion,
  type ResultsReport,
  suppressionReason,
} from '@tv/contract';
import type { ReactNode } from 'react';
import { formatDuration } from '../utils/chart-data';
import { tintText } from '../utils/tint-text';
import { BarList } from './bar-list';
import { ChartDownloadMenu } from './chart-download-menu';
import { NewTypeResult } from './new-type-results';
import classes from './report.module.css';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const day = (value: string | null) =>
  value ? longDate.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)) : '–';

function anyHidden(q: ReportQuestion) {
  return (
    q.options.some((o) => o.count === null) ||
    q.distribution.some((d) => d.count === null) ||
    q.matrix.some((row) => row.columns.some((c) => c.count === null)) ||
    q.averageRanks.some((r) => r.averageRank === null)
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
        {label}
      </Text>
      <div className={classes.figureValue}>{value}</div>
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    </Paper>
  );
}

function QuestionBody({ q }: { q: ReportQuestion }): ReactNode {
  if (q.suppressed) {
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="suppressed-question">
        <IconEyeOff size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="dimmed">
          {q.suppressedReason ?? suppressionReason}
        </Text>
      </Group>
    );
  }
  if (q.answered === 0)
    return (
      <Text size="sm" c="dimmed">
        Nobody answered this question.
      </Text>
    );
  switch (q.type) {
    case 'single_choice':
    case 'dropdown':
    case 'multiple_choice':
    case 'image_choice':
    case 'yes_no':
      return <BarList counts={q.options} />;
    case 'likert_matrix':
      return (
        <Stack gap="md">
          {q.matrix.map((row) => (
            <Stack gap={6} key={row.id}>
              <Text fw={600} size="sm">
                {row.label}
              </Text>
              <BarList counts={row.columns} />
            </Stack>
          ))}
        </Stack>
      );
    case 'rating':
    case 'number':
    case 'nps':
    case 'slider':
    case 'date':
      return (
        <Stack gap="sm">
          {q.distribution.length ? <BarList counts={q.distribution} /> : null}
          {q.mean !== null ? <Text size="sm">Average: {q.mean}</Text> : null}
          {q.nps ? (
            <Text size="sm">
              Net Promoter Score: <strong>{q.nps.score}</strong> (promoters {q.nps.promoters}%, passives{' '}
              {q.nps.passives}%, detractors {q.nps.detractors}%)
            </Text>
          ) : null}
        </Stack>
      );
    case 'ranking':
      return (
        <List type="ordered" spacing={4} size="sm">
          {q.averageRanks.map((rank) => (
            <List.Item key={rank.id}>
              {rank.label}: {rank.averageRank === null ? 'hidden' : `average rank ${rank.averageRank}`}
            </List.Item>
          ))}
        </List>
      );
    case 'constant_sum':
    case 'maxdiff':
      // Mean points per item, or MaxDiff scores with their counts (decision 048).
      return <NewTypeResult result={{ ...q, texts: [] }} question={undefined} />;
    default:
      return null;
  }
}

/**
 * The results report as a page (printable, and the shared report): key figures, a chart per question
 * with 95% margins of error, and the methodology. Never written answers.
 */
export function ReportView({ report, actions }: { report: ResultsReport; actions?: ReactNode }) {
  const { key, methodology } = report;
  const typeLabel = (type: string) => questionTypeLabels[type as keyof typeof questionTypeLabels] ?? type;
  return (
    <Stack gap="xl" className={classes.page} data-testid="results-report">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} maw={720}>
          <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
            Results report
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {report.survey.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[report.survey.organizationName, `Generated ${longDate.format(new Date(report.generatedAt))}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        {actions}
      </Group>

      <section aria-label="Key figures" className={classes.figures}>
        <Figure
          label="Responses"
          value={(key.groupResponses ?? key.responses).toLocaleString('en-US')}
          note={
            key.groupResponses !== null ? `of ${key.responses.toLocaleString('en-US')} in all` : 'counted'
          }
        />
        <Figure
          label="Completion"
          value={key.completionRate === null ? '–' : `${key.completionRate}%`}
          note={`median time ${formatDuration(key.medianDurationSeconds)}`}
        />
        <Figure
          label="Fieldwork"
          value={day(key.fieldworkStart)}
          note={
            key.fieldworkEnd && key.fieldworkEnd !== key.fieldworkStart ? `to ${day(key.fieldworkEnd)}` : ' '
          }
        />
        <Figure
          label="Sample"
          value={key.sampleSize === null ? '–' : key.sampleSize.toLocaleString('en-US')}
          note={key.sampleSize === null ? 'no audience bought' : 'teens planned'}
        />
      </section>

      {methodology.filters.length ? (
        <Text fw={600} data-testid="report-filters">
          Filtered to: {methodology.filters.join(', ')}
        </Text>
      ) : null}

      <section aria-labelledby="report-results">
        <Title order={2} fz="xl" id="report-results" mb="xs">
          Results
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Each bar is the share of teens who gave the answer; ± is its 95% margin of error in percentage
          points. Groups under {MIN_CELL_SIZE} are not shown.
        </Text>
        {report.suppressed ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconEyeOff size={18} aria-hidden />}
            title="This group can’t be shown"
            styles={{ title: { color: tintText('yellow') } }}
          >
            {report.suppressedReason}
          </Alert>
        ) : key.responses === 0 ? (
          <Text c="dimmed">This survey has no counted responses yet.</Text>
        ) : (
          <div className={classes.questions}>
            {report.questions.map((q) => (
              <Paper
                key={q.questionId}
                component="article"
                withBorder
                radius="lg"
                p={{ base: 'md', sm: 'lg' }}
                className={classes.question}
                aria-labelledby={`report-q-${q.questionId}`}
                data-testid="report-question"
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
                      Q{q.number} · {typeLabel(q.type)}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
                        {q.answered === null ? 'Hidden' : `${q.answered} answered`}
                      </Badge>
                      <ChartDownloadMenu result={q} number={q.number} surveyName={report.survey.name} />
                    </Group>
                  </Group>
                  <Title order={3} fz="lg" id={`report-q-${q.questionId}`}>
                    {q.title}
                  </Title>
                  {q.type === 'multiple_choice' && !q.suppressed ? (
                    <Text size="xs" c="dimmed">
                      Teens could choose more than one answer, so the shares add up to more than 100%.
                    </Text>
                  ) : null}
                  <QuestionBody q={q} />
                  {!q.suppressed && q.answered !== 0 ? (
                    <Text size="xs" c="dimmed" data-testid="chart-base">
                      {chartBaseText(q.answered, q.effectiveBase)}
                    </Text>
                  ) : null}
                  {!q.suppressed && anyHidden(q) ? (
                    <Text size="xs" c="dimmed">
                      Groups under {MIN_CELL_SIZE} are not shown.
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="report-methodology">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} className={classes.question}>
          <Title order={2} fz="xl" id="report-methodology">
            Methodology
          </Title>
          <dl className={classes.methodology} data-testid="report-methodology">
            <dt>Audience</dt>
            <dd>{methodology.audience}</dd>
            <dt>Sample</dt>
            <dd>{methodology.sample}</dd>
            <dt>Quality review</dt>
            <dd>{methodology.quality}</dd>
            <dt>Fieldwork</dt>
            <dd>{methodology.fieldwork}</dd>
            <dt>Weighting</dt>
            <dd>{methodology.weighting.description}</dd>
            <dt>Margins of error</dt>
            <dd>{methodology.marginOfError}</dd>
            <dt>Disclosure control</dt>
            <dd>{methodology.disclosure}</dd>
            <dt>Written answers</dt>
            <dd>{methodology.textAnswers}</dd>
          </dl>
        </Paper>
      </section>
    </Stack>
  );
}
