import { z } from 'zod';
import { surveyFileSlug } from './file-names';
import { int32 } from './safe-input';
import { conditionGroupOf, isLogicGroup, PIPE_PATTERN, pipeToken } from './survey-logic';
import { questionProblems } from './survey-rules';
import {
  type Condition,
  type ConditionGroup,
  type ConditionSubgroup,
  type Question,
  questionSchema,
  SKIP_TO_END,
  surveyTypes,
} from './surveys';

// Reuse (issue 13): the template gallery, the organisation's question bank, copying questions between
// surveys and the questionnaire as a JSON document (decision 030).

// ---- template gallery -------------------------------------------------------------------------

/** Where a template's questions come from: every one is a public-domain or openly licensed source. */
export const templateSourceSchema = z.object({
  name: z.string(),
  author: z.string(),
  year: z.number().int(),
  licence: z.string(),
  url: z.string(),
  /** How the questions were adapted (wording for teens, fewer items, …), when they were. */
  note: z.string().nullable(),
});
export type TemplateSource = z.infer<typeof templateSourceSchema>;

export const surveyTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(surveyTypes),
  questionCount: z.number().int(),
  topics: z.array(z.string()),
  sources: z.array(templateSourceSchema),
  /** The questions as they will be created, for the gallery's preview. */
  questions: z.array(questionSchema),
});
export type SurveyTemplate = z.infer<typeof surveyTemplateSchema>;
export const surveyTemplatesResponseSchema = z.object({ data: z.array(surveyTemplateSchema) });

export const createFromTemplateSchema = z.object({
  templateId: z.string().trim().min(1, 'Choose a template').max(64),
  /** The organisation the draft is made in; null (or left out) for the caller's personal draft. */
  organizationId: z.uuid('The organization id must be a uuid').nullable().optional(),
  projectId: z.uuid('The project id must be a uuid').nullable().optional(),
});

// ---- question bank ----------------------------------------------------------------------------

export const QUESTION_BANK_MAX_ITEMS = 1000;

export const questionBankItemSchema = z.object({
  id: z.uuid(),
  question: questionSchema,
  tags: z.array(z.string()),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type QuestionBankItem = z.infer<typeof questionBankItemSchema>;

export const saveToQuestionBankSchema = z.object({
  question: questionSchema,
  tags: z.array(z.string().trim().min(1).max(40, 'Tags are at most 40 characters')).max(10).default([]),
});
export const questionBankQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
});
export const questionBankParamsSchema = z.object({ organizationId: z.uuid() });
export const questionBankItemParamsSchema = z.object({ organizationId: z.uuid(), itemId: z.uuid() });
export const questionBankResponseSchema = z.object({
  data: z.array(questionBankItemSchema),
  meta: z.object({ total: z.number().int(), limit: z.number().int() }),
});
export const questionBankItemResponseSchema = z.object({ data: questionBankItemSchema });

// ---- copying questions ------------------------------------------------------------------------

export const copyQuestionsSchema = z.object({
  targetSurveyId: z.uuid('Choose the survey to copy to'),
  /** The version of the target the author saw: a save made meanwhile is not written over (409). */
  targetVersion: int32().min(1),
  questionIds: z
    .array(z.string().min(1).max(64))
    .min(1, 'Choose at least one question to copy')
    .max(200, 'A survey has at most 200 questions'),
});
export type CopyQuestions = z.infer<typeof copyQuestionsSchema>;
export const copyQuestionsResponseSchema = z.object({
  data: z.object({
    targetSurveyId: z.uuid(),
    targetVersion: z.number().int(),
    copied: z.number().int(),
    /** Display logic that named a question that was not copied, so it was dropped. */
    droppedLogic: z.number().int(),
  }),
});

// ---- questionnaire document -------------------------------------------------------------------

export const QUESTIONNAIRE_FORMAT = 'teenvoice-questionnaire';
export const QUESTIONNAIRE_VERSION = 1;

export const questionnaireDocumentSchema = z.object({
  format: z.literal(QUESTIONNAIRE_FORMAT),
  version: z.literal(QUESTIONNAIRE_VERSION),
  name: z.string().max(150),
  description: z.string().max(2000).nullable(),
  type: z.enum(surveyTypes),
  questions: z.array(questionSchema).max(200, 'A survey has at most 200 questions'),
});
export type QuestionnaireDocument = z.infer<typeof questionnaireDocumentSchema>;

export const importQuestionnaireSchema = z.object({
  /** The version of the survey the author saw (409 when someone saved meanwhile). */
  version: int32().min(1),
  mode: z.enum(['replace', 'append']),
  /** The document as read from the file; checked by `parseQuestionnaire`, which names the question. */
  document: z.unknown(),
});

const fieldWords: Record<string, string> = {
  title: 'the question',
  type: 'the question type',
  options: 'the answer options',
  rows: 'the statements',
  scale: 'the scale',
  displayLogic: 'the display logic',
  required: 'whether it is required',
  description: 'the description',
};

/**
 * A questionnaire file, checked as the server will take it: the document itself, then every question
 * against the question schema and the builder's rules. Problems are in the author's words and name the
 * question by its number in the file.
 */
export function parseQuestionnaire(
  input: unknown,
): { ok: true; document: QuestionnaireDocument } | { ok: false; problem: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, problem: 'This file is not a TeenVoice questionnaire: it holds no questionnaire.' };
  }
  const raw = input as Record<string, unknown>;
  if (raw.format !== QUESTIONNAIRE_FORMAT) {
    return {
      ok: false,
      problem:
        'This file is not a TeenVoice questionnaire. Export one from a survey’s actions menu, then import that file.',
    };
  }
  if (raw.version !== QUESTIONNAIRE_VERSION) {
    return {
      ok: false,
      problem: `This questionnaire was saved in a format version we cannot read (${String(raw.version).slice(0, 20)}). Export it again and import the new file.`,
    };
  }
  if (!Array.isArray(raw.questions)) {
    return { ok: false, problem: 'This questionnaire has no list of questions.' };
  }
  for (const [index, question] of raw.questions.entries()) {
    const parsed = questionSchema.safeParse(question);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = typeof issue?.path[0] === 'string' ? issue.path[0] : '';
      const what = fieldWords[field] ?? 'a detail';
      return {
        ok: false,
        problem: `Question ${index + 1}: ${what} needs another look (${issue?.message ?? 'it is not valid'}).`,
      };
    }
  }
  const parsed = questionnaireDocumentSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    const where =
      field === 'name'
        ? 'The survey name'
        : field === 'description'
          ? 'The description'
          : field === 'type'
            ? 'The survey type'
            : 'The questionnaire';
    return { ok: false, problem: `${where} needs another look: ${issue?.message ?? 'it is not valid'}.` };
  }
  const questions = parsed.data.questions;
  const problem = questionProblems(questions)[0];
  if (problem) return { ok: false, problem: problem.message };
  return { ok: true, document: parsed.data };
}

/** A survey's questions as a questionnaire document (the export, and what the import reads back). */
export const toQuestionnaire = (survey: {
  name: string;
  description: string | null;
  type: (typeof surveyTypes)[number];
  questions: Question[];
}): QuestionnaireDocument => ({
  format: QUESTIONNAIRE_FORMAT,
  version: QUESTIONNAIRE_VERSION,
  name: survey.name,
  description: survey.description,
  type: survey.type,
  questions: survey.questions,
});

/** A file name for a questionnaire export: the survey's name in lower-case words, ASCII only. */
export const questionnaireFileName = (name: string) => `${surveyFileSlug(name)}-questionnaire.json`;

// ---- fresh copies -----------------------------------------------------------------------------

const newQuestionId = () => globalThis.crypto.randomUUID();
const newOptionId = (taken: Set<string>) => {
  for (;;) {
    const id = globalThis.crypto.randomUUID().slice(0, 8);
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
};

/** In a piped text, `{{answer:ID}}` of a question left behind reads as these words instead. */
export const UNPIPED_WORDS = 'your earlier answer';

/**
 * Copies of questions for another survey (or the same one): every question, answer option and
 * statement gets a fresh id, so nothing collides with what the target already holds. Logic (display
 * conditions, skip rules, screen-out) and piping are kept only when they name questions copied along,
 * with their question and option ids remapped; a rule naming any other question is dropped, and a
 * piped answer of one reads 'your earlier answer'. `droppedLogic` counts what was dropped.
 */
export function freshCopies(questions: readonly Question[]): {
  questions: Question[];
  droppedLogic: number;
} {
  const questionIds = new Map<string, string>();
  const optionIds = new Map<string, Map<string, string>>();
  for (const question of questions) {
    questionIds.set(question.id, newQuestionId());
    const taken = new Set<string>();
    optionIds.set(question.id, new Map(question.options.map((o) => [o.id, newOptionId(taken)])));
  }
  let droppedLogic = 0;
  const remapCondition = (condition: Condition): Condition | null => {
    const questionId = questionIds.get(condition.questionId);
    if (!questionId) return null;
    const option = (id: string) => optionIds.get(condition.questionId)?.get(id) ?? id;
    const value =
      typeof condition.value === 'string'
        ? option(condition.value)
        : Array.isArray(condition.value)
          ? condition.value.map(option)
          : condition.value;
    return { ...condition, questionId, value };
  };
  /** A group's conditions (and its nested groups' conditions) remapped; null when one is left behind. */
  const remapItems = <T extends Condition | ConditionSubgroup>(items: readonly T[]): T[] | null => {
    const remapped = items.map((item) => {
      if (!isLogicGroup(item)) return remapCondition(item as Condition);
      const conditions = remapItems(item.conditions);
      return conditions ? { ...item, conditions } : null;
    });
    return remapped.some((item) => item === null) ? null : (remapped as T[]);
  };
  /** The group with its conditions remapped, or null when any of them names a question left behind. */
  const remapGroup = (group: ConditionGroup | null): ConditionGroup | null => {
    if (!group) return null;
    const conditions = remapItems(group.conditions);
    if (!conditions) {
      droppedLogic += 1;
      return null;
    }
    return { ...group, conditions };
  };
  const remapPipes = (text: string) =>
    text.replace(PIPE_PATTERN, (_match, id: string) => {
      const fresh = questionIds.get(id);
      if (fresh) return pipeToken(fresh);
      droppedLogic += 1;
      return UNPIPED_WORDS;
    });

  const copies = questions.map((question): Question => {
    const options = optionIds.get(question.id)!;
    const taken = new Set(options.values());
    const copy: Question = {
      ...question,
      id: questionIds.get(question.id)!,
      title: remapPipes(question.title),
      description: question.description === null ? null : remapPipes(question.description),
      options: question.options.map((option) => ({ ...option, id: options.get(option.id)! })),
      rows: question.rows.map((row) => ({ ...row, id: newOptionId(taken) })),
      displayLogic: remapGroup(conditionGroupOf(question.displayLogic)),
    };
    if (question.screenOut !== undefined) copy.screenOut = remapGroup(question.screenOut);
    if (question.skipLogic !== undefined) {
      copy.skipLogic = question.skipLogic.flatMap((rule) => {
        const to = rule.to === SKIP_TO_END ? SKIP_TO_END : questionIds.get(rule.to);
        const when = to ? remapGroup(rule.when) : null;
        if (!to) droppedLogic += 1;
        return to && when ? [{ ...rule, to, when }] : [];
      });
    }
    return copy;
  });
  return { questions: copies, droppedLogic };
}

/**
 * A question as the bank keeps it: without display logic, skip rules, screen-out or piping, which
 * would name questions of the survey it came from.
 */
export function forQuestionBank(question: Question): Question {
  const unpipe = (text: string) => text.replace(PIPE_PATTERN, UNPIPED_WORDS);
  const kept: Question = {
    ...question,
    title: unpipe(question.title),
    description: question.description === null ? null : unpipe(question.description),
    displayLogic: null,
  };
  if (kept.skipLogic !== undefined) kept.skipLogic = [];
  if (kept.screenOut !== undefined) kept.screenOut = null;
  return kept;
}
