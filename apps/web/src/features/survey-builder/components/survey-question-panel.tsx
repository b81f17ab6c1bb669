import {
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChevronLeft, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import {
  isAnswerable,
  pipingInWords,
  type Question,
  type QuestionType,
  questionProblems,
  questionTypeLabels,
  questionTypes,
} from '@tv/contract';
import { useEffect, useRef, useState } from 'react';
import type { AnswerValue } from '../../../components/survey-renderer/answers';
import { QuestionField } from '../../../components/survey-renderer/question-field';
import { AnchorLink, ButtonLink } from '../../../components/ui/links';
import { lengthError, textLimits } from '../utils/limits';
import { changeQuestionType, hasOptions, removeQuestion, restoreQuestion } from '../utils/questions';
import { fieldKey } from '../utils/touched';
import { AddQuestionMenu } from './add-question-menu';
import { CharacterCount } from './character-count';
import { useEditor } from './editor-context';
import { BranchingEditor, DisplayLogicEditor, PipingMenu } from './logic-editor';
import { OptionListEditor } from './option-list-editor';
import { QuestionTypeSettings } from './question-type-settings';

/** One question: its type, wording, answer options or scale, whether it is required, and its display logic. */
export function SurveyQuestionPanel() {
  const { questionId = '' } = useParams({ strict: false });
  const { survey, draft, editable, updateQuestion, edit, copy, announce, touched, touch } = useEditor();
  const navigate = useNavigate();
  const titleRef = useRef<HTMLTextAreaElement>(null);
  const [sample, setSample] = useState<AnswerValue | undefined>(undefined);
  const questions = draft.questions;
  const index = questions.findIndex((q) => q.id === questionId);
  const question = questions[index];
  const isNew = question !== undefined && question.title === '';

  const focusedFor = useRef<string | null>(null);

  // A new question opens with its wording field focused; only once, not on every keystroke.
  useEffect(() => {
    if (focusedFor.current === questionId) return;
    focusedFor.current = questionId;
    setSample(undefined);
    if (isNew && editable) titleRef.current?.focus();
  }, [questionId, isNew, editable]);

  if (!question) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="lg">
            This question no longer exists
          </Title>
          <Text c="dimmed">It may have been deleted. Your other questions are safe.</Text>
          <ButtonLink to="/research/builder/survey/$surveyId" params={{ surveyId: survey.id }}>
            Back to all questions
          </ButtonLink>
        </Stack>
      </Paper>
    );
  }

  const update = (change: (current: Question) => Question) => updateQuestion(question.id, change);
  const previous = questions[index - 1];
  const next = questions[index + 1];
  const goTo = (target: Question) =>
    void navigate({
      to: '/research/builder/survey/$surveyId/question/$questionId',
      params: { surveyId: survey.id, questionId: target.id },
    });

  const remove = () => {
    const { questions: remaining, removed } = removeQuestion(questions, question.id);
    if (!removed) return;
    edit((current) => ({ ...current, questions: remaining }));
    const id = `question-deleted-${question.id}`;
    notifications.show({
      id,
      title: 'Question deleted',
      autoClose: 10_000,
      message: (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">“{question.title || 'Untitled question'}” was removed.</Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              edit((current) => ({ ...current, questions: restoreQuestion(current.questions, removed) }));
              notifications.hide(id);
              announce('Question restored.');
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
    announce('Question deleted. Undo is available in the notification.');
    void navigate({ to: '/research/builder/survey/$surveyId', params: { surveyId: survey.id } });
  };

  const scale = question.scale;
  const readOnly = !editable;
  // The same rules as the server and the pre-check: shown at the field, never corrected silently.
  const problems = questionProblems(questions).filter((p) => p.questionId === question.id);
  const scaleProblem = problems.find((p) => p.field === 'scale')?.message ?? null;
  const otherProblems = problems.filter((p) => p.field !== 'scale');

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <AnchorLink
          to="/research/builder/survey/$surveyId"
          params={{ surveyId: survey.id }}
          size="sm"
          fw={500}
        >
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            All questions
          </Group>
        </AnchorLink>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            disabled={!previous}
            onClick={() => previous && goTo(previous)}
          >
            Previous
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            disabled={!next}
            onClick={() => next && goTo(next)}
          >
            Next
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Question {index + 1} of {questions.length}
          </Title>
          <Select
            label="Type"
            data={questionTypes.map((type) => ({ value: type, label: questionTypeLabels[type] }))}
            value={question.type}
            allowDeselect={false}
            readOnly={readOnly}
            onChange={(type) =>
              type && update((current) => changeQuestionType(current, type as QuestionType))
            }
          />
          <Textarea
            ref={titleRef}
            label={
              question.type === 'page_break'
                ? 'Page title (for you, not shown)'
                : question.type === 'text_block'
                  ? 'Heading'
                  : 'Question'
            }
            required
            autosize
            minRows={2}
            placeholder="e.g. How do you usually get to school?"
            value={question.title}
            readOnly={readOnly}
            error={
              question.title.trim()
                ? lengthError(question.title, textLimits.questionTitle)
                : touched.has(fieldKey.title(question.id))
                  ? 'Write the question'
                  : null
            }
            onBlur={() => touch(fieldKey.title(question.id))}
            inputContainer={(children) => (
              <>
                {children}
                <CharacterCount
                  id="question-title-count"
                  value={question.title}
                  limit={textLimits.questionTitle}
                />
              </>
            )}
            onChange={(event) => {
              const title = event.currentTarget.value;
              update((current) => ({ ...current, title }));
            }}
          />
          {editable && question.type !== 'page_break' ? (
            <Group justify="flex-end" mt={-8}>
              <PipingMenu
                question={question}
                questions={questions}
                onInsert={(token) =>
                  update((current) => ({
                    ...current,
                    title: `${current.title}${current.title.endsWith(' ') || !current.title ? '' : ' '}${token}`,
                  }))
                }
              />
            </Group>
          ) : null}
          <TextInput
            label={question.type === 'text_block' ? 'Text' : 'Help text'}
            description={
              question.type === 'text_block'
                ? 'Shown to teens as a paragraph, for an introduction or a new section.'
                : 'Optional, shown under the question.'
            }
            value={question.description ?? ''}
            readOnly={readOnly}
            error={lengthError(question.description ?? '', textLimits.helpText)}
            onChange={(event) => {
              const description = event.currentTarget.value;
              update((current) => ({ ...current, description: description || null }));
            }}
          />

          {question.type === 'likert_matrix' ? (
            <>
              <OptionListEditor
                label="Statements to rate"
                itemName="Statement"
                items={question.rows}
                isTouched={(id) => touched.has(fieldKey.row(question.id, id))}
                onTouch={(id) => touch(fieldKey.row(question.id, id))}
                announce={announce}
                min={1}
                max={30}
                readOnly={readOnly}
                onChange={(rows) => update((current) => ({ ...current, rows }))}
              />
              <OptionListEditor
                label="Scale (columns)"
                itemName="Scale point"
                items={question.options}
                isTouched={(id) => touched.has(fieldKey.option(question.id, id))}
                onTouch={(id) => touch(fieldKey.option(question.id, id))}
                announce={announce}
                max={11}
                readOnly={readOnly}
                onChange={(options) => update((current) => ({ ...current, options }))}
              />
            </>
          ) : hasOptions(question.type) ? (
            <OptionListEditor
              label="Answer options"
              itemName="Option"
              items={question.options}
              isTouched={(id) => touched.has(fieldKey.option(question.id, id))}
              onTouch={(id) => touch(fieldKey.option(question.id, id))}
              announce={announce}
              max={50}
              allowExclusive={question.type === 'multiple_choice'}
              allowOther={['single_choice', 'multiple_choice', 'dropdown'].includes(question.type)}
              readOnly={readOnly}
              onChange={(options) => update((current) => ({ ...current, options }))}
            />
          ) : null}

          {otherProblems.map((problem) => (
            <Text key={problem.message} size="sm" c="red.8" role="alert">
              {problem.message}
            </Text>
          ))}
          {question.type === 'nps' && scaleProblem ? (
            <Text size="sm" c="red.8" role="alert">
              {scaleProblem}
            </Text>
          ) : null}
          {scale && (question.type === 'rating' || question.type === 'nps') ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {question.type === 'rating' ? (
                <>
                  <Select
                    label="Lowest point"
                    data={['0', '1']}
                    value={String(scale.min)}
                    allowDeselect={false}
                    readOnly={readOnly}
                    onChange={(value) =>
                      value !== null &&
                      update((current) => ({ ...current, scale: { ...scale, min: Number(value) } }))
                    }
                  />
                  <NumberInput
                    label="Highest point"
                    min={2}
                    max={10}
                    value={scale.max}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    readOnly={readOnly}
                    error={scaleProblem}
                    onChange={(value) =>
                      typeof value === 'number' &&
                      update((current) => ({ ...current, scale: { ...scale, max: value } }))
                    }
                  />
                </>
              ) : null}
              <TextInput
                label={`Label for ${scale.min}`}
                maxLength={60}
                value={scale.minLabel ?? ''}
                readOnly={readOnly}
                onChange={(event) => {
                  const minLabel = event.currentTarget.value;
                  update((current) => ({ ...current, scale: { ...scale, minLabel: minLabel || null } }));
                }}
              />
              <TextInput
                label={`Label for ${scale.max}`}
                maxLength={60}
                value={scale.maxLabel ?? ''}
                readOnly={readOnly}
                onChange={(event) => {
                  const maxLabel = event.currentTarget.value;
                  update((current) => ({ ...current, scale: { ...scale, maxLabel: maxLabel || null } }));
                }}
              />
            </SimpleGrid>
          ) : null}

          <QuestionTypeSettings
            question={question}
            readOnly={readOnly}
            update={update}
            problem={scaleProblem}
          />

          {question.type === 'multiple_choice' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label="Minimum selections"
                description="Leave empty for no minimum."
                min={1}
                max={50}
                allowDecimal={false}
                allowNegative={false}
                value={question.minSelections ?? ''}
                readOnly={readOnly}
                onChange={(value) =>
                  update((current) => ({
                    ...current,
                    minSelections: typeof value === 'number' ? value : null,
                  }))
                }
              />
              <NumberInput
                label="Maximum selections"
                description="Leave empty for no maximum."
                min={1}
                max={50}
                allowDecimal={false}
                allowNegative={false}
                value={question.maxSelections ?? ''}
                readOnly={readOnly}
                onChange={(value) =>
                  update((current) => ({
                    ...current,
                    maxSelections: typeof value === 'number' ? value : null,
                  }))
                }
              />
            </SimpleGrid>
          ) : null}
          {question.type === 'page_break' ? (
            <Switch
              label="Shuffle the questions on this page"
              description="Each teen sees the questions of the page this break starts in their own random order; the order is kept with their answers."
              checked={Boolean(question.randomizeQuestions)}
              disabled={readOnly}
              onChange={(event) => {
                const randomizeQuestions = event.currentTarget.checked;
                update((current) => ({ ...current, randomizeQuestions }));
              }}
            />
          ) : null}

          <Divider />
          <Group gap="xl">
            {isAnswerable(question) ? (
              <Switch
                label={copy.questionRequired}
                checked={question.required}
                disabled={readOnly}
                onChange={(event) => {
                  const required = event.currentTarget.checked;
                  update((current) => ({ ...current, required }));
                }}
              />
            ) : null}
            {hasOptions(question.type) && question.type !== 'likert_matrix' ? (
              <Switch
                label={copy.randomizeOptions}
                checked={question.randomizeOptions}
                disabled={readOnly}
                onChange={(event) => {
                  const randomizeOptions = event.currentTarget.checked;
                  update((current) => ({ ...current, randomizeOptions }));
                }}
              />
            ) : null}
          </Group>
          <Divider />
          <DisplayLogicEditor
            question={question}
            questions={questions}
            label={copy.displayLogic}
            readOnly={readOnly}
            onChange={(displayLogic) => update((current) => ({ ...current, displayLogic }))}
          />
          <BranchingEditor
            question={question}
            questions={questions}
            readOnly={readOnly}
            onChange={(patch) => update((current) => ({ ...current, ...patch }))}
          />
          {editable ? (
            <>
              <Divider />
              <Group justify="space-between">
                <AddQuestionMenu after={index} />
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={remove}
                >
                  Delete question
                </Button>
              </Group>
            </>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={2} fz="sm" tt="uppercase" c="dimmed" lts={0.6}>
            How teens see it
          </Title>
          <Text size="xs" c="dimmed">
            Try it: answers here are not saved.
          </Text>
          <QuestionField
            key={question.id}
            question={{
              ...question,
              title: pipingInWords(question.title, questions),
              description: question.description && pipingInWords(question.description, questions),
            }}
            number={index + 1}
            value={sample}
            onChange={setSample}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
