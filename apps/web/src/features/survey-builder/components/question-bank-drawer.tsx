import { Alert, Badge, Button, Drawer, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconBooks, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type QuestionBankItem, questionTypeLabels } from '@tv/contract';
import { useState } from 'react';
import { EmptyStateCard } from '../../../components/ui/empty-state-card';
import { useDeleteFromQuestionBank, useQuestionBank } from '../api/question-bank';
import { apiProblem } from '../utils/api-error';
import { can } from '../utils/permissions';
import { insertBankQuestion } from '../utils/reuse';
import { useEditor } from './editor-context';

/** The organisation's question bank: search it, insert a saved question into this draft, or delete one. */
export function QuestionBankDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { survey, draft, edit, editable, permissions, announce } = useEditor();
  const organizationId = survey.organizationId;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const bank = useQuestionBank(organizationId, debounced, opened);
  const remove = useDeleteFromQuestionBank(organizationId);
  const mayManage = can(permissions, 'surveys~update');

  const insert = (item: QuestionBankItem) => {
    const outcome = insertBankQuestion(draft.questions, item.question, survey.type);
    if (!outcome.ok) {
      notifications.show({ color: 'orange', title: 'The question was not added', message: outcome.reason });
      return;
    }
    edit((current) => ({ ...current, questions: [...current.questions, outcome.inserted] }));
    const position = draft.questions.length + 1;
    announce(`Question added from the bank as question ${position}.`);
    notifications.show({
      color: 'green',
      message: `“${item.question.title}” was added as question ${position}.`,
    });
  };

  const confirmDelete = (item: QuestionBankItem) =>
    modals.openConfirmModal({
      title: 'Delete this question from the bank?',
      children: (
        <Text size="sm">
          “{item.question.title}” leaves your organization’s question bank. Surveys that already use it keep
          their copy.
        </Text>
      ),
      labels: { confirm: 'Delete from bank', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: () => notifications.show({ message: 'The question was deleted from the bank.' }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'The question could not be deleted',
              message: apiProblem(error).message,
            }),
        }),
    });

  return (
    <Drawer opened={opened} onClose={onClose} title="Question bank" position="right" size="md">
      {!organizationId ? (
        <Alert color="blue" variant="light" icon={<IconBooks size={18} aria-hidden />}>
          The question bank belongs to an organization. Move this survey into your organization to save and
          reuse questions.
        </Alert>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Questions your organization saved to reuse. Inserting one adds a copy at the end of this survey;
            edit it there as you like.
          </Text>
          <TextInput
            label="Search the bank"
            placeholder="Words from the question or a tag"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={200}
          />
          {bank.isPending ? (
            <Stack gap="sm" aria-busy="true" aria-label="Loading the question bank">
              <Skeleton h={72} />
              <Skeleton h={72} />
              <Skeleton h={72} />
            </Stack>
          ) : bank.isError ? (
            <Alert color="red" title="The question bank could not be loaded">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{apiProblem(bank.error).message}</Text>
                <Button size="xs" variant="default" onClick={() => void bank.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : bank.data.items.length === 0 ? (
            <EmptyStateCard
              icon={IconBooks}
              title={debounced.trim() ? 'No saved question matches' : 'Your question bank is empty'}
              description={
                debounced.trim()
                  ? 'Try other words, or clear the search to see every saved question.'
                  : 'Open a question’s menu (the three dots) in the list of questions and choose “Save to question bank”.'
              }
            />
          ) : (
            <Stack gap="sm" data-testid="question-bank-list">
              <Text size="xs" c="dimmed" aria-live="polite">
                {bank.data.total === bank.data.items.length
                  ? `${bank.data.total} saved question${bank.data.total === 1 ? '' : 's'}`
                  : `Showing the newest ${bank.data.items.length} of ${bank.data.total}; search to find the others.`}
              </Text>
              {bank.data.items.map((item) => (
                <Paper key={item.id} withBorder radius="md" p="sm" data-testid="question-bank-item">
                  <Stack gap={6}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {item.question.title}
                    </Text>
                    <Group gap={6}>
                      <Badge size="xs" variant="light" color="gray">
                        {questionTypeLabels[item.question.type]}
                      </Badge>
                      {item.tags.map((tag) => (
                        <Badge key={tag} size="xs" variant="outline" color="gray">
                          {tag}
                        </Badge>
                      ))}
                    </Group>
                    <Text size="xs" c="dimmed">
                      Saved {item.createdByName ? `by ${item.createdByName} ` : ''}on{' '}
                      {new Date(item.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                    </Text>
                    <Group gap="xs" justify="flex-end">
                      {mayManage ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => confirmDelete(item)}
                          aria-label={`Delete “${item.question.title}” from the bank`}
                        >
                          Delete
                        </Button>
                      ) : null}
                      <Button
                        size="xs"
                        leftSection={<IconPlus size={14} aria-hidden />}
                        disabled={!editable}
                        onClick={() => insert(item)}
                        aria-label={`Insert “${item.question.title}” into this survey`}
                      >
                        Insert
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
