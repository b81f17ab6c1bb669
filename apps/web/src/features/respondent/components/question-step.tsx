import { Alert, Badge, Button, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { AnswerValue, Question } from '@tv/contract';
import { type Ref, useState } from 'react';
import type { AnswerValue as FieldValue } from '../../../components/survey-renderer/answers';
import { QuestionField } from '../../../components/survey-renderer/question-field';
import { useRespondentHeadingLevel } from './heading-level';
import { NeedHelpButton } from './help-resources';
import classes from './respondent.module.css';

/** The shared field speaks 'yes' | 'no' for a yes/no question; a stored true/false reads the same. */
const fieldValue = (value: AnswerValue | undefined): FieldValue | undefined =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;

interface QuestionStepProps {
  surveyName: string;
  question: Question;
  index: number;
  total: number;
  /** Share of the survey done, 0–100 (see progressPercent). */
  progress: number;
  value: AnswerValue | undefined;
  error: string | null;
  optionSeed: string;
  sending: boolean;
  sendProblem: string | null;
  legendRef: Ref<HTMLLegendElement>;
  onChange: (value: AnswerValue | undefined) => void;
  onBack: () => void;
  onNext: () => void;
  onStop: () => void;
}

/** One question per screen, with progress, Back and Next (or Send on the last one). */
export function QuestionStep({
  surveyName,
  question,
  index,
  total,
  progress,
  value,
  error,
  optionSeed,
  sending,
  sendProblem,
  legendRef,
  onChange,
  onBack,
  onNext,
  onStop,
}: QuestionStepProps) {
  const headingLevel = useRespondentHeadingLevel();
  const [announcement, setAnnouncement] = useState('');
  const [confirmingStop, setConfirmingStop] = useState(false);
  const last = index >= total - 1;
  const percent = Math.min(100, Math.max(0, progress));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) onNext();
      }}
      data-testid="question-step"
      data-question-id={question.id}
    >
      <Stack gap="lg">
        <Stack gap={8}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text
              component={headingLevel === 1 ? 'h1' : 'h2'}
              size="sm"
              fw={600}
              c="dimmed"
              m={0}
              lineClamp={1}
            >
              {surveyName}
            </Text>
            <Text
              size="sm"
              fw={600}
              c="dimmed"
              style={{ whiteSpace: 'nowrap' }}
              data-testid="step-count"
              aria-hidden
            >
              {percent}% done
            </Text>
          </Group>
          <Progress
            value={percent}
            size="md"
            radius="xl"
            aria-label={`Progress: ${percent}% done`}
            transitionDuration={250}
          />
        </Stack>

        <div>
          {!question.required ? (
            <Badge variant="light" color="gray" radius="sm" mb="xs" tt="none" fw={600}>
              Optional: you can skip this
            </Badge>
          ) : null}
          <QuestionField
            question={question}
            number={index + 1}
            value={fieldValue(value)}
            onChange={onChange}
            error={error}
            optionSeed={optionSeed}
            announce={setAnnouncement}
            legendRef={legendRef}
          />
        </div>

        {sendProblem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {sendProblem}
          </Alert>
        ) : null}

        <div className={classes.stepNav}>
          {index > 0 ? (
            <Button
              variant="default"
              size="md"
              onClick={onBack}
              disabled={sending}
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              Back
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            size="md"
            loading={sending}
            rightSection={last ? undefined : <IconArrowRight size={18} aria-hidden />}
          >
            {last ? 'Send my answers' : 'Next'}
          </Button>
        </div>

        {confirmingStop ? (
          <Alert color="gray" variant="light" title="Stop the survey?" data-testid="confirm-stop">
            <Text size="sm" mb="sm">
              Your answers so far will be deleted from this device and nothing will be sent.
            </Text>
            <Group gap="xs">
              <Button size="sm" color="red" variant="light" onClick={onStop}>
                Yes, stop and delete
              </Button>
              <Button size="sm" variant="default" onClick={() => setConfirmingStop(false)}>
                Keep going
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group justify="space-between" gap="xs">
            <NeedHelpButton />
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              onClick={() => setConfirmingStop(true)}
              disabled={sending}
            >
              Stop the survey
            </Button>
          </Group>
        )}
      </Stack>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </form>
  );
}
