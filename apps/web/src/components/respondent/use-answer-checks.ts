import { type HelpLanguage, type IncidentCategory, orderForHelp, type Question } from '@tv/contract';
import { useRef, useState } from 'react';
import { checkAnswer } from './api/check-answer';

/** What was raised (gravest first) and the language help is offered in. */
export interface Concern {
  categories: IncidentCategory[];
  language: HelpLanguage;
}

/** The questions whose answers are checked as the teen leaves them: written answers. */
export const isOpenText = (question: Question) =>
  question.type === 'short_text' || question.type === 'long_text';

/** How long moving on waits for a check still under way before it goes ahead without it. */
export const CHECK_WAIT_MS = 4000;

/** Two concerns as one: every category once, gravest first; Spanish when either is. */
export function mergeConcerns(a: Concern | null, b: Concern | null): Concern | null {
  if (!a?.categories.length) return b?.categories.length ? b : null;
  if (!b?.categories.length) return a;
  return {
    categories: orderForHelp([...a.categories, ...b.categories]),
    language: a.language === 'es' || b.language === 'es' ? 'es' : 'en',
  };
}

interface Entry {
  text: string;
  /** Settles when the check is back (or failed: a failed check raises nothing). */
  done: Promise<void>;
  result: Concern | null | undefined;
  /** What the answer's earlier text raised, shown until this check is back (no flicker of the card). */
  previous: Concern | null;
}

type Check = (surveyId: string, questionId: string, text: string) => Promise<Concern>;

/**
 * The page's checks of open answers (decision 035): each answer is sent to the server as the teen
 * leaves it, once per text, and what it raises is kept in memory for this visit only (never on the
 * device). `concernOf` says what the answers on screen raise now; `session` what anything written
 * in this visit raised, even if it was changed or deleted since, so stopping still offers help.
 */
export function useAnswerChecks(surveyId: string, enabled: boolean, run: Check = checkAnswer) {
  const entries = useRef(new Map<string, Entry>());
  const [session, setSession] = useState<Concern | null>(null);
  // The same, for code that runs after a wait (a send's answer) and must see the latest.
  const sessionNow = useRef<Concern | null>(null);
  const [, setTick] = useState(0);

  /** Checks an answer unless this very text was checked already; settles when it is back. */
  const check = (questionId: string, value: unknown): Promise<void> => {
    if (!enabled) return Promise.resolve();
    const text = typeof value === 'string' ? value.trim() : '';
    const known = entries.current.get(questionId);
    if (known && known.text === text) return known.done;
    if (!text) {
      if (known) {
        entries.current.delete(questionId);
        setTick((n) => n + 1);
      }
      return Promise.resolve();
    }
    const previous = known ? (known.result === undefined ? known.previous : known.result) : null;
    const entry: Entry = { text, result: undefined, previous, done: Promise.resolve() };
    entry.done = run(surveyId, questionId, text).then(
      (result) => {
        entry.result = result.categories.length ? result : null;
        if (entry.result) {
          sessionNow.current = mergeConcerns(sessionNow.current, result);
          setSession(sessionNow.current);
        }
        setTick((n) => n + 1);
      },
      () => {
        // Offline, limited or refused: what the earlier text raised stays; the help after sending
        // still comes.
        entry.result = entry.previous;
        setTick((n) => n + 1);
      },
    );
    entries.current.set(questionId, entry);
    return entry.done;
  };

  /** Whether any of these answers (id and current value) still needs its check back. */
  const pending = (answers: readonly (readonly [string, unknown])[]) =>
    enabled &&
    answers.some(([id, value]) => {
      const text = typeof value === 'string' ? value.trim() : '';
      const known = entries.current.get(id);
      return text !== '' && (!known || known.text !== text || known.result === undefined);
    });

  /** Checks these answers and waits for them, at most `ms`. */
  const settle = (answers: readonly (readonly [string, unknown])[], ms = CHECK_WAIT_MS) =>
    Promise.race([
      Promise.all(answers.map(([id, value]) => check(id, value))).then(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, ms)),
    ]);

  /** What these questions' answers raise as they stand, or null. */
  const concernOf = (questionIds: readonly string[]): Concern | null =>
    questionIds.reduce<Concern | null>((merged, id) => {
      const entry = entries.current.get(id);
      return mergeConcerns(
        merged,
        entry ? (entry.result === undefined ? entry.previous : entry.result) : null,
      );
    }, null);

  /** A new attempt: nothing raised yet. */
  const reset = () => {
    entries.current.clear();
    sessionNow.current = null;
    setSession(null);
  };

  return { check, pending, settle, concernOf, session, sessionNow: () => sessionNow.current, reset };
}
