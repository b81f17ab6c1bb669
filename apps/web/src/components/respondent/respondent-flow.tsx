import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import {
  type AnswerValue,
  type HelpResource,
  helpResources,
  helpResourcesEs,
  isAnswerable,
  type PublicSurvey,
  presentationFor,
  responseMessages,
  type ScreenerAnswers,
  type SubmitOutcome,
  screenerOutcome,
  storableText,
  supportServicesFor,
} from '@tv/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isHttpError } from '../../lib/http-error';
import { progressPercent } from '../survey-renderer/answers';
import { useScreenRespondent } from './api/screen-respondent';
import { serverFieldErrors, serverMessage } from './api/server-errors';
import { useSubmitResponse } from './api/submit-response';
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
import { type Concern, isOpenText, mergeConcerns, useAnswerChecks } from './use-answer-checks';
import { type Attempt, type AttemptStorage, attemptStorage, newAttempt } from './utils/resume-storage';
import { answersToSend, clampStep, firstProblem, itemProblem, pathOf } from './utils/steps';

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
  // Open answers are checked as the teen leaves them, so help can show before the next question
  // (decision 035). Never in the builder's preview: nothing of it is sent.
  const checks = useAnswerChecks(survey.id, !preview);
  const [checking, setChecking] = useState(false);
  /** Moves of the flow (a step or a screen); a wait for a check goes on only if none happened meanwhile. */
  const moves = useRef(0);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const legendRef = useRef<HTMLLegendElement>(null);
  const helpRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'heading' | 'legend' | 'help' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const element =
      target === 'heading' ? headingRef.current : target === 'legend' ? legendRef.current : helpRef.current;
    element?.focus();
    element?.scrollIntoView({ block: target === 'help' ? 'start' : 'center' });
  });

  // The attempt as last saved, for code that runs after waiting on a check.
  const latest = useRef<Attempt | null>(attempt);
  const save = (next: Attempt | null) => {
    latest.current = next;
    setAttempt(next);
    if (next) storage.write(next);
    else storage.clear();
  };
  const show = (next: View, focus: 'heading' | 'legend' = 'heading') => {
    moves.current++;
    focusNext.current = focus;
    setView(next);
  };

  /** The services for a concern, in the screen's language (Spanish screens: Spanish only). */
  const helpFor = (concern: Concern | null): HelpResource[] | null =>
    concern ? supportServicesFor(concern.categories, concern.language, lang) : null;
  const generalHelp = lang === 'es' ? helpResourcesEs : helpResources;

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
    } else if (outcome.showSupport || checks.sessionNow()) {
      // What the answers raised when sent, with anything an answer raised earlier in this visit.
      const sent: Concern | null = outcome.helpCategories.length
        ? { categories: outcome.helpCategories, language: outcome.helpLanguage }
        : null;
      const concern = mergeConcerns(sent, checks.sessionNow());
      show({
        kind: 'support',
        resources: helpFor(concern) ?? (outcome.helpResources.length ? outcome.helpResources : generalHelp),
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

  const setAnswer = (key: string, written: AnswerValue | undefined) => {
    if (!attempt) return;
    const value = typeof written === 'string' ? storableText(written) : written;
    const { [key]: _previous, ...rest } = attempt.answers;
    save({ ...attempt, answers: value === undefined ? rest : { ...rest, [key]: value } });
    setErrors((previous) => {
      const { [key]: _cleared, ...others } = previous;
      return others;
    });
  };

  const goToStep = (step: number) => {
    const current = latest.current;
    if (!current) return;
    moves.current++;
    save({ ...current, step });
    focusNext.current = 'legend';
  };

  // The open questions on this page and what their answers raise as they stand.
  const openOnPage = currentPage ? currentPage.items.filter(isOpenText) : [];
  const pageHelp = helpFor(checks.concernOf(openOnPage.map((q) => q.id)));

  /** The teen left an answer: an open one is checked (once per text) for help to offer at once. */
  const leaveAnswer = (questionId: string) => {
    const question = questions.find((q) => q.id === questionId);
    if (question && isOpenText(question)) void checks.check(questionId, latest.current?.answers[questionId]);
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
        // The page waits and sends again by itself; the teen reads why the button still spins.
        onWait: () => setSendProblem(texts.networkBusy),
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

  const next = async () => {
    if (!currentPage) return send();
    if (checking) return;
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
    // The last page sends, and the help screen after sending names what was raised.
    if (index >= pages.length - 1) return send();
    // Help before the next question (decision 035): an open answer on this page whose check is not
    // back yet is waited for (at most a few seconds); if it raised a concern the card was not showing
    // for, the card is shown and focused, and the next Next goes on.
    const written = openOnPage.map((q) => [q.id, answers[q.id]] as const);
    if (checks.pending(written)) {
      const shownBefore = pageHelp !== null;
      const before = moves.current;
      setChecking(true);
      await checks.settle(written);
      if (moves.current !== before) {
        setChecking(false);
        return;
      }
      if (!shownBefore && checks.concernOf(openOnPage.map((q) => q.id))) {
        focusNext.current = 'help';
        setChecking(false);
        return;
      }
      setChecking(false);
    }
    goToStep(index + 1);
  };

  const stop = () => {
    // Answers not checked in this visit (an attempt resumed after a reload) are checked now, so the
    // screen after stopping can still offer help for them.
    if (attempt) for (const q of questions) if (isOpenText(q)) void checks.check(q.id, attempt.answers[q.id]);
    save(null);
    setResumed(false);
    setErrors({});
    show({ kind: 'declined', stopped: true });
  };

  const restart = () => {
    checks.reset();
    show({ kind: 'assent' });
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
          onRestart={restart}
          help={helpFor(checks.session)}
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
            checking={checking}
            sendProblem={sendProblem}
            legendRef={legendRef}
            help={pageHelp}
            helpRef={helpRef}
            onLeaveAnswer={leaveAnswer}
            onChange={setAnswer}
            onBack={() => goToStep(index - 1)}
            onNext={() => void next()}
            onStop={stop}
          />
        </>
      );
    case 'ended':
      return (
        <EndedScreen
          outcome={view.outcome}
          message={view.message}
          headingRef={headingRef}
          help={helpFor(checks.session)}
        />
      );
    case 'thanks':
      return <ThankYouScreen message={view.message} headingRef={headingRef} />;
    case 'support':
      return <SupportScreen resources={view.resources} headingRef={headingRef} />;
  }
}
