import { Alert, Button, FileInput, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileImport } from '@tabler/icons-react';
import type { QuestionnaireDocument } from '@tv/contract';
import { useEffect, useState } from 'react';
import { useImportQuestionnaire } from '../api/reuse';
import { apiProblem } from '../utils/api-error';
import { QUESTIONNAIRE_FILE_MAX_BYTES, readQuestionnaireFile } from '../utils/reuse';
import { useEditor } from './editor-context';

/** Reads a questionnaire file, shows what it holds, and adds its questions to the draft or replaces them. */
export function ImportQuestionnaireModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { survey, draft, autosave, announce } = useEditor();
  const [file, setFile] = useState<File | null>(null);
  const [document, setDocument] = useState<QuestionnaireDocument | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const importQuestionnaire = useImportQuestionnaire(survey.id);
  const current = draft.questions.length;

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setDocument(null);
    setProblem(null);
    setMode('append');
    setConfirming(false);
  }, [opened]);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setDocument(null);
    setProblem(null);
    setConfirming(false);
    if (!chosen) return;
    if (chosen.size > QUESTIONNAIRE_FILE_MAX_BYTES) {
      setProblem('This file is too large to be a questionnaire. Choose a file exported from TeenVoice.');
      return;
    }
    const read = readQuestionnaireFile(await chosen.text());
    if (read.ok) setDocument(read.document);
    else setProblem(read.problem);
  };

  const run = async () => {
    if (!document) return;
    if (mode === 'replace' && current > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    setWorking(true);
    setProblem(null);
    try {
      if (!(await autosave.saveNow())) {
        setProblem(
          'Your latest changes are not saved yet. Fix what the editor points out, then import again.',
        );
        return;
      }
      const saved = await importQuestionnaire.mutateAsync({
        version: autosave.getState().baseVersion,
        mode,
        document,
      });
      const count = document.questions.length;
      onClose();
      const message =
        mode === 'replace'
          ? `The survey now has the ${count} imported question${count === 1 ? '' : 's'}.`
          : `${count} question${count === 1 ? ' was' : 's were'} added; the survey has ${saved.questions.length} now.`;
      announce(message);
      notifications.show({ color: 'green', title: 'Questionnaire imported', message });
    } catch (error) {
      setProblem(apiProblem(error).message);
      setConfirming(false);
    } finally {
      setWorking(false);
    }
  };

  const count = document?.questions.length ?? 0;

  return (
    <Modal opened={opened} onClose={onClose} title="Import a questionnaire" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose a questionnaire file (JSON) exported from a TeenVoice survey. Its questions get new ids here,
          so the file and its survey stay as they are.
        </Text>
        <FileInput
          label="Questionnaire file"
          placeholder="Choose a .json file"
          accept="application/json,.json"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          leftSection={<IconFileImport size={16} aria-hidden />}
          clearable
          data-testid="questionnaire-file"
        />
        {document ? (
          <Stack gap={6} data-testid="import-preview">
            <Text size="sm" fw={600}>
              “{document.name}”: {count} question{count === 1 ? '' : 's'}
            </Text>
            <List size="sm" spacing={2}>
              {document.questions.slice(0, 5).map((question, index) => (
                <List.Item key={question.id}>
                  {index + 1}. {question.title}
                </List.Item>
              ))}
            </List>
            {count > 5 ? (
              <Text size="xs" c="dimmed">
                …and {count - 5} more.
              </Text>
            ) : null}
            <Radio.Group
              label="What should happen to this survey’s questions?"
              value={mode}
              onChange={(value) => {
                setMode(value === 'replace' ? 'replace' : 'append');
                setConfirming(false);
              }}
            >
              <Stack gap={6} mt={6}>
                <Radio
                  value="append"
                  label={`Keep the ${current} question${current === 1 ? '' : 's'} and add these after them`}
                />
                <Radio
                  value="replace"
                  label={`Replace the ${current} question${current === 1 ? '' : 's'} with these`}
                />
              </Stack>
            </Radio.Group>
          </Stack>
        ) : null}
        {confirming ? (
          <Alert
            color="orange"
            variant="light"
            title={`Replace ${current} question${current === 1 ? '' : 's'}?`}
          >
            The questions now in this survey are removed and the {count} from the file take their place. This
            cannot be undone, but you can import the file again.
          </Alert>
        ) : null}
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
            onClick={() => void run()}
            loading={working}
            disabled={!document}
            color={confirming ? 'red' : undefined}
          >
            {confirming
              ? `Yes, replace ${current} question${current === 1 ? '' : 's'}`
              : mode === 'replace'
                ? 'Replace questions'
                : `Add ${count} question${count === 1 ? '' : 's'}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
