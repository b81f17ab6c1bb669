import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import {
  type AnswerValue,
  type HelpResource,
  helpResources,
  isAnswerable,
  type PublicSurvey,
  presentationFor,
  responseMessages,
  type ScreenerAnswers,
  type SubmitOutcome,
  screenerOutcome,
} from '@tv/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { progressPercent } from '../../../components/survey-renderer/answers';
import { isHttpError } from '../../../lib/http-error';
import { useScreenRespondent } from '../api/screen-respondent';
import { serverFieldErrors, serverMessage } from '../api/server-errors';
import { useSubmitResponse } from '../api/submit-response';
import { type Attempt, type AttemptStorage, attemptStorage, newAttempt } from '../utils/resume-storage';
import { answersToSend, clampStep, firstProblem, itemProblem, pathOf } from '../utils/steps';
import { AssentStep } from './assent-step';
import {
  DeclinedScreen,
  type EndedOutcome,
  EndedScreen,
  SupportScreen,
  ThankYouScreen,
} from './ending-screens';
import { QuestionStep } from './question-step';
import { useRespondentLanguage } from './respondent-language';
import { ScreenerStep } from './screener-step';

type View =
  | { kind: 'assent' }
  | { kind: 'declined'; stopped: boolean }
  | { kind: 'screener' }
  | { kind: 'questions' }
  | { kind: 'ended'; outcome: EndedOutcome; message: string }
  | { kind: 'thanks'; message: string }
  | { kind: 'support'; resources: readonly HelpResource[] };

const sendFailed =
  'We couldn’t send your answers just now. Check your internet connection and try again. Your answers are saved on this device, so nothing is lost.';

/** The server's words for a refusal it explained; our own, reassuring ones when it could not be reached. */
const problemOf = (error: unknown) =>
  isHttpError(error) && error.status > 0 && error.status < 500
    ? serverMessage(error, sendFailed)
    : sendFailed;

/** A preview keeps its attempt in memory only: nothing is stored on the device or sent. */
function memoryStorage(): AttemptStorage {
  let kept: Attempt | null = null;
  return {
    read: () => kept,
    write: (attempt) => {
      kept = attempt;
    },
    clear: () => {
      kept = null;
    },
  };
}

export const previewFinishMessage =
  'That’s the end of the survey. A respondent’s answers would be sent now; nothing you answered in the preview was saved.';

/**
 * A live survey from assent to the last screen. The attempt (its id, the screener, the answers and
 * the step) is written to this device after every change, so a reload carries on where it was.
 */
export function RespondentFlow({
  survey,
  preview = false,
  onSurveyChanged,
}: {
  survey: PublicSurvey;
  /**
   * The builder's preview: the same screens and words, with the screener checked here against the
   * draft's audience (survey.screener) and nothing sent or stored.
   */
  preview?: boolean;
  /** The server said the survey closed (or paused): the page loads it again to show which. */
  onSurveyChanged?: () => void;
}) {
  const storage = useMemo(
    () => (preview ? memoryStorage() : attemptStorage(survey.id)),
    [survey.id, preview],
  );
  const [initial] = useState(() => storage.read());
  const [attempt, setAttempt] = useState<Attempt | null>(initial);
  const [view, setView] = useState<View>(initial ? { kind: initial.stage } : { kind: 'assent' });
  const [resumed, setResumed] = useState(initial !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [screenProblem, setScreenProblem] = useState<string | null>(null);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const screen = useScreenRespondent();
  const submit = useSubmitResponse();
  const { lang, texts } = useRespondentLanguage();
  const sending = useRef(false);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const legendRef = useRef<HTMLLegendElement>(null);
  const focusNext = useRef<'heading' | 'legend' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const element = target === 'heading' ? headingRef.current : legendRef.current;
    element?.focus();
    element?.scrollIntoView({ block: 'center' });
  });

  const save = (next: Attempt | null) => {
    setAttempt(next);
    if (next) storage.write(next);
    else storage.clear();
  };
  const show = (next: View, focus: 'heading' | 'legend' = 'heading') => {
    focusNext.current = focus;
    setView(next);
  };

  const finish = (outcome: SubmitOutcome) => {
    save(null);
    setResumed(false);
    if (
      outcome.outcome === 'screened_out' ||
      outcome.outcome === 'quota_full' ||
      outcome.outcome === 'closed' ||
      outcome.outcome === 'already_taken'
    ) {
      show({ kind: 'ended', outcome: outcome.outcome, message: outcome.message });
      // A paused survey answers 'closed' too; the screen above checks which it is.
      if (outcome.outcome === 'closed') onSurveyChanged?.();
    } else if (outcome.showSupport) {
      show({
        kind: 'support',
        resources: outcome.helpResources.length ? outcome.helpResources : helpResources,
      });
    } else {
      show({ kind: 'thanks', message: outcome.message });
    }
  };

  const begin = () => {
    save(attempt ?? newAttempt());
    setScreenProblem(null);
    show({ kind: 'screener' });
  };

  const submitScreener = (screener: ScreenerAnswers) => {
    if (!attempt || screen.isPending) return;
    setScreenProblem(null);
    if (preview) {
      if (screenerOutcome(survey.screener, screener) === 'eligible') {
        save({ ...attempt, stage: 'questions', screener, step: 0 });
        show({ kind: 'questions' }, 'legend');
      } else {
        save(null);
        show({ kind: 'ended', outcome: 'screened_out', message: responseMessages.screened_out });
      }
      return;
    }
    screen.mutate(
      { surveyId: survey.id, clientResponseId: attempt.clientResponseId, screener },
      {
        onSuccess: (outcome) => {
          if (outcome.outcome === 'eligible') {
            save({ ...attempt, stage: 'questions', screener, step: 0 });
            show({ kind: 'questions' }, 'legend');
          } else {
            finish(outcome);
          }
        },
        onError: (error) => setScreenProblem(problemOf(error)),
      },
    );
  };

  const questions = survey.questions;
  const answers = attempt?.answers ?? {};
  // The order this attempt sees where the survey shuffles: from its id, so a reload keeps it, and
  // sent with the answers so the order each respondent saw is recorded (decision 029).
  const presentation = useMemo(
    () => presentationFor(questions, attempt?.clientResponseId ?? 'preview'),
    [questions, attempt?.clientResponseId],
  );
  const path = pathOf(questions, answers, presentation);
  const pages = path.pages;
  const index = clampStep(attempt?.step ?? 0, pages.length);
  const currentPage = pages[index];
  const numbered = path.shown.filter(isAnswerable);
  const numberOf = (question: (typeof questions)[number]) => numbered.indexOf(question) + 1;

  const setAnswer = (key: string, value: AnswerValue | undefined) => {
    if (!attempt) return;
    const { [key]: _previous, ...rest } = attempt.answers;
    save({ ...attempt, answers: value === undefined ? rest : { ...rest, [key]: value } });
    setErrors((previous) => {
      const { [key]: _cleared, ...others } = previous;
      return others;
    });
  };

  const goToStep = (step: number) => {
    if (!attempt) return;
    save({ ...attempt, step });
    focusNext.current = 'legend';
  };

  const send = () => {
    if (!attempt?.screener || sending.current) return;
    const problem = firstProblem(questions, attempt.answers, presentation);
    if (problem) {
      setErrors({ [problem.key]: problem.message });
      goToStep(problem.index);
      return;
    }
    if (preview) {
      save(null);
      if (path.ending === 'screened_out')
        show({ kind: 'ended', outcome: 'screened_out', message: responseMessages.screened_out });
      else show({ kind: 'thanks', message: previewFinishMessage });
      return;
    }
    sending.current = true;
    setSendProblem(null);
    submit.mutate(
      {
        surveyId: survey.id,
        response: {
          clientResponseId: attempt.clientResponseId,
          screener: attempt.screener,
          answers: answersToSend(questions, attempt.answers, presentation),
          ...(presentation.options || presentation.pages ? { presentation } : {}),
          startedAt: attempt.startedAt,
          language: lang,
        },
      },
      {
        onSuccess: finish,
        onError: (error) => {
          const fields = serverFieldErrors(error);
          const key = Object.keys(fields)[0];
          const invalid = pages.findIndex((page) =>
            page.items.some((item) => key === item.id || key === `${item.id}.other`),
          );
          if (key && invalid >= 0) {
            setErrors({ [key]: fields[key]! });
            goToStep(invalid);
          } else {
            setSendProblem(problemOf(error));
          }
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const next = () => {
    if (!currentPage) return send();
    const problems: Record<string, string> = {};
    for (const item of currentPage.items) {
      const problem = itemProblem(item, answers);
      if (problem) problems[problem.key] = problem.message;
    }
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      legendRef.current?.focus();
      return;
    }
    if (index >= pages.length - 1) return send();
    goToStep(index + 1);
  };

  const stop = () => {
    save(null);
    setResumed(false);
    setErrors({});
    show({ kind: 'declined', stopped: true });
  };

  const resumeNote =
    resumed && (view.kind === 'questions' || view.kind === 'screener') ? (
      <Alert
        variant="light"
        color="green"
        mb="lg"
        icon={<IconDeviceFloppy size={18} aria-hidden />}
        data-testid="resume-note"
      >
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="sm">{texts.welcomeBack}</Text>
          <CloseButton size="sm" aria-label={texts.dismiss} onClick={() => setResumed(false)} />
        </Group>
      </Alert>
    ) : null;

  switch (view.kind) {
    case 'assent':
      return (
        <AssentStep
          survey={survey}
          headingRef={headingRef}
          onAccept={begin}
          onDecline={() => show({ kind: 'declined', stopped: false })}
        />
      );
    case 'declined':
      return (
        <DeclinedScreen
          headingRef={headingRef}
          stopped={view.stopped}
          onRestart={() => show({ kind: 'assent' })}
        />
      );
    case 'screener':
      return (
        <>
          {resumeNote}
          <ScreenerStep
            initial={attempt?.screener ?? null}
            headingRef={headingRef}
            sending={screen.isPending}
            problem={screenProblem}
            onSubmit={submitScreener}
          />
        </>
      );
    case 'questions':
      if (!attempt || !currentPage) return null;
      return (
        <>
          {resumeNote}
          <QuestionStep
            key={currentPage.id}
            surveyName={survey.name}
            items={currentPage.items}
            allQuestions={questions}
            numberOf={numberOf}
            index={index}
            total={pages.length}
            progress={progressPercent(questions, currentPage.items[0])}
            values={answers}
            errors={errors}
            optionSeed={attempt.clientResponseId}
            sending={submit.isPending}
            sendProblem={sendProblem}
            legendRef={legendRef}
            onChange={setAnswer}
            onBack={() => goToStep(index - 1)}
            onNext={next}
            onStop={stop}
          />
        </>
      );
    case 'ended':
      return <EndedScreen outcome={view.outcome} message={view.message} headingRef={headingRef} />;
    case 'thanks':
      return <ThankYouScreen message={view.message} headingRef={headingRef} />;
    case 'support':
      return <SupportScreen resources={view.resources} headingRef={headingRef} />;
  }
}
