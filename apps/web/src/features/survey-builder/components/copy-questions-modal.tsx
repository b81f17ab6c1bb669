import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { surveyQueryOptions } from '../../../lib/api/get-survey';
import { useSurveys } from '../api/get-surveys';
import { useCopyQuestions } from '../api/reuse';
import { apiProblem } from '../utils/api-error';
import { questionLabel } from '../utils/questions';
import { useEditor } from './editor-context';

interface CopyQuestionsModalProps {
  opened: boolean;
  onClose: () => void;
  /** Questions ticked when the dialog opens (the one whose menu opened it), or every question. */
  initialIds?: string[];
}

/** Select questions, then copy them to the end of another draft of the same organisation. */
export function CopyQuestionsModal({ opened, onClose, initialIds }: CopyQuestionsModalProps) {
  const { survey, draft, autosave } = useEditor();
  const questions = draft.questions;
  const [selected, setSelected] = useState<string[]>([]);
  const [targetId, setTargetId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const surveys = useSurveys(survey.organizationId, opened);
  const copy = useCopyQuestions(survey.id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Only when the dialog opens: later edits to the list keep the author's ticks.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens, on purpose
  useEffect(() => {
    if (!opened) return;
    setSelected(initialIds ?? questions.map((q) => q.id));
    setProblem(null);
  }, [opened]);

  const targets = (surveys.data?.surveys ?? []).filter(
    (candidate) => candidate.id !== survey.id && ['draft', 'rejected'].includes(candidate.status),
  );

  const submit = async () => {
    setProblem(null);
    if (!targetId) return setProblem('Choose the survey to copy to.');
    const ids = questions.filter((q) => selected.includes(q.id)).map((q) => q.id);
    if (ids.length === 0) return setProblem('Choose at least one question to copy.');
    setWorking(true);
    try {
      // The server copies what is saved: the author's latest edits go first.
      if (!(await autosave.saveNow())) {
        setProblem(
          'Your latest changes are not saved yet, so they cannot be copied. Fix what the editor points out, then try again.',
        );
        return;
      }
      const target = await queryClient.fetchQuery({ ...surveyQueryOptions(targetId), staleTime: 0 });
      const result = await copy.mutateAsync({
        targetSurveyId: targetId,
        targetVersion: target.version,
        questionIds: ids,
      });
      onClose();
      notifications.show({
        color: 'green',
        title: `${result.copied} question${result.copied === 1 ? '' : 's'} copied to “${target.name}”`,
        message: (
          <Stack gap={6}>
            {result.droppedLogic > 0 ? (
              <Text size="sm">
                {result.droppedLogic} rule{result.droppedLogic === 1 ? '' : 's'} that referred to questions
                you did not copy {result.droppedLogic === 1 ? 'was' : 'were'} removed from the copies.
              </Text>
            ) : null}
            <Button
              size="xs"
              variant="light"
              w="fit-content"
              onClick={() =>
                void navigate({ to: '/research/builder/survey/$surveyId', params: { surveyId: targetId } })
              }
            >
              Open “{target.name}”
            </Button>
          </Stack>
        ),
      });
    } catch (error) {
      setProblem(apiProblem(error).message);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Copy questions to another survey" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Copies go to the end of the survey you choose, with their own ids. Logic between questions you copy
          together comes along; logic on questions you leave behind is removed.
        </Text>
        <Select
          label="Copy to"
          placeholder={
            surveys.isPending
              ? 'Loading surveys…'
              : targets.length === 0
                ? 'No other draft'
                : 'Choose a draft'
          }
          data={targets.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.name} (${candidate.questionCount} question${candidate.questionCount === 1 ? '' : 's'})`,
          }))}
          value={targetId}
          onChange={setTargetId}
          searchable
          nothingFoundMessage="No draft matches"
          disabled={surveys.isPending}
          data-testid="copy-target"
        />
        {!surveys.isPending && targets.length === 0 ? (
          <Text size="sm" c="dimmed">
            Only drafts (and surveys with changes requested) can receive questions. Create another survey
            first, then copy questions into it.
          </Text>
        ) : null}
        <Checkbox.Group
          label={`Questions to copy (${selected.length} of ${questions.length})`}
          value={selected}
          onChange={setSelected}
        >
          <Group gap="xs" my={6}>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setSelected(questions.map((q) => q.id))}
            >
              Select all
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setSelected([])}>
              Clear
            </Button>
          </Group>
          <ScrollArea.Autosize mah={280}>
            <Stack gap={6}>
              {questions.map((question, index) => (
                <Checkbox key={question.id} value={question.id} label={questionLabel(question, index)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            loading={working}
            disabled={selected.length === 0 || !targetId}
          >
            Copy {selected.length} question{selected.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
