import { Alert, Badge, Button, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import {
  type AnswerValue,
  type HelpResource,
  isAnswerable,
  otherTextKey,
  pipeText,
  type Question,
} from '@tv/contract';
import { type Ref, useEffect, useRef, useState } from 'react';
import type { AnswerValue as FieldValue } from '../survey-renderer/answers';
import { QuestionField } from '../survey-renderer/question-field';
import { useRespondentHeadingLevel } from './heading-level';
import { HelpCard } from './help-card';
import { NeedHelpButton } from './help-resources';
import classes from './respondent.module.css';
import { helpLanguageOf, useRespondentLanguage } from './respondent-language';
import { messageIn, respondentTexts } from './utils/respondent-texts';

/** The shared field speaks 'yes' | 'no' for a yes/no question; a stored true/false reads the same. */
const fieldValue = (value: AnswerValue | undefined): FieldValue | undefined =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;

interface QuestionStepProps {
  surveyName: string;
  /** The items of this page: one question, or the questions and text blocks between page breaks. */
  items: readonly Question[];
  /** Every item of the survey, for piping earlier answers into a text. */
  allQuestions: readonly Question[];
  /** The number a respondent sees for a question (its place among the questions shown). */
  numberOf: (question: Question) => number;
  index: number;
  total: number;
  /** Share of the survey done, 0–100 (see progressPercent). */
  progress: number;
  values: Readonly<Record<string, AnswerValue | undefined>>;
  /** Messages by question id (or by its 'other' key). */
  errors: Readonly<Record<string, string>>;
  optionSeed: string;
  sending: boolean;
  /** Moving on waits for an answer's check (decision 035): Next shows it is busy. */
  checking?: boolean;
  sendProblem: string | null;
  legendRef: Ref<HTMLLegendElement>;
  /** Help for what an answer on this page raised, shown under the answers (decision 035). */
  help?: readonly HelpResource[] | null;
  helpRef?: Ref<HTMLHeadingElement>;
  /** The teen left a field of this question (focus moved elsewhere): its answer can be checked. */
  onLeaveAnswer?: (questionId: string) => void;
  onChange: (key: string, value: AnswerValue | undefined) => void;
  onBack: () => void;
  onNext: () => void;
  onStop: () => void;
}

/**
 * One page: a question per screen, or the items between two page breaks; with progress, Back and
 * Next (or Send on the last one). Earlier answers are piped into the texts.
 */
export function QuestionStep({
  surveyName,
  items,
  allQuestions,
  numberOf,
  index,
  total,
  progress,
  values,
  errors,
  optionSeed,
  sending,
  checking = false,
  sendProblem,
  legendRef,
  help = null,
  helpRef,
  onLeaveAnswer,
  onChange,
  onBack,
  onNext,
  onStop,
}: QuestionStepProps) {
  const answers = values as Record<string, AnswerValue>;
  const { lang, texts } = useRespondentLanguage();
  const piped = (question: Question): Question => ({
    ...question,
    title: pipeText(question.title, allQuestions, answers, lang),
    description: question.description ? pipeText(question.description, allQuestions, answers, lang) : null,
  });
  const firstQuestion = items.find(isAnswerable);
  const headingLevel = useRespondentHeadingLevel();
  const [announcement, setAnnouncement] = useState('');
  const [confirmingStop, setConfirmingStop] = useState(false);
  const last = index >= total - 1;
  const percent = Math.min(100, Math.max(0, progress));

  // Leaving a text field: a native focusout, which bubbles to the form under React and Preact alike.
  const formRef = useRef<HTMLFormElement>(null);
  const leave = useRef(onLeaveAnswer);
  leave.current = onLeaveAnswer;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const left = (event: FocusEvent) => {
      const field = event.target;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      const key = field.closest<HTMLElement>('[data-answer-key]')?.dataset.answerKey;
      if (key) leave.current?.(key);
    };
    form.addEventListener('focusout', left);
    return () => form.removeEventListener('focusout', left);
  }, []);

  // Help that appears while the teen is elsewhere on the page is announced, not forced on them.
  const helpShown = help !== null && help.length > 0;
  const helpLang = helpLanguageOf(help ?? [], lang);
  const helpTitle = respondentTexts[helpLang].checkTitle;
  useEffect(() => {
    if (helpShown) setAnnouncement(helpTitle);
  }, [helpShown, helpTitle]);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) onNext();
      }}
      data-testid="question-step"
      data-question-id={firstQuestion?.id ?? items[0]?.id}
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
              {texts.percentDone(percent)}
            </Text>
          </Group>
          <Progress
            value={percent}
            size="md"
            radius="xl"
            aria-label={texts.progressLabel(percent)}
            transitionDuration={250}
          />
        </Stack>

        {items.map((item) =>
          isAnswerable(item) ? (
            <div key={item.id} data-answer-key={item.id}>
              {!item.required ? (
                <Badge variant="light" color="gray" radius="sm" mb="xs" tt="none" fw={600}>
                  {texts.optional}
                </Badge>
              ) : null}
              <QuestionField
                question={piped(item)}
                number={numberOf(item)}
                value={fieldValue(values[item.id])}
                onChange={(value) => onChange(item.id, value)}
                error={errors[item.id] ? messageIn(errors[item.id]!, lang) : null}
                optionSeed={optionSeed}
                announce={setAnnouncement}
                legendRef={item === firstQuestion ? legendRef : undefined}
                otherText={
                  typeof values[otherTextKey(item.id)] === 'string'
                    ? (values[otherTextKey(item.id)] as string)
                    : undefined
                }
                onOtherChange={(text) => onChange(otherTextKey(item.id), text)}
                otherError={
                  errors[otherTextKey(item.id)] ? messageIn(errors[otherTextKey(item.id)]!, lang) : null
                }
              />
            </div>
          ) : (
            <div key={item.id} className={classes.textBlock}>
              <QuestionField question={piped(item)} number={0} value={undefined} />
            </div>
          ),
        )}

        {help?.length ? (
          <HelpCard when="check" resources={help} headingRef={helpRef} testId="help-card" />
        ) : null}

        {sendProblem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {messageIn(sendProblem, lang)}
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
              {texts.back}
            </Button>
          ) : (
            <span />
          )}
          <Button
            type="submit"
            size="md"
            loading={sending || checking}
            rightSection={last ? undefined : <IconArrowRight size={18} aria-hidden />}
          >
            {last ? texts.send : texts.next}
          </Button>
        </div>

        {confirmingStop ? (
          <Alert color="gray" variant="light" title={texts.stopTitle} data-testid="confirm-stop">
            <Text size="sm" mb="sm">
              {texts.stopBody}
            </Text>
            <Group gap="xs">
              <Button size="sm" color="red" variant="light" onClick={onStop}>
                {texts.stopConfirm}
              </Button>
              <Button size="sm" variant="default" onClick={() => setConfirmingStop(false)}>
                {texts.keepGoing}
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
              {texts.stop}
            </Button>
          </Group>
        )}
      </Stack>
      {/* Only the help card is announced here, in its own language (a Spanish answer: Spanish). */}
      <VisuallyHidden aria-live="polite" role="status" lang={helpLang !== lang ? helpLang : undefined}>
        {announcement}
      </VisuallyHidden>
    </form>
  );
}
