import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import {
  MAX_TARGETS_CSV_LENGTH,
  TARGET_SUM_TOLERANCE_POINTS,
  type WeightingTargetsInfo,
  weightingAttributeLabels,
  weightingAttributes,
  weightingValueLabel,
  weightingValues,
} from '@tv/contract';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import { isHttpError } from '../../../lib/http-error';
import { useChangeWeightingTargets, useWeightingTargets } from '../api/weighting-targets';
import { tintText } from '../utils/tint-text';
import {
  rowsOf,
  type TargetTable,
  tableCsv,
  tableFrom,
  tableFromCsv,
  tableProblems,
  totalsOf,
} from '../utils/weighting-table';

/** Every problem the server listed (`data.fields.targets`), or its message. */
function serverProblems(error: unknown): string[] {
  if (!isHttpError(error)) return [];
  const data = (error.data as { data?: { fields?: { targets?: unknown } } } | undefined)?.data;
  const list = data?.fields?.targets;
  if (Array.isArray(list) && list.every((p) => typeof p === 'string')) return list;
  const fields = serverFieldErrors(error);
  const first = Object.values(fields)[0];
  return [first ?? serverMessage(error, 'The targets could not be saved. Please try again.')];
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function TargetsEditor({
  info,
  table,
  onChange,
  readOnly,
}: {
  info: WeightingTargetsInfo;
  table: TargetTable;
  onChange: (table: TargetTable) => void;
  readOnly: boolean;
}) {
  const totals = totalsOf(table);
  return (
    <Stack gap="lg">
      {weightingAttributes.map((attribute) => {
        const label = weightingAttributeLabels[attribute];
        const total = totals[attribute];
        const off = total !== null && Math.abs(total - 100) > TARGET_SUM_TOLERANCE_POINTS;
        return (
          <Table
            key={attribute}
            withTableBorder
            verticalSpacing={4}
            horizontalSpacing="sm"
            aria-label={`Targets by ${label.toLowerCase()}`}
            data-testid={`targets-${attribute}`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{label}</Table.Th>
                <Table.Th scope="col" ta="right">
                  Census
                </Table.Th>
                <Table.Th scope="col" ta="right" w={112}>
                  Your target (%)
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {weightingValues[attribute].map((value) => {
                const census = info.census[attribute]?.[value];
                const name = weightingValueLabel(attribute, value);
                return (
                  <Table.Tr key={value}>
                    <Table.Th scope="row" fw={500}>
                      {attribute === 'age' ? `Age ${name}` : name}
                    </Table.Th>
                    <Table.Td ta="right">
                      <Text size="sm" c="dimmed" span>
                        {census === undefined ? 'Not in the estimates' : `${census}%`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        inputMode="decimal"
                        aria-label={`Your target for ${attribute === 'age' ? `age ${name}` : name}, in percent`}
                        placeholder="–"
                        value={table[attribute][value] ?? ''}
                        readOnly={readOnly}
                        maxLength={12}
                        styles={{ input: { textAlign: 'right' } }}
                        onChange={(event) =>
                          onChange({
                            ...table,
                            [attribute]: { ...table[attribute], [value]: event.currentTarget.value },
                          })
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">Total</Table.Th>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed" span>
                    {info.census[attribute] ? '100%' : '–'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" data-testid={`targets-${attribute}-total`}>
                  <Text size="sm" fw={600} c={off ? 'red.8' : undefined} span>
                    {total === null ? 'Not weighted' : `${total}%`}
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        );
      })}
    </Stack>
  );
}

/**
 * The survey's raking targets: upload a CSV (attribute,value,percent) or type them, next to the
 * Census margins; save, or reset to the Census margins after confirming.
 */
export function WeightingDialog({
  surveyId,
  includeSimulated,
  canEdit,
  opened,
  onClose,
}: {
  surveyId: string;
  includeSimulated: boolean | undefined;
  canEdit: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const query = useWeightingTargets(surveyId, includeSimulated, opened);
  const change = useChangeWeightingTargets();
  const info = query.data;
  const [table, setTable] = useState<TargetTable | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirmReset, setConfirmReset] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  // Start from the survey's own targets, or from blank cells next to the Census column.
  useEffect(() => {
    if (opened && info && table === null) setTable(tableFrom(info.custom));
  }, [opened, info, table]);
  const close = () => {
    setTable(null);
    setProblems([]);
    setSaved(null);
    change.reset();
    onClose();
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setSaved(null);
    if (file.size > MAX_TARGETS_CSV_LENGTH * 4) {
      setProblems(['The file is too large for a set of targets. Upload a CSV with one line per target.']);
      return;
    }
    const read = tableFromCsv(await file.text());
    setProblems(read.problems);
    if (read.table) setTable(read.table);
  };
  const save = () => {
    if (!table) return;
    setSaved(null);
    const found = tableProblems(table);
    setProblems(found);
    if (found.length > 0) return;
    change.mutate(
      { surveyId, includeSimulated, body: { rows: rowsOf(table) } },
      {
        onSuccess: (next) => {
          setTable(tableFrom(next.custom));
          setSaved('Saved. The results are now weighted to your targets.');
        },
        onError: (error) => setProblems(serverProblems(error)),
      },
    );
  };
  const reset = () =>
    change.mutate(
      { surveyId, includeSimulated, body: null },
      {
        onSuccess: (next) => {
          setConfirmReset(false);
          setTable(tableFrom(next.custom));
          setProblems([]);
          setSaved('Reset. The results are weighted to the Census margins again.');
        },
      },
    );

  return (
    <>
      <Modal
        opened={opened && !confirmReset}
        onClose={close}
        size="xl"
        fullScreen={phone}
        title={<Text fw={700}>Weighting targets</Text>}
      >
        {query.isError ? (
          <Alert color="red" variant="light" title="We couldn’t load the targets">
            <Group justify="space-between">
              <Text size="sm">{serverMessage(query.error, 'Please try again in a moment.')}</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : !info || !table ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading the targets">
            <Skeleton h={24} />
            <Skeleton h={200} />
          </Stack>
        ) : (
          <Stack gap="md">
            <Text size="sm">
              Weighted results are raked so that the teens who answered match these shares by age, gender and
              US region. Leave an attribute blank to leave it out of weighting. A value left blank or at 0% is
              not weighted: those teens keep a weight of 1. The shares of each attribute must add up to 100%.
            </Text>
            <Group gap="xs" data-testid="weighting-source">
              <Text size="sm" fw={600}>
                In use:
              </Text>
              <Badge variant="light" color={info.source === 'custom' ? 'grape' : 'blue'}>
                {info.source === 'custom' ? 'Your targets' : 'Census margins'}
              </Badge>
              <Text size="sm" c="dimmed">
                {info.label}
                {info.respondents > 0 && info.efficiency !== null
                  ? ` · weighting efficiency ${info.efficiency}%, effective base ${info.effectiveBase} of ${info.respondents.toLocaleString('en-US')}`
                  : ''}
              </Text>
            </Group>
            {info.applied ? (
              <Text size="sm" c="dimmed" data-testid="weighting-applied">
                For this survey’s audience: {info.applied}.
              </Text>
            ) : null}
            {info.warnings.length > 0 ? (
              <Alert
                color="yellow"
                variant="light"
                title="Some targets can’t be met"
                styles={{ title: { color: tintText('yellow') } }}
                data-testid="weighting-warnings"
              >
                <List size="sm" spacing={4}>
                  {info.warnings.map((warning) => (
                    <List.Item key={warning}>{warning}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {!info.converged && info.respondents > 0 ? (
              <Alert color="yellow" variant="light" styles={{ title: { color: tintText('yellow') } }}>
                The weights can’t meet every target with these respondents, so results are weighted only as
                closely as the limits on each weight (0.2 to 5) allow.
              </Alert>
            ) : null}
            {canEdit ? (
              <Group gap="sm" wrap="wrap">
                <FileButton onChange={(file) => void upload(file)} accept=".csv,text/csv,text/plain">
                  {(props) => (
                    <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />}>
                      Upload a CSV
                    </Button>
                  )}
                </FileButton>
                <Button
                  variant="subtle"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() =>
                    download(
                      'weighting-targets.csv',
                      tableCsv(rowsOf(table).length > 0 ? table : tableFrom(info.census)),
                    )
                  }
                >
                  Download as CSV
                </Button>
                <Button variant="subtle" onClick={() => setTable(tableFrom(info.census))}>
                  Start from the Census margins
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                Only people who can edit this survey can change its targets.
              </Text>
            )}
            {canEdit ? (
              <Text size="xs" c="dimmed">
                The file has one line per target, like <code>gender,female,49</code>: the attribute (age,
                gender or region), the value, and its percentage. A header line is optional.
              </Text>
            ) : null}
            {problems.length > 0 ? (
              <Alert
                color="red"
                variant="light"
                title="The targets need another look"
                styles={{ title: { color: tintText('red') } }}
                data-testid="weighting-problems"
                role="alert"
              >
                <List size="sm" spacing={4}>
                  {problems.map((problem) => (
                    <List.Item key={problem}>{problem}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            {saved ? (
              <Alert color="green" variant="light" role="status" data-testid="weighting-saved">
                {saved}
              </Alert>
            ) : null}
            <TargetsEditor info={info} table={table} onChange={setTable} readOnly={!canEdit} />
            <Group justify="space-between" gap="sm" wrap="wrap">
              {canEdit ? (
                <Button
                  variant="outline"
                  color="red.9"
                  onClick={() => setConfirmReset(true)}
                  disabled={info.source === 'census' || change.isPending}
                >
                  Reset to Census margins
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                <Button variant="default" onClick={close}>
                  Close
                </Button>
                {canEdit ? (
                  <Button onClick={save} loading={change.isPending && !confirmReset}>
                    Save targets
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={opened && confirmReset}
        title="Reset to the Census margins?"
        confirmLabel="Reset to Census margins"
        onConfirm={reset}
        onClose={() => setConfirmReset(false)}
        pending={change.isPending}
        error={change.error}
      >
        <Text size="sm">
          Your targets for this survey are removed, and its weighted results, cross-tabs and downloads are
          weighted to the Census margins of US teens again. You can upload your targets again at any time.
        </Text>
      </ConfirmModal>
    </>
  );
}
