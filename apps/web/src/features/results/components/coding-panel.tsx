import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconCheck,
  IconPencil,
  IconSearch,
  IconShieldLock,
  IconTags,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { CODE_LABEL_MAX, codesKey, type OpenTextCode, type QuestionResult } from '@tv/contract';
import { type FormEvent, useState } from 'react';
import { serverFieldErrors, serverMessage } from '../../../lib/backend-client';
import {
  PAGE_SIZE,
  useCoding,
  useCreateCode,
  useDeleteCode,
  useRenameCode,
  useSetAnswerCodes,
} from '../api/coding';
import { BarList } from './bar-list';

// Coding open text (issue 26, decision 046): the chart of a question's codes on its result card, and the
// screen where a researcher defines codes and applies them to answers, searching as they go.

/** The field's message of a refused change ('label'), or the server's sentence. */
export const refusal = (error: unknown, fallback: string) =>
  serverFieldErrors(error).label ?? serverMessage(error, fallback);

/** A researcher's code name may be one long word: it wraps rather than pushing the dialog sideways. */
const wrapAnywhere = { overflowWrap: 'anywhere', minWidth: 0 } as const;

interface CodedAnswersProps {
  surveyId: string;
  result: QuestionResult;
  includeSimulated: boolean | undefined;
  activeAnswer: { questionId: string; optionId: string } | undefined;
  onFilterAnswer: (questionId: string, optionId: string) => void;
  onClearAnswer: () => void;
}

/** The codes' chart (filterable as 'coded as'), and the button that opens the coding screen. */
export function CodedAnswers({
  surveyId,
  result,
  includeSimulated,
  activeAnswer,
  onFilterAnswer,
  onClearAnswer,
}: CodedAnswersProps) {
  const [opened, setOpened] = useState(false);
  const key = codesKey(result.questionId);
  const codes = result.codes ?? [];
  return (
    <Stack gap="sm" data-testid="coded-answers">
      {codes.length > 0 ? (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Codes
          </Text>
          {result.codedBase === null ? (
            <Text size="sm" c="dimmed">
              Hidden: fewer than 5 answers are coded. Code more answers to see the chart.
            </Text>
          ) : result.codedBase === 0 ? (
            <Text size="sm" c="dimmed">
              No answer in this view is coded yet. Open “Code answers” to tag them.
            </Text>
          ) : (
            <>
              <BarList
                counts={codes}
                onFilter={(codeId) => onFilterAnswer(key, codeId)}
                activeOptionId={activeAnswer?.questionId === key ? activeAnswer.optionId : null}
                onClearFilter={onClearAnswer}
              />
              <Text size="xs" c="dimmed" data-testid="coded-base">
                Base: {result.codedBase} coded answer{result.codedBase === 1 ? '' : 's'}. An answer can have
                several codes, so the shares add up to more than 100%. Select a code to see every question for
                the teens coded with it.
              </Text>
            </>
          )}
        </Stack>
      ) : null}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconTags size={16} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          {codes.length > 0 ? 'Code answers' : 'Code these answers into themes'}
        </Button>
      </Group>
      {opened ? (
        <CodingModal
          surveyId={surveyId}
          questionId={result.questionId}
          title={result.title}
          includeSimulated={includeSimulated}
          onClose={() => setOpened(false)}
        />
      ) : null}
    </Stack>
  );
}

interface CodingModalProps {
  surveyId: string;
  questionId: string;
  title: string;
  includeSimulated: boolean | undefined;
  onClose: () => void;
}

/** The coding screen: the question's codes, and its readable answers with a chip per code. */
export function CodingModal({ surveyId, questionId, title, includeSimulated, onClose }: CodingModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [code, setCode] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useCoding(surveyId, questionId, { search: debounced, code, page, includeSimulated });
  const data = query.data;
  const codes = data?.data.codes ?? [];

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={<Text fw={700}>Code answers: {title}</Text>}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Codes are themes you choose. Tag each answer with every code that fits; the codes then count like a
          closed question in the charts, filters, cross-tabs and downloads. Answers withheld for safeguarding
          can’t be read or coded, and their codes count nowhere until a moderator releases them.
        </Text>
        <CodeEditor surveyId={surveyId} questionId={questionId} codes={codes} loading={!data} />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 220px' }}
            label="Search answers"
            placeholder="Words in the answers"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            style={{ flex: '0 1 220px' }}
            label="Show"
            value={code ?? 'all'}
            allowDeselect={false}
            data={[
              { value: 'all', label: 'Every answer' },
              { value: 'uncoded', label: 'Not coded yet' },
              ...codes.map((c) => ({ value: c.id, label: `Coded “${c.label}”` })),
            ]}
            onChange={(value) => {
              setCode(!value || value === 'all' ? undefined : value);
              setPage(1);
            }}
          />
        </Group>
        {query.isError ? (
          <Alert color="red" variant="light" title="We couldn’t load the answers">
            <Group justify="space-between">
              <Text size="sm">{serverMessage(query.error, 'Please try again in a moment.')}</Text>
              <Button size="xs" variant="light" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : !data ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading the answers">
            <Skeleton h={60} />
            <Skeleton h={60} />
          </Stack>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="coding-progress">
              {data.meta.coded} of {data.meta.readable} answers coded
              {data.meta.withheld > 0 ? ` · ${data.meta.withheld} withheld for safeguarding (not shown)` : ''}
              {search.trim() || code ? ` · ${data.meta.total} shown` : ''}
            </Text>
            {data.data.answers.length === 0 ? (
              <Text size="sm" c="dimmed">
                {search.trim() || code
                  ? 'No answer matches. Try other words, or show every answer.'
                  : 'No written answers to code yet. Come back once teens have answered.'}
              </Text>
            ) : (
              <Stack
                gap="xs"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label="Answers to code"
              >
                {data.data.answers.map((answer) => (
                  <AnswerRow
                    // A fresh row when the saved codes change (another tab, a deleted code).
                    key={`${answer.responseId}:${answer.codeIds.join(',')}`}
                    surveyId={surveyId}
                    questionId={questionId}
                    text={answer.text}
                    responseId={answer.responseId}
                    codeIds={answer.codeIds}
                    codes={codes}
                  />
                ))}
              </Stack>
            )}
            {data.meta.total > PAGE_SIZE ? (
              <Pagination
                total={Math.ceil(data.meta.total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
                })}
              />
            ) : null}
            {data.meta.withheld > 0 ? (
              <Group gap={6} c="dimmed">
                <IconShieldLock size={14} aria-hidden />
                <Text size="xs">
                  Withheld answers are left out of coding until a moderator releases them.
                </Text>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** Adding, renaming and deleting the question's codes, refused in the server's words where they happen. */
function CodeEditor({
  surveyId,
  questionId,
  codes,
  loading,
}: {
  surveyId: string;
  questionId: string;
  codes: OpenTextCode[];
  loading: boolean;
}) {
  const [label, setLabel] = useState('');
  const create = useCreateCode(surveyId, questionId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(label, { onSuccess: () => setLabel('') });
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <form onSubmit={submit}>
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label="New code"
              placeholder="For example, Too much homework"
              maxLength={CODE_LABEL_MAX}
              value={label}
              onChange={(event) => {
                setLabel(event.currentTarget.value);
                if (create.isError) create.reset();
              }}
              error={
                create.isError
                  ? refusal(create.error, 'The code could not be added. Please try again.')
                  : null
              }
            />
            <Button type="submit" mt={25} loading={create.isPending}>
              Add code
            </Button>
          </Group>
        </form>
        {loading ? (
          <Skeleton h={28} />
        ) : codes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No codes yet. Add the themes you see in the answers, then tag each answer below.
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Codes">
            {codes.map((code) => (
              <CodeLine key={code.id} surveyId={surveyId} code={code} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function CodeLine({ surveyId, code }: { surveyId: string; code: OpenTextCode }) {
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(code.label);
  const rename = useRenameCode(surveyId);
  const remove = useDeleteCode(surveyId);
  const save = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ codeId: code.id, label }, { onSuccess: () => setEditing(false) });
  };
  if (editing) {
    return (
      <li>
        <form onSubmit={save}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label={`New name for the code “${code.label}”`}
              maxLength={CODE_LABEL_MAX}
              value={label}
              onChange={(event) => setLabel(event.currentTarget.value)}
              error={rename.isError ? refusal(rename.error, 'The code could not be renamed.') : null}
              autoFocus
            />
            <ActionIcon type="submit" variant="light" aria-label="Save the name" loading={rename.isPending}>
              <IconCheck size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Cancel renaming"
              onClick={() => {
                setEditing(false);
                setLabel(code.label);
                rename.reset();
              }}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </form>
      </li>
    );
  }
  return (
    <li>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" style={wrapAnywhere}>
          {code.label}{' '}
          <Text span size="xs" c="dimmed">
            · {code.answers} answer{code.answers === 1 ? '' : 's'}
          </Text>
        </Text>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Rename">
            <ActionIcon
              variant="subtle"
              aria-label={`Rename the code “${code.label}”`}
              onClick={() => setEditing(true)}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete the code “${code.label}”`}
              loading={remove.isPending}
              onClick={() => {
                if (
                  window.confirm(`Delete the code “${code.label}”? It is taken off ${code.answers} answers.`)
                )
                  remove.mutate(code.id);
              }}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {remove.isError ? (
        <Text size="xs" c="red">
          {serverMessage(remove.error, 'The code could not be deleted. Please try again.')}
        </Text>
      ) : null}
    </li>
  );
}

/** One answer and a chip per code: selecting chips saves the answer's codes at once. */
function AnswerRow({
  surveyId,
  questionId,
  responseId,
  text,
  codeIds,
  codes,
}: {
  surveyId: string;
  questionId: string;
  responseId: string;
  text: string;
  codeIds: string[];
  codes: OpenTextCode[];
}) {
  const setCodes = useSetAnswerCodes(surveyId, questionId);
  const [selected, setSelected] = useState(codeIds);
  const change = (next: string[]) => {
    const previous = selected;
    setSelected(next);
    setCodes.mutate({ responseId, codeIds: next }, { onError: () => setSelected(previous) });
  };
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="coding-answer">
      <Stack gap={8}>
        <Text size="sm">{text}</Text>
        {codes.length > 0 ? (
          <Chip.Group multiple value={selected} onChange={change}>
            <Group gap={6} role="group" aria-label={`Codes of the answer “${text.slice(0, 60)}”`}>
              {codes.map((code) => (
                <Chip
                  key={code.id}
                  value={code.id}
                  size="xs"
                  variant="outline"
                  maw="100%"
                  styles={{ label: { ...wrapAnywhere, whiteSpace: 'normal', height: 'auto' } }}
                >
                  {code.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : null}
        {setCodes.isError ? (
          <Text size="xs" c="red" role="alert">
            {serverMessage(setCodes.error, 'The codes could not be saved. Please try again.')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
