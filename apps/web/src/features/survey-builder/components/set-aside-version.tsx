import { Alert, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCopy } from '@tabler/icons-react';
import { countQuestions, PULSE_CHECK_MAX_QUESTIONS } from '@tv/contract';
import { duplicateQuestion, questionLabel } from '../utils/questions';
import { useEditor } from './editor-context';

/** After a conflict, the version not chosen stays at hand for this session, to copy questions from. */
export function SetAsideVersion() {
  const { saveState, autosave, edit, editable, survey, announce } = useEditor();
  const [opened, drawer] = useDisclosure(false);
  const setAside = saveState.setAside;
  if (!setAside || !editable) return null;
  const label = setAside.source === 'mine' ? 'your unsaved version' : 'the version saved by someone else';
  const full =
    survey.type === 'pulse_check' && countQuestions(saveState.draft.questions) >= PULSE_CHECK_MAX_QUESTIONS;

  return (
    <>
      <Alert color="gray" variant="light" title="The other version is kept for now">
        <Group justify="space-between" gap="sm">
          <Text size="sm">You can copy questions from {label} until you leave this page.</Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={drawer.open}>
              View it
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={() => autosave.dismissSetAside()}>
              Discard it
            </Button>
          </Group>
        </Group>
      </Alert>
      <Drawer opened={opened} onClose={drawer.close} position="right" size="md" title={`Copy from ${label}`}>
        <Stack gap="sm">
          <Text fw={650}>{setAside.draft.name}</Text>
          {setAside.draft.questions.map((question, index) => (
            <Group key={question.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" style={{ flex: 1 }}>
                {questionLabel(question, index)}
              </Text>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCopy size={14} aria-hidden />}
                disabled={full}
                aria-label={`Copy question ${index + 1} into the survey`}
                onClick={() => {
                  edit((draft) => ({
                    ...draft,
                    questions: [...draft.questions, { ...duplicateQuestion(question), displayLogic: null }],
                  }));
                  announce(`Question copied to the end of the survey.`);
                }}
              >
                Copy
              </Button>
            </Group>
          ))}
        </Stack>
      </Drawer>
    </>
  );
}
