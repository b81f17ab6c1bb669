import {
  countQuestions,
  freshCopies,
  PULSE_CHECK_MAX_QUESTIONS,
  parseQuestionnaire,
  type Question,
  type QuestionnaireDocument,
  questionTypeLabels,
  type SurveyType,
} from '@tv/contract';

/** Larger files are refused before they are read: a 200-question survey is far below this. */
export const QUESTIONNAIRE_FILE_MAX_BYTES = 2_000_000;

/** A questionnaire file's text, checked as the server will check it, with problems in the author's words. */
export function readQuestionnaireFile(
  text: string,
): { ok: true; document: QuestionnaireDocument } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      problem:
        'This file is not a questionnaire we can read: it is not valid JSON. Choose a file exported from TeenVoice.',
    };
  }
  return parseQuestionnaire(value);
}

export type InsertOutcome =
  | { ok: true; questions: Question[]; inserted: Question }
  | { ok: false; reason: string };

/**
 * A question from the bank added at the end of a draft, with a fresh question id and fresh option
 * ids (a bank question never carries logic). A pulse check keeps to its five questions.
 */
export function insertBankQuestion(
  questions: readonly Question[],
  bankQuestion: Question,
  surveyType: SurveyType,
): InsertOutcome {
  if (surveyType === 'pulse_check' && countQuestions(questions) >= PULSE_CHECK_MAX_QUESTIONS) {
    return {
      ok: false,
      reason: `A pulse check has at most ${PULSE_CHECK_MAX_QUESTIONS} questions. Delete one to add this question.`,
    };
  }
  const [inserted] = freshCopies([{ ...bankQuestion, displayLogic: null }]).questions;
  if (!inserted) return { ok: false, reason: 'That question could not be added.' };
  return { ok: true, questions: [...questions, inserted], inserted };
}

export interface AnswerFormat {
  /** The kind of answer in words: 'Choose one', 'Rating from 1 to 5', … */
  summary: string;
  /** Answer options (or a matrix's columns), in order. */
  choices: string[];
  /** A matrix's statements. */
  statements: string[];
}

/** How a question is answered, for the printable questionnaire. */
export function answerFormat(question: Question): AnswerFormat {
  const labels = question.options.map((o) => {
    const notes = [o.exclusive ? 'on its own' : null, o.other ? 'with a text box' : null].filter(Boolean);
    return notes.length ? `${o.label} (${notes.join(', ')})` : o.label;
  });
  const scale =
    question.scale ?? (question.type === 'nps' ? { min: 0, max: 10, minLabel: null, maxLabel: null } : null);
  const end = (value: number, label: string | null) => (label ? `${value} (${label})` : String(value));
  switch (question.type) {
    case 'single_choice':
      return { summary: 'Choose one answer', choices: labels, statements: [] };
    case 'dropdown':
      return { summary: 'Choose one answer from a list', choices: labels, statements: [] };
    case 'multiple_choice': {
      const min = question.minSelections ?? null;
      const max = question.maxSelections ?? null;
      const limits =
        min !== null && max !== null
          ? ` (${min === max ? `exactly ${min}` : `${min} to ${max}`})`
          : min !== null
            ? ` (at least ${min})`
            : max !== null
              ? ` (at most ${max})`
              : '';
      return { summary: `Choose all that apply${limits}`, choices: labels, statements: [] };
    }
    case 'ranking':
      return { summary: 'Put every option in order', choices: labels, statements: [] };
    case 'likert_matrix':
      return {
        summary: 'Rate each statement',
        choices: labels,
        statements: question.rows.map((r) => r.label),
      };
    case 'rating':
    case 'nps':
      return {
        summary: scale
          ? `${questionTypeLabels[question.type]} from ${end(scale.min, scale.minLabel)} to ${end(scale.max, scale.maxLabel)}`
          : questionTypeLabels[question.type],
        choices: [],
        statements: [],
      };
    case 'yes_no':
      return { summary: 'Yes or No', choices: ['Yes', 'No'], statements: [] };
    case 'number':
      return { summary: 'A number', choices: [], statements: [] };
    case 'short_text':
      return { summary: 'A short written answer (up to 500 characters)', choices: [], statements: [] };
    case 'long_text':
      return { summary: 'A written answer (up to 5,000 characters)', choices: [], statements: [] };
    default:
      return { summary: questionTypeLabels[question.type] ?? 'Information', choices: [], statements: [] };
  }
}
