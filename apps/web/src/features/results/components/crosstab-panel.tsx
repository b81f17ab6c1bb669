import {
  Alert,
  Badge,
  Group,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import type { CrossTab, Question } from '@tv/contract';
import { useState } from 'react';
import { serverMessage } from '../../../lib/backend-client';
import { type CrossTabChoice, useCrossTab } from '../api/get-crosstab';
import type { ResultsFilters } from '../utils/filters';
import { tintText } from '../utils/tint-text';
import { BannerTablesDownload } from './banner-tables-download';
import classes from './results.module.css';

const CHOICE_TYPES = ['single_choice', 'dropdown', 'multiple_choice'];

/** The first choice question by gender, or age by gender when the survey has none. */
export function defaultCrossTab(questions: Question[]): CrossTabChoice {
  const first = questions.find((q) => CHOICE_TYPES.includes(q.type));
  return { row: first ? `q:${first.id}` : 'age', column: 'gender', weighted: undefined };
}

const pValueText = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);
const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

function Footnotes({ tab }: { tab: CrossTab }) {
  const lines: string[] = [];
  lines.push(
    `Column percentages, each ± its 95% margin of error. A letter marks a share significantly higher than the share in that letter’s column (column proportions z-test, p < ${tab.significance.alpha}, ${tab.significance.correction} correction); columns under ${tab.significance.minBase} respondents are not compared.`,
  );
  if (tab.chiSquare) {
    lines.push(
      `Chi-square test of the whole table: χ² = ${tab.chiSquare.statistic.toFixed(2)}, df = ${tab.chiSquare.df}, ${pValueText(tab.chiSquare.pValue)}${tab.chiSquare.pValue < tab.significance.alpha ? ': the answers differ between the columns.' : ': no significant difference between the columns.'}`,
    );
  } else if (tab.variables.find((v) => v.key === tab.row.key)?.multiple) {
    lines.push('No chi-square test: teens could give several answers, so the rows overlap.');
  }
  if (tab.weighting && !tab.weighting.converged) {
    lines.push(
      'The weights could not meet every weighting target for this group, so the figures are weighted only as closely as they allow.',
    );
  } else if (tab.weighting) {
    lines.push(
      `Weighted to ${tab.weighting.targets}. Weighting efficiency ${tab.weighting.efficiency ?? '–'}%, effective base ${tab.weighting.effectiveBase === null ? '–' : number(tab.weighting.effectiveBase)} of ${number(tab.base ?? 0)} respondents.`,
    );
  }
  return (
    <Stack gap={4} data-testid="crosstab-notes">
      {lines.map((line) => (
        <Text key={line} size="xs" c="dimmed">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function CrossTabTable({ tab }: { tab: CrossTab }) {
  return (
    // Wide tables scroll sideways on a phone; the region takes focus so the keyboard can scroll it.
    <ScrollArea
      type="auto"
      offsetScrollbars
      viewportProps={{
        tabIndex: 0,
        role: 'region',
        'aria-label': `Table: ${tab.row.label} by ${tab.column.label}`,
      }}
    >
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing="xs"
        horizontalSpacing="sm"
        miw={Math.max(480, 160 + tab.columns.length * 120)}
        aria-label={`${tab.row.label} by ${tab.column.label}`}
        data-testid="crosstab-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{tab.row.label}</Table.Th>
            {tab.columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta="right">
                <Text size="sm" fw={700} span>
                  {column.label}
                </Text>
                {column.letter ? (
                  <Text size="xs" c="dimmed" span ml={6} aria-label={`column ${column.letter}`}>
                    ({column.letter})
                  </Text>
                ) : null}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tab.rows.map((row, r) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              {tab.columns.map((column, c) => {
                const cell = tab.cells[r]?.[c];
                if (!cell || cell.percent === null) {
                  return (
                    <Table.Td
                      key={column.key}
                      ta="right"
                      c="dimmed"
                      aria-label="Hidden: fewer than 5 respondents"
                    >
                      –
                    </Table.Td>
                  );
                }
                return (
                  <Table.Td key={column.key} ta="right">
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <Text size="sm" fw={600} span>
                        {cell.percent}%
                      </Text>
                      {cell.letters.length > 0 ? (
                        <Badge
                          size="sm"
                          variant="light"
                          title={`Significantly higher than column ${cell.letters.join(', ')}`}
                        >
                          {cell.letters.join('')}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      ±{cell.marginOfError ?? '–'} pts · n {number(cell.count ?? 0)}
                    </Text>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Base (respondents)</Table.Th>
            {tab.columns.map((column) => (
              <Table.Td key={column.key} ta="right">
                <Text size="xs" c="dimmed">
                  {column.suppressed
                    ? 'Under 5'
                    : `${number(column.base ?? 0)}${column.weightedBase !== null ? ` (weighted ${number(column.weightedBase)})` : ''}`}
                </Text>
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}

/**
 * A cross-tab under the page's filters: any closed question (yes/no, rating and NPS bands included) or
 * audience attribute by another, with margins of error, significance letters and a chi-square test,
 * weighted to US teens by default; and, for those who may download results, the banner tables.
 */
export function CrossTabPanel({
  surveyId,
  questions,
  filters,
  canDownload = false,
}: {
  surveyId: string;
  questions: Question[];
  filters: ResultsFilters;
  /** Whether the viewer may download results (surveys~download_results): the banner tables. */
  canDownload?: boolean;
}) {
  const [choice, setChoice] = useState<CrossTabChoice>(() => defaultCrossTab(questions));
  const query = useCrossTab(surveyId, filters, choice);
  const tab = query.data;
  const options = (tab?.variables ?? []).map((v) => ({ value: v.key, label: v.label, multiple: v.multiple }));

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="crosstab-heading"
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="crosstab-heading">
            Cross-tab
          </Title>
          <Text size="sm" c="dimmed">
            Compare answers between groups of teens. The filters above apply here too.
          </Text>
        </div>
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label="Rows"
            description="Any closed question or audience attribute"
            data={options.map(({ value, label }) => ({ value, label }))}
            value={choice.row}
            onChange={(value) => value && setChoice({ ...choice, row: value })}
            allowDeselect={false}
            searchable
            w={{ base: '100%', sm: 300 }}
            disabled={!tab}
          />
          <Select
            label="Columns"
            description="Audience attributes and one-answer closed questions"
            data={options.filter((o) => !o.multiple).map(({ value, label }) => ({ value, label }))}
            value={choice.column}
            onChange={(value) => value && setChoice({ ...choice, column: value })}
            allowDeselect={false}
            searchable
            w={{ base: '100%', sm: 300 }}
            disabled={!tab}
          />
          <Switch
            label="Weight this table"
            checked={tab?.weighted ?? choice.weighted ?? true}
            onChange={(event) => setChoice({ ...choice, weighted: event.currentTarget.checked })}
            disabled={!tab}
          />
        </Group>
        {query.isError ? (
          <Alert
            color="red"
            variant="light"
            title="We couldn’t make this table"
            styles={{ title: { color: tintText('red') } }}
          >
            {serverMessage(query.error, 'Please try again in a moment.')}
          </Alert>
        ) : !tab ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the cross-tab">
            <Skeleton h={36} />
            <Skeleton h={160} />
          </Stack>
        ) : tab.suppressed ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconEyeOff size={18} aria-hidden />}
            title="This table can’t be shown"
            styles={{ title: { color: tintText('yellow') } }}
          >
            {tab.suppressedReason} Widen or change the filters to see a larger group.
          </Alert>
        ) : tab.columns.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody answered both yet. Choose other rows or columns, or come back when more teens have
            answered.
          </Text>
        ) : (
          <div className={classes.crossTab} aria-busy={query.isPlaceholderData}>
            <CrossTabTable tab={tab} />
            <Footnotes tab={tab} />
          </div>
        )}
        {canDownload && tab ? (
          <BannerTablesDownload
            surveyId={surveyId}
            variables={options.filter((o) => !o.multiple).map(({ value, label }) => ({ value, label }))}
            initialBanner={[choice.column]}
            weighted={choice.weighted}
            filters={filters}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
