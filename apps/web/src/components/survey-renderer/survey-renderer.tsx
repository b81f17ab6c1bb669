import { Button, Group, List, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconClock, IconLock, IconPlayerPause } from '@tabler/icons-react';
import type { Question } from '@tv/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type Answers,
  type AnswerValue,
  answerProblem,
  answersOfVisible,
  estimatedMinutes,
  isAnswered,
  visibleQuestions,
} from './answers';
import { QuestionField } from './question-field';

export interface RendererSurvey {
  name: string;
  description: string | null;
  questions: readonly Question[];
}

/** One question per screen (as on a phone) or every question on one page. */
export type RendererLayout = 'one-at-a-time' | 'page';

export interface SurveyRendererProps {
  survey: RendererSurvey;
  layout: RendererLayout;
  /** The heading level of the survey title; 1 when the renderer is the whole page. */
  titleOrder?: 1 | 2 | 3;
  onFinish?: (answers: Record<string, AnswerValue>) => void;
  finishTitle?: string;
  finishBody?: string;
}

type Step = 'assent' | 'questions' | 'declined' | 'finished';

/**
 * What a respondent sees: the assent screen, then the questions with their display logic applied
 * as they answer, required answers checked before moving on, then the end screen.
 */
export function SurveyRenderer({
  survey,
  layout,
  titleOrder = 1,
  onFinish,
  finishTitle = 'Thank you!',
  finishBody = 'Your answers have been sent. They stay anonymous.',
}: SurveyRendererProps) {
  const [step, setStep] = useState<Step>('assent');
  const [answers, setAnswers] = useState<Answers>({});
  const [position, setPosition] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const [seed, setSeed] = useState(() => Math.random().toString(36).slice(2));
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const legendRefs = useRef(new Map<string, HTMLLegendElement>());
  const focusTarget = useRef<'step' | string | null>(null);

  const visible = visibleQuestions(survey.questions, answers);
  const index = Math.min(position, Math.max(0, visible.length - 1));
  const current = visible[index];

  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    if (target === 'step') stepHeadingRef.current?.focus();
    else legendRefs.current.get(target)?.focus();
  });

  const setAnswer = (questionId: string, value: AnswerValue | undefined) => {
    setAnswers((previous) => ({ ...previous, [questionId]: value }));
    setErrors((previous) => {
      if (!previous[questionId]) return previous;
      const { [questionId]: _cleared, ...rest } = previous;
      return rest;
    });
  };

  const goTo = (next: Step) => {
    focusTarget.current = 'step';
    setStep(next);
  };

  const finish = () => {
    onFinish?.(answersOfVisible(survey.questions, answers));
    goTo('finished');
  };

  const restart = () => {
    setAnswers({});
    setErrors({});
    setPosition(0);
    setSeed(Math.random().toString(36).slice(2));
    goTo('assent');
  };

  const next = () => {
    if (!current) return finish();
    const problem = answerProblem(current, answers[current.id]);
    if (problem) {
      setErrors({ [current.id]: problem });
      focusTarget.current = current.id;
      return;
    }
    if (index >= visible.length - 1) return finish();
    const upcoming = visible[index + 1];
    if (upcoming) focusTarget.current = upcoming.id;
    setPosition(index + 1);
  };

  const back = () => {
    if (index === 0) return goTo('assent');
    const previous = visible[index - 1];
    if (previous) focusTarget.current = previous.id;
    setPosition(index - 1);
  };

  const submitPage = () => {
    const problems: Record<string, string> = {};
    for (const question of visible) {
      const problem = answerProblem(question, answers[question.id]);
      if (problem) problems[question.id] = problem;
    }
    const first = visible.find((question) => problems[question.id]);
    setErrors(problems);
    if (first) {
      focusTarget.current = first.id;
      return;
    }
    finish();
  };

  const field = (question: Question, number: number) => (
    <QuestionField
      key={question.id}
      question={question}
      number={number}
      value={answers[question.id]}
      onChange={(value) => setAnswer(question.id, value)}
      error={errors[question.id] ?? null}
      optionSeed={seed}
      announce={setAnnouncement}
      legendRef={(element) => {
        if (element) legendRefs.current.set(question.id, element);
        else legendRefs.current.delete(question.id);
      }}
    />
  );

  let body: ReactNode;
  if (step === 'assent') {
    body = (
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="xs" fw={700} tt="uppercase" lts={0.8} c="var(--mantine-color-anchor)">
            Before you start
          </Text>
          <Title order={titleOrder} fz={{ base: 24, sm: 28 }} ref={stepHeadingRef} tabIndex={-1}>
            {survey.name}
          </Title>
          {survey.description ? <Text c="dimmed">{survey.description}</Text> : null}
        </Stack>
        <List spacing="sm" center>
          <List.Item
            icon={
              <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
                <IconClock size={16} />
              </ThemeIcon>
            }
          >
            It takes about {estimatedMinutes(survey.questions.length)} minute
            {estimatedMinutes(survey.questions.length) === 1 ? '' : 's'}.
          </List.Item>
          <List.Item
            icon={
              <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
                <IconLock size={16} />
              </ThemeIcon>
            }
          >
            Your answers are anonymous. We never ask for your name, school or contact details.
          </List.Item>
          <List.Item
            icon={
              <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
                <IconPlayerPause size={16} />
              </ThemeIcon>
            }
          >
            Taking part is up to you. Skip any question without a * and stop whenever you like.
          </List.Item>
        </List>
        <Group gap="sm">
          <Button size="md" onClick={() => goTo('questions')} disabled={survey.questions.length === 0}>
            I’m happy to take part
          </Button>
          <Button size="md" variant="default" onClick={() => goTo('declined')}>
            No thanks
          </Button>
        </Group>
        {survey.questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            This survey has no questions yet.
          </Text>
        ) : null}
      </Stack>
    );
  } else if (step === 'declined') {
    body = (
      <Stack gap="md" align="flex-start">
        <Title order={titleOrder} fz={24} ref={stepHeadingRef} tabIndex={-1}>
          No problem, thanks for stopping by
        </Title>
        <Text c="dimmed">Nothing was recorded. You can close this page.</Text>
        <Button variant="default" onClick={restart}>
          Back to the start
        </Button>
      </Stack>
    );
  } else if (step === 'finished') {
    body = (
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconCircleCheck size={28} />
        </ThemeIcon>
        <Title order={titleOrder} fz={24} ref={stepHeadingRef} tabIndex={-1}>
          {finishTitle}
        </Title>
        <Text c="dimmed">{finishBody}</Text>
        <Button variant="default" onClick={restart}>
          Start again
        </Button>
      </Stack>
    );
  } else if (layout === 'one-at-a-time') {
    const total = visible.length;
    body = (
      <Stack gap="lg">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Title order={titleOrder} fz="sm" fw={600} c="dimmed" ref={stepHeadingRef} tabIndex={-1}>
              {survey.name}
            </Title>
            <Text size="sm" c="dimmed" aria-live="polite">
              Question {index + 1} of {total}
            </Text>
          </Group>
          <Progress
            value={total ? ((index + 1) / total) * 100 : 0}
            size="sm"
            radius="xl"
            aria-label={`Survey progress: question ${index + 1} of ${total}`}
          />
        </Stack>
        {current ? field(current, index + 1) : null}
        <Group justify="space-between" gap="sm">
          <Button variant="default" size="md" onClick={back}>
            Back
          </Button>
          <Button size="md" onClick={next}>
            {index >= total - 1 ? 'Finish' : 'Next'}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    const answered = visible.filter((question) => isAnswered(answers[question.id])).length;
    body = (
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={titleOrder} fz={{ base: 22, sm: 26 }} ref={stepHeadingRef} tabIndex={-1}>
            {survey.name}
          </Title>
          <Progress
            value={visible.length ? (answered / visible.length) * 100 : 0}
            size="sm"
            radius="xl"
            aria-label={`Survey progress: ${answered} of ${visible.length} answered`}
          />
        </Stack>
        {visible.map((question, position) => field(question, position + 1))}
        <Group justify="flex-end">
          <Button size="md" onClick={submitPage}>
            Finish
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <div data-testid="survey-renderer" data-step={step}>
      {body}
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
