import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconBooks,
  IconBookUpload,
  IconCopy,
  IconDots,
  IconGitBranch,
  IconGripVertical,
  IconListDetails,
  IconPencil,
  IconTransfer,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  countQuestions,
  displayLogicInWords,
  PULSE_CHECK_MAX_QUESTIONS,
  pipingInWords,
  type Question,
  questionTypeLabels,
} from '@tv/contract';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSaveToQuestionBank } from '../api/question-bank';
import { apiProblem } from '../utils/api-error';
import { can } from '../utils/permissions';
import {
  duplicateQuestion,
  moveQuestion,
  type RemovedQuestion,
  removeQuestion,
  restoreQuestion,
} from '../utils/questions';
import { AddQuestionMenu } from './add-question-menu';
import { CopyQuestionsModal } from './copy-questions-modal';
import classes from './editor.module.css';
import { useEditor } from './editor-context';
import { QuestionBankDrawer } from './question-bank-drawer';
import { QuestionTypeIcon } from './survey-badges';
import { SurveyDetailsCard } from './survey-details-card';

type DropTarget = { index: number; position: 'before' | 'after' } | null;

/** The questions in order: open one to edit it, reorder by dragging or with the keyboard, duplicate, delete. */
export function SurveyQuestionsPanel() {
  const { survey, draft, edit, editable, announce, permissions } = useEditor();
  const questions = draft.questions;
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget>(null);
  const [lastRemoved, setLastRemoved] = useState<RemovedQuestion | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRender = useRef<string | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const navigate = useNavigate();
  const isPulse = survey.type === 'pulse_check';
  const full = isPulse && countQuestions(questions) >= PULSE_CHECK_MAX_QUESTIONS;
  // Reuse (decision 030): the organisation's question bank and copying to another survey.
  const [bankOpen, setBankOpen] = useState(false);
  const [copyIds, setCopyIds] = useState<string[] | null>(null);
  const saveToBank = useSaveToQuestionBank(survey.organizationId);
  const canUseBank = Boolean(survey.organizationId) && can(permissions, 'surveys~update');

  const keepInBank = (question: Question) =>
    saveToBank.mutate(
      { question },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: `“${question.title}” was saved to your organization’s question bank${question.displayLogic ? ', without its logic' : ''}.`,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'The question was not saved to the bank',
            message: apiProblem(error).message,
          }),
      },
    );

  useEffect(() => {
    const id = focusAfterRender.current;
    if (!id) return;
    focusAfterRender.current = null;
    if (id === 'undo') undoRef.current?.focus();
    else handles.current.get(id)?.focus();
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= questions.length || from === to) return;
    const outcome = moveQuestion(questions, from, to);
    if (!outcome.ok) {
      announce(outcome.reason);
      notifications.show({ color: 'orange', title: 'That move is not possible', message: outcome.reason });
      return;
    }
    const moved = questions[from];
    edit((current) => ({ ...current, questions: outcome.questions }));
    if (moved) focusAfterRender.current = moved.id;
    announce(`Question moved to position ${to + 1} of ${questions.length}.`);
  };

  const undo = (removed: RemovedQuestion) => {
    edit((current) => ({ ...current, questions: restoreQuestion(current.questions, removed) }));
    notifications.hide(`question-deleted-${removed.question.id}`);
    setLastRemoved(null);
    focusAfterRender.current = removed.question.id;
    announce(`Question ${removed.index + 1} restored.`);
  };

  const remove = (question: Question) => {
    const { questions: remaining, removed } = removeQuestion(questions, question.id);
    if (!removed) return;
    edit((current) => ({ ...current, questions: remaining }));
    setLastRemoved(removed);
    focusAfterRender.current = 'undo';
    const cleared = removed.clearedLogic.length;
    notifications.show({
      id: `question-deleted-${question.id}`,
      title: 'Question deleted',
      autoClose: 10_000,
      message: (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">
            {cleared > 0
              ? `Display logic of ${cleared} question${cleared === 1 ? '' : 's'} that depended on it was removed too.`
              : `“${question.title || 'Untitled question'}” was removed.`}
          </Text>
          <Button size="xs" variant="light" onClick={() => undo(removed)}>
            Undo
          </Button>
        </Group>
      ),
    });
    announce('Question deleted. Undo is available.');
  };

  const duplicate = (index: number) => {
    const original = questions[index];
    if (!original || full) return;
    const copy = duplicateQuestion(original);
    edit((current) => {
      const next = [...current.questions];
      next.splice(index + 1, 0, copy);
      return { ...current, questions: next };
    });
    focusAfterRender.current = copy.id;
    announce(`Question duplicated as question ${index + 2}.`);
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, index - 1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + 1);
    }
  };

  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (dragIndex === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const rect = event.currentTarget.getBoundingClientRect();
    const position = event.clientY < rect.top + rect.height / 2 ? 'before' : 'after';
    if (dropTarget?.index !== index || dropTarget.position !== position) setDropTarget({ index, position });
  };

  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    if (dragIndex !== null && dropTarget) {
      let to = dropTarget.position === 'before' ? dropTarget.index : dropTarget.index + 1;
      if (dragIndex < to) to -= 1;
      move(dragIndex, to);
    }
    setDragIndex(null);
    setDropTarget(null);
  };

  return (
    <Stack gap="lg">
      <SurveyDetailsCard />

      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <div>
            <Title order={2} fz="lg">
              Questions
            </Title>
            <Text size="sm" c="dimmed">
              {isPulse
                ? `${countQuestions(questions)} of ${PULSE_CHECK_MAX_QUESTIONS} questions: a pulse check stays short.`
                : `${questions.length} question${questions.length === 1 ? '' : 's'}`}
            </Text>
          </div>
          <Group gap="xs">
            {editable && canUseBank ? (
              <Button
                variant="default"
                leftSection={<IconBooks size={16} aria-hidden />}
                onClick={() => setBankOpen(true)}
              >
                Question bank
              </Button>
            ) : null}
            <AddQuestionMenu />
          </Group>
        </Group>

        {full && editable ? (
          <Text size="sm" c="dimmed" data-testid="pulse-limit">
            A pulse check has at most {PULSE_CHECK_MAX_QUESTIONS} questions. Delete one to add another.
          </Text>
        ) : null}

        {editable && questions.length > 1 ? (
          <Text id={hintId} size="xs" c="dimmed">
            Drag a question by its handle, or focus the handle and press the up and down arrow keys to move
            it.
          </Text>
        ) : null}

        {lastRemoved ? (
          <Alert color="gray" variant="light" py="xs">
            <Group justify="space-between" gap="sm">
              <Text size="sm">Question {lastRemoved.index + 1} deleted.</Text>
              <Group gap="xs">
                <Button ref={undoRef} size="xs" variant="light" onClick={() => undo(lastRemoved)}>
                  Undo delete
                </Button>
                <Button size="xs" variant="subtle" color="gray" onClick={() => setLastRemoved(null)}>
                  Dismiss
                </Button>
              </Group>
            </Group>
          </Alert>
        ) : null}

        {questions.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <EmptyState
              icon={<IconListDetails size={28} />}
              withIndicatorBackground
              title="No questions yet"
              description={
                editable
                  ? 'Add the first question. Start with the decision you need to make, then ask only what informs it.'
                  : 'This survey has no questions.'
              }
            >
              {editable ? (
                <EmptyState.Actions>
                  <AddQuestionMenu />
                </EmptyState.Actions>
              ) : null}
            </EmptyState>
          </Paper>
        ) : (
          <ol className={classes.questionList} aria-label="Questions" data-testid="question-list">
            {questions.map((question, index) => {
              const number = index + 1;
              const logic = displayLogicInWords(question.displayLogic, questions);
              return (
                <li
                  key={question.id}
                  className={classes.questionCard}
                  data-testid="question-card"
                  data-question-id={question.id}
                  draggable={editable}
                  data-dragging={dragIndex === index || undefined}
                  data-drop={dropTarget?.index === index ? dropTarget.position : undefined}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', question.id);
                    setDragIndex(index);
                  }}
                  onDragOver={(event) => onDragOver(event, index)}
                  onDragLeave={(event) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                      setDropTarget(null);
                  }}
                  onDrop={onDrop}
                  onDragEnd={() => {
                    setDragIndex(null);
                    setDropTarget(null);
                  }}
                >
                  <Paper withBorder radius="md" p="sm" pl={editable ? 4 : 'sm'}>
                    <Group wrap="nowrap" align="center" gap="xs">
                      {editable ? (
                        <ActionIcon
                          ref={(element) => {
                            if (element) handles.current.set(question.id, element);
                            else handles.current.delete(question.id);
                          }}
                          className={classes.handle}
                          variant="subtle"
                          color="gray"
                          size="lg"
                          aria-label={`Reorder question ${number}`}
                          aria-describedby={questions.length > 1 ? hintId : undefined}
                          onKeyDown={(event) => onHandleKey(event, index)}
                          data-testid="drag-handle"
                        >
                          <IconGripVertical size={18} />
                        </ActionIcon>
                      ) : null}
                      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                        <Group gap={6} wrap="wrap">
                          <Group gap={4} c="dimmed" wrap="nowrap">
                            <QuestionTypeIcon type={question.type} size={14} />
                            <Text size="xs" c="dimmed">
                              {questionTypeLabels[question.type]}
                            </Text>
                          </Group>
                          {question.required ? (
                            <Badge size="xs" variant="light" color="gray">
                              Required
                            </Badge>
                          ) : null}
                          {question.title.trim() ? null : (
                            <Badge size="xs" variant="light" color="orange">
                              Needs wording
                            </Badge>
                          )}
                        </Group>
                        <Link
                          to="/research/builder/survey/$surveyId/question/$questionId"
                          params={{ surveyId: survey.id, questionId: question.id }}
                          className={classes.titleLink}
                          draggable={false}
                          data-testid="question-title"
                        >
                          {number}. {pipingInWords(question.title, questions).trim() || 'Untitled question'}
                        </Link>
                        {logic ? (
                          <Group gap={4} wrap="nowrap">
                            <IconGitBranch size={14} aria-hidden color="var(--mantine-color-dimmed)" />
                            <Text size="xs" c="dimmed">
                              {logic}
                            </Text>
                          </Group>
                        ) : null}
                      </Stack>
                      {editable ? (
                        <Group gap={0} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="lg"
                            className={classes.iconButton}
                            aria-label={`Move question ${number} up`}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                          >
                            <IconArrowUp size={18} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="lg"
                            className={classes.iconButton}
                            aria-label={`Move question ${number} down`}
                            disabled={index === questions.length - 1}
                            onClick={() => move(index, index + 1)}
                          >
                            <IconArrowDown size={18} />
                          </ActionIcon>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                size="lg"
                                aria-label={`More actions for question ${number}`}
                              >
                                <IconDots size={18} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                onClick={() =>
                                  void navigate({
                                    to: '/research/builder/survey/$surveyId/question/$questionId',
                                    params: { surveyId: survey.id, questionId: question.id },
                                  })
                                }
                                leftSection={<IconPencil size={16} aria-hidden />}
                              >
                                Edit
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconCopy size={16} aria-hidden />}
                                disabled={full}
                                onClick={() => duplicate(index)}
                              >
                                Duplicate
                              </Menu.Item>
                              {canUseBank ? (
                                <Menu.Item
                                  leftSection={<IconBookUpload size={16} aria-hidden />}
                                  onClick={() => keepInBank(question)}
                                >
                                  Save to question bank
                                </Menu.Item>
                              ) : null}
                              <Menu.Item
                                leftSection={<IconTransfer size={16} aria-hidden />}
                                onClick={() => setCopyIds([question.id])}
                              >
                                Copy to another survey…
                              </Menu.Item>
                              <Menu.Item
                                color="red"
                                leftSection={<IconTrash size={16} aria-hidden />}
                                onClick={() => remove(question)}
                              >
                                Delete
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Group>
                      ) : null}
                    </Group>
                  </Paper>
                </li>
              );
            })}
          </ol>
        )}
        {questions.length > 0 && !full ? <AddQuestionMenu fullWidth /> : null}
      </Stack>
      <QuestionBankDrawer opened={bankOpen} onClose={() => setBankOpen(false)} />
      <CopyQuestionsModal
        opened={copyIds !== null}
        onClose={() => setCopyIds(null)}
        initialIds={copyIds ?? undefined}
      />
    </Stack>
  );
}
