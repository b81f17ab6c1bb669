import { z } from 'zod';
import { textProblem } from './safe-input';

/**
 * Coding open text (issue 26, decision 046): a researcher defines codes (themes) for an open-text
 * question and applies several to each answer. Codes are then a closed variable: a chart of their
 * counts, a filter ('coded as'), a cross-tab row or column, and 0/1 columns in the exports.
 */

/** The longest code name: a theme is a few words, and it heads a chart bar and an export column. */
export const CODE_LABEL_MAX = 80;
/** Codes one question may have: more than a chart or a coding screen can show. */
export const CODES_PER_QUESTION_MAX = 40;

export const CODE_LABEL_EMPTY = 'Give the code a name, such as “Too much homework”.';
export const CODE_LABEL_TOO_LONG = `Keep a code's name to ${CODE_LABEL_MAX} characters.`;
export const CODE_LABEL_CONTROL = 'A code name cannot contain tabs, line breaks or other control characters.';

/** A code's name, trimmed: the researcher's words, refused in words when empty, long or unreadable. */
export const codeLabelSchema = z
  .string({ error: CODE_LABEL_EMPTY })
  .transform((value) => value.trim())
  .superRefine((value, context) => {
    const problem =
      value === ''
        ? CODE_LABEL_EMPTY
        : (textProblem(value) ??
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
          (/[\u0000-\u001f\u007f]/.test(value)
            ? CODE_LABEL_CONTROL
            : [...value].length > CODE_LABEL_MAX
              ? CODE_LABEL_TOO_LONG
              : null));
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/**
 * The key of a question's codes where a closed variable is named: the `answer` filter reads
 * `<questionId>.codes:<codeId>` ('coded as'), cross-tabs `q:<questionId>.codes` (every code, a row)
 * and `code:<codeId>` (coded or not, a row or a column).
 */
export const CODES_SUFFIX = '.codes';
export const codesKey = (questionId: string) => `${questionId}${CODES_SUFFIX}`;
/** The question a codes key names, or null when the key is not one. */
export const codedQuestionOf = (key: string) =>
  key.endsWith(CODES_SUFFIX) && key.length > CODES_SUFFIX.length ? key.slice(0, -CODES_SUFFIX.length) : null;

export const openTextCodeSchema = z.object({
  id: z.uuid(),
  questionId: z.string(),
  label: z.string(),
  position: z.number().int(),
  /** Answers coded with it that the organisation may read (a withheld answer counts nowhere). */
  answers: z.number().int(),
});
export type OpenTextCode = z.infer<typeof openTextCodeSchema>;

export const codeCreateSchema = z.object({ label: codeLabelSchema });
export const codeUpdateSchema = z.object({ label: codeLabelSchema });

/** The codes of one answer, set at once (several per answer; an empty list removes them all). */
export const answerCodesSchema = z.object({
  codeIds: z.array(z.uuid({ error: 'Choose codes of this question.' })).max(CODES_PER_QUESTION_MAX),
});

export const codingQuerySchema = z.object({
  /** Words to look for in the answers as the organisation may read them (never the withheld words). */
  search: z.string().max(200).optional(),
  /** Only answers with this code, or only those with none yet ('uncoded'). */
  code: z.union([z.uuid(), z.literal('uncoded')]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  includeSimulated: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type CodingQuery = z.input<typeof codingQuerySchema>;

export const codingAnswerSchema = z.object({
  /** The response, as the exports' Response column names it. */
  responseId: z.uuid(),
  text: z.string(),
  codeIds: z.array(z.uuid()),
});
export type CodingAnswer = z.infer<typeof codingAnswerSchema>;

export const codingResponseSchema = z.object({
  data: z.object({
    questionId: z.string(),
    codes: z.array(openTextCodeSchema),
    answers: z.array(codingAnswerSchema),
  }),
  meta: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Answers that match the search and code filter. */
    total: z.number().int(),
    /** Answers the organisation may read, and those of them with at least one code. */
    readable: z.number().int(),
    coded: z.number().int(),
    /** Answers withheld for safeguarding: not shown, not coded, counted nowhere until released. */
    withheld: z.number().int(),
  }),
});
export type CodingResponse = z.infer<typeof codingResponseSchema>;

export const codesResponseSchema = z.object({ data: z.array(openTextCodeSchema) });
export const codeResponseSchema = z.object({ data: openTextCodeSchema });
